import { NativeSelect, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { dpiInput, LIMITS, nameInput } from '@bolsa/domain';
import type { ReactNode } from 'react';
import { LimitedTextInput } from '../../components/LimitedText';
import { digitsOnly, MARITAL_OPTIONS } from './form-values';
import type { FieldProps } from './field-props';

/** The personal-data section (spec 1 §5.2): who applies, how to reach them, and their photo. */
export function PersonalSection({ fields, photo }: { fields: FieldProps; photo: ReactNode }) {
  const { input, filtered, withCheck } = fields;
  return (
    <Stack gap="sm">
      <LimitedTextInput
        label="Nombre completo"
        withAsterisk
        data-autofocus
        autoComplete="name"
        limit={LIMITS.name}
        {...filtered('name', nameInput)}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput
          label="CUI/DPI"
          withAsterisk
          inputMode="numeric"
          autoComplete="off"
          description="13 dígitos"
          {...withCheck('cui', filtered('cui', dpiInput))}
        />
        <TextInput
          label="Teléfono"
          withAsterisk
          inputMode="numeric"
          autoComplete="tel-national"
          description="8 dígitos"
          {...filtered('phone', (raw) => digitsOnly(raw, 8))}
        />
      </SimpleGrid>
      <LimitedTextInput
        label="Dirección"
        withAsterisk
        autoComplete="street-address"
        limit={LIMITS.shortText}
        {...input('address')}
      />
      <TextInput
        label="Correo electrónico"
        withAsterisk
        type="email"
        autoComplete="email"
        {...withCheck('email', input('email'))}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <NativeSelect
          label="Estado civil"
          withAsterisk
          data={[{ value: '', label: 'Selecciona…' }, ...MARITAL_OPTIONS]}
          {...input('maritalStatus')}
        />
        <TextInput label="Edad" withAsterisk inputMode="numeric" {...filtered('age', (raw) => digitsOnly(raw, 2))} />
      </SimpleGrid>
      {photo}
    </Stack>
  );
}
