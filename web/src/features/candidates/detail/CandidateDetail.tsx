import { useQuery } from '@apollo/client/react';
import { Alert, Button, Card, EmptyState, Grid, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import {
  IconArrowLeft,
  IconFileUpload,
  IconPlayerPlay,
  IconPrinter,
  IconUserOff,
  IconUserSearch,
} from '@tabler/icons-react';
import { RETENTION_ERASED_DETAIL, RETENTION_ERASED_NAME } from '@bolsa/domain';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { CandidateStateBadge } from '../../../components/CandidateStateBadge';
import { ErrorPanel } from '../../../components/ErrorPanel';
import { useStaffRole } from '../../session';
import { stepButtons } from '../actions/steps';
import { useCandidateActions, type CandidateActionTarget } from '../actions/use-candidate-actions';
import { CandidatePhoto } from './CandidatePhoto';
import { CandidateTabs } from './CandidateTabs';
import { CandidateTimeline } from './CandidateTimeline';
import { DocumentRequestDialog } from './DocumentRequestDialog';
import { CANDIDATE_DETAIL } from './operations';
import { PrintSummary } from './PrintSummary';
import type { CandidateDetailData } from './types';
import { CandidateNotes } from '../notes';
import { CandidateTags } from '../tags';
import { CandidateScorecards } from '../scorecards';

export const DETAIL_MESSAGES = {
  loadFailed: 'No se pudo cargar la información del candidato. Por favor, intente nuevamente.',
  notFound: 'No se encontró el candidato.',
  erased: 'Datos eliminados a solicitud del candidato',
} as const;

const INBOX = '/panel/candidatos';

interface CandidateDetailProps {
  id: string;
  /**
   * Inside another screen (the by-vacancy list): no 'Volver' and no trip back to the inbox after
   * 'Iniciar seguimiento'.
   */
  embedded?: boolean;
}

function target(c: CandidateDetailData): CandidateActionTarget {
  return { id: c.id, fullName: c.fullName, email: c.email, state: c.state, allowedStates: c.allowedStates };
}

function StepActions({ c }: { c: CandidateDetailData }) {
  const actions = useCandidateActions();
  const busy = actions.busyId === c.id;
  return (
    <Group gap="xs" wrap="wrap" role="group" aria-label="Etapas del proceso">
      {stepButtons(c.id, c.state, c.allowedStates).map((b) => {
        const common = { size: 'xs', disabled: !b.enabled || busy } as const;
        if (b.to && b.enabled)
          return (
            <Button key={b.step} {...common} variant="light" component={Link} to={b.to}>
              {b.label}
            </Button>
          );
        const onClick =
          b.step === 'INDUCTION'
            ? () => actions.moveToInduction(target(c))
            : b.step === 'HIRE'
              ? () => actions.openHire(target(c))
              : b.step === 'REJECT'
                ? () => actions.openReject(target(c))
                : undefined;
        return (
          <Button
            key={b.step}
            {...common}
            // Outline: a light variant of a dark shade paints its text on its own colour.
            variant={b.step === 'REJECT' || b.step === 'HIRE' ? 'outline' : 'light'}
            color={b.step === 'REJECT' ? 'red.9' : undefined}
            onClick={onClick}
            loading={busy && b.step === 'INDUCTION'}
          >
            {b.label}
          </Button>
        );
      })}
      {actions.dialogs}
    </Group>
  );
}

function Header({
  c,
  embedded,
  onDocumentsRequested,
}: {
  c: CandidateDetailData;
  embedded: boolean;
  onDocumentsRequested: () => void;
}) {
  const navigate = useNavigate();
  const actions = useCandidateActions();
  const { role, canEdit } = useStaffRole();
  const [requesting, setRequesting] = useState(false);
  const vacancy = c.vacancies[0];
  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-start" gap="md">
        <Group gap="md" align="flex-start" wrap="nowrap" style={{ minWidth: 0 }}>
          {!c.dataErased && <CandidatePhoto c={c} />}
          <Stack gap={4} style={{ minWidth: 0 }}>
            <Title order={embedded ? 2 : 1} fz={{ base: 22, sm: 26 }} style={{ overflowWrap: 'anywhere' }}>
              {c.fullName}
            </Title>
            <Group gap="xs">
              <CandidateStateBadge state={c.state} size="lg" />
              {c.registered && (
                <Text size="xs" c="dimmed">
                  Usuario registrado
                </Text>
              )}
            </Group>
            {vacancy && (
              <Text size="sm">
                {vacancy.name}
                {vacancy.position && vacancy.position !== vacancy.name ? ` · ${vacancy.position}` : ''}
              </Text>
            )}
          </Stack>
        </Group>
        <Group gap="xs" wrap="wrap">
          {/* Once the role is known: a viewer is told 'Solo lectura' instead of sending anything. */}
          {c.state === 'APPLIED' && !c.dataErased && role !== null && (
            <Button
              leftSection={<IconPlayerPlay size={16} aria-hidden />}
              loading={actions.busyId === c.id}
              onClick={() =>
                void actions.startFollowUp(target(c), {
                  onDone: embedded ? undefined : () => void navigate(INBOX),
                })
              }
            >
              Iniciar seguimiento
            </Button>
          )}
          {!c.dataErased && (
            <Button
              variant="default"
              leftSection={<IconPrinter size={16} aria-hidden />}
              onClick={() => window.print()}
            >
              Imprimir Resumen
            </Button>
          )}
          {c.registered && !c.dataErased && canEdit && (
            <Button
              variant="default"
              leftSection={<IconFileUpload size={16} aria-hidden />}
              onClick={() => setRequesting(true)}
            >
              Documentos a actualizar
            </Button>
          )}
        </Group>
      </Group>
      {canEdit && !c.dataErased && <StepActions c={c} />}
      {c.registered && !c.dataErased && canEdit && (
        <DocumentRequestDialog
          opened={requesting}
          candidateId={c.id}
          fullName={c.fullName}
          email={c.email}
          onClose={() => setRequesting(false)}
          onSent={onDocumentsRequested}
        />
      )}
    </Stack>
  );
}

