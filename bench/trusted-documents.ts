// What a registered document saves (issue 22 item 4): the same operation sent as its hash alone
// (trusted documents: Apollo takes the text from the manifest and the parsed, validated document
// from its cache by that hash) vs as free text, on the same BFF, side by side in one run:
//   hash         — what the web sends now;
//   text         — the same text every time (Apollo hashes it, finds its parsed document cached);
//   text, new    — a text never seen before each time (a trailing comment differs): parse and
//                  validate run on every request, what a free query from a stranger costs.
// Two operations: `Me` with a staff session (answered from the session cache: GraphQL's own work
// dominates) and the public board's `BoardVacancies` (public answer cache off, so each request runs).
// The api, the BFF and the load generator share this process (equal for every variant).
//
//   npm run bench:trusted-documents          BENCH_SECONDS=6 BENCH_CONCURRENCY=16 BENCH_ROUNDS=3
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Pool } from 'undici';
import { startApi } from '../api/src/server.js';
import { loadConfig } from '../bff/src/config.js';
import { createListener, createServer } from '../bff/src/server.js';
import { MANIFEST_CANDIDATES } from '../bff/src/trusted-documents.js';

const seconds = Number(process.env.BENCH_SECONDS ?? 6);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 16);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const DEMO_PASSWORD = 'Demo2026!';

const manifest = JSON.parse(
  readFileSync(
    MANIFEST_CANDIDATES.find((f) => f.includes('web'))!,
    'utf8',
  ),
) as Record<string, string>;
function registered(name: string) {
  const found = Object.entries(manifest).find(([, text]) => new RegExp(`(query|mutation) ${name}\\b`).test(text));
  if (!found) throw new Error(`${name}: not registered (npm run codegen)`);
  return { hash: found[0], text: found[1] };
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'bolsa-bench-trusted-'));
const api = await startApi({ memory: true, port: 0, seedDemo: true, log: false });
// Production as it runs, with free text allowed (TRUSTED_DOCUMENTS=false) so both can be compared on
// one BFF, and the public answer cache off so every board read is executed.
const config = loadConfig(
  { NODE_ENV: 'production', SESSION_SECRET: 'bench-session-secret-0123456789abcdefghij', LOG_LEVEL: 'warn' },
  {
    apiUrl: api.url,
    serviceToken: api.token,
    dataDir,
    webDist: null,
    trustedDocuments: false,
    publicCacheTtlMs: 0,
    cookieSecure: false,
    loginDelayMs: 0,
  },
);
const bff = await createServer(config);
const server = createListener(bff.handler).listen(0, '127.0.0.1');
await new Promise((r) => server.once('listening', r));
const origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;

const login = await fetch(`${origin}/graphql`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({
    query: `mutation { staffLogin(username: "gestor@ejemplo.org.gt", password: "${DEMO_PASSWORD}") { viewer { id } } }`,
  }),
});
const cookie = login.headers
  .getSetCookie()
  .find((c) => c.startsWith('bolsa_sesion=') && !c.startsWith('bolsa_sesion=;'))
  ?.split(';')[0];
if (!cookie) throw new Error('no session');

type Variant = 'hash' | 'text' | 'text, new';
let unique = 0;
function body(op: { hash: string; text: string }, variables: object, variant: Variant): string {
  if (variant === 'hash')
    return JSON.stringify({ variables, extensions: { persistedQuery: { version: 1, sha256Hash: op.hash } } });
  const query = variant === 'text' ? op.text : `${op.text}\n# ${unique++}`;
  return JSON.stringify({ query, variables });
}

async function measure(make: () => string, headers: Record<string, string>, check: (b: string) => boolean) {
  const pool = new Pool(origin, { connections: concurrency, pipelining: 1 });
  let done = 0;
  let errors = 0;
  const latencies: number[] = [];
  const run = async (until: number, record: boolean) => {
    while (Date.now() < until) {
      const t0 = performance.now();
      const res = await pool.request({
        path: '/graphql',
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: make(),
      });
      const text = await res.body.text();
      if (!record) continue;
      if (res.statusCode !== 200 || !check(text)) errors++;
      else done++;
      latencies.push(performance.now() - t0);
    }
  };
  const t0 = Date.now();
  await Promise.all(Array.from({ length: concurrency }, () => run(t0 + (seconds * 1000) / rounds, true)));
  const elapsed = (Date.now() - t0) / 1000;
  await pool.close();
  return { done, errors, elapsed, latencies };
}

const operations: {
  name: string;
  op: ReturnType<typeof registered>;
  variables: Record<string, unknown>;
  headers: Record<string, string>;
  check: (b: string) => boolean;
}[] = [
  {
    name: 'Me (staff session)',
    op: registered('Me'),
    variables: {},
    headers: { cookie },
    check: (b: string) => b.includes('"me":{'),
  },
  {
    name: 'BoardVacancies (anonymous, 10 a page)',
    op: registered('BoardVacancies'),
    variables: { pageSize: 10 },
    headers: {},
    check: (b: string) => b.includes('"totalCount"'),
  },
];
const variants: Variant[] = ['hash', 'text', 'text, new'];

console.log(
  `trusted documents: ${concurrency} connections, ${seconds} s per variant in ${rounds} turns (Node ${process.version})`,
);
for (const { name, op, variables, headers, check } of operations) {
  // Warm every path once (the document cache, the session cache, the api's plans).
  for (const v of variants) await measure(() => body(op, variables, v), headers, check).catch(() => undefined);
  const totals = variants.map(() => ({ done: 0, errors: 0, elapsed: 0, latencies: [] as number[] }));
  for (let r = 0; r < rounds; r++) {
    for (const [i, v] of variants.entries()) {
      const m = await measure(() => body(op, variables, v), headers, check);
      const t = totals[i]!;
      t.done += m.done;
      t.errors += m.errors;
      t.elapsed += m.elapsed;
      t.latencies.push(...m.latencies);
    }
  }
  const rps = totals.map((t) => t.done / t.elapsed);
  console.log(
    `\n${name}: request body ${variants.map((v) => `${v} ${Buffer.byteLength(body(op, variables, v))} B`).join(', ')}`,
  );
  for (const [i, v] of variants.entries()) {
    const t = totals[i]!;
    t.latencies.sort((a, b) => a - b);
    const p = (q: number) => t.latencies[Math.floor(q * (t.latencies.length - 1))]!.toFixed(1);
    console.log(
      `  ${v.padEnd(10)} ${rps[i]!.toFixed(0).padStart(6)} req/s  p50 ${p(0.5)} ms  p99 ${p(0.99)} ms  errors ${t.errors}` +
        (i === 0 ? '' : `  hash/${v}: ${(rps[0]! / rps[i]!).toFixed(2)}×`),
    );
  }
}

server.close();
await bff.close();
await api.close();
rmSync(dataDir, { recursive: true, force: true });
process.exit(0);
