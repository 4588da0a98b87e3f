import '../../../test/backoffice-env';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { DOCUMENT_REQUEST_MESSAGES as M } from '@bolsa/domain';
import { renderWithProviders, type Mocks } from '../../../test/render';
import { viewerMock } from '../../../test/vacancy-fixtures';
import { CandidateDetail } from './CandidateDetail';
import { CANDIDATE_DETAIL, REQUEST_DOCUMENTS } from './operations';
import type { CandidateDetailData } from './types';

const COMMENT = 'Tu currículum está desactualizado, súbelo de nuevo.';

function candidate(over: Partial<CandidateDetailData> = {}) {
  return {
    __typename: 'Candidate',
    id: '41',
    firstName: 'Rosa',
    lastName: 'Ajú',
    fullName: 'Rosa Ajú',
    email: 'rosa.aju@example.com',
    phone: '55551234',
    dpi: '2456789010101',
    address: 'Zona 1, Guatemala',
    age: 31,
    maritalStatus: null,
    educationLevel: null,
    studying: null,
    availableImmediately: null,
    salaryExpectation: null,
    negotiable: null,
    state: 'FOLLOW_UP',
    registeredAt: '2026-11-01',
    vacancyId: '7',
    vacancies: [],
    experiences: [],
    references: [],
    photo: null,
    documents: [],
    registered: true,
    userId: '9',
    dataErased: false,
    erasedByRetention: false,
    allowedStates: ['REJECTED'],
    timeline: [
      { __typename: 'StateChangeEvent', at: '2026-11-01T15:30:00Z', from: null, to: 'APPLIED', by: null, note: null },
    ],
    ...over,
  } as CandidateDetailData & { __typename: 'Candidate' };
}

type TimelineEvent = CandidateDetailData['timeline'][number];

const requested = (at: string): TimelineEvent => ({
  __typename: 'DocumentRequestEvent',
  at,
  requestBy: 'Gabriel Gestor',
  requestAction: 'REQUESTED',
  requestedDocuments: ['CURRICULUM', 'CRIMINAL_RECORD'],
  comment: COMMENT,
});

const detailMock = (c: unknown): Mocks[number] => ({
  request: { query: CANDIDATE_DETAIL, variables: { id: '41' } },
  result: { data: { candidate: c } },
});

const requestMock = (answer: { emailQueued: boolean; error?: unknown } | Error): Mocks[number] => ({
  request: {
    query: REQUEST_DOCUMENTS,
    variables: { candidateId: '41', documents: ['CURRICULUM', 'CRIMINAL_RECORD'], comment: COMMENT },
  },
  ...(answer instanceof Error
    ? { error: answer }
    : {
        result: {
          data: {
            requestDocuments: {
              __typename: 'DocumentRequestPayload',
              emailQueued: answer.emailQueued,
              request: answer.emailQueued
                ? {
                    __typename: 'DocumentRequest',
                    id: '5',
                    documents: ['CURRICULUM', 'CRIMINAL_RECORD'],
                    expiresAt: '2026-11-30T10:00:00Z',
                  }
                : null,
              error: answer.error ?? null,
            },
          },
        },
      }),
});

function renderDetail(mocks: Mocks, role: 'ADMIN' | 'MANAGER' | 'VIEWER' = 'MANAGER') {
  return renderWithProviders(
    <Routes>
      <Route path="/panel/detallecandidato/:id" element={<CandidateDetail id="41" />} />
    </Routes>,
    { mocks: [viewerMock(role), ...mocks], route: '/panel/detallecandidato/41' },
  );
}

async function openDialog(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Documentos a actualizar' }, { timeout: 5000 }));
  return screen.findByRole('dialog', { name: 'Documentos a actualizar' });
}

/** Ticks Currículum and Antecedentes penales, writes the comment and goes to the confirmation. */
async function fillAndReview(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement) {
  // Ticked out of order: the request keeps the spec's order.
  await user.click(within(dialog).getByRole('checkbox', { name: 'Antecedentes penales' }));
  await user.click(within(dialog).getByRole('checkbox', { name: 'Currículum' }));
  await user.click(within(dialog).getByRole('textbox', { name: /Comentario/ }));
  await user.paste(COMMENT);
  await user.click(within(dialog).getByRole('button', { name: 'Continuar' }));
  await within(dialog).findByRole('heading', { name: 'Confirma la solicitud' });
}

