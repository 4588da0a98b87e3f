import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeXhr } from '../../test/fake-xhr';
import { renderWithProviders, type Mocks } from '../../test/render';
import { viewer } from '../../test/session';
import { DOCUMENT_REQUEST, FULFIL_DOCUMENT_REQUEST } from './operations';
import { DocumentRequestPage, REQUEST_PAGE_MESSAGES as MSG } from './DocumentRequestPage';

const TOKEN = 'tok_abcdefghijklmnopqrstuvwxyz012345';

beforeEach(() => {
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  FakeXhr.sent = 0;
  FakeXhr.answer = { status: 201, body: { id: 'up-1', name: 'cv.pdf', size: 4, type: 'application/pdf' } };
});
afterEach(() => vi.unstubAllGlobals());

const view = (over: Record<string, unknown> = {}) => ({
  __typename: 'DocumentRequestView',
  id: '5',
  documents: ['CURRICULUM', 'POLICE_RECORD'],
  comment: 'Por favor, sube tu currículum actualizado.',
  vacancyName: 'Enfermera profesional',
  expiresAt: '2026-11-30T16:00:00Z',
  fulfilled: false,
  ...over,
});

const requestMock = (answer: unknown): Mocks[number] => ({
  request: { query: DOCUMENT_REQUEST, variables: { token: TOKEN } },
  result: { data: { documentRequest: answer } },
});

function fulfilMock(error: unknown = null, seen: { uploads?: unknown } = {}): Mocks[number] {
  return {
    request: {
      query: FULFIL_DOCUMENT_REQUEST,
      variables: (v: Record<string, unknown>) => {
        seen.uploads = v.uploads;
        return v.token === TOKEN;
      },
    },
    result: {
      data: { fulfilDocumentRequest: { __typename: 'FulfilDocumentRequestPayload', ok: error === null, error } },
    },
  };
}

function render(mocks: Mocks, who: 'CANDIDATE' | 'ANON' | 'MANAGER' = 'CANDIDATE') {
  return renderWithProviders(
    <Routes>
      <Route path="/perfil/documentos/:token" element={<DocumentRequestPage />} />
      <Route path="/perfil" element={<h1>Mi Perfil</h1>} />
    </Routes>,
    { mocks, route: `/perfil/documentos/${TOKEN}`, viewer: who === 'ANON' ? null : viewer(who) },
  );
}

const pdf = (name: string) => new File(['%PDF-1.4'], name, { type: 'application/pdf' });

