import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { get as httpGet } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, DEMO_PASSWORD } from './roles.js';
import { startStack, type Stack } from './support.js';

/** The HTTP edges of the BFF: what any client can send, and what it may read back. */

let stack: Stack;
let dist: string;
let manager = '';

const INDEX = `<!doctype html>
<html lang="es">
  <head>
    <meta charset="UTF-8" />
    <meta
      name="description"
      content="Bolsa de Trabajo: consulta las vacantes."
    />
    <title>Bolsa de Trabajo</title>
    <script type="module" crossorigin src="/assets/main-abc.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>`;

const PRERENDERED_HOME = '<div id="root" data-prerendered="anonymous"><h1>Encuentra el trabajo de tus sueños</h1>';

function fakeDist(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'bolsa-dist-'));
  mkdirSync(path.join(dir, 'assets'));
  const js = 'console.log("hola");'.repeat(100);
  writeFileSync(path.join(dir, 'index.html'), INDEX);
  writeFileSync(path.join(dir, 'graphiql.html'), '<!doctype html><title>GraphiQL</title>');
  mkdirSync(path.join(dir, 'prerendered'));
  writeFileSync(path.join(dir, 'prerendered/home.html'), INDEX.replace('<div id="root">', PRERENDERED_HOME));
  writeFileSync(path.join(dir, 'assets/main-abc.js'), js);
  writeFileSync(path.join(dir, 'assets/main-abc.js.br'), brotliCompressSync(js));
  writeFileSync(path.join(dir, 'assets/main-abc.js.gz'), gzipSync(js));
  return dir;
}

beforeAll(async () => {
  dist = fakeDist();
  stack = await startStack({ webDist: dist, graphiql: false });
  const res = await request(stack.bff.app)
    .post('/graphql')
    .send({
      query: `mutation { staffLogin(username: "${DEMO.manager}", password: "${DEMO_PASSWORD}") { viewer { id } } }`,
    });
  manager = (res.headers['set-cookie'] as unknown as string[])
    .find((c) => c.startsWith('bolsa_sesion='))!
    .split(';')[0]!;
});
afterAll(async () => {
  await stack?.close();
  rmSync(dist, { recursive: true, force: true });
});

const app = () => stack.bff.app;

describe('uploads', () => {
  it.each(['__proto__', 'constructor', 'toString', 'hasOwnProperty'])(
    'answers an inherited kind name (%s) with a Spanish 400, not a 500',
    async (kind) => {
      const res = await request(app())
        .post(`/uploads?kind=${kind}`)
        .set('cookie', manager)
        .set('x-requested-with', 'fetch')
        .attach('file', Buffer.from('%PDF-1.4\n'), 'a.pdf');
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message: 'Tipo de archivo no reconocido.' });
    },
  );

  it('answers an array kind (?kind=a&kind=b) with the same 400', async () => {
    const res = await request(app())
      .post('/uploads?kind=vacancy-image&kind=test-file')
      .set('cookie', manager)
      .set('x-requested-with', 'fetch')
      .attach('file', Buffer.from('x'), 'a.png');
    expect(res.status).toBe(400);
  });
});

