import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EMPTY_SLOT } from '../lib/use-file-uploads';
import { renderWithProviders } from '../test/render';
import { FileDrop } from './FileDrop';

function renderDrop() {
  const onSelect = vi.fn();
  renderWithProviders(
    <>
      <input aria-label="Antes" />
      <FileDrop
        id="cv"
        label="Hoja de Vida (PDF)"
        purpose="candidate-document"
        slot={EMPTY_SLOT}
        required
        onSelect={onSelect}
        onReject={vi.fn()}
        onClear={vi.fn()}
      />
      <input aria-label="Después" />
    </>,
  );
  // The native chooser opens when the zone's hidden file input is clicked (react-dropzone's open()).
  const input = screen.getByLabelText('Seleccionar Hoja de Vida (PDF)');
  const opened = vi.spyOn(input as HTMLInputElement, 'click');
  return { input, opened, onSelect };
}

afterEach(() => vi.restoreAllMocks());

describe('FileDrop by keyboard', () => {
  it('is one tab stop, and Enter or Space there opens the file chooser once', async () => {
    const user = userEvent.setup();
    const { opened } = renderDrop();
    await user.click(screen.getByLabelText('Antes'));
    await user.tab();
    const choose = screen.getByRole('button', { name: 'Hoja de Vida (PDF): elegir archivo' });
    expect(choose).toHaveFocus();

    await user.keyboard('{Enter}');
    expect(opened).toHaveBeenCalledTimes(1);
    await user.keyboard(' ');
    expect(opened).toHaveBeenCalledTimes(2);
  });

  it('leaves the other keys alone: Tab moves on, letters and Escape open nothing', async () => {
    const user = userEvent.setup();
    const { opened } = renderDrop();
    await user.click(screen.getByLabelText('Antes'));
    await user.tab();
    await user.keyboard('a{Escape}{ArrowDown}');
    expect(opened).not.toHaveBeenCalled();
    await user.tab();
    expect(screen.getByLabelText('Después')).toHaveFocus();
  });

  it('opens the chooser once on a click of the button, and takes the chosen file', async () => {
    const user = userEvent.setup();
    const { input, opened, onSelect } = renderDrop();
    await user.click(screen.getByRole('button', { name: 'Hoja de Vida (PDF): elegir archivo' }));
    expect(opened).toHaveBeenCalledTimes(1);
    const pdf = new File(['%PDF-1.4'], 'cv.pdf', { type: 'application/pdf' });
    await user.upload(input, pdf);
    await vi.waitFor(() => expect(onSelect).toHaveBeenCalledWith(pdf));
  });
});
