// 20 registered candidates apply at once through the BFF, each with four 5 MB PDFs and a photo
// (issue 9). Files are uploaded first (as the form does on drop: the BFF streams each into the
// api's store as it arrives); the timed part is the `apply` mutation, which sends the form with
// the staged files' ids. Upload latency and the BFF's memory during uploads are printed too.
// api and bff run as their own processes on loopback. Prints p50/p95 of `apply` and the BFF's
// resident memory before and at its peak (goals: p95 ≤ 1.5 s, growth ≤ 50 MB).
//
//   npm run bench:apply
//   BENCH_APPLICANTS=20 BENCH_DATABASE_URL=postgres://… BENCH_PORT=14010 npm run bench:apply
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { isValidCui } from '@bolsa/domain/geography';
import pg from 'pg';

const root = path.resolve(import.meta.dirname, '..');
const applicants = Number(process.env.BENCH_APPLICANTS ?? 20);
// BENCH_PORT: the BFF's port, the api's is the next one (other benches may run on the same machine).
const bffPort = Number(process.env.BENCH_PORT ?? 14_010);
const apiPort = bffPort + 1;
const dataDir = mkdtempSync(path.join(tmpdir(), 'bolsa-bench-apply-'));
const MB = 1024 * 1024;

function start(entry: string, env: Record<string, string>): ChildProcess {
  // BENCH_NODE_ARGS: extra node flags for api and BFF, e.g. '--cpu-prof --cpu-prof-dir=/tmp/prof'.
  const extra = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  return spawn(process.execPath, [...extra, '--import', 'tsx', entry], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      SEED_DEMO: 'true',
      SMTP_URL: '',
      // The bench's queries are free text, not the web's registered hashes: allowed, as for an API token.
      TRUSTED_DOCUMENTS: 'false',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

async function waitFor(url: string) {
  for (let i = 0; i < 1200; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not come up`);
}

function rssMb(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : 0;
}

/** CPU seconds (user + system, every thread) a process has used: a figure the machine's load skews less than latency. */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

function cuiFor(n: number): string {
  for (let d = 0; d <= 9; d++) {
    const cui = `${String(50_000_000 + n * 17)}${d}0101`;
    if (isValidCui(cui)) return cui;
  }
  return cuiFor(n + 1000);
}

/** A real PDF padded to `size` bytes. */
function pdf(size: number): Buffer {
  const head = '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\n';
  const tail = 'trailer<</Root 1 0 R>>\n%%EOF\n';
  return Buffer.from(head + '%' + 'x'.repeat(size - head.length - tail.length - 2) + '\n' + tail, 'latin1');
}
// A 1×1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] ?? 0;
};

const bff = `http://127.0.0.1:${bffPort}`;
async function gql(query: string, variables: Record<string, unknown>, cookie = '') {
  const res = await fetch(`${bff}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ query, variables }),
  });
  return { res, body: (await res.json()) as { data?: Record<string, unknown>; errors?: unknown[] } };
}

// On PostgreSQL when BENCH_DATABASE_URL is set (its public schema is emptied first); else PGlite in the api.
const pgUrl = process.env.BENCH_DATABASE_URL;
if (pgUrl) {
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  await admin.query('drop schema public cascade; create schema public;');
  await admin.end();
}
const api = start('api/src/index.ts', { API_PORT: String(apiPort), ...(pgUrl ? { DATABASE_URL: pgUrl } : {}) });
let bffProc: ChildProcess | undefined;
try {
  await waitFor(`http://127.0.0.1:${apiPort}/healthz`);
  const token = readFileSync(path.join(dataDir, 'service-token'), 'utf8').trim();
  bffProc = start('bff/src/index.ts', {
    PORT: String(bffPort),
    API_URL: `http://127.0.0.1:${apiPort}`,
    SESSION_SECRET: 'bench-secret-bench-secret-bench-secret-1234',
  });
  await waitFor(`${bff}/readyz`);

  const board = await gql('{ vacancies(page: 1, pageSize: 1) { items { id } } }', {});
  const vacancyId = (board.body.data!.vacancies as { items: { id: string }[] }).items[0]!.id;

  // Accounts straight on the api (no captcha there), then a session each through the BFF.
  const people = await Promise.all(
    Array.from({ length: applicants }, async (_, i) => {
      const email = `bench.${i}@example.com`;
      const dpi = cuiFor(i);
      const reg = await fetch(`http://127.0.0.1:${apiPort}/usuarios-candidatos/register`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          PrimerNombre: 'Bench',
          PrimerApellido: `Persona${i}`,
          Email: email,
          Password: 'secreta1',
          Dpi: dpi,
        }),
      });
      if (reg.status !== 201) throw new Error(`register ${reg.status}`);
      const login = await gql(
        'mutation($e: String!) { candidateLogin(email: $e, password: "secreta1") { viewer { id } error { __typename } } }',
        { e: email },
      );
      const cookie = (login.res.headers.getSetCookie() ?? []).map((c) => c.split(';')[0]).join('; ');
      return { email, dpi, cookie };
    }),
  );

  const document = pdf(5 * MB - 1024);
  const upload = async (cookie: string, kind: string, data: Buffer, name: string) => {
    const fd = new FormData();
    fd.append('file', new Blob([new Uint8Array(data)]), name);
    const res = await fetch(`${bff}/uploads?kind=${kind}`, {
      method: 'POST',
      headers: { cookie, 'x-requested-with': 'fetch' },
      body: fd,
    });
    if (res.status !== 201) throw new Error(`upload ${res.status} ${await res.text()}`);
    return ((await res.json()) as { id: string }).id;
  };
  // The 20 candidates upload at the same time (each one file after another, as the form does),
  // with the BFF's memory watched: since the files are staged in the api as they arrive
  // (docs/decisions/2026-11-24-staged-uploads.md), this is where their bytes move.
  const uploadPid = bffProc.pid!;
  const uploadBefore = rssMb(uploadPid);
  let uploadPeak = uploadBefore;
  const uploadSampler = setInterval(() => {
    uploadPeak = Math.max(uploadPeak, rssMb(uploadPid));
  }, 20);
  const uploadLatencies: number[] = [];
  const timedUpload = async (cookie: string, kind: string, data: Buffer, name: string) => {
    const s = performance.now();
    const id = await upload(cookie, kind, data, name);
    uploadLatencies.push(performance.now() - s);
    return id;
  };
  const t0 = performance.now();
  const files = await Promise.all(
    people.map(async (p) => ({
      photoUploadId: await timedUpload(p.cookie, 'candidate-photo', PNG, 'foto.png'),
      cvUploadId: await timedUpload(p.cookie, 'candidate-document', document, 'cv.pdf'),
      dpiScanUploadId: await timedUpload(p.cookie, 'candidate-document', document, 'dpi.pdf'),
      policeRecordUploadId: await timedUpload(p.cookie, 'candidate-document', document, 'policiales.pdf'),
      criminalRecordUploadId: await timedUpload(p.cookie, 'candidate-document', document, 'penales.pdf'),
    })),
  );
  clearInterval(uploadSampler);
  const uploadSeconds = (performance.now() - t0) / 1000;

  const pid = bffProc.pid!;
  await new Promise((r) => setTimeout(r, 500));
  const before = rssMb(pid);
  const cpuBefore = { api: cpuSeconds(api.pid!), bff: cpuSeconds(pid) };
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMb(pid));
  }, 20);

  const APPLY = `mutation($input: ApplicationInput!) { apply(input: $input) { applicationId mode error { __typename ... on ValidationFailed { message fields { path message } } } } }`;
  const latencies: number[] = [];
  const outcomes = await Promise.all(
    people.map(async (p, i) => {
      const input = {
        vacancyId,
        fullName: `Bench Persona`,
        dpi: p.dpi,
        address: '3a calle 4-12 zona 1, Guatemala',
        phone: '55123456',
        email: p.email,
        maritalStatus: 'SOLTERO',
        age: 30,
        educationLevel: 'UNIVERSIDAD',
        studying: false,
        available: true,
        salaryExpectation: 5000,
        negotiable: true,
        experiences: [
          { company: 'Empresa', position: 'Puesto', from: '2020-01-01', to: '2022-01-01', description: 'Trabajo' },
        ],
        personalReferences: [{ name: 'Ref Uno', phone: '44556677' }],
        workReferences: [{ name: 'Ref Dos', phone: '33445566' }],
        ...files[i],
      };
      const s = performance.now();
      const r = await gql(APPLY, { input }, p.cookie);
      latencies.push(performance.now() - s);
      const a = r.body.data?.apply as { applicationId: string | null; error: unknown } | undefined;
      return a?.applicationId ? 'ok' : JSON.stringify(r.body.errors ?? a?.error);
    }),
  );
  clearInterval(sampler);
  peak = Math.max(peak, rssMb(pid));
  const cpu = { api: cpuSeconds(api.pid!) - cpuBefore.api, bff: cpuSeconds(pid) - cpuBefore.bff };

  const failed = outcomes.filter((o) => o !== 'ok');
  console.log(
    `\napply: ${applicants} concurrent applications, each 4 × 5 MB PDF + a photo, through the BFF (${pgUrl ? 'PostgreSQL' : 'PGlite'})`,
  );
  console.log(
    `  uploads beforehand (${applicants} candidates at once): ${uploadSeconds.toFixed(1)} s for ${applicants * 5} files, ` +
      `per 5 MB file p50 ${pct(uploadLatencies, 50).toFixed(0)} ms p95 ${pct(uploadLatencies, 95).toFixed(0)} ms, ` +
      `BFF memory growth ${(uploadPeak - uploadBefore).toFixed(0)} MB`,
  );
  console.log(
    `  apply latency: p50 ${pct(latencies, 50).toFixed(0)} ms  p95 ${pct(latencies, 95).toFixed(0)} ms  max ${Math.max(...latencies).toFixed(0)} ms  (goal p95 ≤ 1500 ms)`,
  );
  console.log(
    `  CPU used meanwhile: api ${cpu.api.toFixed(2)} s, BFF ${cpu.bff.toFixed(2)} s  (load average ${loadavg()[0]!.toFixed(2)})`,
  );
  console.log(
    `  BFF resident memory: ${before.toFixed(0)} MB before, ${peak.toFixed(0)} MB at peak, growth ${(peak - before).toFixed(0)} MB  (goal ≤ 50 MB)`,
  );
  console.log(
    `  stored: ${applicants - failed.length}/${applicants}${failed.length ? `  failures: ${failed.slice(0, 3).join(' | ')}` : ''}\n`,
  );
} finally {
  bffProc?.kill('SIGTERM');
  api.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 1000));
  rmSync(dataDir, { recursive: true, force: true });
}