describe('/perfil/documentos/:token (spec 3 §2.6, issue 12)', { timeout: 30_000 }, () => {
  it('asks for exactly the requested documents and sends them once all are chosen', async () => {
    const user = userEvent.setup();
    const seen: { uploads?: unknown } = {};
    render([requestMock(view()), fulfilMock(null, seen)]);
    expect(await screen.findByText('Enfermera profesional')).toBeInTheDocument();
    expect(screen.getByText('Por favor, sube tu currículum actualizado.')).toBeInTheDocument();
    // 2026-11-30T16:00:00Z is 10:00 in Guatemala.
    expect(screen.getByText('El enlace vence el 30/11/2026 10:00.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Currículum: elegir archivo' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Antecedentes policiales: elegir archivo' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'DPI escaneado: elegir archivo' })).not.toBeInTheDocument();

    const send = screen.getByRole('button', { name: 'Enviar documentos' });
    expect(send).toBeDisabled();
    await user.upload(screen.getByLabelText('Seleccionar Currículum'), pdf('cv.pdf'));
    expect(send).toBeDisabled();
    await user.upload(screen.getByLabelText('Seleccionar Antecedentes policiales'), pdf('policia.pdf'));
    await waitFor(() => expect(send).toBeEnabled());
    await user.click(send);

    expect(await screen.findByRole('heading', { name: MSG.sent })).toBeInTheDocument();
    expect(seen.uploads).toEqual([
      { kind: 'CURRICULUM', uploadId: 'up-1' },
      { kind: 'POLICE_RECORD', uploadId: 'up-1' },
    ]);
    expect(FakeXhr.sent).toBe(2);
    await user.click(screen.getByRole('link', { name: 'Mi Perfil' }));
    expect(await screen.findByRole('heading', { name: 'Mi Perfil' })).toBeInTheDocument();
  });

  it.each([
    ['unknown, expired or foreign', null],
    ['already used', view({ fulfilled: true })],
  ])('says the link is no good when it is %s, with a way to Mi Perfil', async (_, answer) => {
    render([requestMock(answer)]);
    expect(await screen.findByRole('heading', { name: MSG.linkInvalid })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Mi Perfil' })).toHaveAttribute('href', '/perfil');
    expect(screen.queryByRole('button', { name: 'Enviar documentos' })).not.toBeInTheDocument();
  });

  it('says the link is no good when the server finds it used meanwhile', async () => {
    const user = userEvent.setup();
    render([
      requestMock(view({ documents: ['DPI'] })),
      fulfilMock({ __typename: 'DocumentRequestInvalid', message: MSG.linkInvalid }),
    ]);
    await user.upload(await screen.findByLabelText('Seleccionar DPI escaneado'), pdf('dpi.pdf'));
    const send = screen.getByRole('button', { name: 'Enviar documentos' });
    await waitFor(() => expect(send).toBeEnabled());
    await user.click(send);
    expect(await screen.findByRole('heading', { name: MSG.linkInvalid })).toBeInTheDocument();
  });

  it.each([
    [
      'refused on a field',
      {
        __typename: 'ValidationFailed',
        message: 'El archivo ya fue utilizado o expiró. Vuelve a subirlo.',
        fields: [],
      },
    ],
    ['refused by the api', { __typename: 'OperationFailed', message: MSG.sendFailed, status: 409 }],
  ])('sends the files again after the page was %s (the server deleted them, issue 22)', async (_, error) => {
    const user = userEvent.setup();
    const seen: { uploads?: unknown } = {};
    render([requestMock(view({ documents: ['DPI'] })), fulfilMock(error), fulfilMock(null, seen)]);
    await user.upload(await screen.findByLabelText('Seleccionar DPI escaneado'), pdf('dpi.pdf'));
    const send = screen.getByRole('button', { name: 'Enviar documentos' });
    await waitFor(() => expect(send).toBeEnabled());
    await user.click(send);
    expect(await screen.findByRole('alert')).toHaveTextContent(error.message);
    expect(FakeXhr.sent).toBe(1);
    FakeXhr.answer = { status: 201, body: { id: 'up-2', name: 'dpi.pdf', size: 4, type: 'application/pdf' } };
    await user.click(send);
    expect(await screen.findByRole('heading', { name: MSG.sent })).toBeInTheDocument();
    expect(FakeXhr.sent).toBe(2);
    expect(seen.uploads).toEqual([{ kind: 'DPI', uploadId: 'up-2' }]);
  });

  it('shows a refused upload and does not send', async () => {
    const user = userEvent.setup();
    FakeXhr.answer = { status: 415, body: { title: 'Archivo no válido', message: 'Solo se permiten archivos PDF' } };
    render([requestMock(view({ documents: ['DPI'] }))]);
    await user.upload(await screen.findByLabelText('Seleccionar DPI escaneado'), pdf('dpi.pdf'));
    expect(await screen.findByText('Solo se permiten archivos PDF')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Enviar documentos' })).toBeDisabled();
  });

  it('asks a visitor without session to log in first', async () => {
    render([], 'ANON');
    const dialog = await screen.findByRole('dialog', { name: 'Accede a tu cuenta' }, { timeout: 10_000 });
    expect(within(dialog).getByRole('tab', { name: 'Iniciar Sesión' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Iniciar sesión' })).toBeInTheDocument();
  });
});