function Loading() {
  return (
    <Stack gap="md" aria-busy="true">
      <Text size="sm" c="dimmed">
        Cargando candidato…
      </Text>
      <Group gap="md">
        <Skeleton h={96} w={96} radius="md" />
        <Stack gap="xs" style={{ flex: 1 }}>
          <Skeleton h={28} w="60%" />
          <Skeleton h={20} w={120} />
        </Stack>
      </Group>
      <Skeleton h={220} />
    </Stack>
  );
}

/**
 * The candidate detail body (spec 3 §2.2): header, photo, tabs, timeline and the printable
 * summary. The route /panel/detallecandidato/:id wraps it; the by-vacancy list embeds it.
 */
export function CandidateDetail({ id, embedded = false }: CandidateDetailProps) {
  const navigate = useNavigate();
  const { data, previousData, loading, error, refetch } = useQuery(CANDIDATE_DETAIL, {
    variables: { id },
    // A change evicts the candidate's timeline; the refetch keeps what was on screen meanwhile.
    notifyOnNetworkStatusChange: true,
  });
  const shown = data ?? (previousData?.candidate?.id === id ? previousData : undefined);
  const c = shown?.candidate;
  const reloadTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (reloadTimer.current) clearTimeout(reloadTimer.current);
    },
    [],
  );

  const back = embedded ? null : (
    <Button
      variant="default"
      leftSection={<IconArrowLeft size={16} aria-hidden />}
      onClick={() => void navigate(INBOX)}
    >
      Volver
    </Button>
  );

  if (!shown && loading) return <Loading />;
  if (!shown && error)
    return (
      <Stack gap="md">
        <ErrorPanel
          title={DETAIL_MESSAGES.loadFailed}
          error={error}
          operationName="CandidateDetail"
          onRetry={() => void refetch()}
          retrying={loading}
        />
        {back && <Group>{back}</Group>}
      </Stack>
    );
  if (!c)
    return (
      <Card withBorder radius="md" py="xl">
        <EmptyState icon={<IconUserSearch size={28} aria-hidden />} title={DETAIL_MESSAGES.notFound}>
          {back}
        </EmptyState>
      </Card>
    );

  // Opening a document is logged by the file route: show it on the timeline a moment later.
  const reloadSoon = () => {
    if (reloadTimer.current) clearTimeout(reloadTimer.current);
    reloadTimer.current = setTimeout(() => void refetch(), 1500);
  };

  return (
    <Stack gap="lg">
      {back && <Group>{back}</Group>}
      <Header c={c} embedded={embedded} onDocumentsRequested={() => void refetch()} />
      <CandidateTags candidateId={c.id} />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
            {c.dataErased && c.erasedByRetention ? (
              <Alert color="gray" variant="light" icon={<IconUserOff aria-hidden />} title={RETENTION_ERASED_NAME}>
                {RETENTION_ERASED_DETAIL}
              </Alert>
            ) : c.dataErased ? (
              <Alert color="gray" variant="light" icon={<IconUserOff aria-hidden />} title={DETAIL_MESSAGES.erased}>
                El candidato eliminó su cuenta y sus datos personales. Se conserva solo el historial del proceso.
              </Alert>
            ) : (
              <CandidateTabs c={c} onDocumentOpened={reloadSoon} />
            )}
          </Paper>
          {!c.dataErased && <CandidateNotes candidateId={c.id} />}
          {!c.dataErased && <CandidateScorecards candidateId={c.id} />}
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Paper
            withBorder
            radius="md"
            p={{ base: 'sm', sm: 'md' }}
            component="section"
            aria-labelledby={`${id}-timeline`}
          >
            <Title order={2} fz="lg" mb="md" id={`${id}-timeline`}>
              Historial
            </Title>
            <CandidateTimeline events={c.timeline} />
          </Paper>
        </Grid.Col>
      </Grid>
      {!c.dataErased && <PrintSummary c={c} />}
    </Stack>
  );
}
