import { Button, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useDocumentTitle } from '../../lib/document-title';
import { pageTitle } from '../../lib/site';
import { useStaffRole } from '../session';

/**
 * /vista-previa (spec 1 §2.1, roles 1–3). The preview of a vacancy is the read-only step of the
 * create form ('Ver Previo', spec 2 §2); opened on its own there is nothing to preview, so the
 * page says where a preview comes from and leads there, instead of an empty page.
 */
export function PreviewEntryPage() {
  useDocumentTitle(pageTitle('Vista previa'));
  const { canEdit } = useStaffRole();
  return (
    <Container size="sm" py={{ base: 'md', sm: 'xl' }}>
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
        <Stack gap="md" align="flex-start">
          <Group gap="xs">
            <IconEye size={24} aria-hidden />
            <Title order={1} fz={{ base: 24, sm: 28 }}>
              Vista previa
            </Title>
          </Group>
          <Text>
            No hay ninguna plaza en vista previa. La vista previa se abre con 'Ver Previo' desde el formulario de
            creación de una plaza, y muestra cómo la verán los candidatos antes de guardarla.
          </Text>
          <Group gap="sm">
            {canEdit && (
              <Button component={Link} to="/panel/plazas/crear-vacante">
                Crear vacante
              </Button>
            )}
            <Button component={Link} to="/panel/plazas" variant={canEdit ? 'default' : 'filled'}>
              Ir a Plazas
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Container>
  );
}
