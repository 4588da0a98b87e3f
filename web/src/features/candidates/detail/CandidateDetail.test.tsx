import '../../../test/backoffice-env';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { dayjs, todayInGuatemala } from '@bolsa/domain';
import type { CandidateState } from '../../../gql/graphql';
import { renderWithProviders, type Mocks } from '../../../test/render';
import { viewerMock } from '../../../test/vacancy-fixtures';
import { HIRE_CANDIDATE, START_FOLLOW_UP } from '../actions/operations';
import { CandidateDetail, DETAIL_MESSAGES } from './CandidateDetail';
import { CANDIDATE_DETAIL } from './operations';
import type { CandidateDetailData } from './types';

const file = (id: string, kind: 'PHOTO' | 'CURRICULUM', label: string) => ({
  __typename: 'CandidateFile' as const,
  id,
  kind,
  label,
  name: kind === 'PHOTO' ? 'foto.jpg' : 'cv.pdf',
  mimeType: kind === 'PHOTO' ? 'image/jpeg' : 'application/pdf',
  size: 204_800,
  uploadedAt: '2026-11-02T10:00:00Z',
  url: `/files/candidatos/postulacion/${id}`,
});

function candidate(over: Partial<CandidateDetailData> = {}): CandidateDetailData & { __typename: 'Candidate' } {
  return {
    __typename: 'Candidate',
    id: '41',
    firstName: 'María José',
    lastName: 'Pérez Gómez',
    fullName: 'María José Pérez Gómez',
    email: 'maria.perez@example.com',
    phone: '55551234',
    dpi: '2456789010101',
    address: 'Zona 1, Guatemala',
    age: 29,
    maritalStatus: 'Soltera',
    educationLevel: 'Licenciatura',
    studying: false,
    availableImmediately: true,
    salaryExpectation: 4500,
    negotiable: true,
    state: 'APPLIED',
    registeredAt: '2026-11-01',
    vacancyId: '7',
    vacancies: [
      {
        __typename: 'AppliedVacancy',
        vacancyId: '7',
        name: 'Enfermera profesional',
        position: 'Enfermería',
        appliedAt: '2026-11-01T15:30:00Z',
        branchName: 'Sede Central',
        place: null,
      },
    ],
    experiences: [
      {
        __typename: 'CandidateExperience',
        company: 'Hospital San Juan',
        position: 'Auxiliar de enfermería',
        from: '2019-02-01',
        to: '1900-01-01',
        description: null,
      },
    ],
    references: [
      { __typename: 'CandidateReference', kind: 'PERSONAL', name: 'Luisa Ramírez', phone: '44443333' },
      { __typename: 'CandidateReference', kind: 'WORK', name: 'Dr. Óscar Ruiz', phone: null },
    ],
    photo: file('p1', 'PHOTO', 'Fotografía'),
    documents: [file('d1', 'CURRICULUM', 'Currículum')],
    registered: false,
    userId: null,
    dataErased: false,
    erasedByRetention: false,
    allowedStates: ['FOLLOW_UP', 'REJECTED'],
    timeline: [
      {
        __typename: 'StateChangeEvent',
        at: '2026-11-01T15:30:00Z',
        from: null,
        to: 'APPLIED',
        by: null,
        note: null,
      },
      {
        __typename: 'EmailEvent',
        at: '2026-11-01T15:30:01Z',
        subject: 'Recibimos tu postulación',
        status: 'SENT',
        attempts: 1,
        sentAt: '2026-11-01T15:30:05Z',
      },
      {
        __typename: 'EmailEvent',
        at: '2026-11-02T09:00:00Z',
        subject: 'Tu perfil está en seguimiento',
        status: 'FAILED',
        attempts: 6,
        sentAt: null,
      },
      { __typename: 'FileAccessEvent', at: '2026-11-03T09:00:00Z', openedBy: 'Gabriel Gestor', document: 'CURRICULUM' },
    ],
    ...over,
  } as CandidateDetailData & { __typename: 'Candidate' };
}

const detailMock = (c: unknown, times = 1): Mocks[number] => ({
  request: { query: CANDIDATE_DETAIL, variables: { id: '41' } },
  result: { data: { candidate: c } },
  maxUsageCount: times,
});

function renderDetail(mocks: Mocks, role: 'ADMIN' | 'MANAGER' | 'VIEWER' = 'MANAGER') {
  return renderWithProviders(
    <Routes>
      <Route path="/panel/detallecandidato/:id" element={<CandidateDetail id="41" />} />
      <Route path="/panel/candidatos" element={<h1>Bandeja de candidatos</h1>} />
    </Routes>,
    { mocks: [viewerMock(role), ...mocks], route: '/panel/detallecandidato/41' },
  );
}

/** Shown once the session's role is known. */
const followUp = () => screen.findByRole('button', { name: 'Iniciar seguimiento' });