describe('static files', () => {
  it('answers a broken percent-encoding with 400 JSON, not a 500', async () => {
    for (const p of ['/%E0%A4%A.js', '/assets/%E0%A4%A.css', '/%E0%A4%A', '/%']) {
      const res = await request(app()).get(p).set('accept-encoding', 'br');
      expect(res.status, p).toBeLessThan(500);
      expect(res.text, p).not.toMatch(/<pre>|URIError|at /);
    }
    const res = await request(app()).get('/%E0%A4%A.js').set('accept-encoding', 'br');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'Solicitud inválida.' });
  });

  it('answers a browser tab at a broken address with a page in Spanish, scripts with JSON', async () => {
    const BROWSER = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
    // Links cut short in a chat ('%E0%A4%A').
    for (const p of ['/vacantes/%E0%A4%A/postular', '/%', '/panel/detallecandidato/%zz']) {
      const [status, title] = [400, 'La dirección no es válida'];
      const tab = await request(app()).get(p).set('accept', BROWSER);
      expect(tab.status, p).toBe(status);
      expect(tab.headers['content-type'], p).toMatch(/^text\/html; charset=utf-8/);
      expect(tab.text, p).toContain('<html lang="es">');
      expect(tab.text, p).toContain(`<h1>${title}</h1>`);
      expect(tab.text, p).toContain('<a href="/">Ir a la Bolsa de Trabajo</a>');
      expect(tab.text, p).toContain('<p>Solicitud inválida.</p>');
      expect(tab.text, p).not.toMatch(/URIError|at /);
      // A script (fetch's */*, or asking for JSON) and anything but GET keep the JSON answer.
      for (const accept of ['*/*', 'application/json']) {
        const script = await request(app()).get(p).set('accept', accept);
        expect(script.status, `${p} ${accept}`).toBe(status);
        expect(script.headers['content-type'], `${p} ${accept}`).toMatch(/json/);
      }
      const post = await request(app()).post(p).set('accept', BROWSER);
      expect(post.headers['content-type'], p).toMatch(/json/);
    }
    // GraphQL stays GraphQL's JSON whatever the Accept.
    const gql = await request(app()).get('/graphql/%E0%A4%A').set('accept', BROWSER);
    expect(gql.headers['content-type']).toMatch(/json/);
  });

  it('still serves the precompressed build, and unknown assets as a JSON 404', async () => {
    const br = await request(app()).get('/assets/main-abc.js').set('accept-encoding', 'br');
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    const missing = await request(app()).get('/assets/nope.js').set('accept-encoding', 'br');
    expect(missing.status).toBe(404);
    expect(missing.headers['content-type']).toMatch(/json/);
  });

  it('sends the prerendered home only to a browser without a session cookie, and not with a query string', async () => {
    const anonymous = await request(app()).get('/').set('accept', 'text/html');
    expect(anonymous.status).toBe(200);
    expect(anonymous.text).toContain('data-prerendered="anonymous"');
    expect(anonymous.headers['vary']).toMatch(/cookie/i);
    const signedIn = await request(app()).get('/').set('accept', 'text/html').set('cookie', manager);
    expect(signedIn.text).not.toContain('data-prerendered');
    expect(signedIn.text).toContain('<div id="root"></div>');
    const stale = await request(app()).get('/').set('accept', 'text/html').set('cookie', 'bolsa_sesion=caducada');
    expect(stale.text).not.toContain('data-prerendered');
    const query = await request(app()).get('/?q=x').set('accept', 'text/html');
    expect(query.text).not.toContain('data-prerendered');
    // A build without that page (here /vacantes) falls back to index.html.
    const vacancies = await request(app()).get('/vacantes').set('accept', 'text/html');
    expect(vacancies.text).toContain('<div id="root"></div>');
  });

  it("sends the board's prerendered copy for a shared vacancy or application link, to a browser without a session", async () => {
    const board = INDEX.replace(
      '<div id="root">',
      '<div id="root" data-prerendered="anonymous"><h1>Vacantes Disponibles</h1>',
    );
    const file = path.join(dist, 'prerendered/vacantes.html');
    writeFileSync(file, board);
    try {
      const shared = await request(app()).get('/vacantes/7/postular').set('accept', 'text/html');
      expect(shared.status).toBe(200);
      expect(shared.text).toContain('<h1>Vacantes Disponibles</h1>');
      expect(shared.headers['vary']).toMatch(/cookie/i);
      const signedIn = await request(app())
        .get('/vacantes/7/postular')
        .set('accept', 'text/html')
        .set('cookie', manager);
      expect(signedIn.text).toContain('<div id="root"></div>');
      // A shared vacancy link: the board's copy with the vacancy's title and JobPosting in its head.
      const open = await request(app())
        .post('/graphql')
        .set('content-type', 'application/json')
        .send({ query: '{ vacancies(page: 1, pageSize: 1) { items { id name } } }' });
      const v = open.body.data.vacancies.items[0] as { id: string; name: string };
      const detail = await request(app()).get(`/vacantes/${v.id}`).set('accept', 'text/html');
      expect(detail.text).toContain('<h1>Vacantes Disponibles</h1>');
      expect(detail.text).toContain('"@type":"JobPosting"');
      expect(detail.text).toContain(`<title>${v.name} ·`);
      expect(detail.headers['vary']).toMatch(/cookie/i);
      const detailSignedIn = await request(app())
        .get(`/vacantes/${v.id}`)
        .set('accept', 'text/html')
        .set('cookie', manager);
      expect(detailSignedIn.text).toContain('<div id="root"></div>');
      expect(detailSignedIn.text).toContain('"@type":"JobPosting"');
      // Other addresses under a vacancy are not the board with the form.
      for (const p of ['/vacantes/7/otra', '/vacantes/7/postular/x'])
        expect((await request(app()).get(p).set('accept', 'text/html')).text).not.toContain('data-prerendered');
    } finally {
      rmSync(file);
    }
  });

  it('does not serve GraphiQL when GRAPHIQL=false, neither at /graphiql nor as /graphiql.html', async () => {
    for (const p of ['/graphiql', '/graphiql.html', '/GRAPHIQL.HTML', '/graphiql%2Ehtml']) {
      const res = await request(app()).get(p).set('accept', 'text/html');
      expect(res.status, p).toBe(404);
      expect(res.text, p).not.toContain('<title>GraphiQL');
    }
  });
});

