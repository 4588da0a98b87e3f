/* global AbortSignal */
// The line `npm start` prints once the board answers. Only addresses that answer are printed:
// GraphiQL is off in production unless GRAPHIQL=true (bff/src/config.ts decides), so the BFF is
// asked rather than the rule copied here.

/** True when `url` answers 2xx to a browser-like GET within two seconds. */
async function answers(url) {
  try {
    const res = await fetch(url, { headers: { accept: 'text/html' }, signal: AbortSignal.timeout(2_000) });
    await res.body?.cancel();
    return res.ok;
  } catch {
    return false;
  }
}

/**
 * @param {{ boardUrl: string, bffUrl: string, probeUrl?: string, dev?: boolean, mailInbox?: string | null }} o
 *   boardUrl: the address people open; bffUrl: the BFF that serves /graphiql, as printed;
 *   probeUrl: the same BFF as this process reaches it (default bffUrl).
 */
export async function startBanner({ boardUrl, bffUrl, probeUrl = bffUrl, dev = false, mailInbox = null }) {
  const parts = [`Bolsa de Trabajo ${dev ? '(desarrollo)' : 'lista'}: ${boardUrl}`];
  if (await answers(`${probeUrl}/graphiql`)) parts.push(`GraphiQL: ${bffUrl}/graphiql`);
  if (mailInbox) parts.push(`Correo de prueba: ${mailInbox}`);
  return `\n  ${parts.join('  ·  ')}\n`;
}