const payload = (state: CandidateState | null, error: unknown = null, emailQueued = true) => ({
  __typename: 'CandidatePayload',
  emailQueued,
  candidate: state && { __typename: 'Candidate', id: '41', state, allowedStates: ['REJECTED'] },
  error,
});

describe('candidate detail (spec 3 §2.2)', () => {
  it('shows the header, the four tabs and the timeline with delivery badges', async () => {
    const user = userEvent.setup();
    renderDetail([detailMock(candidate())]);
    expect(await screen.findByRole('heading', { level: 1, name: 'María José Pérez Gómez' })).toBeInTheDocument();
    expect(screen.getByText('Postulado')).toBeInTheDocument();
    expect(await followUp()).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Imprimir Resumen' })).toBeInTheDocument();
    // Not registered on the platform: no document request.
    expect(screen.queryByRole('button', { name: /Documentos a actualizar/ })).not.toBeInTheDocument();
    expect(within(screen.getByRole('tabpanel')).getByText('Q 4,500.00 (negociable)')).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'Datos Personales',
      'Experiencia',
      'Referencias',
      'Documentos (1)',
    ]);

    await user.click(screen.getByRole('tab', { name: 'Experiencia' }));
    expect(within(screen.getByRole('tabpanel')).getByText('01/02/2019 – Actualidad')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Referencias' }));
    expect(within(screen.getByRole('tabpanel')).getByText('Luisa Ramírez')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Documentos (1)' }));
    const open = screen.getByRole('link', { name: /Abrir Currículum/ });
    expect(open).toHaveAttribute('href', '/files/candidatos/postulacion/d1');
    expect(open).toHaveAttribute('target', '_blank');

    const timeline = screen.getByRole('region', { name: 'Historial' });
    expect(within(timeline).getByText('Enviado')).toBeInTheDocument();
    expect(within(timeline).getByText('Fallido')).toBeInTheDocument();
    expect(within(timeline).getByText('Documento abierto: Currículum')).toBeInTheDocument();
    expect(within(timeline).getByText('Estado inicial: Postulado')).toBeInTheDocument();
    // Newest first.
    const titles = within(timeline)
      .getAllByText(/^(Correo|Documento|Estado)/)
      .map((e) => e.textContent);
    expect(titles[0]).toBe('Documento abierto: Currículum');
  });

  it('prints the sections of the summary with dd/mm/yyyy, Actualidad and Q', async () => {
    renderDetail([detailMock(candidate())]);
    await screen.findByRole('heading', { level: 1 });
    const sheet = document.body.querySelector('.candidate-print-summary');
    expect(sheet).not.toBeNull();
    const headings = [...sheet!.querySelectorAll('h2')].map((h) => h.textContent);
    expect(headings).toEqual([
      'Información personal',
      'Educación',
      'Experiencia laboral',
      'Referencias',
      'Plaza aplicada',
      'Pretensión salarial y disponibilidad',
    ]);
    const text = sheet!.textContent ?? '';
    expect(text).toContain('01/02/2019');
    expect(text).toContain('Actualidad');
    expect(text).toContain('01/11/2026');
    expect(text).toContain('Q 4,500.00');
    expect(text).toContain('Inmediata');
  });

  it('says when the candidate does not exist', async () => {
    renderDetail([detailMock(null)]);
    expect(await screen.findByText(DETAIL_MESSAGES.notFound)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Volver' })).toBeInTheDocument();
  });

  it('says when the candidate could not be loaded, with Volver', async () => {
    const user = userEvent.setup();
    renderDetail([{ request: { query: CANDIDATE_DETAIL, variables: { id: '41' } }, error: new Error('boom') }]);
    expect(await screen.findByText(DETAIL_MESSAGES.loadFailed)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Volver' }));
    expect(await screen.findByRole('heading', { name: 'Bandeja de candidatos' })).toBeInTheDocument();
  });

  it('shows nothing personal of an erased candidate', async () => {
    renderDetail([
      detailMock(
        candidate({
          dataErased: true,
          fullName: DETAIL_MESSAGES.erased,
          firstName: '',
          lastName: null,
          dpi: null,
          email: null,
          phone: null,
          photo: null,
          documents: [],
          experiences: [],
          references: [],
        }),
      ),
    ]);
    expect(await screen.findAllByText(DETAIL_MESSAGES.erased)).not.toHaveLength(0);
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Imprimir Resumen' })).not.toBeInTheDocument();
    expect(document.body.querySelector('.candidate-print-summary')).toBeNull();
  });

  it("offers 'Documentos a actualizar' only for a registered candidate", async () => {
    renderDetail([detailMock(candidate({ registered: true }))]);
    const button = await screen.findByRole('button', { name: 'Documentos a actualizar' });
    expect(button).toBeEnabled();
  });
});

describe('candidate detail actions (spec 3 §4.1, §4.5)', () => {
  it("'Iniciar seguimiento' saves and goes back to the inbox", async () => {
    const user = userEvent.setup();
    renderDetail([
      detailMock(candidate(), 3),
      {
        request: { query: START_FOLLOW_UP, variables: { id: '41', expectedState: 'APPLIED' } },
        result: { data: { startFollowUp: payload('FOLLOW_UP') } },
      },
    ]);
    await user.click(await followUp());
    expect(await screen.findByRole('heading', { name: 'Bandeja de candidatos' })).toBeInTheDocument();
    expect(await screen.findByText('Estado actualizado')).toBeInTheDocument();
  });

  it("tells a viewer 'Solo lectura' and sends nothing", async () => {
    const user = userEvent.setup();
    renderDetail([detailMock(candidate({ allowedStates: [] }))], 'VIEWER');
    await user.click(await followUp());
    const dialog = await screen.findByRole('dialog', { name: 'Solo lectura' });
    expect(within(dialog).getByText('Tu rol no permite iniciar seguimiento para este candidato.')).toBeInTheDocument();
    // A viewer gets no step buttons.
    expect(screen.queryByRole('group', { name: 'Etapas del proceso' })).not.toBeInTheDocument();
  });

  it('explains a change someone else made meanwhile and reloads the candidate', async () => {
    const user = userEvent.setup();
    renderDetail([
      detailMock(candidate()),
      {
        request: { query: START_FOLLOW_UP, variables: { id: '41', expectedState: 'APPLIED' } },
        result: {
          data: {
            startFollowUp: payload(null, {
              __typename: 'TransitionNotAllowed',
              message: 'Cambio de estado no permitido según el flujo de trabajo',
              state: 'INTERVIEW',
              allowed: ['INDUCTION', 'REJECTED'],
            }),
          },
        },
      },
      detailMock(candidate({ state: 'INTERVIEW', allowedStates: ['INDUCTION', 'REJECTED'] })),
    ]);
    await user.click(await followUp());
    const dialog = await screen.findByRole('dialog', { name: 'Cambio no permitido' });
    expect(within(dialog).getByText(/a 'Entrevista' mientras lo veías/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Entendido' }));
    // Reloaded: the badge shows the new state and follow-up is no longer offered.
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Iniciar seguimiento' })).not.toBeInTheDocument());
    expect(screen.getAllByText('Entrevista').length).toBeGreaterThan(0);
  });

  it('disables the hire step outside inducción', async () => {
    renderDetail([detailMock(candidate({ state: 'INTERVIEW', allowedStates: ['INDUCTION', 'REJECTED'] }))]);
    const contratar = await screen.findByRole('button', { name: 'Contratar' });
    // The step button itself is disabled outside inducción.
    expect(contratar).toBeDisabled();
  });

  it('hires: all fields required, then asks to hire anyway when the e-mail cannot be queued', async () => {
    const user = userEvent.setup();
    const today = todayInGuatemala();
    const hire = (force: boolean) => ({
      request: {
        query: HIRE_CANDIDATE,
        variables: { id: '41', date: today, time: '08:30', place: 'Sede Central', force, expectedState: 'INDUCTION' },
      },
      result: {
        data: {
          hireCandidate: force
            ? payload('HIRED', null, false)
            : payload(null, { __typename: 'EmailNotQueued', message: 'El candidato no tiene correo electrónico.' }),
        },
      },
    });
    renderDetail([
      detailMock(candidate({ state: 'INDUCTION', allowedStates: ['HIRED', 'REJECTED'] }), 3),
      hire(false),
      hire(true),
    ]);
    await user.click(await screen.findByRole('button', { name: 'Contratar' }));
    const dialog = await screen.findByRole('dialog', { name: /Contratar a/ });
    await user.click(within(dialog).getByRole('button', { name: 'Contratar' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Debes completar fecha, hora y lugar');
    // Said once; the three empty fields are marked, not captioned with the same sentence.
    expect(within(dialog).getAllByText('Debes completar fecha, hora y lugar')).toHaveLength(1);
    expect(within(dialog).getByRole('textbox', { name: /Lugar/ })).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByLabelText(/Hora/)).toHaveAttribute('aria-invalid', 'true');

    await user.click(within(dialog).getByRole('button', { name: /Fecha/ }));
    const label = dayjs(today).locale('es').format('D [de] MMMM [de] YYYY');
    await user.click(await screen.findByRole('button', { name: label }));
    await user.type(within(dialog).getByLabelText(/Hora/), '08:30');
    await user.type(within(dialog).getByRole('textbox', { name: /Lugar/ }), 'Sede Central');
    await user.click(within(dialog).getByRole('button', { name: 'Contratar' }));

    expect(await within(dialog).findByText('No se pudo enviar el correo')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Contratar de todas formas' }));
    expect(await screen.findByText('Candidato contratado')).toBeInTheDocument();
    expect(screen.getByText('Se movió al Historial.')).toBeInTheDocument();
  });
});
