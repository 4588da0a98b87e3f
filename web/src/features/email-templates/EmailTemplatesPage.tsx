import { useQuery } from '@apollo/client/react';
import { NetworkStatus } from '@apollo/client';
import { Anchor, Badge, Button, Container, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { EMAIL_TEMPLATE_UI, formatDateTime } from '@bolsa/domain';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ErrorPanel } from '../../components/ErrorPanel';
import { ResponsiveTable } from '../../components/ResponsiveTable';
import type { EmailTemplateFieldsFragment } from '../../gql/graphql';
import { useDocumentTitle } from '../../lib/document-title';
import { pageTitle } from '../../lib/site';
import { EMAIL_TEMPLATES } from './operations';
import { TemplateEditor } from './TemplateEditor';

const UI = EMAIL_TEMPLATE_UI;

/** 'dd/mm/aaaa HH:mm' of the last change, or that it is the default text. */
export function lastChange(t: Pick<EmailTemplateFieldsFragment, 'updatedAt' | 'isDefault' | 'versionId'>): string {
  if (!t.updatedAt || t.versionId === null) return UI.defaultText;
  return formatDateTime(t.updatedAt, UI.defaultText);
}

/** A light badge whose label wraps rather than being cut with an ellipsis in a phone's narrow cell. */
function WrappingBadge({ color, children }: { color: string; children: ReactNode }) {
  return (
    <Badge variant="light" color={color} h="auto" py={2} styles={{ label: { whiteSpace: 'normal' } }}>
      {children}
    </Badge>
  );
}

/**
 * 'Plantillas' (issue 24, role 1): every e-mail the product sends; `?clave=` opens one in the
 * editor (subject, body, placeholders, live preview, save, reset, versions).
 */
export function EmailTemplatesPage() {
  useDocumentTitle(pageTitle(UI.title));
  const [params] = useSearchParams();
  const key = params.get('clave');
  const { data, previousData, error, refetch, networkStatus } = useQuery(EMAIL_TEMPLATES, {
    notifyOnNetworkStatusChange: true,
  });
  const templates = (data ?? previousData)?.emailTemplates;
  const open = key ? templates?.find((t) => t.key === key) : undefined;
  const retry = () => void refetch().catch(() => undefined);

  const body =
    error && !templates ? (
      <ErrorPanel
        title={UI.loadFailed}
        error={error}
        operationName="EmailTemplates"
        onRetry={retry}
        retrying={networkStatus === NetworkStatus.refetch}
      />
    ) : !templates ? (
      <Stack gap="xs" aria-busy="true" aria-label="Cargando plantillas">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} h={36} />
        ))}
      </Stack>
    ) : open ? (
      <TemplateEditor key={open.key} template={open} />
    ) : templates.length === 0 ? (
      <Text c="dimmed" ta="center" py="lg">
        {UI.empty}
      </Text>
    ) : (
      <ResponsiveTable minWidth={640} striped highlightOnHover verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Correo</Table.Th>
            <Table.Th scope="col">{UI.lastChange}</Table.Th>
            <Table.Th scope="col">{UI.by}</Table.Th>
            <Table.Th scope="col">Acciones</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {templates.map((t) => (
            <Table.Tr key={t.key}>
              <Table.Td data-label="Correo">
                {/* One block: on a phone the cell is a row of label and value, not three columns. */}
                <div>
                  <Text fw={600} size="sm">
                    {t.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t.description}
                  </Text>
                </div>
              </Table.Td>
              <Table.Td data-label={UI.lastChange}>
                {t.versionId === null || t.isDefault ? (
                  <WrappingBadge color="gray">
                    {t.versionId === null ? UI.defaultText : `${UI.defaultText} · ${lastChange(t)}`}
                  </WrappingBadge>
                ) : t.replacedByDefault ? (
                  <Stack gap={2} align="flex-start">
                    <span>{lastChange(t)}</span>
                    <WrappingBadge color="yellow">{UI.replacedByDefault}</WrappingBadge>
                  </Stack>
                ) : (
                  lastChange(t)
                )}
              </Table.Td>
              <Table.Td data-label={UI.by}>{t.versionId === null ? '—' : (t.updatedBy ?? UI.unknownAuthor)}</Table.Td>
              <Table.Td data-label="Acciones">
                <Button
                  component={Link}
                  to={`?clave=${encodeURIComponent(t.key)}`}
                  size="xs"
                  variant="light"
                  leftSection={<IconPencil size={14} aria-hidden />}
                  aria-label={`${UI.edit}: ${t.name}`}
                >
                  {UI.edit}
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </ResponsiveTable>
    );

  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <div>
          <Title order={1}>{UI.title}</Title>
          {key && templates && !open ? null : (
            <Text c="dimmed" size="sm" mt={4}>
              {UI.intro}
            </Text>
          )}
        </div>
        {key && templates && !open ? (
          <Text>
            Plantilla no encontrada.{' '}
            <Anchor component={Link} to="?">
              {UI.back}
            </Anchor>
          </Text>
        ) : (
          body
        )}
      </Stack>
    </Container>
  );
}
