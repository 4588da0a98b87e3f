import { Button, CopyButton, Group, Modal, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@apollo/client/react';
import { IconCheck, IconLink } from '@tabler/icons-react';
import { BOARD_VACANCY_MESSAGES } from '@bolsa/domain';
import { useState, type ReactNode } from 'react';
import { pageTitle } from '../../lib/site';
import type { VacancyDetailQuery } from '../../gql/graphql';
import { JobImage } from '../../components/JobImage';
import { VacancyDetails } from '../../components/VacancyDetails';
import { BodyLayer, usePhoneDialog, useReturnFocus } from '../../components/dialog-layer';
import { VacancyLoadFailed } from '../../components/VacancyLoadFailed';
import { useTrackDialog } from '../../lib/dialog-activity';
import { useDocumentTitle } from '../../lib/document-title';
import { useApply } from './apply';
import { JobPostingJsonLd } from './JobPostingJsonLd';
import { VACANCY_DETAIL } from './operations';

type VacancyDetail = NonNullable<VacancyDetailQuery['vacancy']>;

export const VACANCY_NOT_FOUND = BOARD_VACANCY_MESSAGES.notFound;

interface VacancyDetailModalProps {
  vacancyId: string;
  opened: boolean;
  onClose: () => void;
}

/** 'Detalles del empleo' (spec 1 §2.5). */
export function VacancyDetailModal({ vacancyId, opened, onClose }: VacancyDetailModalProps) {
  const { data, loading, error, refetch } = useQuery(VACANCY_DETAIL, { variables: { id: vacancyId } });
  const [zoomed, setZoomed] = useState(false);
  const phone = usePhoneDialog();
  useTrackDialog(opened);
  useReturnFocus(opened);
  useTrackDialog(zoomed);

  const vacancy = data?.vacancy ?? null;
  useDocumentTitle(opened && vacancy ? pageTitle(vacancy.name) : null, 1);

  let body: ReactNode;
  if (loading && !data) body = <DetailSkeleton />;
  else if (error && !data) body = <VacancyLoadFailed error={error} onRetry={() => void refetch()} />;
  else if (!vacancy)
    body = (
      <Stack align="flex-start">
        <Text>{VACANCY_NOT_FOUND}</Text>
        <Button onClick={onClose}>Ver vacantes disponibles</Button>
      </Stack>
    );
  else body = <DetailBody vacancy={vacancy} onZoom={() => setZoomed(true)} />;

  return (
    <BodyLayer>
      <Modal.Stack>
        <Modal
          stackId="detalle"
          withinPortal={false}
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
          withinPortal={false}
          opened={zoomed && vacancy !== null}
          onClose={() => setZoomed(false)}
          title={vacancy?.name ?? 'Imagen de la vacante'}
          size="xl"
          centered
          closeButtonProps={{ 'aria-label': 'Cerrar imagen' }}
        >
          {vacancy && (
            <JobImage src={vacancy.imageUrl} alt={`Imagen de la vacante ${vacancy.name}`} eager radius="md" />
          )}
        </Modal>
      </Modal.Stack>
    </BodyLayer>
  );
}

function DetailBody({ vacancy: v, onZoom }: { vacancy: VacancyDetail; onZoom: () => void }) {
  const apply = useApply();
  return (
    <VacancyDetails
      vacancy={{
        name: v.name,
        branchName: v.branch?.name ?? null,
        place: v.place,
        imageUrl: v.imageUrl,
        description: v.description,
        requirements: v.requirements,
        benefits: v.benefits,
        publishedAt: v.publishedAt,
        endsAt: v.endsAt,
        featured: v.featured,
      }}
      headingLevel={3}
      onZoom={onZoom}
    >
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
        <Button size="md" onClick={() => apply(v)}>
          Aplicar Ahora
        </Button>
      </Group>
    </VacancyDetails>
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
