import { useForm } from '@mantine/form';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render';
import { LimitedTextarea, LimitedTextInput } from './LimitedText';

const LONG = 'Avenida Reforma 10-00 zona 9, edificio Torre Internacional, nivel 12, oficina 1204 '.repeat(4);

/** Mantine's uncontrolled form, as the application form and the profile use it. */
function Uncontrolled({ error }: { error?: string }) {
  const form = useForm({ mode: 'uncontrolled', initialValues: { address: '' } });
  return <LimitedTextInput label="Dirección" limit={300} {...form.getInputProps('address')} error={error} />;
}

function Controlled() {
  const [value, setValue] = useState('');
  return (
    <LimitedTextarea label="Observación" limit={40} value={value} onChange={(e) => setValue(e.currentTarget.value)} />
  );
}

describe('LimitedTextInput / LimitedTextarea', { timeout: 20_000 }, () => {
  it('a pasted text longer than the limit stays whole and says by how much it is over (uncontrolled)', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Uncontrolled />);
    const field = screen.getByLabelText('Dirección');
    expect(field).not.toHaveAttribute('maxlength');
    await user.click(field);
    await user.paste(LONG);
    expect(field).toHaveValue(LONG);
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(`Tienes ${LONG.trim().length - 300} caracteres de más (máximo 300).`);
    // Shortened by the person who wrote it: the error gives way to what is left.
    await user.clear(field);
    await user.paste(LONG.slice(0, 295));
    expect(field).not.toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Quedan 5 caracteres.')).toBeVisible();
  });

  it('says what is left in the last tenth only, and nothing far from the limit (controlled)', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Controlled />);
    const field = screen.getByLabelText('Observación');
    await user.type(field, 'a'.repeat(29));
    expect(screen.queryByText(/Quedan/)).toBeNull();
    await user.type(field, 'a');
    expect(screen.getByText('Quedan 10 caracteres.')).toBeVisible();
    await user.type(field, 'a'.repeat(12));
    expect(field).toHaveValue('a'.repeat(42));
    expect(screen.getByText('Tienes 2 caracteres de más (máximo 40).')).toBeVisible();
  });

  it("the form's own error wins over the count", async () => {
    const user = userEvent.setup();
    renderWithProviders(<Uncontrolled error="La dirección es demasiado larga." />);
    await user.click(screen.getByLabelText('Dirección'));
    await user.paste(LONG);
    expect(screen.getByText('La dirección es demasiado larga.')).toBeVisible();
    expect(screen.queryByText(/de más/)).toBeNull();
  });
});
