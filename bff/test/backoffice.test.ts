import sharp from 'sharp';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, DEMO_PASSWORD } from './roles.js';
import { startStack, type Stack } from './support.js';

let stack: Stack;
const cookies: Record<'admin' | 'manager' | 'viewer', string> = { admin: '', manager: '', viewer: '' };
let png: Buffer;

async function login(email: string) {
  const res = await request(stack.bff.app)
    .post('/graphql')
    .send({ query: `mutation { staffLogin(username: "${email}", password: "${DEMO_PASSWORD}") { viewer { id } } }` });
  return (res.headers['set-cookie'] as unknown as string[]).find((c) => c.startsWith('bolsa_sesion='))!.split(';')[0]!;
}

beforeAll(async () => {
  stack = await startStack();
  cookies.admin = await login(DEMO.admin);
  cookies.manager = await login(DEMO.manager);
  cookies.viewer = await login(DEMO.viewer);
  png = await sharp({ create: { width: 800, height: 450, channels: 3, background: '#2b9f84' } })
    .png()
    .toBuffer();
});
afterAll(() => stack?.close());

const upload = (cookie: string, name: string, data: Buffer, kind = 'vacancy-image') =>
  request(stack.bff.app)
    .post(`/uploads?kind=${kind}`)
    .set('cookie', cookie)
    .set('x-requested-with', 'fetch')
    .attach('file', data, name);

const gql = (query: string, variables: Record<string, unknown>, cookie?: string) => {
  const r = request(stack.bff.app).post('/graphql').set('content-type', 'application/json');
  if (cookie) r.set('cookie', cookie);
  return r.send({ query, variables });
};

