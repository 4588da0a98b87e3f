import { Button, type ButtonProps } from '@mantine/core';
import { useState, type MouseEvent, type ReactNode } from 'react';
import { FILE_MESSAGES, OUTAGE_MESSAGES } from '@bolsa/domain';
import { toastError } from '../lib/toast';

/** A failed download's notice stays long enough to be read. */
const FAILED_MS = 8_000;

/** Says why a download failed, in the one notice downloads share; always false. */
function failed(title: string, message: string): false {
  toastError(title, message, { ms: FAILED_MS, id: 'download' });
  return false;
}

/** The server's Spanish `{ message }`, when the refusal carries one. */
async function refusalMessage(res: Response): Promise<string | null> {
  try {
    const body = (await res.json()) as { message?: unknown };
    return typeof body.message === 'string' && body.message.trim() ? body.message : null;
  } catch {
    return null;
  }
}

/**
 * Fetches `href` and saves it as `fileName`, saying in Spanish why when it cannot: 'Error de
 * conexión' when the server is out of reach, the server's message (or 'No se pudo descargar') when
 * it refuses. A bare `<a download>` failed in the browser's download bar only (a helper's look:
 * 'Exportar Excel' with the api stopped did nothing on the page). Resolves true once saved.
 */
export async function downloadFile(href: string, fileName: string): Promise<boolean> {
  let res: Response;
  try {
    res = await fetch(href, { credentials: 'same-origin' });
  } catch {
    return failed(OUTAGE_MESSAGES.title, OUTAGE_MESSAGES.message);
  }
  if (!res.ok) {
    const message = (await refusalMessage(res)) ?? `${FILE_MESSAGES.downloadFailed} (${res.status}).`;
    return failed(FILE_MESSAGES.downloadFailed, message);
  }
  let blob: Blob;
  try {
    blob = await res.blob();
  } catch {
    // The connection broke while the file arrived.
    return failed(OUTAGE_MESSAGES.title, OUTAGE_MESSAGES.message);
  }
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.hidden = true;
  document.body.append(a);
  a.click();
  a.remove();
  // The browser has taken the file once the click is handled.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  return true;
}

/**
 * A link to a file the server builds on request (exports, reports): still a link (its address can
 * be copied, a modified click opens it as the browser would), but a plain click downloads it
 * through `downloadFile`, busy meanwhile, and says what went wrong.
 */
export function DownloadButton({
  href,
  fileName,
  onDone,
  children,
  ...props
}: ButtonProps & {
  href: string;
  fileName: string;
  /** After a plain click's download, saved or not (e.g. to close the dialog it is in). */
  onDone?: (saved: boolean) => void;
  title?: string;
  children: ReactNode;
}) {
  const [busy, setBusy] = useState(false);
  const onClick = (e: MouseEvent<HTMLAnchorElement>) => {
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    void downloadFile(href, fileName).then((saved) => {
      setBusy(false);
      onDone?.(saved);
    });
  };
  return (
    <Button
      component="a"
      href={href}
      download={fileName}
      loading={busy}
      aria-busy={busy || undefined}
      onClick={onClick}
      {...props}
    >
      {children}
    </Button>
  );
}