// Several dialogs' worth of clicks each: slow on a busy machine.
describe("'Documentos a actualizar' (spec 3 §2.6, §5)", { timeout: 30_000 }, () => {
  it('validates, confirms recipient, documents and comment, sends, and shows the request on the timeline', async () => {
    const user = userEvent.setup();
    renderDetail([
      detailMock(candidate()),
      requestMock({ emailQueued: true }),
      detailMock(candidate({ timeline: [...candidate().timeline, requested('2026-11-23T21:00:00Z')] })),
    ]);
    const dialog = await openDialog(user);
    // The four documents, one label each (the DPI scan is one document, however the REST list
    // spells it), labelled as the profile labels them; the first has the focus.
    expect(
      within(dialog)
        .getAllByRole('checkbox')
        .map((c) => (c as HTMLInputElement).labels?.[0]?.textContent),
    ).toEqual(['Currículum', 'DPI escaneado', 'Antecedentes policiales', 'Antecedentes penales']);
    await waitFor(() => expect(within(dialog).getByRole('checkbox', { name: 'Currículum' })).toHaveFocus());

    await user.click(within(dialog).getByRole('button', { name: 'Continuar' }));
    expect(within(dialog).getByText(M.documentsRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(M.commentRequired)).toBeInTheDocument();

    await user.click(within(dialog).getByRole('checkbox', { name: 'Currículum' }));
    await user.click(within(dialog).getByRole('textbox', { name: /Comentario/ }));
    await user.paste(' corto ');
    await user.click(within(dialog).getByRole('button', { name: 'Continuar' }));
    expect(within(dialog).queryByText(M.documentsRequired)).not.toBeInTheDocument();
    expect(within(dialog).getByText(M.commentRequired)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Currículum' }));
    await user.clear(within(dialog).getByRole('textbox', { name: /Comentario/ }));

    await fillAndReview(user, dialog);
    expect(within(dialog).getByText('Rosa Ajú · rosa.aju@example.com')).toBeInTheDocument();
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Currículum', 'Antecedentes penales']);
    expect(within(dialog).getByText(COMMENT)).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByText('Solicitud de documentos enviada')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Documentos a actualizar' })).not.toBeInTheDocument(),
    );
    const timeline = screen.getByRole('region', { name: 'Historial' });
    expect(
      await within(timeline).findByText('Documentos solicitados: Currículum, Antecedentes penales'),
    ).toBeInTheDocument();
    expect(within(timeline).getByText(COMMENT)).toBeInTheDocument();
  });

  it("says 'Error al enviar' when the e-mail could not be queued, and keeps the request to retry", async () => {
    const user = userEvent.setup();
    renderDetail([detailMock(candidate()), requestMock({ emailQueued: false })]);
    const dialog = await openDialog(user);
    await fillAndReview(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Enviar' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent(M.failedTitle);
    expect(alert).toHaveTextContent(M.failed);
    expect(within(dialog).getByRole('button', { name: 'Enviar' })).toBeEnabled();
  });

  it("says 'Error al enviar' when the server cannot be reached", async () => {
    const user = userEvent.setup();
    renderDetail([detailMock(candidate()), requestMock(new Error('Failed to fetch'))]);
    const dialog = await openDialog(user);
    await fillAndReview(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Enviar' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(M.failed);
  });

  it("shows the server's validation message", async () => {
    const user = userEvent.setup();
    renderDetail([
      detailMock(candidate()),
      requestMock({
        emailQueued: false,
        error: { __typename: 'ValidationFailed', message: M.noEmail, fields: [] },
      }),
    ]);
    const dialog = await openDialog(user);
    await fillAndReview(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Enviar' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(M.noEmail);
  });

  it('goes back from the confirmation with what was chosen', async () => {
    const user = userEvent.setup();
    renderDetail([detailMock(candidate())]);
    const dialog = await openDialog(user);
    await fillAndReview(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Volver' }));
    expect(within(dialog).getByRole('checkbox', { name: 'Currículum' })).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: 'Antecedentes penales' })).toBeChecked();
    expect(within(dialog).getByRole('textbox', { name: /Comentario/ })).toHaveValue(COMMENT);
  });

  it('refuses a candidate without e-mail', async () => {
    const user = userEvent.setup();
    renderDetail([detailMock(candidate({ email: null }))]);
    const dialog = await openDialog(user);
    expect(within(dialog).getByRole('alert')).toHaveTextContent(M.noEmail);
    expect(within(dialog).queryByRole('button', { name: 'Continuar' })).not.toBeInTheDocument();
  });

  it('is not offered to a viewer', async () => {
    renderDetail([detailMock(candidate())], 'VIEWER');
    await screen.findByRole('heading', { level: 1, name: 'Rosa Ajú' });
    // Wait until the role is known (the print button is there from the start).
    await screen.findByRole('button', { name: 'Imprimir Resumen' });
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('button', { name: 'Documentos a actualizar' })).not.toBeInTheDocument();
  });

  it('shows the fulfilment on the timeline', async () => {
    renderDetail([
      detailMock(
        candidate({
          timeline: [
            requested('2026-11-20T10:00:00Z'),
            {
              __typename: 'DocumentRequestEvent',
              at: '2026-11-21T10:00:00Z',
              requestBy: null,
              requestAction: 'FULFILLED',
              requestedDocuments: ['CURRICULUM', 'CRIMINAL_RECORD'],
              comment: null,
            },
          ] as CandidateDetailData['timeline'],
        }),
      ),
    ]);
    const timeline = await screen.findByRole('region', { name: 'Historial' });
    const titles = within(timeline)
      .getAllByText(/^Documentos/)
      .map((e) => e.textContent);
    expect(titles).toEqual([
      'Documentos actualizados: Currículum, Antecedentes penales',
      'Documentos solicitados: Currículum, Antecedentes penales',
    ]);
    expect(within(timeline).getByText(/^Candidato ·/)).toBeInTheDocument();
  });
});
