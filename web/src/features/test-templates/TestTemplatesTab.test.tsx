import '../../test/backoffice-env';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { TestTemplateFieldsFragment } from '../../gql/graphql';
import { CREATE_TEST_TEMPLATE, DELETE_TEST_TEMPLATE, SET_TEST_TEMPLATE_ACTIVE, TEST_TEMPLATES } from './operations';
import { TestTemplatesTab } from './TestTemplatesTab';
import { viewerMock } from '../../test/vacancy-fixtures';
import { renderWithProviders, type Mocks } from '../../test/render';

function template(id: string, over: Partial<TestTemplateFieldsFragment> = {}) {
  return {
    __typename: 'TestTemplate' as const,
    id,
    name: `Prueba ${id}`,
    description: 'Evaluación de conocimientos clínicos.',
    type: 'PDF' as const,
    category: 'TECNICA' as const,
    link: null,
    fileName: 'prueba.pdf',
    downloadUrl: `/files/tests/${id}`,
    active: true,
    createdAt: '2025-02-01',
    ...over,
  };
}

const LIST = [
  template('1', { name: 'Prueba de enfermería' }),
  template('2', {
    name: 'Test de personalidad',
    type: 'LINK',
    category: 'PSICOLOGICA',
    link: 'https://forms.example.org/x',
    downloadUrl: null,
    fileName: null,
  }),
];

const listMock = (filter: Record<string, unknown>, items = LIST): Mocks[number] => ({
  request: { query: TEST_TEMPLATES, variables: { filter } },
  result: { data: { testTemplates: items } },
});

function renderTab(mocks: Mocks) {
  return renderWithProviders(<TestTemplatesTab />, { mocks });
}