describe('uploads', () => {
  it("refuses a PDF renamed .jpg, an HTML file and a 6 MB image with the spec's messages", async () => {
    const pdf = await upload(cookies.manager, 'foto.jpg', Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n'));
    expect(pdf.status).toBe(415);
    expect(pdf.body).toEqual({ title: 'Archivo no válido', message: 'Solo se permiten archivos JPG, PNG o GIF' });
    const html = await upload(cookies.manager, 'imagen.png', Buffer.from('<!doctype html><script>alert(1)</script>'));
    expect(html.body.message).toBe('Solo se permiten archivos JPG, PNG o GIF');
    const big = Buffer.concat([png, Buffer.alloc(6 * 1024 * 1024)]);
    const tooBig = await upload(cookies.manager, 'grande.png', big);
    expect(tooBig.status).toBe(413);
    expect(tooBig.body).toEqual({ title: 'Archivo muy grande', message: 'El archivo no debe superar los 5MB' });
  });

  it('takes a WebP on the edit tab and stores it; the create step refuses it in its own words', async () => {
    const webp = await sharp({ create: { width: 800, height: 450, channels: 3, background: '#b34a2b' } })
      .webp()
      .toBuffer();
    const onCreate = await upload(cookies.manager, 'foto.webp', webp);
    expect(onCreate.status).toBe(415);
    expect(onCreate.body).toEqual({ title: 'Archivo no válido', message: 'Solo se permiten archivos JPG, PNG o GIF' });
    const big = await upload(
      cookies.manager,
      'grande.webp',
      Buffer.concat([webp, Buffer.alloc(6 * 1024 * 1024)]),
      'vacancy-image-edit',
    );
    expect(big.status).toBe(413);
    expect(big.body).toEqual({ title: 'Archivo muy grande', message: 'El archivo no debe superar los 5MB' });
    expect((await upload(cookies.viewer, 'foto.webp', webp, 'vacancy-image-edit')).status).toBe(403);

    const input = {
      name: 'Plaza con imagen WebP',
      branchId: '1',
      description: 'Se le cambiará la imagen por una WebP.',
      endsAt: '2099-01-01',
      active: true,
      departmentId: '01',
      municipalityId: '0101',
      requirements: ['a'],
      benefits: ['b'],
    };
    const created = await gql(
      `mutation($i: VacancyInput!, $u: ID!) { createVacancy(input: $i, imageUploadId: $u) { vacancy { id imageUrl } } }`,
      { i: input, u: (await upload(cookies.manager, 'plaza.png', png)).body.id },
      cookies.manager,
    );
    const { id, imageUrl } = created.body.data.createVacancy.vacancy;
    const onEdit = await upload(cookies.manager, 'foto.webp', webp, 'vacancy-image-edit');
    expect(onEdit.status).toBe(201);
    expect(onEdit.body.type).toBe('image/webp');
    const updated = await gql(
      `mutation($id: ID!, $i: VacancyInput!, $u: ID) { updateVacancy(id: $id, input: $i, imageUploadId: $u) { vacancy { imageUrl } error { __typename } } }`,
      { id, i: input, u: onEdit.body.id },
      cookies.manager,
    );
    expect(updated.body.data.updateVacancy.error).toBeNull();
    expect(updated.body.data.updateVacancy.vacancy.imageUrl).not.toBe(imageUrl);
  });

  it('needs a session, an editing role and the anti-forgery header', async () => {
    expect(
      (
        await request(stack.bff.app)
          .post('/uploads?kind=vacancy-image')
          .set('x-requested-with', 'fetch')
          .attach('file', png, 'a.png')
      ).status,
    ).toBe(401);
    expect((await upload(cookies.viewer, 'a.png', png)).status).toBe(403);
    expect(
      (
        await request(stack.bff.app)
          .post('/uploads?kind=vacancy-image')
          .set('cookie', cookies.manager)
          .attach('file', png, 'a.png')
      ).status,
    ).toBe(400);
  });

  it('binds an upload to the user who sent it', async () => {
    const mine = await upload(cookies.manager, 'plaza.png', png);
    expect(mine.status).toBe(201);
    const CREATE = `mutation($i: VacancyInput!, $u: ID!) { createVacancy(input: $i, imageUploadId: $u) { vacancy { id } error { __typename ... on ValidationFailed { title message } } } }`;
    const input = {
      name: 'Prueba de propiedad',
      branchId: '1',
      description: 'x',
      endsAt: '2099-01-01',
      active: true,
      departmentId: '01',
      municipalityId: '0101',
      requirements: ['a'],
      benefits: ['b'],
    };
    const stolen = await gql(CREATE, { i: input, u: mine.body.id }, cookies.admin);
    expect(stolen.body.data.createVacancy.error).toEqual({
      __typename: 'ValidationFailed',
      title: 'Campo Obligado',
      message: 'Debe de seleccionar una imagen',
    });
  });
});

describe('vacancy management list', () => {
  it('pages 1,000 vacancies in the api, sorted by author, with no call for the user names', async () => {
    const branch = await stack.api.db.selectFrom('sedes').select('id').executeTakeFirstOrThrow();
    const users = await stack.api.db.selectFrom('usuarios').select('id').execute();
    const rows = Array.from({ length: 1_000 }, (_, i) => ({
      nombre: `Plaza de carga ${i}`,
      sede_id: branch.id,
      lugar: '0101:01',
      descripcion: 'Generada para medir',
      fecha_publicacion: '2026-11-01',
      fecha_finalizacion: '2099-12-31',
      status: (i % 3 ? '1' : '0') as '1' | '0',
      publicado_por: users[i % users.length]!.id,
      actualizado_por: users[(i + 1) % users.length]!.id,
    }));
    for (let i = 0; i < rows.length; i += 250)
      await stack.api.db
        .insertInto('plazas')
        .values(rows.slice(i, i + 250))
        .execute();
    stack.bff.services.vacancies.invalidate();

    const calls: string[] = [];
    const queries: unknown[] = [];
    stack.bff.services.http.onCall = (_m, path, query) => {
      calls.push(path);
      if (path === '/sedes/vacantes/lista') queries.push(query);
    };
    const res = await gql(
      `{ adminVacancies(pageSize: 100, sort: { field: CREATED_BY, direction: ASC }) {
          totalCount activeCount inactiveCount items { id name createdBy updatedBy branch { name } } } }`,
      {},
      cookies.viewer,
    );
    stack.bff.services.http.onCall = null;
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.adminVacancies.totalCount).toBeGreaterThanOrEqual(1_000);
    expect(res.body.data.adminVacancies.items).toHaveLength(100);
    expect(res.body.data.adminVacancies.items.every((v: { createdBy: string | null }) => v.createdBy)).toBe(true);
    // The api sends creadoPorNombre/actualizadoPorNombre: no GET /usuario per listing (issue 13).
    expect(calls.filter((p) => p === '/usuario')).toHaveLength(0);
    expect(calls.filter((p) => p === '/sedes/vacantes/lista')).toHaveLength(1);
    // Paged, filtered and sorted by the api: the BFF asked for one page only.
    expect(queries[0]).toMatchObject({ scope: 'staff', page: 1, pageSize: 100, sort: 'createdBy', order: 'asc' });
    const names = res.body.data.adminVacancies.items.map((v: { createdBy: string }) => v.createdBy.toLowerCase());
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'es')));
  });
});
