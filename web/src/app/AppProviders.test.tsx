import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { toastError } from '../lib/toast';
import { createApolloClient } from './apollo';
import { AppProviders } from './AppProviders';

// A phone that lost its connection: the toast container's code cannot be downloaded.
vi.mock('@mantine/notifications', () => {
  throw new TypeError('Failed to fetch dynamically imported module');
});

describe('AppProviders', () => {
  it('keeps the page on screen when the toast code cannot be downloaded, and tries again with the next toast', async () => {
    render(
      <AppProviders client={createApolloClient()}>
        <p>Formulario a medio llenar</p>
      </AppProviders>,
    );
    await act(async () => {
      toastError('Formulario incompleto', 'Revisa los campos marcados.');
      await new Promise((r) => setTimeout(r, 50));
    });
    expect(screen.getByText('Formulario a medio llenar')).toBeInTheDocument();
    await act(async () => {
      toastError('Formulario incompleto', 'Revisa los campos marcados.');
      await new Promise((r) => setTimeout(r, 50));
    });
    expect(screen.getByText('Formulario a medio llenar')).toBeInTheDocument();
  });
});