describe('server-rendered vacancy page', () => {
  it("keeps a name with $` and $' as text: one document, valid meta and JSON-LD", async () => {
    const name = "Vacante $` y $' </script><b>&amp;";
    const branch = await stack.api.db.selectFrom('sedes').select('id').executeTakeFirstOrThrow();
    const user = await stack.api.db.selectFrom('usuarios').select('id').executeTakeFirstOrThrow();
    const row = await stack.api.db
      .insertInto('plazas')
      .values({
        nombre: name,
        sede_id: branch.id,
        lugar: '0101:01',
        descripcion: `Descripción con "comillas", \u2028, $& y $1 y ${'<img src=x onerror=alert(1)>'}`,
        fecha_publicacion: '2026-01-01',
        fecha_finalizacion: '2099-12-31',
        status: '1',
        publicado_por: user.id,
        actualizado_por: user.id,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    stack.bff.services.vacancies.invalidate();

    const res = await request(app()).get(`/vacantes/${row.id}`).set('accept', 'text/html');
    expect(res.status).toBe(200);
    const html = res.text;
    expect(html.match(/<html/g)).toHaveLength(1);
    expect(html.match(/<\/head>/g)).toHaveLength(1);
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html.match(/name="description"/g)).toHaveLength(1);
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<b>');
    const title = /<title>([^<]*)<\/title>/.exec(html)![1]!;
    expect(title).toBe('Vacante $` y $&#39; &lt;/script&gt;&lt;b&gt;&amp;amp; · Bolsa de Trabajo');
    const scripts = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)];
    expect(scripts).toHaveLength(1);
    const ldText = scripts[0]![1]!;
    expect(ldText).not.toMatch(/[<>&\u2028\u2029]/);
    const ld = JSON.parse(ldText) as { title: string };
    expect(ld.title).toBe(name);
  });
});

