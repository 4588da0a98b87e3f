import { Anchor, Group, Paper, SimpleGrid, Stack, Table, Tabs, Text, Title } from '@mantine/core';
import { IconBriefcase, IconExternalLink, IconFileText, IconId, IconUsers } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { ResponsiveTable } from '../../../components/ResponsiveTable';
import { formatAvailability, formatDate, formatFileSize, formatPeriod, formatSalary, yesNo } from './format';
import type { CandidateDetailData } from './types';

/** One labelled value; '—' when the candidate left it empty. */
export function Field({ label, children }: { label: string; children: ReactNode }) {
  const empty = children === null || children === undefined || children === '';
  return (
    <div>
      <Text size="xs" c="dimmed" fw={600} component="dt">
        {label}
      </Text>
      <Text size="sm" component="dd" m={0} style={{ overflowWrap: 'anywhere' }}>
        {empty ? '—' : children}
      </Text>
    </div>
  );
}

function PersonalTab({ c }: { c: CandidateDetailData }) {
  return (
    <Stack gap="lg">
      <SimpleGrid component="dl" cols={{ base: 1, xs: 2, md: 3 }} spacing="md" verticalSpacing="sm" m={0}>
        <Field label="Nombre completo">{c.fullName}</Field>
        <Field label="DPI">{c.dpi}</Field>
        <Field label="Correo electrónico">{c.email}</Field>
        <Field label="Teléfono">{c.phone}</Field>
        <Field label="Dirección">{c.address}</Field>
        <Field label="Edad">{c.age ?? ''}</Field>
        <Field label="Estado civil">{c.maritalStatus}</Field>
        <Field label="Nivel educativo">{c.educationLevel}</Field>
        <Field label="Estudia actualmente">{yesNo(c.studying)}</Field>
        <Field label="Disponibilidad">{formatAvailability(c.availableImmediately)}</Field>
        <Field label="Pretensión salarial">{formatSalary(c.salaryExpectation, c.negotiable)}</Field>
        <Field label="Fecha de registro">{formatDate(c.registeredAt)}</Field>
      </SimpleGrid>
      <div>
        <Title order={2} fz="md" mb="xs">
          Plazas aplicadas
        </Title>
        {c.vacancies.length === 0 ? (
          <Text size="sm" c="dimmed">
            Sin definir
          </Text>
        ) : (
          // A phone reads each application as a card: no region that scrolls sideways without
          // taking focus (axe scrollable-region-focusable at 360 px).
          <ResponsiveTable minWidth={420} striped withTableBorder fz="sm" aria-label="Plazas aplicadas">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Plaza</Table.Th>
                <Table.Th>Puesto</Table.Th>
                <Table.Th>Sede</Table.Th>
                <Table.Th>Fecha de aplicación</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {c.vacancies.map((v, i) => (
                <Table.Tr key={`${v.vacancyId ?? 'x'}-${i}`}>
                  <Table.Td data-label="Plaza">{v.name}</Table.Td>
                  <Table.Td data-label="Puesto">{v.position ?? '—'}</Table.Td>
                  <Table.Td data-label="Sede">{[v.branchName, v.place].filter(Boolean).join(' · ') || '—'}</Table.Td>
                  <Table.Td data-label="Fecha de aplicación">{formatDate(v.appliedAt, '—')}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </ResponsiveTable>
        )}
      </div>
    </Stack>
  );
}

function ExperienceTab({ c }: { c: CandidateDetailData }) {
  if (c.experiences.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No registró experiencia laboral.
      </Text>
    );
  return (
    <Stack gap="sm">
      {c.experiences.map((e, i) => (
        <Paper key={i} withBorder p="sm" radius="sm">
          <Text fw={600}>{e.position || 'Puesto sin indicar'}</Text>
          <Text size="sm">{e.company || 'Empresa sin indicar'}</Text>
          <Text size="xs" c="dimmed">
            {formatPeriod(e.from, e.to)}
          </Text>
          {e.description && (
            <Text size="sm" mt={4} style={{ whiteSpace: 'pre-line' }}>
              {e.description}
            </Text>
          )}
        </Paper>
      ))}
    </Stack>
  );
}

function ReferenceList({ title, items }: { title: string; items: CandidateDetailData['references'] }) {
  return (
    <div>
      <Title order={2} fz="md" mb="xs">
        {title}
      </Title>
      {items.length === 0 ? (
        <Text size="sm" c="dimmed">
          Sin referencias.
        </Text>
      ) : (
        <Stack gap={6} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {items.map((r, i) => (
            <li key={i}>
              <Text size="sm">
                <strong>{r.name}</strong>
                {r.phone ? ` · ${r.phone}` : ''}
              </Text>
            </li>
          ))}
        </Stack>
      )}
    </div>
  );
}

function ReferencesTab({ c }: { c: CandidateDetailData }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
      <ReferenceList title="Referencias personales" items={c.references.filter((r) => r.kind === 'PERSONAL')} />
      <ReferenceList title="Referencias laborales" items={c.references.filter((r) => r.kind === 'WORK')} />
    </SimpleGrid>
  );
}

function DocumentsTab({ c, onOpened }: { c: CandidateDetailData; onOpened: () => void }) {
  if (c.documents.length === 0)
    return (
      <Text size="sm" c="dimmed">
        El candidato no adjuntó documentos.
      </Text>
    );
  return (
    <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
      {c.documents.map((d) => (
        <li key={d.id}>
          <Paper withBorder p="sm" radius="sm">
            <Group justify="space-between" wrap="wrap" gap="xs">
              <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
                <IconFileText size={22} aria-hidden style={{ flexShrink: 0 }} />
                <div style={{ minWidth: 0 }}>
                  <Text fw={600} size="sm">
                    {d.label}
                  </Text>
                  <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    {[d.name, formatFileSize(d.size), formatDate(d.uploadedAt)].filter(Boolean).join(' · ')}
                  </Text>
                </div>
              </Group>
              <Anchor
                href={d.url}
                target="_blank"
                rel="noopener noreferrer"
                size="sm"
                fw={600}
                onClick={onOpened}
                aria-label={`Abrir ${d.label} (se abre en una pestaña nueva)`}
              >
                <Group gap={4} wrap="nowrap">
                  Abrir
                  <IconExternalLink size={14} aria-hidden />
                </Group>
              </Anchor>
            </Group>
          </Paper>
        </li>
      ))}
    </Stack>
  );
}

/** The four tabs of spec 3 §2.2. `onDocumentOpened`: the opening is logged, so the timeline is reloaded. */
export function CandidateTabs({ c, onDocumentOpened }: { c: CandidateDetailData; onDocumentOpened: () => void }) {
  return (
    <Tabs defaultValue="personal" keepMounted={false}>
      <Tabs.List>
        <Tabs.Tab value="personal" leftSection={<IconId size={16} aria-hidden />}>
          Datos Personales
        </Tabs.Tab>
        <Tabs.Tab value="experience" leftSection={<IconBriefcase size={16} aria-hidden />}>
          Experiencia
        </Tabs.Tab>
        <Tabs.Tab value="references" leftSection={<IconUsers size={16} aria-hidden />}>
          Referencias
        </Tabs.Tab>
        <Tabs.Tab value="documents" leftSection={<IconFileText size={16} aria-hidden />}>
          Documentos ({c.documents.length})
        </Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="personal" pt="md">
        <PersonalTab c={c} />
      </Tabs.Panel>
      <Tabs.Panel value="experience" pt="md">
        <ExperienceTab c={c} />
      </Tabs.Panel>
      <Tabs.Panel value="references" pt="md">
        <ReferencesTab c={c} />
      </Tabs.Panel>
      <Tabs.Panel value="documents" pt="md">
        <DocumentsTab c={c} onOpened={onDocumentOpened} />
      </Tabs.Panel>
    </Tabs>
  );
}
