import type { APIRequestContext, BrowserContext, Page } from 'playwright-core';
import { inject } from 'vitest';
import { isValidCui } from '../domain/src/geography.js';

/** Tiny but real files: the BFF reads the type from the bytes. */
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** A CUI that passes the checksum and nobody in the demo data has. */
export function freshCui(): string {
  for (;;) {
    const body = String(Math.floor(Math.random() * 1e9)).padStart(9, '0');
    const cui = `${body}0101`;
    if (isValidCui(cui)) return cui;
  }
}

export interface Person {
  firstName: string;
  firstSurname: string;
  email: string;
  dpi: string;
  password: string;
}

export function freshPerson(firstName: string, firstSurname: string): Person {
  const tag = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  return {
    firstName,
    firstSurname,
    email: `${firstName.toLowerCase()}.${tag}@example.com`,
    dpi: freshCui(),
    password: 'secreto1',
  };
}

async function graphql<T>(request: APIRequestContext, query: string, variables: object = {}): Promise<T> {
  const res = await request.post('/graphql', { data: { query, variables } });
  const body = (await res.json()) as { data?: T; errors?: unknown };
  if (body.errors || !body.data) throw new Error(`GraphQL failed: ${JSON.stringify(body.errors)}`);
  return body.data;
}

/** POST /uploads as the browser does (CSRF header), returning the upload id. */
export async function upload(
  request: APIRequestContext,
  kind: 'candidate-photo' | 'candidate-document',
  name: string,
): Promise<string> {
  const photo = kind === 'candidate-photo';
  const res = await request.post(`/uploads?kind=${kind}`, {
    headers: { 'X-Requested-With': 'fetch' },
    multipart: {
      file: { name, mimeType: photo ? 'image/png' : 'application/pdf', buffer: photo ? PNG : PDF },
    },
  });
  if (res.status() !== 201) throw new Error(`upload ${name}: ${res.status()} ${await res.text()}`);
  return ((await res.json()) as { id: string }).id;
}

/** A guest application through the same calls the form makes (GraphQL apply with upload ids). */
export async function applyAsGuest(request: APIRequestContext, vacancyId: string, p: Person): Promise<string> {
  const cv = await upload(request, 'candidate-document', 'cv.pdf');
  const photo = await upload(request, 'candidate-photo', 'foto.png');
  const data = await graphql<{ apply: { applicationId: string | null; error: unknown } }>(
    request,
    `
      mutation ($input: ApplicationInput!) {
        apply(input: $input) {
          applicationId
          error {
            __typename
          }
        }
      }
    `,
    {
      input: {
        vacancyId,
        fullName: `${p.firstName} ${p.firstSurname}`,
        dpi: p.dpi,
        address: '5a avenida 3-20 zona 1, Cobán',
        phone: '55557777',
        email: p.email,
        maritalStatus: 'SOLTERO',
        age: 30,
        educationLevel: 'DIVERSIFICADO',
        studying: false,
        available: true,
        salaryExpectation: 4500,
        negotiable: true,
        experiences: [
          {
            company: 'Farmacia Central',
            position: 'Cajera',
            from: '2019-01-01',
            to: '2022-12-31',
            description: 'Atención al cliente.',
          },
        ],
        personalReferences: [{ name: 'Rosa Xol', phone: '41112222' }],
        workReferences: [{ name: 'Pedro Caal', phone: '42223333' }],
        cvUploadId: cv,
        photoUploadId: photo,
      },
    },
  );
  if (data.apply.error || !data.apply.applicationId) throw new Error(`apply: ${JSON.stringify(data.apply)}`);
  return data.apply.applicationId;
}

/**
 * Registers through the login dialog (captcha answered through test mode) and logs in; lands on
 * /perfil. `linked`: the number of earlier guest applications the login says it linked.
 */
