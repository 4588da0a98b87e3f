import { useQuery } from '@apollo/client/react';
import { Badge, Box, Button, Collapse, Group, Modal, Skeleton, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { EMAIL_TEMPLATE_ACTION_LABEL, EMAIL_TEMPLATE_UI, formatDateTime } from '@bolsa/domain';
import { ErrorPanel } from '../../components/ErrorPanel';
import type { EmailTemplateAction, EmailTemplateVersionsQuery } from '../../gql/graphql';
import { useTrackDialog } from '../../lib/dialog-activity';
import { EMAIL_TEMPLATE_VERSIONS } from './operations';

const UI = EMAIL_TEMPLATE_UI;
type Version = EmailTemplateVersionsQuery['emailTemplateVersions'][number];

const ACTION: Record<EmailTemplateAction, keyof typeof EMAIL_TEMPLATE_ACTION_LABEL> = {
  SAVED: 'guardada',
  RESET: 'restablecida',
  RESTORED: 'restaurada',
};

function VersionRow({ v, onRestore }: { v: Version; onRestore: (id: string) => void }) {
  const [open, { toggle }] = useDisclosure(false);
  const id = `version-${v.id}`;
  return (
    <Box component="li" py="xs" style={{ borderBottom: '1px solid var(--mantine-color-gray-2)', listStyle: 'none' }}>
      <Group justify="space-between" gap="xs" wrap="wrap">
        <div>
          <Group gap={6}>
            <Text fw={600} size="sm">
              {EMAIL_TEMPLATE_ACTION_LABEL[ACTION[v.action]]}
            </Text>
            {v.current ? (
              <Badge size="sm" color="green" variant="light">
                {UI.current}
              </Badge>
            ) : null}
          </Group>
          <Text size="xs" c="dimmed">
            {formatDateTime(v.createdAt, v.createdAt)} · {v.createdBy ?? UI.unknownAuthor}
          </Text>
        </div>
        <Group gap={6}>
          <Button size="xs" variant="subtle" onClick={toggle} aria-expanded={open} aria-controls={id}>
            {open ? 'Ocultar' : 'Ver'}
          </Button>
          {!v.current ? (
            <Button size="xs" variant="light" onClick={() => onRestore(v.id)}>
              {UI.restore}
            </Button>
          ) : null}
        </Group>
      </Group>
      <Collapse expanded={open} id={id}>
        <Stack gap={4} mt="xs">
          <Text size="sm">
            <strong>{UI.subject}:</strong> {v.subject}
          </Text>
          <Box
            component="pre"
            style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontSize: 12, margin: 0 }}
            bg="gray.0"
            p="xs"
          >
            {v.body}
          </Box>
        </Stack>
      </Collapse>
    </Box>
  );
}

/** A template's versions, newest first: view each, restore one (after a confirmation). */
export function VersionsModal({
  opened,
  templateKey,
  onClose,
  onRestore,
  stackId,
}: {
  opened: boolean;
  /** Its id in the editor's `<Modal.Stack>`, under the question 'Restaurar' asks. */
  stackId?: string;
  templateKey: string;
  onClose: () => void;
  onRestore: (versionId: string) => void;
}) {
  useTrackDialog(opened);
  const { data, error, refetch, loading } = useQuery(EMAIL_TEMPLATE_VERSIONS, {
    variables: { key: templateKey },
    skip: !opened,
    fetchPolicy: 'network-only',
  });
  const versions = data?.emailTemplateVersions;
  return (
    <Modal opened={opened} onClose={onClose} title={UI.versions} size="lg" stackId={stackId}>
      {error && !versions ? (
        <ErrorPanel
          title={UI.versionsLoadFailed}
          error={error}
          operationName="EmailTemplateVersions"
          onRetry={() => void refetch().catch(() => undefined)}
          retrying={loading}
        />
      ) : !versions ? (
        <Stack gap="xs" aria-busy="true" aria-label="Cargando versiones">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} h={40} />
          ))}
        </Stack>
      ) : versions.length === 0 ? (
        <Text c="dimmed">{UI.versionsEmpty}</Text>
      ) : (
        <Box component="ul" p={0} m={0} aria-label={UI.versions}>
          {versions.map((v) => (
            <VersionRow key={v.id} v={v} onRestore={onRestore} />
          ))}
        </Box>
      )}
    </Modal>
  );
}
