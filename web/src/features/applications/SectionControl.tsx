import { Accordion, Group, Text, VisuallyHidden } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { APPLICATION_SECTIONS, sectionOf, type ApplicationSectionId } from '@bolsa/domain';

/** The title of a section of the form (spec 1 §5.2), marked when one of its fields has an error. */
export function SectionControl({ id, errors }: { id: ApplicationSectionId; errors: Record<string, unknown> }) {
  const title = APPLICATION_SECTIONS.find((s) => s.id === id)!.title;
  const hasError = Object.keys(errors).some((path) => errors[path] && sectionOf(path.split('.')[0] ?? '') === id);
  return (
    <Accordion.Control>
      <Group gap={6} wrap="nowrap">
        <Text fw={600}>{title}</Text>
        {hasError && (
          <>
            <IconAlertTriangle size={16} color="var(--mantine-color-red-8)" aria-hidden />
            <VisuallyHidden>(con errores)</VisuallyHidden>
          </>
        )}
      </Group>
    </Accordion.Control>
  );
}
