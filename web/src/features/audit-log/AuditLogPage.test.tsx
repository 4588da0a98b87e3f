import '../../test/backoffice-env';
import { AUDIT_MESSAGES } from '@bolsa/domain';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders, type Mocks } from '../../test/render';
import { viewer } from '../../test/session';
import { AuditLogPage } from '.';
import { AUDIT_LOG, VERIFY_AUDIT_LOG } from './operations';

const NO_FILTER = { actor: null, action: null, target: null, from: null, to: null };
const vars = (filter: object = NO_FILTER, page = 1) => ({ filter, page, pageSize: 25 });
const page = (items: object[], totalCount = items.length) => ({
  data: { auditLog: { __typename: 'AuditLogPage' as const, totalCount, page: 1, pageSize: 25, items } },
});
const ITEM = {
  __typename: 'AuditLogEntry' as const,
  id: '41',
  // 02:30 UTC is 20:30 of the day before in Guatemala.
  at: '2026-11-27T02:30:00.000Z',
  actorKind: 'USER' as const,
  actorName: 'Administrador Demo',
  action: 'plaza.eliminar',
  actionLabel: 'Plaza eliminada',
  targetLabel: 'Plaza #12',
  detail: 'Candidatos eliminados: 3',
  address: '203.0.113.7',
};
const verification = (v: object) => ({
  data: { verifyAuditLog: { __typename: 'AuditLogVerification' as const, brokenId: null, brokenAt: null, ...v } },
});

const render = (mocks: Mocks) => renderWithProviders(<AuditLogPage />, { mocks, viewer: viewer('ADMIN') });