export async function registerAndLogin(page: Page, p: Person, linked = 0): Promise<void> {
  await page.goto('/');
  await page.getByRole('button', { name: 'Regístrate / Iniciar Sesion' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('tab', { name: 'Registrarse' }).click();
  await dialog.getByLabel(/Primer nombre/).fill(p.firstName);
  await dialog.getByLabel(/Primer apellido/).fill(p.firstSurname);
  await dialog.getByLabel(/^Correo electrónico/).fill(p.email);
  await dialog.getByLabel(/Confirmar correo/).fill(p.email);
  await dialog.getByLabel(/^Contraseña/).fill(p.password);
  await dialog.getByLabel(/Confirmar contraseña/).fill(p.password);
  await dialog.getByLabel(/DPI/).fill(p.dpi);
  await dialog.getByRole('img', { name: /captcha|código/i }).waitFor();
  const answer = await page.evaluate(
    async () => (await (await fetch('/__test/captcha/latest')).json()).answer as string,
  );
  await dialog.getByLabel(/Código de verificación/).fill(answer);
  await dialog.getByRole('button', { name: /Crear cuenta|Registrarme|Registrarse/ }).click();
  await page.getByText('¡Registro exitoso! Ahora puedes iniciar sesión.').waitFor();
  const entendido = page.getByRole('button', { name: 'Entendido' });
  if (await entendido.isVisible()) await entendido.click();
  await dialog
    .getByLabel(/Contraseña/)
    .first()
    .fill(p.password);
  await dialog.getByRole('button', { name: /Iniciar sesión/i }).click();
  if (linked > 0) await page.getByText(`Vinculamos ${linked} postulación(es) previas a tu perfil`).waitFor();
  await page.waitForURL('**/perfil');
}

/** Staff move an application (spec 3 §7): the pipeline's REST call, as the BFF makes it. */
export async function moveApplication(request: APIRequestContext, id: string, estado: string): Promise<void> {
  const { url, token } = inject('api');
  const res = await request.post(`${url}/candidatos/cambiar-estado/${id}`, {
    headers: { authorization: `Bearer ${token}` },
    data: { nuevoEstado: estado },
  });
  if (!res.ok()) throw new Error(`cambiar-estado: ${res.status()} ${await res.text()}`);
}

/** Completes the session's profile through the same calls the form makes, for journeys about something else. */
export async function completeProfileThroughApi(context: BrowserContext, dpi: string): Promise<void> {
  const r = context.request;
  const ids = {
    photoUploadId: await upload(r, 'candidate-photo', 'foto.png'),
    curriculumUploadId: await upload(r, 'candidate-document', 'cv.pdf'),
    dpiFileUploadId: await upload(r, 'candidate-document', 'dpi.pdf'),
    policeRecordUploadId: await upload(r, 'candidate-document', 'policiales.pdf'),
    criminalRecordUploadId: await upload(r, 'candidate-document', 'penales.pdf'),
  };
  const me = await graphql<{ myProfile: { firstName: string | null; firstSurname: string | null } }>(
    r,
    `
      {
        myProfile {
          firstName
          firstSurname
        }
      }
    `,
  );
  const data = await graphql<{ updateMyProfile: { profile: { complete: boolean } | null; error: unknown } }>(
    r,
    `
      mutation ($input: ProfileInput!) {
        updateMyProfile(input: $input) {
          profile {
            complete
          }
          error {
            __typename
          }
        }
      }
    `,
    {
      input: {
        firstName: me.myProfile.firstName ?? 'Ana',
        firstSurname: me.myProfile.firstSurname ?? 'López',
        phone: '55550000',
        dpi,
        birthDate: '1992-03-15',
        address: 'Avenida Las Américas 10-20, zona 13',
        experiences: [
          {
            company: 'Centro de Salud Mixco',
            position: 'Recepcionista',
            from: '2016-01-01',
            to: '2018-12-31',
            description: 'Agenda.',
          },
          {
            company: 'Clínica Zona 1',
            position: 'Asistente',
            from: '2019-01-01',
            to: '2023-12-31',
            description: 'Archivo.',
          },
        ],
        personalReferences: [{ name: 'Rosa Xol', phone: '41112222' }],
        workReferences: [{ name: 'Pedro Caal', phone: '42223333' }],
        ...ids,
      },
    },
  );
  if (!data.updateMyProfile.profile?.complete) throw new Error(`profile: ${JSON.stringify(data.updateMyProfile)}`);
}

/**
 * The first candidate the signed-in context's inbox lists, and how many of that candidate's notes
 * the api holds with exactly `text` (read past the BFF, so a page that shows one note but the
 * database holds two is caught).
 */
export async function firstCandidateNotes(
  context: BrowserContext,
): Promise<{ candidateId: string; notesSaying: (text: string) => Promise<number> }> {
  const api = inject('api');
  const list = await context.request.post('/graphql', {
    data: { query: '{ candidates(pageSize: 1) { items { id } } }' },
  });
  const candidateId = ((await list.json()) as { data: { candidates: { items: { id: string }[] } } }).data.candidates
    .items[0]!.id;
  const notesSaying = async (text: string) => {
    const res = await fetch(`${api.url}/internal/candidatos/${candidateId}/notas`, {
      headers: { authorization: `Bearer ${api.token}` },
    });
    const body = (await res.json()) as { notas: { texto: string }[] };
    return body.notas.filter((n) => n.texto === text).length;
  };
  return { candidateId, notesSaying };
}