describe('Mantenimiento de Pruebas', () => {
  it('shows the library: name, category label, type, download or link', async () => {
    renderTab([viewerMock('MANAGER'), listMock({})]);
    const cards = await screen.findAllByRole('article');
    expect(cards).toHaveLength(2);
    const first = within(cards[0]!);
    expect(first.getByRole('heading', { name: 'Prueba de enfermería' })).toBeInTheDocument();
    expect(first.getByText('Técnica')).toBeInTheDocument();
    expect(first.getByRole('link', { name: 'Descargar' })).toHaveAttribute('href', '/files/tests/1');
    const second = within(cards[1]!);
    expect(second.getByText('Psicológica')).toBeInTheDocument();
    expect(second.getByText('LINK (Enlace Web)')).toBeInTheDocument();
    expect(second.getByRole('link', { name: /Abrir enlace/ })).toHaveAttribute('href', 'https://forms.example.org/x');
  });

  it('filters by category, type and "Inactivas"', async () => {
    const user = userEvent.setup();
    renderTab([
      viewerMock('MANAGER'),
      listMock({}),
      listMock({ category: 'PSICOLOGICA' }, [LIST[1]!]),
      listMock({ category: 'PSICOLOGICA', includeInactive: true }, [
        LIST[1]!,
        template('3', { name: 'Antigua', category: 'PSICOLOGICA', active: false }),
      ]),
    ]);
    await screen.findAllByRole('article');
    await user.selectOptions(screen.getByLabelText('Categoría', { selector: 'select' }), 'PSICOLOGICA');
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(1));
    await user.click(screen.getByRole('checkbox', { name: 'Inactivas' }));
    expect(await screen.findByRole('heading', { name: 'Antigua' })).toBeInTheDocument();
  });

  it('moves the active switch at once and rolls it back when the server refuses', async () => {
    const user = userEvent.setup();
    renderTab([
      viewerMock('MANAGER'),
      listMock({}),
      {
        request: { query: SET_TEST_TEMPLATE_ACTIVE, variables: { id: '1', active: false } },
        result: {
          data: {
            setTestTemplateActive: {
              __typename: 'TestTemplatePayload',
              template: null,
              error: { __typename: 'OperationFailed', message: 'Inténtalo de nuevo.', status: 502, detail: null },
            },
          },
        },
        // Long enough that a busy machine still sees the optimistic state before the answer.
        delay: 2_000,
      },
    ]);
    const cards = await screen.findAllByRole('article');
    const toggle = await within(cards[0]!).findByRole('switch', { name: 'Activa' });
    expect(toggle).toBeChecked();
    await user.click(toggle);
    // Optimistic: off before the server answers…
    await waitFor(() => expect(within(cards[0]!).getByRole('switch', { name: 'Activa' })).not.toBeChecked());
    // …and back on when it refuses.
    expect(await screen.findByText('No se pudo actualizar')).toBeInTheDocument();
    expect(screen.getByText('Inténtalo de nuevo.')).toBeInTheDocument();
    expect(within(cards[0]!).getByRole('switch', { name: 'Activa' })).toBeChecked();
  });

  it('rolls back on a network failure too, and toasts "Prueba desactivada" on success', async () => {
    const user = userEvent.setup();
    renderTab([
      viewerMock('MANAGER'),
      listMock({}),
      {
        request: { query: SET_TEST_TEMPLATE_ACTIVE, variables: { id: '1', active: false } },
        error: new TypeError('Failed to fetch'),
      },
      {
        request: { query: SET_TEST_TEMPLATE_ACTIVE, variables: { id: '2', active: false } },
        result: {
          data: {
            setTestTemplateActive: {
              __typename: 'TestTemplatePayload',
              template: { __typename: 'TestTemplate', id: '2', active: false },
              error: null,
            },
          },
        },
      },
    ]);
    const cards = await screen.findAllByRole('article');
    await user.click(await within(cards[0]!).findByRole('switch', { name: 'Activa' }));
    expect(await screen.findByText('Inténtalo de nuevo.')).toBeInTheDocument();
    expect(within(cards[0]!).getByRole('switch', { name: 'Activa' })).toBeChecked();

    await user.click(within(cards[1]!).getByRole('switch', { name: 'Activa' }));
    expect(await screen.findByText('Prueba desactivada')).toBeInTheDocument();
    expect(within(cards[1]!).getByRole('switch', { name: 'Activa' })).not.toBeChecked();
  });

  it("validates the new template with the spec's warnings and creates a link test", async () => {
    const user = userEvent.setup();
    renderTab([
      viewerMock('MANAGER'),
      listMock({}),
      {
        request: {
          query: CREATE_TEST_TEMPLATE,
          variables: {
            input: {
              name: 'Inglés básico',
              description: 'Formulario en línea',
              type: 'FORMULARIO',
              category: 'IDIOMAS',
              link: 'https://forms.example.org/ingles',
              active: true,
            },
            fileUploadId: null,
          },
        },
        result: {
          data: {
            createTestTemplate: {
              __typename: 'TestTemplatePayload',
              template: template('9', {
                name: 'Inglés básico',
                type: 'FORMULARIO',
                category: 'IDIOMAS',
                link: 'https://forms.example.org/ingles',
                downloadUrl: null,
              }),
              error: null,
            },
          },
        },
      },
      listMock({}, [
        ...LIST,
        template('9', {
          name: 'Inglés básico',
          type: 'FORMULARIO',
          category: 'IDIOMAS',
          link: 'https://forms.example.org/ingles',
          downloadUrl: null,
        }),
      ]),
    ]);
    const form = within(await screen.findByRole('region', { name: 'Nueva Prueba' }));
    const save = form.getByRole('button', { name: 'Guardar prueba' });

    await user.click(save);
    expect(await form.findByText('Falta el nombre')).toBeInTheDocument();
    await user.type(form.getByLabelText(/^Nombre/), 'Inglés básico');
    await user.click(save);
    expect(await form.findByText('Falta la descripción')).toBeInTheDocument();
    await user.type(form.getByLabelText(/^Descripción/), 'Formulario en línea');
    await user.click(save);
    expect(await form.findByText('Selecciona un tipo')).toBeInTheDocument();
    await user.selectOptions(form.getByLabelText(/^Tipo/), 'PDF');
    await user.click(save);
    expect(await form.findByText('Selecciona una categoría')).toBeInTheDocument();
    await user.selectOptions(form.getByLabelText(/^Categoría/), 'IDIOMAS');
    await user.click(save);
    expect(await form.findByText('Adjunta el archivo de la prueba')).toBeInTheDocument();
    expect(form.getByLabelText(/Archivo de la prueba/)).toBeInTheDocument();

    await user.selectOptions(form.getByLabelText(/^Tipo/), 'FORMULARIO');
    await user.type(form.getByLabelText(/^Link/), 'https://forms.example.org/ingles');
    await user.click(save);
    expect(await screen.findByText('Prueba creada')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Inglés básico' })).toBeInTheDocument();
    expect(form.getByLabelText(/^Nombre/)).toHaveValue('');
  });

  it('deletes (role 1) after "¿Eliminar prueba?"', async () => {
    const user = userEvent.setup();
    renderTab([
      viewerMock('ADMIN'),
      listMock({}),
      {
        request: { query: DELETE_TEST_TEMPLATE, variables: { id: '1' } },
        result: { data: { deleteTestTemplate: { __typename: 'DeletePayload', ok: true, error: null } } },
      },
    ]);
    await user.click(await screen.findByRole('button', { name: 'Eliminar prueba Prueba de enfermería' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Eliminar prueba?' });
    expect(within(dialog).getByText(/Esta acción no se puede deshacer\./)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText('Prueba eliminada')).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(1));
  });

  it('a Visualizador sees the library without the form, switches or delete buttons', async () => {
    renderTab([viewerMock('VIEWER'), listMock({})]);
    const cards = await screen.findAllByRole('article');
    await waitFor(() => expect(within(cards[0]!).getByText('Activa')).toBeInTheDocument());
    expect(screen.queryByRole('region', { name: 'Nueva Prueba' })).not.toBeInTheDocument();
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Eliminar/ })).not.toBeInTheDocument();
    expect(within(cards[0]!).getByRole('link', { name: 'Descargar' })).toBeInTheDocument();
  });
});
