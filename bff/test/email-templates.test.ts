import { EMAIL_TEMPLATE_MESSAGES, emailTemplateDefinition } from '@bolsa/domain';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, DEMO_PASSWORD } from './roles.js';
import { staffCookie, startStack, type Stack } from './support.js';

// Issue 24 item 1 through the BFF against the real api (PGlite): the e-mail templates.
let stack: Stack;
let admin = '';
let manager = '';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Data = Record<string, any>;
const gql = async (query: string, variables: Record<string, unknown> = {}, cookie?: string) => {
  const r = request(stack.bff.app).post('/graphql').set('content-type', 'application/json');
  if (cookie) r.set('cookie', cookie);
  const res = await r.send({ query, variables });
  return res.body as { data?: Data; errors?: { message: string; extensions?: { code?: string } }[] };
};

const ERR = `error { __typename ... on ValidationFailed { message } ... on NotFound { message } ... on Conflict { message } ... on OperationFailed { message } }`;
const TEMPLATE = `key name subject body isDefault versionId replacedByDefault updatedAt updatedBy placeholders { name description sample kind }`;
const LIST = `{ emailTemplates { ${TEMPLATE} } }`;
const VERSIONS = `query($k: ID!) { emailTemplateVersions(key: $k) { id action subject body isDefault restoredFrom createdBy createdAt current } }`;
const PREVIEW = `query($k: ID!, $s: String!, $b: String!) { previewEmailTemplate(key: $k, subject: $s, body: $b) { preview { subject html text } ${ERR} } }`;
const SAVE = `mutation($k: ID!, $s: String!, $b: String!) { updateEmailTemplate(key: $k, subject: $s, body: $b) { template { ${TEMPLATE} } ${ERR} } }`;
const RESTORE = `mutation($k: ID!, $v: ID) { restoreEmailTemplate(key: $k, versionId: $v) { template { ${TEMPLATE} } ${ERR} } }`;

const KEY = 'postulacion-recibida';
const def = emailTemplateDefinition(KEY)!;

beforeAll(async () => {
  stack = await startStack();
  admin = await staffCookie(stack.bff.app, DEMO.admin, DEMO_PASSWORD);
  manager = await staffCookie(stack.bff.app, DEMO.manager, DEMO_PASSWORD);
}, 120_000);
afterAll(() => stack?.close());

describe('e-mail templates through GraphQL (issue 24)', () => {
  it('lists every template with its placeholders; a manager is refused', async () => {
    const list = await gql(LIST, {}, admin);
    expect(list.errors).toBeUndefined();
    const ack = list.data!.emailTemplates.find((t: Data) => t.key === KEY);
    expect(ack).toMatchObject({
      name: def.name,
      subject: def.subject,
      body: def.body,
      isDefault: true,
      versionId: null,
    });
    expect(ack.placeholders[0]).toEqual({
      name: 'nombre',
      description: 'Nombre del candidato',
      sample: 'Ana López',
      kind: 'TEXT',
    });
    expect(ack.placeholders.find((p: Data) => p.name === 'cuenta').kind).toBe('BLOCK');
    const refused = await gql(LIST, {}, manager);
    expect(refused.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  }, 30_000);

  it('previews with sample data, and refuses an unknown placeholder with the Spanish message', async () => {
    const ok = await gql(PREVIEW, { k: KEY, s: 'Hola {{nombre}}', b: 'Gracias, {{nombre}} <3\n\n{{cuenta}}' }, admin);
    expect(ok.data!.previewEmailTemplate.error).toBeNull();
    expect(ok.data!.previewEmailTemplate.preview.subject).toBe('Hola Ana López');
    expect(ok.data!.previewEmailTemplate.preview.html).toContain('Gracias, Ana López &lt;3');
    expect(ok.data!.previewEmailTemplate.preview.text).toMatch(/^Gracias, Ana López <3\n\n/);
    const bad = await gql(PREVIEW, { k: KEY, s: 'Hola', b: 'Tu código {{codigo}}' }, admin);
    expect(bad.data!.previewEmailTemplate).toEqual({
      preview: null,
      error: { __typename: 'ValidationFailed', message: EMAIL_TEMPLATE_MESSAGES.unknownPlaceholder('codigo') },
    });
  }, 30_000);

  it('saves (a version with who and when), lists the versions, restores and resets', async () => {
    const bad = await gql(SAVE, { k: KEY, s: 'Hola', b: '{{ apellido }}' }, admin);
    expect(bad.data!.updateEmailTemplate.error).toEqual({
      __typename: 'ValidationFailed',
      message: EMAIL_TEMPLATE_MESSAGES.unknownPlaceholder('apellido'),
    });
    const saved = await gql(SAVE, { k: KEY, s: 'Recibida: {{vacante}}', b: 'Hola, {{nombre}}.\n\n{{cuenta}}' }, admin);
    expect(saved.data!.updateEmailTemplate.error).toBeNull();
    const t = saved.data!.updateEmailTemplate.template;
    expect(t).toMatchObject({
      subject: 'Recibida: {{vacante}}',
      isDefault: false,
      replacedByDefault: null,
      updatedBy: expect.any(String),
    });
    expect(t.updatedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    // Without the account paragraph, or the same text again (a retry): refused, nothing saved.
    const noAccount = await gql(SAVE, { k: KEY, s: 'Recibida', b: 'Hola, {{nombre}}.' }, admin);
    expect(noAccount.data!.updateEmailTemplate.error).toEqual({
      __typename: 'ValidationFailed',
      message: EMAIL_TEMPLATE_MESSAGES.requiredPlaceholder('cuenta'),
    });
    const again = await gql(SAVE, { k: KEY, s: 'Recibida: {{vacante}}', b: 'Hola, {{nombre}}.\n\n{{cuenta}}' }, admin);
    expect(again.data!.updateEmailTemplate.error).toEqual({
      __typename: 'Conflict',
      message: EMAIL_TEMPLATE_MESSAGES.unchanged,
    });

    const reset = await gql(RESTORE, { k: KEY }, admin);
    expect(reset.data!.restoreEmailTemplate.template).toMatchObject({
      subject: def.subject,
      body: def.body,
      isDefault: true,
    });
    const restored = await gql(RESTORE, { k: KEY, v: t.versionId }, admin);
    expect(restored.data!.restoreEmailTemplate.template).toMatchObject({
      subject: 'Recibida: {{vacante}}',
      isDefault: false,
    });

    const versions = await gql(VERSIONS, { k: KEY }, admin);
    expect(versions.data!.emailTemplateVersions.map((v: Data) => [v.action, v.current, v.restoredFrom])).toEqual([
      ['RESTORED', true, t.versionId],
      ['RESET', false, null],
      ['SAVED', false, null],
    ]);
    const missing = await gql(RESTORE, { k: KEY, v: '999999' }, admin);
    expect(missing.data!.restoreEmailTemplate.error).toEqual({
      __typename: 'NotFound',
      message: EMAIL_TEMPLATE_MESSAGES.versionNotFound,
    });
    // Back to the default for the other tests of this file.
    await gql(RESTORE, { k: KEY }, admin);
  }, 30_000);
});
