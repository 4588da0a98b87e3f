import { screen, waitFor, within } from '@testing-library/react';
import { GraphQLError } from 'graphql';
import { describe, expect, it } from 'vitest';
import type { MyApplicationsQuery } from '../../gql/graphql';
import { renderWithProviders, type Mocks } from '../../test/render';
import { viewer } from '../../test/session';
import { MyApplications } from './MyApplications';
import { MARK_APPLICATIONS_SEEN, MY_APPLICATIONS } from './operations';
import { typed } from './test-fixtures';

type Row = MyApplicationsQuery['myApplications'][number];
const row = (over: Partial<Row>): Row =>
  typed<Row>('MyApplication', {
    id: '1',
    state: 'APPLIED',
    previousState: null,
    vacancyId: '7',
    vacancyName: 'Enfermera Auxiliar',
    appliedAt: '2026-11-02T15:00:00Z',
    branchId: '3',
    branchName: 'Clínica Cobán',
    place: 'Cobán, Alta Verapaz',
    interview: null,
    ...over,
  });

function listMock(rows: Row[] | Error): Mocks[number] {
  return rows instanceof Error
    ? { request: { query: MY_APPLICATIONS }, error: rows }
    : { request: { query: MY_APPLICATIONS }, result: { data: { myApplications: rows } } };
}

function render(mocks: Mocks) {
  return renderWithProviders(<MyApplications />, { mocks, route: '/perfil', viewer: viewer('CANDIDATE') });
}

const steps = (card: HTMLElement) =>
  within(card)
    .getAllByRole('listitem')
    .map((li) => li.getAttribute('data-status'));

describe('Mis Postulaciones', () => {
  it('shows each application with its badge, tracker, message, date and branch', async () => {
    const seen = { marked: 0 };
    render([
      listMock([
        row({ id: '1', state: 'FOLLOW_UP', previousState: 'APPLIED' }),
        row({ id: '2', state: 'HIRED', vacancyName: 'Médico General', appliedAt: null, branchName: null }),
        row({ id: '3', state: 'REJECTED', vacancyName: 'Contador', branchName: null, branchId: null, place: null }),
      ]),
      {
        request: { query: MARK_APPLICATIONS_SEEN },
        result: () => {
          seen.marked++;
          return { data: { markMyApplicationsSeen: true } };
        },
      },
    ]);
    const cards = await screen.findAllByRole('article');
    expect(cards).toHaveLength(3);
    const [followUp, hired, rejected] = cards as [HTMLElement, HTMLElement, HTMLElement];

    expect(within(followUp).getByText('En seguimiento', { selector: '.mantine-Badge-label' })).toBeInTheDocument();
    expect(within(followUp).getByText('Estado actualizado: postulado → en seguimiento')).toBeInTheDocument();
    expect(within(followUp).getByText('Tu perfil está en seguimiento por GTH.')).toBeInTheDocument();
    expect(within(followUp).getByText('Fecha de aplicación: 02/11/2026')).toBeInTheDocument();
    expect(within(followUp).getByText('Clínica Cobán · Cobán, Alta Verapaz')).toBeInTheDocument();
    expect(steps(followUp)).toEqual(['done', 'current', 'pending', 'pending', 'pending', 'pending']);

    // contratado fills all; rechazado none (spec 1 §4).
    expect(steps(hired)).toEqual(Array(6).fill('done'));
    expect(within(hired).getByText('Fecha de aplicación: Fecha no disponible')).toBeInTheDocument();
    expect(within(hired).getByText('Sede 3 · Cobán, Alta Verapaz')).toBeInTheDocument();
    expect(within(hired).queryByText(/Estado actualizado/)).toBeNull();
    expect(steps(rejected)).toEqual(Array(6).fill('pending'));
    expect(within(rejected).getByText('Sede no especificada')).toBeInTheDocument();
    expect(
      within(rejected).getByText('Gracias por tu interés. Te invitamos a postularte a otras vacantes.'),
    ).toBeInTheDocument();

    // The change was on screen: the server records it as seen.
    await waitFor(() => expect(seen.marked).toBe(1));
    expect(within(followUp).getByText('Estado actualizado: postulado → en seguimiento')).toBeInTheDocument();
  });

  it('gives a state it does not know the message for any other state, and no progress (spec 1 §4)', async () => {
    render([listMock([row({ state: null })])]);
    const card = await screen.findByRole('article');
    expect(within(card).getByText('GTH se contactará contigo próximamente.')).toBeInTheDocument();
    expect(within(card).getByText('Sin definir', { selector: '.mantine-Badge-label' })).toBeInTheDocument();
    expect(steps(card)).toEqual(Array(6).fill('pending'));
    expect(within(card).queryByText('Tu postulación ha sido recibida. GTH se contactará contigo.')).toBeNull();
  });

  it('does not mark anything as seen when nothing changed', async () => {
    render([listMock([row({})])]);
    await screen.findByRole('article');
    expect(screen.queryByText(/Estado actualizado/)).toBeNull();
  });

  it('has a way to the vacancies when there are none', async () => {
    render([listMock([])]);
    expect(await screen.findByText('Aún no tienes postulaciones.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ver vacantes' })).toHaveAttribute('href', '/');
  });

  it("says 'Error de conexión al cargar postulaciones' when the server cannot be reached", async () => {
    render([listMock(new TypeError('Failed to fetch'))]);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Error de conexión al cargar postulaciones')).toBeInTheDocument();
    expect(within(alert).getByRole('button', { name: 'Reintentar' })).toBeInTheDocument();
  });

  it("says 'Error al cargar postulaciones' when the server answers with an error", async () => {
    render([
      {
        request: { query: MY_APPLICATIONS },
        result: {
          errors: [
            new GraphQLError('No se pudo contactar al servidor.', { extensions: { code: 'UPSTREAM_UNAVAILABLE' } }),
          ],
        },
      },
    ]);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Error al cargar postulaciones')).toBeInTheDocument();
    expect(within(alert).queryByText('Error de conexión al cargar postulaciones')).toBeNull();
    expect(within(alert).getByRole('button', { name: 'Reintentar' })).toBeInTheDocument();
  });

  it('shows the scheduled interview: date, time and place (issue 12)', async () => {
    render([
      listMock([
        row({
          id: '1',
          state: 'INTERVIEW',
          interview: {
            date: '2026-12-03',
            from: '10:00',
            to: '11:30',
            mode: 'PRESENCIAL',
            place: 'Clínica Cobán · 5a avenida · Sala B2',
          },
        }),
      ]),
      { request: { query: MARK_APPLICATIONS_SEEN }, result: { data: { markMyApplicationsSeen: true } } },
    ]);
    const card = await screen.findByRole('article');
    expect(within(card).getByText('Entrevista programada')).toBeTruthy();
    expect(within(card).getByText(/03\/12\/2026 de 10:00 a 11:30/)).toBeTruthy();
    expect(within(card).getByText('Clínica Cobán · 5a avenida · Sala B2')).toBeTruthy();
  });
});
