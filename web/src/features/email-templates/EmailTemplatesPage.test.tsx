import '../../test/backoffice-env';
import { EMAIL_TEMPLATE_MESSAGES, EMAIL_TEMPLATE_UI } from '@bolsa/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useApolloClient } from '@apollo/client/react';
import { Link, useLocation, useNavigate } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { EmailTemplateFieldsFragment } from '../../gql/graphql';
import { renderWithProviders, type Mocks } from '../../test/render';
import { viewer } from '../../test/session';
import { EmailTemplatesPage } from './EmailTemplatesPage';
import { insertAt } from './TemplateEditor';
import {
  EMAIL_TEMPLATE_VERSIONS,
  EMAIL_TEMPLATES,
  PREVIEW_EMAIL_TEMPLATE,
  RESTORE_EMAIL_TEMPLATE,
  UPDATE_EMAIL_TEMPLATE,
} from './operations';

const template = (over: Partial<EmailTemplateFieldsFragment> = {}) => ({
  __typename: 'EmailTemplate' as const,
  key: 'estado-en-seguimiento',
  name: 'Estado: En seguimiento',
  description: "Aviso al candidato cuando su postulación pasa al estado 'en seguimiento'.",
  heading: 'Tu perfil está en seguimiento',
  subject: 'Seguimiento: {{vacante}}',
  body: 'Hola, {{nombre}}:',
  isDefault: true,
  versionId: null,
  replacedByDefault: null,
  updatedAt: null,
  updatedBy: null,
  placeholders: [
    {
      __typename: 'EmailPlaceholder' as const,
      name: 'nombre',
      description: 'Nombre del candidato',
      sample: 'Ana López',
      kind: 'TEXT' as const,
    },
    {
      __typename: 'EmailPlaceholder' as const,
      name: 'vacante',
      description: 'Nombre de la plaza',
      sample: 'Auxiliar',
      kind: 'TEXT' as const,
    },
  ],
  ...over,
});

const EDITED = template({
  key: 'postulacion-recibida',
  name: 'Postulación recibida',
  isDefault: false,
  versionId: '3',
  updatedAt: '2026-11-27T21:04:00.000Z',
  updatedBy: 'Lucía Admin',
});

const list = (items = [template(), EDITED]): Mocks[number] => ({
  request: { query: EMAIL_TEMPLATES },
  result: { data: { emailTemplates: items } },
  maxUsageCount: Number.POSITIVE_INFINITY,
});

/** Any preview: the body typed, in a <p>. */
const preview: Mocks[number] = {
  request: { query: PREVIEW_EMAIL_TEMPLATE, variables: () => true },
  result: (vars: { subject: string; body: string }) => ({
    data: {
      previewEmailTemplate: {
        __typename: 'EmailTemplatePreviewPayload',
        preview: {
          __typename: 'EmailTemplatePreview',
          subject: vars.subject.replace('{{vacante}}', 'Auxiliar'),
          html: `<p>${vars.body}</p>`,
          text: vars.body.replace('{{nombre}}', 'Ana López'),
        },
        error: null,
      },
    },
  }),
  maxUsageCount: Number.POSITIVE_INFINITY,
} as Mocks[number];

const renderPage = (mocks: Mocks, route = '/panel/plantillas') =>
  renderWithProviders(<EmailTemplatesPage />, { mocks, route, viewer: viewer('ADMIN') });

/**
 * The page with what surrounds it in the app: the address, the browser's Back, a link of the
 * navigation bar, and the list read again (what the outage notice does once the service is back).
 */
function Surroundings() {
  const location = useLocation();
  const navigate = useNavigate();
  const client = useApolloClient();
  return (
    <>
      <output data-testid="direccion">{location.pathname + location.search}</output>
      <button type="button" onClick={() => void navigate(-1)}>
        Atrás
      </button>
      <button type="button" onClick={() => void client.refetchQueries({ include: [EMAIL_TEMPLATES] })}>
        Leer de nuevo
      </button>
      <Link to="/panel/vacantes">Vacantes</Link>
      <EmailTemplatesPage />
    </>
  );
}
const renderInApp = (mocks: Mocks, route = '/panel/plantillas') =>
  renderWithProviders(<Surroundings />, { mocks, route, viewer: viewer('ADMIN') });