describe('every error a client can read is Spanish JSON', () => {
  const gql = () => request(app()).post('/graphql');

  it('broken JSON, a too large body and an unknown content type on /graphql', async () => {
    const broken = await gql().set('content-type', 'application/json').send('{"query": ');
    expect(broken.status).toBe(400);
    expect(broken.headers['content-type']).toMatch(/json/);
    expect(broken.body.errors[0].message).toBe('Solicitud inválida.');

    const big = await gql()
      .set('content-type', 'application/json')
      .send(JSON.stringify({ query: '{ __typename }', variables: { x: 'a'.repeat(300_000) } }));
    expect(big.status).toBe(413);
    expect(big.body.errors[0].message).toBe('La solicitud es demasiado grande.');

    const xml = await gql().set('content-type', 'application/xml').send('<query/>');
    expect(xml.status).toBe(400);
    expect(xml.body.errors[0].message).toBe('Solicitud inválida.');

    const plain = await gql().set('content-type', 'text/plain').send('{"query":"{ __typename }"}');
    expect(plain.status).toBe(400);
    expect(plain.body.errors[0].message).toBe('Solicitud inválida.');
    expect(JSON.stringify(plain.body)).not.toMatch(/CSRF|Cross-Site/);

    const csrfGet = await request(app()).get('/graphql?query=%7B__typename%7D');
    expect(csrfGet.status).toBe(400);
    expect(csrfGet.body.errors[0].message).toBe('Solicitud inválida.');

    const put = await request(app()).put('/graphql').send({ query: '{ __typename }' });
    expect(put.status).toBe(405);
    expect(put.body.errors[0].message).toBe('Solicitud inválida.');
  });

  it('says which variable or field is wrong when coercion fails, in Spanish', async () => {
    const res = await gql().send({
      query: 'query($id: ID!) { vacancy(id: $id) { id } }',
      variables: { id: { nested: true } },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].message).toBe('Solicitud inválida: el valor de «id» no es válido.');
    expect(res.body.errors[0].extensions).toEqual({ code: 'BAD_USER_INPUT', field: 'id' });

    const missing = await gql().send({ query: 'query($id: ID!) { vacancy(id: $id) { id } }', variables: {} });
    expect(missing.body.errors[0].message).toBe('Solicitud inválida: falta «id».');

    const nested = await gql()
      .set('cookie', manager)
      .send({
        query: 'mutation($i: VacancyInput!) { createVacancy(input: $i, imageUploadId: "x") { vacancy { id } } }',
        variables: { i: { name: 5 } },
      });
    expect(nested.body.errors[0].message).toMatch(/^Solicitud inválida: el valor de «i\.[a-zA-Z]+» no es válido\.$/);
  });

  it('translates validation errors and never suggests field names', async () => {
    const res = await gql().send({ query: '{ vacancie { id } }' });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].message).toBe('El campo «vacancie» no existe en el tipo «Query».');
    expect(JSON.stringify(res.body)).not.toMatch(/Did you mean|vacancies/);
    const syntax = await gql().send({ query: '{ vacancies ' });
    expect(syntax.body.errors[0].message).toBe('La consulta GraphQL tiene un error de sintaxis.');
    const aliases = await gql().send({
      query: `{ ${Array.from({ length: 20 }, (_, i) => `x${i}: branches { id }`).join(' ')} }`,
    });
    expect(aliases.body.errors[0].message).toMatch(/^La consulta (usa demasiados alias|es demasiado costosa)\.$/);
  });

  it('answers unknown paths and methods under /uploads and /files with JSON', async () => {
    for (const [method, p] of [
      ['get', '/uploads'],
      ['get', '/files/nada'],
      ['delete', '/files/tests/1'],
      ['post', '/files/tests/1'],
    ] as const) {
      const res = await request(app())[method](p).set('accept', 'application/json');
      expect(res.status, p).toBe(404);
      expect(res.headers['content-type'], p).toMatch(/json/);
      expect(res.text, p).not.toMatch(/<(html|pre)|Cannot /);
    }
  });
});

describe('file streams', () => {
  it('stop reading from the api when the client goes away (pipeline, not a write loop)', async () => {
    const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(4_500_000, 0x20), Buffer.from('\n%%EOF\n')]);
    const up = await request(app())
      .post('/uploads?kind=test-file')
      .set('cookie', manager)
      .set('x-requested-with', 'fetch')
      .attach('file', pdf, 'grande.pdf');
    expect(up.status).toBe(201);
    const created = await request(app())
      .post('/graphql')
      .set('cookie', manager)
      .send({
        query: `mutation($u: ID) { createTestTemplate(input: { name: "Prueba grande", description: "d", type: PDF, category: OTROS }, fileUploadId: $u) { template { id } error { __typename } } }`,
        variables: { u: up.body.id },
      });
    const id = created.body.data.createTestTemplate.template.id as string;

    const server = app().listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    const { port } = server.address() as { port: number };
    let disconnected = false;
    stack.bff.services.http.pool.once('disconnect', () => (disconnected = true));
    await new Promise<void>((resolve, reject) => {
      const req = httpGet(
        { host: '127.0.0.1', port, path: `/files/tests/${id}`, headers: { cookie: manager } },
        (res) => {
          expect(res.statusCode).toBe(200);
          res.once('data', () => {
            req.destroy(); // the browser tab closes after the first chunk
            resolve();
          });
        },
      );
      req.on('error', (e) => (e.message.includes('socket hang up') ? resolve() : reject(e)));
    });
    // The upstream response is abandoned: undici closes that connection instead of draining 4.5 MB.
    for (let i = 0; i < 40 && !disconnected; i++) await new Promise((r) => setTimeout(r, 50));
    server.close();
    expect(disconnected).toBe(true);
  });
});

describe('security headers', () => {
  it('sends a Content-Security-Policy and helmet headers on HTML and JSON', async () => {
    for (const p of ['/', '/healthz']) {
      const res = await request(app()).get(p).set('accept', 'text/html');
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toContain('upgrade-insecure-requests');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    }
  });
  it('sends HSTS only over HTTPS (a trusted proxy saying so), never over plain HTTP', async () => {
    const plain = await request(app()).get('/healthz');
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    // supertest connects over loopback, the default TRUST_PROXY.
    const viaProxy = await request(app()).get('/healthz').set('x-forwarded-proto', 'https');
    expect(viaProxy.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });
});
