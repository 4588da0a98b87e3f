import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from '@mantine/form';
import { describe, expect, it } from 'vitest';
import { ItemsFields } from './ItemsFields';
import { EMPTY_VACANCY, type VacancyFormValues } from './vacancy-form';
import { renderWithProviders } from '../../test/render';

function Step({ initial }: { initial?: Partial<VacancyFormValues> }) {
  const form = useForm<VacancyFormValues>({ mode: 'controlled', initialValues: { ...EMPTY_VACANCY, ...initial } });
  return <ItemsFields form={form} />;
}

const words = (n: number) => 'Experiencia en atención primaria de salud '.repeat(Math.ceil(n / 42)).slice(0, n);

describe('ItemsFields', () => {
  it('says how much is left near the limit of an item and adds one of 300 characters', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Step />);
    const input = screen.getByLabelText('Requisitos');
    await user.click(input);
    await user.paste(words(295));
    expect(screen.getByText('Quedan 5 caracteres.')).toBeInTheDocument();
    await user.type(input, 'abcde{Enter}');
    expect(input).toHaveValue('');
    expect(screen.getByText('1 agregado(s).')).toBeInTheDocument();
  });

  it('refuses an item over 300 characters with a message on the field and keeps the text', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Step />);
    const input = screen.getByLabelText('Beneficios (Ofrecemos)');
    const long = words(1_000).trim();
    await user.click(input);
    await user.paste(long);
    expect(screen.getByText(`Tienes ${long.length - 300} caracteres de más (máximo 300).`)).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');

    await user.keyboard('{Enter}');
    expect(
      screen.getByText(
        `No se agregó: tiene ${long.length} caracteres. Cada elemento puede tener como máximo 300 caracteres.`,
      ),
    ).toBeInTheDocument();
    expect(input).toHaveValue(long);
    expect(screen.getByText('Aún no hay ningún beneficio.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Agregar beneficio' }));
    expect(screen.getByText('Aún no hay ningún beneficio.')).toBeInTheDocument();

    // Shortened, it goes in.
    await user.clear(input);
    await user.paste(long.slice(0, 300));
    await user.keyboard('{Enter}');
    expect(input).toHaveValue('');
    expect(screen.getByText('1 agregado(s).')).toBeInTheDocument();
    expect(screen.queryByText(/No se agregó/)).not.toBeInTheDocument();
  });
});
