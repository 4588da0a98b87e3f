import { NativeSelect, SimpleGrid, TextInput } from '@mantine/core';
import { LEVEL_OPTIONS, salaryInput } from './form-values';
import type { FieldProps } from './field-props';

const YES_NO = [
  { value: '', label: 'Selecciona…' },
  { value: 'si', label: 'Sí' },
  { value: 'no', label: 'No' },
];

/** The education and availability section (spec 1 §5.2): level, studies, availability and salary claim. */
export function EducationSection({ fields }: { fields: FieldProps }) {
  const { input, filtered } = fields;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
      <NativeSelect
        label="Nivel educativo"
        withAsterisk
        data={[{ value: '', label: 'Selecciona…' }, ...LEVEL_OPTIONS]}
        {...input('educationLevel')}
      />
      <NativeSelect label="¿Estudias actualmente?" withAsterisk data={YES_NO} {...input('studying')} />
      <NativeSelect label="Disponibilidad inmediata" withAsterisk data={YES_NO} {...input('available')} />
      <TextInput
        label="Pretensión salarial (Q)"
        withAsterisk
        inputMode="decimal"
        leftSection="Q"
        {...filtered('salaryClaim', salaryInput)}
      />
      <NativeSelect label="¿Pretensión negociable?" withAsterisk data={YES_NO} {...input('negotiable')} />
    </SimpleGrid>
  );
}
