import {
  Badge,
  Box,
  Button,
  CopyButton,
  Group,
  List,
  Modal,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useQuery } from '@apollo/client/react';
import { useMediaQuery } from '@mantine/hooks';
import {
  IconBuildingHospital,
  IconCalendar,
  IconCalendarDue,
  IconCheck,
  IconLink,
  IconMapPin,
  IconStarFilled,
  IconZoomIn,
} from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { DEFAULT_BENEFITS, DEFAULT_REQUIREMENTS, formatDate, NO_DESCRIPTION } from '@bolsa/domain';
import { pageTitle } from '../../app/site';
import type { VacancyDetailQuery } from '../../gql/graphql';
import { JobImage } from '../../components/JobImage';
import { useTrackDialog } from '../../lib/dialog-activity';
import { useDocumentTitle } from '../../lib/document-title';
import { announceApplicationForm } from './apply';
import { JobPostingJsonLd } from './JobPostingJsonLd';
import { VACANCY_DETAIL } from './operations';

type VacancyDetail = NonNullable<VacancyDetailQuery['vacancy']>;

export const VACANCY_NOT_FOUND = 'La vacante no existe o ya no está disponible.';

interface VacancyDetailModalProps {
  vacancyId: string;
  opened: boolean;
  onClose: () => void;
}

/** 'Detalles del empleo' (spec 1 §2.5). */
export function VacancyDetailModal({ vacancyId, opened, onClose }: VacancyDetailModalProps) {
  const { data, loading, error, refetch } = useQuery(VACANCY_DETAIL, { variables: { id: vacancyId } });
  const [zoomed, setZoomed] = useState(false);
  const phone = useMediaQuery('(max-width: 36em)');
  useTrackDialog(opened);
  useTrackDialog(zoomed);

  const vacancy = data?.vacancy ?? null;
  useDocumentTitle(opened && vacancy ? pageTitle(vacancy.name) : null, 1);

  let body: ReactNode;
  if (loading && !data) body = <DetailSkeleton />;
  else if (error && !data)
    body = (
      <Stack align="flex-start">
        <Text>No se pudo cargar la vacante. Revisa tu conexión e inténtalo de nuevo.</Text>
        <Button onClick={() => void refetch()}>Reintentar</Button>
      </Stack>
    );
  else if (!vacancy)
    body = (
      <Stack align="flex-start">
        <Text>{VACANCY_NOT_FOUND}</Text>
        <Button onClick={onClose}>Ver vacantes disponibles</Button>
      </Stack>
    );
  else body = <DetailBody vacancy={vacancy} onZoom={() => setZoomed(true)} />;

  return (
    <Modal.Stack>
      <Modal
        stackId="detalle"
        opened={opened}
        onClose={onClose}
        title="Detalles del empleo"
        size="lg"
        fullScreen={phone}
        closeButtonProps={{ 'aria-label': 'Cerrar detalles del empleo' }}
        styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-xl)' } }}
      >
        {body}
        {opened && vacancy && <JobPostingJsonLd vacancy={vacancy} />}
      </Modal>
      <Modal
        stackId="imagen"
        opened={zoomed && vacancy !== null}
        onClose={() => setZoomed(false)}
        title={vacancy?.name ?? 'Imagen de la vacante'}
        size="xl"
        centered
        closeButtonProps={{ 'aria-label': 'Cerrar imagen' }}
      >
        {vacancy && <JobImage src={vacancy.imageUrl} alt={`Imagen de la vacante ${vacancy.name}`} eager radius="md" />}
      </Modal>
    </Modal.Stack>
  );
}

