import { Card, Container, Stack, Text, Title } from '@mantine/core';
import { IconUserCircle } from '@tabler/icons-react';
import { useDocumentTitle } from '../../lib/document-title';
import { pageTitle } from '../../app/site';
import { useSession } from '../session';

/** /perfil until the candidate area (spec 1 §2.7) is built: who is logged in, and what comes next. */
export function ProfilePlaceholder() {
  const { viewer } = useSession();
  useDocumentTitle(pageTitle('Mi Perfil'));
  const c = viewer?.candidate;
  const name = c
    ? [c.firstName, c.secondName, c.firstSurname, c.secondSurname].filter(Boolean).join(' ')
    : viewer?.name;
  return (
    <Container size="sm" py="xl">
      <Card withBorder radius="md" padding="xl">
        <Stack gap="sm" align="flex-start">
          <IconUserCircle size={48} color="var(--mantine-color-brand-8)" aria-hidden />
          <Title order={1}>Mi Perfil</Title>
          <Text fz="lg" fw={600}>
            {name}
          </Text>
          {viewer?.email && <Text c="dimmed">{viewer.email}</Text>}
          <Text>
            Muy pronto podrás completar aquí tu perfil (datos personales, fotografía, documentos, experiencia y
            referencias) y dar seguimiento a tus postulaciones.
          </Text>
        </Stack>
      </Card>
    </Container>
  );
}
