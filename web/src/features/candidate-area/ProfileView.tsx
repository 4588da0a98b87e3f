import { Avatar, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconExternalLink, IconFileTypePdf, IconPhoto } from '@tabler/icons-react';
import { FILE_MESSAGES, formatDate, PROFILE_FILES, PERSONAL_DATA_TITLE } from '@bolsa/domain';
import type { ReactNode } from 'react';
import type { CandidateFileFieldsFragment, ProfileFieldsFragment } from '../../gql/graphql';
import { toastError } from '../../lib/toast';
import { FILE_LABEL } from './profile-form';

/** A file url the BFF gave: only its own relative route is opened (never a storage or foreign URL). */
export const isOpenableUrl = (url: string | null | undefined): url is string =>
  typeof url === 'string' && url.startsWith('/') && !url.startsWith('//');

/** 'Ver': opens the file in a new tab (spec 1 §2.7, §7), or says why it cannot. */
export function ViewFileButton({ file, label }: { file: CandidateFileFieldsFragment; label: string }) {
  if (!isOpenableUrl(file.url)) {
    return (
      <Button
        variant="light"
        size="compact-sm"
        onClick={() => toastError(FILE_MESSAGES.openFailedTitle, FILE_MESSAGES.openFailedNoUrl)}
        aria-label={`Ver ${label}`}
      >
        Ver
      </Button>
    );
  }
  return (
    <Button
      component="a"
      href={file.url}
      target="_blank"
      rel="noopener noreferrer"
      variant="light"
      size="compact-sm"
      rightSection={<IconExternalLink size={14} aria-hidden />}
      aria-label={`Ver ${label} (se abre en una pestaña nueva)`}
    >
      Ver
    </Button>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-label={title}>
      <Title order={3} fz="md" mb="sm">
        {title}
      </Title>
      {children}
    </Card>
  );
}

function Field({ label, value }: { label: string; value: string | null | undefined }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text style={{ overflowWrap: 'anywhere' }}>{value?.trim() ? value : '—'}</Text>
    </div>
  );
}

/** 'Mi Perfil' read view (spec 1 §2.7): contact, personal data, experiences, references, documents. */
export function ProfileView({ profile: p }: { profile: ProfileFieldsFragment }) {
  const photoUrl = isOpenableUrl(p.photo?.url) ? p.photo.url : undefined;
  const references = [
    ...p.personalReferences.map((r) => ({ ...r, kind: 'Personal' })),
    ...p.workReferences.map((r) => ({ ...r, kind: 'Laboral' })),
  ];
  return (
    <Stack gap="md">
      <Section title="Contacto">
        <Group align="flex-start" gap="lg" wrap="wrap">
          <Avatar src={photoUrl} alt={photoUrl ? `Fotografía de ${p.fullName}` : undefined} size={96} radius="md">
            {p.firstName?.[0] ?? ''}
            {p.firstSurname?.[0] ?? ''}
          </Avatar>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" style={{ flex: '1 1 14rem' }}>
            <Field label="Correo electrónico" value={p.email} />
            <Field label="Teléfono" value={p.phone} />
            <Field label="Dirección" value={p.address} />
          </SimpleGrid>
        </Group>
      </Section>

      <Section title={PERSONAL_DATA_TITLE}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Field label="Nombre completo" value={p.fullName} />
          <Field label="DPI" value={p.dpi} />
          <Field label="Fecha de nacimiento" value={formatDate(p.birthDate)} />
          <Field label="Apellido de casada" value={p.marriedSurname} />
          <Field label="Fecha de registro" value={formatDate(p.registeredAt)} />
          {p.observations?.trim() && <Field label="Observaciones" value={p.observations} />}
        </SimpleGrid>
      </Section>

      <Section title="Experiencia laboral">
        {p.experiences.length === 0 ? (
          <Text c="dimmed">Aún no has agregado experiencias.</Text>
        ) : (
          <Stack gap="sm">
            {p.experiences.map((e, i) => (
              <div key={i}>
                <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {e.position} · {e.company}
                </Text>
                <Text size="sm" c="dimmed">
                  {formatDate(e.from, '¿?')} – {formatDate(e.to, '¿?')}
                </Text>
                {e.description && (
                  <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
                    {e.description}
                  </Text>
                )}
              </div>
            ))}
          </Stack>
        )}
      </Section>

      <Section title="Referencias">
        {references.length === 0 ? (
          <Text c="dimmed">Aún no has agregado referencias.</Text>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            {references.map((r, i) => (
              <div key={i}>
                <Text size="xs" c="dimmed" fw={600}>
                  {r.kind}
                </Text>
                <Text style={{ overflowWrap: 'anywhere' }}>
                  {r.name} · {r.phone}
                </Text>
              </div>
            ))}
          </SimpleGrid>
        )}
      </Section>

      <Section title="Documentos">
        <Stack gap="xs">
          {(['photo', ...PROFILE_FILES] as const).map((key) => {
            const file = p[key];
            const label = FILE_LABEL[key];
            const Icon = key === 'photo' ? IconPhoto : IconFileTypePdf;
            return (
              <Group key={key} justify="space-between" gap="xs" wrap="nowrap">
                <Group gap={8} wrap="nowrap" style={{ minWidth: 0 }}>
                  <Icon size={20} aria-hidden color="var(--mantine-color-gray-7)" style={{ flex: 'none' }} />
                  <div style={{ minWidth: 0 }}>
                    <Text fw={600} size="sm">
                      {label}
                    </Text>
                    <Text size="xs" c="dimmed" truncate="end">
                      {file ? file.name : 'No adjuntado'}
                    </Text>
                  </div>
                </Group>
                {file && <ViewFileButton file={file} label={label} />}
              </Group>
            );
          })}
        </Stack>
      </Section>
    </Stack>
  );
}
