import { Badge, Box, Group, List, Modal, Stack, Text, ThemeIcon, Title, UnstyledButton } from '@mantine/core';
import {
  IconBuildingHospital,
  IconCalendar,
  IconCalendarDue,
  IconCheck,
  IconMapPin,
  IconStarFilled,
  IconZoomIn,
} from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { DEFAULT_BENEFITS, DEFAULT_REQUIREMENTS, formatDate, NO_DESCRIPTION, splitList } from '@bolsa/domain';
import { useTrackDialog } from '../lib/dialog-activity';
import { JobImage } from './JobImage';

export interface VacancyDetailData {
  name: string;
  branchName: string | null;
  place: string | null;
  imageUrl: string | null;
  description: string | null;
  requirements: readonly string[];
  benefits: readonly string[];
  publishedAt: string | null;
  endsAt: string | null;
  featured?: boolean;
}

interface VacancyDetailsProps {
  vacancy: VacancyDetailData;
  /** The vacancy name's heading level; the section headings sit one level below. */
  headingLevel?: 2 | 3;
  /**
   * Opens the enlarged image. Without it the image opens in a dialog of its own; the public
   * 'Detalles del empleo' dialog passes it to stack the image dialog above itself.
   */
  onZoom?: () => void;
  /** Shown after 'Ofrecemos', e.g. the candidate's 'Aplicar Ahora' and share buttons. */
  children?: ReactNode;
}

/**
 * 'Detalles del empleo' (spec 1 §2.5) from plain values: the public dialog, the staff view and
 * the create form's preview show the same order, headings, defaults and image zoom.
 */
export function VacancyDetails({ vacancy: v, headingLevel = 2, onZoom, children }: VacancyDetailsProps) {
  const [zoomed, setZoomed] = useState(false);
  useTrackDialog(zoomed);
  // The same splitter for every caller (the BFF's normalised lists, the form's typed items), so
  // a pasted "['a', 'b']" reads as two items in the preview as on the public board.
  const listed = { requirements: splitList(v.requirements), benefits: splitList(v.benefits) };
  const requirements = listed.requirements.length > 0 ? listed.requirements : DEFAULT_REQUIREMENTS;
  const benefits = listed.benefits.length > 0 ? listed.benefits : DEFAULT_BENEFITS;
  const published = formatDate(v.publishedAt);
  const closes = formatDate(v.endsAt);
  const sub = (headingLevel + 1) as 3 | 4;
  return (
    <Stack gap="md">
      <Text size="sm" fw={700} c="brand.8" tt="uppercase" style={{ letterSpacing: '0.04em' }}>
        Información del puesto
      </Text>
      <UnstyledButton
        onClick={onZoom ?? (() => setZoomed(true))}
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
          <Title order={headingLevel} fz="h2">
            {v.name}
          </Title>
          {v.featured && (
            <Badge color="yellow.3" c="dark.9" leftSection={<IconStarFilled size={12} aria-hidden />}>
              Plaza Destacada
            </Badge>
          )}
        </Group>
        <Stack gap={4} mt="xs">
          {v.branchName && <Fact icon={<IconBuildingHospital size={18} />} label="Sede" value={v.branchName} />}
          {v.place && <Fact icon={<IconMapPin size={18} />} label="Ubicación" value={v.place} />}
          {published && <Fact icon={<IconCalendar size={18} />} label="Fecha de publicación" value={published} />}
          {closes && <Fact icon={<IconCalendarDue size={18} />} label="Fecha de cierre" value={closes} />}
        </Stack>
      </Box>
      <Section title="Descripción" order={sub}>
        <Text style={{ whiteSpace: 'pre-line' }}>{v.description?.trim() || NO_DESCRIPTION}</Text>
      </Section>
      <Section title="Requisitos" order={sub}>
        <CheckList items={requirements} />
      </Section>
      <Section title="Ofrecemos" order={sub}>
        <CheckList items={benefits} />
      </Section>
      {children}
      {!onZoom && (
        <Modal
          opened={zoomed}
          onClose={() => setZoomed(false)}
          title={v.name || 'Imagen de la vacante'}
          size="xl"
          centered
          closeButtonProps={{ 'aria-label': 'Cerrar imagen' }}
        >
          <JobImage src={v.imageUrl} alt={`Imagen de la vacante ${v.name}`} eager radius="md" />
        </Modal>
      )}
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

function Section({ title, order, children }: { title: string; order: 3 | 4; children: ReactNode }) {
  return (
    <Box component="section">
      <Title order={order} fz="h4" mb={6}>
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
      {items.map((item, i) => (
        <List.Item key={`${i}-${item}`}>{item}</List.Item>
      ))}
    </List>
  );
}