describe('/panel/auditoria', { timeout: 20_000 }, () => {
  it('shows each row: date in Guatemala, actor, action in words, target, detail and address', async () => {
    render([
      {
        request: { query: AUDIT_LOG, variables: vars() },
        result: page([ITEM, { ...ITEM, id: '40', actorKind: 'TOKEN', actorName: 'Nómina', detail: '', address: null }]),
      },
    ]);
    const table = await screen.findByRole('table', { name: 'Bitácora de auditoría' });
    const rows = within(table).getAllByRole('row');
    expect(
      within(rows[1]!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual([
      '26/11/2026 20:30',
      'Administrador Demo',
      'Plaza eliminada',
      'Plaza #12',
      'Candidatos eliminados: 3',
      '203.0.113.7',
    ]);
    expect(
      within(rows[2]!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['26/11/2026 20:30', 'Nómina (token de API)', 'Plaza eliminada', 'Plaza #12', '—', '—']);
    expect(screen.getByRole('link', { name: /Exportar CSV/ })).toHaveAttribute('href', '/reports/auditoria.csv');
  });

  it('filters by action and target, and the CSV link carries the same filter', async () => {
    const filter = { actor: 'ana', action: 'usuario.rol', target: { kind: 'usuario', id: '7' }, from: null, to: null };
    render([
      { request: { query: AUDIT_LOG, variables: vars() }, result: page([ITEM]) },
      {
        request: { query: AUDIT_LOG, variables: vars(filter) },
        result: page([{ ...ITEM, action: 'usuario.rol', actionLabel: 'Cambio de rol', targetLabel: 'Usuario #7' }]),
      },
    ]);
    await screen.findByRole('table');
    fireEvent.change(screen.getByLabelText('Actor'), { target: { value: 'ana' } });
    fireEvent.change(screen.getByLabelText('Acción'), { target: { value: 'usuario.rol' } });
    fireEvent.change(screen.getByLabelText('Objetivo'), { target: { value: 'usuario' } });
    fireEvent.change(screen.getByLabelText('Número'), { target: { value: '7' } });
    fireEvent.click(screen.getByRole('button', { name: 'Filtrar' }));
    expect(await within(screen.getByRole('table')).findByText('Usuario #7')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Exportar CSV/ })).toHaveAttribute(
      'href',
      '/reports/auditoria.csv?actor=ana&action=usuario.rol&targetKind=usuario&targetId=7',
    );
  });

  it('filters templates by name, and refuses a number no row can have', async () => {
    const filter = {
      actor: null,
      action: null,
      target: { kind: 'plantilla', id: 'postulacion-recibida' },
      from: null,
      to: null,
    };
    render([
      { request: { query: AUDIT_LOG, variables: vars() }, result: page([ITEM]) },
      {
        request: { query: AUDIT_LOG, variables: vars(filter) },
        result: page([{ ...ITEM, targetLabel: 'Plantilla «Postulación recibida»' }]),
      },
    ]);
    await screen.findByRole('table');
    fireEvent.change(screen.getByLabelText('Objetivo'), { target: { value: 'plaza' } });
    fireEvent.change(screen.getByLabelText('Número'), { target: { value: '99999999999' } });
    expect(screen.getByLabelText('Número')).toHaveAttribute('maxlength', '10');
    fireEvent.change(screen.getByLabelText('Número'), { target: { value: '9999999999' } });
    fireEvent.click(screen.getByRole('button', { name: 'Filtrar' }));
    expect(await screen.findByText(AUDIT_MESSAGES.targetNumberInvalid)).toBeInTheDocument();
    // A template is chosen by its name; the number typed for a plaza does not carry over.
    fireEvent.change(screen.getByLabelText('Objetivo'), { target: { value: 'plantilla' } });
    expect(screen.queryByLabelText('Número')).toBeNull();
    fireEvent.change(screen.getByLabelText('Plantilla'), { target: { value: 'postulacion-recibida' } });
    fireEvent.click(screen.getByRole('button', { name: 'Filtrar' }));
    expect(await within(screen.getByRole('table')).findByText('Plantilla «Postulación recibida»')).toBeInTheDocument();
  });

  it('refuses a reversed range before asking', async () => {
    render([{ request: { query: AUDIT_LOG, variables: vars() }, result: page([ITEM]) }]);
    await screen.findByRole('table');
    await userEvent.click(screen.getByLabelText('Hasta'));
    await userEvent.click(screen.getAllByRole('button', { name: /^10 de / })[0]!);
    await userEvent.click(screen.getByLabelText('Desde'));
    await userEvent.click(screen.getAllByRole('button', { name: /^20 de / })[0]!);
    expect(await screen.findByText(AUDIT_MESSAGES.rangeInvalid)).toBeInTheDocument();
  });

  it('says when there is nothing, and when the log could not be read', async () => {
    const { unmount } = render([{ request: { query: AUDIT_LOG, variables: vars() }, result: page([]) }]);
    expect(await screen.findByRole('status')).toHaveTextContent(AUDIT_MESSAGES.empty);
    unmount();
    render([{ request: { query: AUDIT_LOG, variables: vars() }, error: new Error('caído') }]);
    expect(await screen.findByText(AUDIT_MESSAGES.loadError)).toBeInTheDocument();
  });

  it("'Verificar integridad' says the log is intact, or names the altered row", async () => {
    const message = 'La bitácora está íntegra: 120 registros verificados.';
    const { unmount } = render([
      { request: { query: AUDIT_LOG, variables: vars() }, result: page([ITEM]) },
      { request: { query: VERIFY_AUDIT_LOG }, result: verification({ ok: true, count: 120, message }) },
    ]);
    await screen.findByRole('table');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Verificar integridad' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    unmount();
    const broken = 'Registro alterado: #41 del 26/11/2026 20:30.';
    render([
      { request: { query: AUDIT_LOG, variables: vars() }, result: page([ITEM]) },
      {
        request: { query: VERIFY_AUDIT_LOG },
        result: verification({ ok: false, count: 40, brokenId: '41', brokenAt: ITEM.at, message: broken }),
      },
    ]);
    await screen.findByRole('table');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Verificar integridad' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(broken);
  });
});
