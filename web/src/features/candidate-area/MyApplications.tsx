import { useMutation, useQuery } from '@apollo/client/react';
import { Alert, Anchor, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconBell, IconBriefcase, IconCalendar, IconCalendarEvent, IconMapPin } from '@tabler/icons-react';
import {
  BRANCH_MESSAGES,
  formatDate,
  PROFILE_MESSAGES,
  stateChangeNotice,
  stateFromEnum,
  stateMessage,
} from '@bolsa/domain';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { CandidateStateBadge } from '../../components/CandidateStateBadge';
import { ErrorPanel } from '../../components/ErrorPanel';
import { isNetworkError } from '../../lib/errors';
import type { MyApplicationsQuery } from '../../gql/graphql';
import { ApplicationTracker } from './ApplicationTracker';
import { MARK_APPLICATIONS_SEEN, MY_APPLICATIONS } from './operations';

type MyApplication = MyApplicationsQuery['myApplications'][number];

/** 'Sede {nombre}', else 'Sede {id}', else 'Sede no especificada' (spec 1 §8). */
export function branchLabel(a: Pick<MyApplication, 'branchName' | 'branchId'>): string {
  if (a.branchName?.trim()) return a.branchName.trim();
  if (a.branchId) return `Sede ${a.branchId}`;
  return BRANCH_MESSAGES.notSpecified;
}

/** The scheduled interview on the card (issue 12): when, and where or the meeting link. */
function InterviewNote({ interview: i }: { interview: NonNullable<MyApplication['interview']> }) {
  const place = i.place?.trim();
  const isLink = !!place && /^https?:\/\//i.test(place);
  return (
    <Alert color="teal" variant="light" icon={<IconCalendarEvent aria-hidden />} p="xs" title="Entrevista programada">
      <Stack gap={2}>
        <Text size="sm">
          {formatDate(i.date)} de {i.from} a {i.to}
          {i.mode === 'VIRTUAL' ? ' · Virtual (Teams)' : ' · Presencial'}
        </Text>
        {place && (
          <Text size="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
            {isLink ? (
              <Anchor href={place} target="_blank" rel="noreferrer">
                {place}
              </Anchor>
            ) : (
              place
            )}
          </Text>
        )}
      </Stack>
    </Alert>
  );
}

function ApplicationCard({ application: a }: { application: MyApplication }) {
  const notice = stateChangeNotice(stateFromEnum(a.previousState), stateFromEnum(a.state));
  const headingId = `postulacion-${a.id}`;
  return (
    <Card withBorder radius="md" padding="lg" component="article" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="xs">
          <Title order={3} fz="lg" id={headingId} style={{ overflowWrap: 'anywhere', flex: '1 1 12rem' }}>
            {a.vacancyName?.trim() || 'Vacante sin nombre'}
          </Title>
          <CandidateStateBadge state={a.state} size="lg" />
        </Group>
        {notice && (
          <Alert color="blue" variant="light" icon={<IconBell aria-hidden />} p="xs" role="status">
            {notice}
          </Alert>
        )}
        <ApplicationTracker state={a.state} />
        <Text>{stateMessage(stateFromEnum(a.state))}</Text>
        <Stack gap={4}>
          <Group gap={6} wrap="nowrap">
            <IconCalendar size={16} aria-hidden color="var(--mantine-color-gray-7)" />
            <Text size="sm">Fecha de aplicación: {formatDate(a.appliedAt, PROFILE_MESSAGES.dateUnavailable)}</Text>
          </Group>
          <Group gap={6} wrap="nowrap" align="flex-start">
            <IconMapPin size={16} aria-hidden color="var(--mantine-color-gray-7)" style={{ marginTop: 3 }} />
            <Text size="sm">{[branchLabel(a), a.place?.trim()].filter(Boolean).join(' · ')}</Text>
          </Group>
        </Stack>
        {a.interview && <InterviewNote interview={a.interview} />}
      </Stack>
    </Card>
  );
}

/** 'Mis Postulaciones' (spec 1 §2.7): one card per application, the state changes since the last visit. */
export function MyApplications() {
  const { data, loading, error, refetch } = useQuery(MY_APPLICATIONS, {
    fetchPolicy: 'cache-and-network',
    notifyOnNetworkStatusChange: true,
  });
  const [markSeen] = useMutation(MARK_APPLICATIONS_SEEN);
  const list = data?.myApplications;

  // Once the changes are on screen, the server records them as seen (for every device); the
  // notices stay on this screen until the next load.
  const marked = useRef(false);
  useEffect(() => {
    if (marked.current || !list?.some((a) => a.previousState && a.previousState !== a.state)) return;
    marked.current = true;
    void markSeen().catch(() => {
      marked.current = false;
    });
  }, [list, markSeen]);

  if (error && !list) {
    return (
      <ErrorPanel
        title={
          isNetworkError(error) ? PROFILE_MESSAGES.applicationsConnection : PROFILE_MESSAGES.applicationsLoadFailed
        }
        error={error}
        operationName="MyApplications"
        onRetry={() => void refetch().catch(() => undefined)}
        retrying={loading}
      />
    );
  }
  if (!list) {
    return (
      <Stack gap="md" aria-busy="true" aria-label="Cargando postulaciones">
        {[0, 1].map((i) => (
          <Skeleton key={i} h={220} radius="md" />
        ))}
      </Stack>
    );
  }
  if (list.length === 0) {
    return (
      <Card withBorder radius="md" padding="xl">
        <Stack align="center" gap="sm" ta="center">
          <IconBriefcase size={40} aria-hidden color="var(--mantine-color-brand-8)" />
          <Text fw={600}>Aún no tienes postulaciones.</Text>
          <Text size="sm" c="dimmed">
            Cuando te postules a una vacante, aquí podrás seguir su estado.
          </Text>
          <Button component={Link} to="/">
            Ver vacantes
          </Button>
        </Stack>
      </Card>
    );
  }
  return (
    <Stack gap="md">
      {list.map((a) => (
        <ApplicationCard key={a.id} application={a} />
      ))}
    </Stack>
  );
}