/** The stacking order of a Mantine modal ('calc(200 + 1 + 1)' → 202). */
function zIndex(dialog: HTMLElement): number {
  const root = dialog.closest<HTMLElement>('.mantine-Modal-root');
  const value = root?.style.getPropertyValue('--mb-z-index') ?? '';
  return (value.match(/\d+/g) ?? []).reduce((sum, n) => sum + Number(n), 0);
}
const address = () => screen.getByTestId('direccion').textContent;

describe('Plantillas (/panel/plantillas)', { timeout: 20_000 }, () => {
  it('lists the e-mails with their last change and who made it', async () => {
    renderPage([list()]);
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('Estado: En seguimiento')).toBeInTheDocument();
    expect(within(rows[0]!).getByText(EMAIL_TEMPLATE_UI.defaultText)).toBeInTheDocument();
    // 21:04 UTC is 15:04 in Guatemala.
    expect(within(rows[1]!).getByText('27/11/2026 15:04')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Lucía Admin')).toBeInTheDocument();
    expect(within(rows[1]!).getByRole('link', { name: 'Editar: Postulación recibida' })).toHaveAttribute(
      'href',
      '/panel/plantillas?clave=postulacion-recibida',
    );
  });

  it('shows an error with Reintentar when the list fails', async () => {
    renderPage([{ request: { query: EMAIL_TEMPLATES }, error: new Error('caído') }]);
    expect(await screen.findByRole('alert')).toHaveTextContent(EMAIL_TEMPLATE_UI.loadFailed);
    expect(screen.getByRole('button', { name: /Reintentar/ })).toBeInTheDocument();
  });

  it('inserts a placeholder at the cursor, previews, and shows the refusal of an unknown placeholder', async () => {
    const user = userEvent.setup();
    const refused: Mocks[number] = {
      request: {
        query: UPDATE_EMAIL_TEMPLATE,
        variables: {
          key: 'estado-en-seguimiento',
          subject: 'Seguimiento: {{vacante}}',
          body: 'Hola, {{nombre}}: {{codigo}}',
        },
      },
      result: {
        data: {
          updateEmailTemplate: {
            __typename: 'EmailTemplatePayload',
            template: null,
            error: {
              __typename: 'ValidationFailed',
              title: null,
              message: EMAIL_TEMPLATE_MESSAGES.unknownPlaceholder('codigo'),
              fields: [],
            },
          },
        },
      },
    };
    renderPage([list(), preview, refused], '/panel/plantillas?clave=estado-en-seguimiento');
    const body = await screen.findByRole('textbox', { name: EMAIL_TEMPLATE_UI.body });
    expect(screen.getByRole('button', { name: EMAIL_TEMPLATE_UI.save })).toBeDisabled();
    // The preview: the HTML part in a sandboxed frame (no scripts), and the text part.
    const frame = await screen.findByTitle('Vista previa del correo (HTML)');
    expect(frame).toHaveAttribute('sandbox', '');
    expect(frame.getAttribute('srcdoc')).toBe('<p>Hola, {{nombre}}:</p>');
    await user.click(screen.getByRole('tab', { name: 'Texto' }));
    expect(await screen.findByTestId('vista-previa-texto')).toHaveTextContent('Hola, Ana López:');

    // A placeholder goes where the cursor is.
    (body as HTMLTextAreaElement).setSelectionRange(5, 5);
    fireEvent.focus(body);
    await user.click(screen.getByRole('button', { name: /Insertar \{\{vacante\}\}/ }));
    expect(body).toHaveValue('Hola,{{vacante}} {{nombre}}:');

    fireEvent.change(body, { target: { value: 'Hola, {{nombre}}: {{codigo}}' } });
    expect(screen.getByText(EMAIL_TEMPLATE_UI.unsaved)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: EMAIL_TEMPLATE_UI.save }));
    expect(await screen.findByText(EMAIL_TEMPLATE_MESSAGES.unknownPlaceholder('codigo'))).toBeInTheDocument();
    // Editing again clears the refusal.
    fireEvent.change(body, { target: { value: 'Hola, {{nombre}}.' } });
    expect(screen.queryByText(EMAIL_TEMPLATE_MESSAGES.unknownPlaceholder('codigo'))).toBeNull();
  });

  it('marks the required placeholders and shows the refusals of a missing one and of an unchanged text', async () => {
    const user = userEvent.setup();
    const placeholder = (name: string, kind: 'TEXT' | 'LINK' | 'BLOCK' = 'TEXT') => ({
      __typename: 'EmailPlaceholder' as const,
      name,
      description: `Descripción de ${name}`,
      sample: name,
      kind,
    });
    const docs = template({
      key: 'documentos-solicitados',
      name: 'Documentos a actualizar',
      subject: 'Documentos a actualizar',
      body: 'Hola {{nombre}}: {{documentos}}\n{{enlace}}',
      placeholders: [placeholder('nombre'), placeholder('documentos', 'BLOCK'), placeholder('enlace', 'LINK')],
    });
    const withoutLink = 'Hola {{nombre}}, sube tus documentos {{documentos}}.';
    const missing = EMAIL_TEMPLATE_MESSAGES.requiredPlaceholder('enlace');
    const refusal = (message: string, typename: 'ValidationFailed' | 'Conflict') =>
      typename === 'ValidationFailed'
        ? { __typename: typename, title: null, message, fields: [] }
        : { __typename: typename, message };
    // The api's preview refuses the text without {{enlace}}, as any other validation error.
    const previewRefusing = {
      request: { query: PREVIEW_EMAIL_TEMPLATE, variables: () => true },
      result: (vars: { subject: string; body: string }) => ({
        data: {
          previewEmailTemplate: vars.body.includes('{{enlace}}')
            ? {
                __typename: 'EmailTemplatePreviewPayload',
                preview: { __typename: 'EmailTemplatePreview', subject: vars.subject, html: 'ok', text: 'ok' },
                error: null,
              }
            : { __typename: 'EmailTemplatePreviewPayload', preview: null, error: refusal(missing, 'ValidationFailed') },
        },
      }),
      maxUsageCount: Number.POSITIVE_INFINITY,
    } as Mocks[number];
    const saveAnswer = (body: string, error: object): Mocks[number] => ({
      request: {
        query: UPDATE_EMAIL_TEMPLATE,
        variables: { key: 'documentos-solicitados', subject: 'Documentos a actualizar', body },
      },
      result: { data: { updateEmailTemplate: { __typename: 'EmailTemplatePayload', template: null, error } } },
    });
    const retried = 'Hola {{nombre}}: {{documentos}}\n\n{{enlace}}';
    // What the api stores: the retried text went in with a save that seemed to fail.
    let stored = docs;
    const liveList: Mocks[number] = {
      request: { query: EMAIL_TEMPLATES },
      result: () => ({ data: { emailTemplates: [stored] } }),
      maxUsageCount: Number.POSITIVE_INFINITY,
    };
    renderPage(
      [
        liveList,
        previewRefusing,
        saveAnswer(withoutLink, refusal(missing, 'ValidationFailed')),
        saveAnswer(retried, refusal(EMAIL_TEMPLATE_MESSAGES.unchanged, 'Conflict')),
      ],
      '/panel/plantillas?clave=documentos-solicitados',
    );
    const body = await screen.findByRole('textbox', { name: EMAIL_TEMPLATE_UI.body });

    // The chips say which are required, in their text and their accessible name.
    const chips = screen.getByRole('region', { name: EMAIL_TEMPLATE_UI.placeholders });
    expect(within(chips).getByRole('button', { name: /^Insertar \{\{enlace\}\}, obligatorio:/ })).toHaveTextContent(
      `{{enlace}} ${EMAIL_TEMPLATE_UI.required}`,
    );
    expect(
      within(chips).getByRole('button', { name: /^Insertar \{\{documentos\}\}, obligatorio:/ }),
    ).toBeInTheDocument();
    const name = within(chips).getByRole('button', { name: /^Insertar \{\{nombre\}\}/ });
    expect(name).not.toHaveTextContent(EMAIL_TEMPLATE_UI.required);
    expect(name).not.toHaveAccessibleName(/obligatorio/);
    expect(chips).toHaveTextContent(EMAIL_TEMPLATE_UI.requiredHint);

    // Without {{enlace}}: the preview says so, and so does the refused save.
    fireEvent.change(body, { target: { value: withoutLink } });
    expect(await screen.findByRole('status')).toHaveTextContent(missing);
    // The last preview that rendered stays, said to be of the last text without errors.
    expect(screen.getByText(EMAIL_TEMPLATE_UI.previewStale)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: EMAIL_TEMPLATE_UI.save }));
    expect(await screen.findByRole('alert')).toHaveTextContent(missing);

    // A save the api finds identical to the current text (a retry that went through).
    fireEvent.change(body, { target: { value: retried } });
    expect(screen.getByText(EMAIL_TEMPLATE_UI.unsaved)).toBeInTheDocument();
    stored = { ...docs, body: retried, isDefault: false, versionId: '7' };
    await user.click(screen.getByRole('button', { name: EMAIL_TEMPLATE_UI.save }));
    expect(await screen.findByRole('alert')).toHaveTextContent(EMAIL_TEMPLATE_MESSAGES.unchanged);
    // The editor reads the stored text again: nothing is left unsaved, and the text typed stays.
    await waitFor(() => expect(screen.queryByText(EMAIL_TEMPLATE_UI.unsaved)).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: EMAIL_TEMPLATE_UI.save })).toBeDisabled();
    expect(body).toHaveValue(retried);
  });

  it('says under each field what is wrong when both are empty, and puts the cursor in the first', async () => {
    const user = userEvent.setup();
    renderPage([list(), preview], '/panel/plantillas?clave=estado-en-seguimiento');
    const subject = await screen.findByRole('textbox', { name: EMAIL_TEMPLATE_UI.subject });
    const body = screen.getByRole('textbox', { name: EMAIL_TEMPLATE_UI.body });
    await user.clear(subject);
    await user.clear(body);
    await user.click(screen.getByRole('button', { name: EMAIL_TEMPLATE_UI.save }));
    expect(subject).toHaveAccessibleDescription(EMAIL_TEMPLATE_MESSAGES.subjectRequired);
    expect(body).toHaveAccessibleDescription(expect.stringContaining(EMAIL_TEMPLATE_MESSAGES.bodyRequired));
    expect(subject).toHaveFocus();
    // Writing a subject clears its message only.
    await user.type(subject, 'Seguimiento');
    expect(subject).not.toHaveAccessibleDescription(EMAIL_TEMPLATE_MESSAGES.subjectRequired);
    expect(body).toHaveAccessibleDescription(expect.stringContaining(EMAIL_TEMPLATE_MESSAGES.bodyRequired));
  });

  it('says when the current version is not sent (saved before an upgrade) until a save corrects it', async () => {
    const user = userEvent.setup();
    const reason = EMAIL_TEMPLATE_MESSAGES.requiredPlaceholder('vacante');
    const old = template({ ...EDITED, subject: 'Antigua', body: 'Hola, {{nombre}}:', replacedByDefault: reason });
    const fixed = 'Hola, {{nombre}}: {{vacante}}';
    const saved: Mocks[number] = {
      request: { query: UPDATE_EMAIL_TEMPLATE, variables: { key: old.key, subject: 'Antigua', body: fixed } },
      result: {
        data: {
          updateEmailTemplate: {
            __typename: 'EmailTemplatePayload',
            template: { ...old, body: fixed, versionId: '4', replacedByDefault: null },
            error: null,
          },
        },
      },
    };
    renderPage([list([template(), old]), preview, saved]);
    // The list marks it beside its last change.
    const rows = within(await screen.findByRole('table'))
      .getAllByRole('row')
      .slice(1);
    expect(within(rows[1]!).getByText(EMAIL_TEMPLATE_UI.replacedByDefault)).toBeInTheDocument();
    expect(within(rows[0]!).queryByText(EMAIL_TEMPLATE_UI.replacedByDefault)).toBeNull();

    // The editor says why, in the words a save of that text gets.
    await user.click(within(rows[1]!).getByRole('link', { name: /Editar/ }));
    const body = await screen.findByRole('textbox', { name: EMAIL_TEMPLATE_UI.body });
    expect(screen.getByText(EMAIL_TEMPLATE_UI.replacedByDefaultDetail(reason))).toBeInTheDocument();

    // Saved with the placeholder: the notice goes (the cache's template is the one saved).
    fireEvent.change(body, { target: { value: fixed } });
    await user.click(screen.getByRole('button', { name: EMAIL_TEMPLATE_UI.save }));
    await waitFor(() =>
      expect(screen.queryByText(EMAIL_TEMPLATE_UI.replacedByDefaultDetail(reason))).not.toBeInTheDocument(),
    );
    expect(body).toHaveValue(fixed);
  });

  it('Restablecer asks first, then shows the default text', async () => {
    const user = userEvent.setup();
    const reset: Mocks[number] = {
      request: { query: RESTORE_EMAIL_TEMPLATE, variables: { key: 'postulacion-recibida', versionId: null } },
      result: {
        data: {
          restoreEmailTemplate: {
            __typename: 'EmailTemplatePayload',
            template: {
              ...EDITED,
              subject: 'Recibimos tu postulación: {{vacante}}',
              body: 'Texto predeterminado',
              isDefault: true,
              versionId: '4',
            },
            error: null,
          },
        },
      },
    };
    renderPage([list(), preview, reset], '/panel/plantillas?clave=postulacion-recibida');
    await user.click(await screen.findByRole('button', { name: EMAIL_TEMPLATE_UI.reset }));
    const dialog = await screen.findByRole('dialog', { name: EMAIL_TEMPLATE_UI.resetTitle });
    expect(dialog).toHaveTextContent(EMAIL_TEMPLATE_UI.resetQuestion);
    await user.click(within(dialog).getByRole('button', { name: EMAIL_TEMPLATE_UI.reset }));
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: EMAIL_TEMPLATE_UI.body })).toHaveValue('Texto predeterminado'),
    );
    expect(screen.getByRole('textbox', { name: EMAIL_TEMPLATE_UI.subject })).toHaveValue(
      'Recibimos tu postulación: {{vacante}}',
    );
  });

  it('Versiones lists them, newest first, and restores one after confirming', async () => {
    const user = userEvent.setup();
    const versions: Mocks[number] = {
      request: { query: EMAIL_TEMPLATE_VERSIONS, variables: { key: 'postulacion-recibida' } },
      result: {
        data: {
          emailTemplateVersions: [
            {
              __typename: 'EmailTemplateVersion',
              id: '3',
              action: 'SAVED',
              subject: 'Hola',
              body: 'Cuerpo nuevo',
              isDefault: false,
              restoredFrom: null,
              createdBy: 'Lucía Admin',
              createdAt: '2026-11-27T21:04:00.000Z',
              current: true,
            },
            {
              __typename: 'EmailTemplateVersion',
              id: '2',
              action: 'SAVED',
              subject: 'Antes',
              body: 'Cuerpo viejo',
              isDefault: false,
              restoredFrom: null,
              createdBy: 'Lucía Admin',
              createdAt: '2026-11-27T20:00:00.000Z',
              current: false,
            },
          ],
        },
      },
    };
    const restore: Mocks[number] = {
      request: { query: RESTORE_EMAIL_TEMPLATE, variables: { key: 'postulacion-recibida', versionId: '2' } },
      result: {
        data: {
          restoreEmailTemplate: {
            __typename: 'EmailTemplatePayload',
            template: { ...EDITED, subject: 'Antes', body: 'Cuerpo viejo', versionId: '5' },
            error: null,
          },
        },
      },
    };
    renderPage([list(), preview, versions, restore], '/panel/plantillas?clave=postulacion-recibida');
    await user.click(await screen.findByRole('button', { name: EMAIL_TEMPLATE_UI.versions }));
    const modal = await screen.findByRole('dialog', { name: EMAIL_TEMPLATE_UI.versions });
    const items = await within(modal).findAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByText(EMAIL_TEMPLATE_UI.current)).toBeInTheDocument();
    expect(within(items[0]!).queryByRole('button', { name: EMAIL_TEMPLATE_UI.restore })).toBeNull();
    await user.click(within(items[1]!).getByRole('button', { name: 'Ver' }));
    expect(within(items[1]!).getByText('Cuerpo viejo')).toBeInTheDocument();
    await user.click(within(items[1]!).getByRole('button', { name: EMAIL_TEMPLATE_UI.restore }));
    const confirm = await screen.findByRole('dialog', { name: EMAIL_TEMPLATE_UI.restoreTitle });
    // Above 'Versiones' (before, both were at one z-index and the question was drawn under it), with
    // the focus, and Escape closes the question only.
    expect(zIndex(confirm)).toBeGreaterThan(zIndex(modal));
    expect(confirm).toContainElement(document.activeElement as HTMLElement);
    expect(document.activeElement).toHaveTextContent('Cancelar');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: EMAIL_TEMPLATE_UI.restoreTitle })).toBeNull());
    expect(screen.getByRole('dialog', { name: EMAIL_TEMPLATE_UI.versions })).toBeInTheDocument();
    await user.click(within(items[1]!).getByRole('button', { name: EMAIL_TEMPLATE_UI.restore }));
    const again = await screen.findByRole('dialog', { name: EMAIL_TEMPLATE_UI.restoreTitle });
    await user.click(within(again).getByRole('button', { name: EMAIL_TEMPLATE_UI.restore }));
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: EMAIL_TEMPLATE_UI.body })).toHaveValue('Cuerpo viejo'),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("'Volver a la lista' is one navigation: one Back returns to the editor", async () => {
    const user = userEvent.setup();
    renderInApp([list(), preview]);
    await user.click(await screen.findByRole('link', { name: 'Editar: Postulación recibida' }));
    await screen.findByRole('textbox', { name: EMAIL_TEMPLATE_UI.body });
    await user.click(screen.getByRole('link', { name: EMAIL_TEMPLATE_UI.back }));
    expect(await screen.findByRole('table')).toBeInTheDocument();
    expect(address()).toBe('/panel/plantillas');
    await user.click(screen.getByRole('button', { name: 'Atrás' }));
    expect(address()).toBe('/panel/plantillas?clave=postulacion-recibida');
    expect(await screen.findByRole('textbox', { name: EMAIL_TEMPLATE_UI.body })).toBeInTheDocument();
  });

  it('asks before leaving with unsaved changes, by mouse or keyboard, and the browser asks on reload', async () => {
    const user = userEvent.setup();
    renderInApp([list(), preview], '/panel/plantillas?clave=postulacion-recibida');
    const body = await screen.findByRole('textbox', { name: EMAIL_TEMPLATE_UI.body });
    // Nothing changed: leaving does not ask, and a reload is not held back.
    const unchanged = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(unchanged);
    expect(unchanged.defaultPrevented).toBe(false);

    fireEvent.change(body, { target: { value: 'Texto a medias' } });
    expect(screen.getByText(EMAIL_TEMPLATE_UI.unsaved)).toBeInTheDocument();
    const reload = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(reload);
    expect(reload.defaultPrevented).toBe(true);

    // 'Volver a la lista' asks; 'Seguir editando' (where the focus starts) keeps the text.
    await user.click(screen.getByRole('link', { name: EMAIL_TEMPLATE_UI.back }));
    const question = await screen.findByRole('dialog', { name: EMAIL_TEMPLATE_UI.leaveTitle });
    expect(question).toHaveTextContent(EMAIL_TEMPLATE_UI.leaveQuestion);
    expect(within(question).getByRole('button', { name: EMAIL_TEMPLATE_UI.stay })).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: EMAIL_TEMPLATE_UI.leaveTitle })).toBeNull());
    expect(address()).toBe('/panel/plantillas?clave=postulacion-recibida');
    expect(body).toHaveValue('Texto a medias');

    // A link elsewhere in the app, followed with the keyboard: asks, and 'Salir sin guardar' goes.
    screen.getByRole('link', { name: 'Vacantes' }).focus();
    await user.keyboard('{Enter}');
    const again = await screen.findByRole('dialog', { name: EMAIL_TEMPLATE_UI.leaveTitle });
    expect(address()).toBe('/panel/plantillas?clave=postulacion-recibida');
    await user.click(within(again).getByRole('button', { name: EMAIL_TEMPLATE_UI.leave }));
    await waitFor(() => expect(address()).toBe('/panel/vacantes'));
  });

  it('says an unanswered save may have gone through, and stops saying so once the stored text is the one sent', async () => {
    const user = userEvent.setup();
    const sent = 'Hola, {{nombre}}: guardado durante la caída.';
    let stored = EDITED;
    const liveList: Mocks[number] = {
      request: { query: EMAIL_TEMPLATES },
      result: () => ({ data: { emailTemplates: [template(), stored] } }),
      maxUsageCount: Number.POSITIVE_INFINITY,
    };
    // The BFF gave up waiting for the paused api (no answer the browser could read).
    const unanswered: Mocks[number] = {
      request: { query: UPDATE_EMAIL_TEMPLATE, variables: { key: EDITED.key, subject: EDITED.subject, body: sent } },
      error: new TypeError('Failed to fetch'),
    };
    renderInApp([liveList, preview, unanswered], '/panel/plantillas?clave=postulacion-recibida');
    const body = await screen.findByRole('textbox', { name: EMAIL_TEMPLATE_UI.body });
    fireEvent.change(body, { target: { value: sent } });
    await user.click(screen.getByRole('button', { name: EMAIL_TEMPLATE_UI.save }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(EMAIL_TEMPLATE_MESSAGES.saveUnknownTitle);
    expect(alert).toHaveTextContent(EMAIL_TEMPLATE_MESSAGES.saveUnknown);
    expect(alert).not.toHaveTextContent(EMAIL_TEMPLATE_MESSAGES.saveFailedTitle);

    // Read again before the paused write ran: still unknown.
    await user.click(screen.getByRole('button', { name: 'Leer de nuevo' }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByRole('alert')).toHaveTextContent(EMAIL_TEMPLATE_MESSAGES.saveUnknownTitle);

    // The paused write completed; the list read again shows it: saved, nothing left to save.
    stored = { ...EDITED, body: sent, versionId: '4' };
    await user.click(screen.getByRole('button', { name: 'Leer de nuevo' }));
    await waitFor(() => expect(screen.queryByText(EMAIL_TEMPLATE_MESSAGES.saveUnknownTitle)).toBeNull());
    expect(screen.queryByText(EMAIL_TEMPLATE_MESSAGES.saveFailedTitle)).toBeNull();
    expect(screen.queryByText(EMAIL_TEMPLATE_UI.unsaved)).toBeNull();
    expect(screen.getByRole('button', { name: EMAIL_TEMPLATE_UI.save })).toBeDisabled();
    expect(body).toHaveValue(sent);
  });

  it('says a save the server refused outright did not go through', async () => {
    const user = userEvent.setup();
    const refused: Mocks[number] = {
      request: { query: UPDATE_EMAIL_TEMPLATE, variables: () => true },
      error: new Error('Respuesta inesperada'),
    };
    renderPage([list(), preview, refused], '/panel/plantillas?clave=postulacion-recibida');
    const body = await screen.findByRole('textbox', { name: EMAIL_TEMPLATE_UI.body });
    fireEvent.change(body, { target: { value: 'Otro texto, {{nombre}}' } });
    await user.click(screen.getByRole('button', { name: EMAIL_TEMPLATE_UI.save }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(EMAIL_TEMPLATE_MESSAGES.saveFailedTitle);
    expect(alert).toHaveTextContent(EMAIL_TEMPLATE_MESSAGES.saveFailed);
  });

  it('says a save answered with an unexpected server error (INTERNAL) may have gone through', async () => {
    const user = userEvent.setup();
    const internal: Mocks[number] = {
      request: { query: UPDATE_EMAIL_TEMPLATE, variables: () => true },
      result: { errors: [{ message: 'Error interno del servidor.', extensions: { code: 'INTERNAL' } }] },
    };
    renderPage([list(), preview, internal], '/panel/plantillas?clave=postulacion-recibida');
    const body = await screen.findByRole('textbox', { name: EMAIL_TEMPLATE_UI.body });
    fireEvent.change(body, { target: { value: 'Otro texto, {{nombre}}' } });
    await user.click(screen.getByRole('button', { name: EMAIL_TEMPLATE_UI.save }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(EMAIL_TEMPLATE_MESSAGES.saveUnknownTitle);
    expect(alert).not.toHaveTextContent(EMAIL_TEMPLATE_MESSAGES.saveFailedTitle);
  });

  it('insertAt replaces the selection and puts the caret after the placeholder', () => {
    expect(insertAt('Hola mundo', 5, 10, '{{nombre}}')).toEqual({ value: 'Hola {{nombre}}', caret: 15 });
  });
});