function DetailBody({ vacancy: v, onZoom }: { vacancy: VacancyDetail; onZoom: () => void }) {
  const requirements = v.requirements.length > 0 ? v.requirements : DEFAULT_REQUIREMENTS;
  const benefits = v.benefits.length > 0 ? v.benefits : DEFAULT_BENEFITS;
  const published = formatDate(v.publishedAt);
  const closes = formatDate(v.endsAt);
  return (
    <Stack gap="md">
      <Text size="sm" fw={700} c="brand.8" tt="uppercase" style={{ letterSpacing: '0.04em' }}>
        Información del puesto
      </Text>
      <UnstyledButton
        onClick={onZoom}
        aria-label="Ampliar imagen de la vacante"
        pos="relative"
        style={{ borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden', display: 'block' }}
      >
        <JobImage src={v.imageUrl} alt="" eager />
        <ThemeIcon pos="absolute" bottom={8} right={8} variant="white" radius="xl" size="lg" aria-hidden>
          <IconZoomIn size={18} />
        </ThemeIcon>
      </UnstyledButton>
      <Box>
        <Group gap="xs" align="center">
          <Title order={3} fz="h2">
            {v.name}
          </Title>
          {v.featured && (
            <Badge color="yellow.3" c="dark.9" leftSection={<IconStarFilled size={12} aria-hidden />}>
              Plaza Destacada
            </Badge>
          )}
        </Group>
        <Stack gap={4} mt="xs">
          {v.branch && <Fact icon={<IconBuildingHospital size={18} />} label="Sede" value={v.branch.name} />}
          {v.place && <Fact icon={<IconMapPin size={18} />} label="Ubicación" value={v.place} />}
          {published && <Fact icon={<IconCalendar size={18} />} label="Fecha de publicación" value={published} />}
          {closes && <Fact icon={<IconCalendarDue size={18} />} label="Fecha de cierre" value={closes} />}
        </Stack>
      </Box>
      <Section title="Descripción">
        <Text style={{ whiteSpace: 'pre-line' }}>{v.description?.trim() || NO_DESCRIPTION}</Text>
      </Section>
      <Section title="Requisitos">
        <CheckList items={requirements} />
      </Section>
      <Section title="Ofrecemos">
        <CheckList items={benefits} />
      </Section>
      <Group justify="space-between" mt="sm" gap="sm">
        <CopyButton value={new URL(`/vacantes/${encodeURIComponent(v.id)}`, window.location.origin).href}>
          {({ copied, copy }) => (
            <Button
              variant="subtle"
              leftSection={copied ? <IconCheck size={16} aria-hidden /> : <IconLink size={16} aria-hidden />}
              onClick={copy}
            >
              {copied ? 'Enlace copiado' : 'Copiar enlace'}
            </Button>
          )}
        </CopyButton>
        <Button size="md" onClick={announceApplicationForm}>
          Aplicar Ahora
        </Button>
      </Group>
    </Stack>
  );
}

function Fact({ icon, label, value }: { icon: ReactNode; label: string; value: string }) {
  return (
    <Group gap={8} wrap="nowrap" align="flex-start">
      <Box c="brand.8" style={{ display: 'flex', flexShrink: 0 }} aria-hidden>
        {icon}
      </Box>
      <Text size="sm">
        <Text span fw={600}>
          {label}:
        </Text>{' '}
        {value}
      </Text>
    </Group>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section">
      <Title order={4} mb={6}>
        {title}
      </Title>
      {children}
    </Box>
  );
}

function CheckList({ items }: { items: readonly string[] }) {
  return (
    <List
      spacing={6}
      icon={
        <ThemeIcon size={20} radius="xl" variant="light" aria-hidden>
          <IconCheck size={13} />
        </ThemeIcon>
      }
    >
      {items.map((item) => (
        <List.Item key={item}>{item}</List.Item>
      ))}
    </List>
  );
}

function DetailSkeleton() {
  return (
    <Stack gap="md" aria-busy="true">
      <Text size="sm" c="dimmed">
        Cargando vacante…
      </Text>
      <Skeleton h={220} />
      <Skeleton h={28} w="70%" />
      <Skeleton h={14} w="40%" />
      <Skeleton h={14} w="50%" />
      <Skeleton h={80} />
    </Stack>
  );
}
