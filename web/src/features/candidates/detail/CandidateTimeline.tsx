import { Badge, Group, Text, Timeline } from '@mantine/core';
import {
  IconArrowRight,
  IconCalendarEvent,
  IconClipboardCheck,
  IconFileSearch,
  IconFileUpload,
  IconMail,
  IconNote,
} from '@tabler/icons-react';
import type { CandidateTimelineEventFragment } from '../../../gql/graphql';
import { stateLabel } from '../actions/messages';
import {
  DOCUMENT_KIND_INFO,
  DOCUMENT_REQUEST_MESSAGES,
  documentLabel,
  formatDate,
  formatDatesInText,
  NOTE_MESSAGES,
  requestedKinds,
} from '@bolsa/domain';
import { EMAIL_STATUS, formatDateTime, sortTimeline } from './format';

/** What happened to an assigned test (TestEvent.action), in the screen's words. */
export const TEST_EVENT_LABEL: Record<string, string> = {
  ASSIGNED: 'Prueba asignada',
  SENT: 'Prueba enviada por correo',
  COMPLETED: 'Prueba completada',
  NOT_COMPLETED: 'Prueba no completada',
  REACTIVATED: 'Prueba reactivada',
  DELETED: 'Prueba eliminada',
  RESULT: 'Resultado registrado',
};

/** The members this page knows how to show; members whose fragment is not spread yet are skipped. */
type ShownEvent = Extract<CandidateTimelineEventFragment, { at: string }>;
const isShown = (e: CandidateTimelineEventFragment): e is ShownEvent => 'at' in e;

function Item({ event }: { event: ShownEvent }) {
  const when = formatDateTime(event.at);
  switch (event.__typename) {
    case 'StateChangeEvent':
      return (
        <>
          <Text fw={600} size="sm">
            {event.from
              ? `${stateLabel(event.from)} → ${stateLabel(event.to)}`
              : `Estado inicial: ${stateLabel(event.to)}`}
          </Text>
          <Text size="xs" c="dimmed">
            {event.by ?? 'Sistema'} · {when}
          </Text>
          {event.note && (
            <Text size="sm" mt={4} style={{ whiteSpace: 'pre-line' }}>
              {formatDatesInText(event.note)}
            </Text>
          )}
        </>
      );
    case 'EmailEvent': {
      const status = EMAIL_STATUS[event.status];
      return (
        <>
          <Group gap="xs" wrap="wrap">
            <Text fw={600} size="sm">
              Correo: {event.subject}
            </Text>
            <Badge size="sm" variant="filled" color={status.color} autoContrast>
              {status.label}
            </Badge>
          </Group>
          <Text size="xs" c="dimmed">
            {when}
            {event.sentAt && event.status === 'SENT' ? ` · enviado ${formatDateTime(event.sentAt)}` : ''}
            {event.attempts > 1 ? ` · ${event.attempts} intentos` : ''}
          </Text>
        </>
      );
    }
    case 'FileAccessEvent':
      return (
        <>
          <Text fw={600} size="sm">
            Documento abierto: {documentLabel(event.document)}
          </Text>
          <Text size="xs" c="dimmed">
            {event.openedBy} · {when}
          </Text>
        </>
      );
    case 'InterviewEvent':
      return (
        <>
          <Text fw={600} size="sm">
            Entrevista {event.mode === 'VIRTUAL' ? 'virtual (Teams)' : 'presencial'}: {formatDate(event.date)}{' '}
            {event.startsAt}–{event.endsAt}
          </Text>
          <Text size="xs" c="dimmed">
            {event.scheduledBy ?? 'Sistema'} · {when}
          </Text>
        </>
      );
    case 'DocumentRequestEvent': {
      const documents = requestedKinds(event.requestedDocuments)
        .map((d) => DOCUMENT_KIND_INFO[d].label)
        .join(', ');
      const fulfilled = event.requestAction === 'FULFILLED';
      return (
        <>
          <Text fw={600} size="sm">
            {fulfilled ? DOCUMENT_REQUEST_MESSAGES.fulfilled : 'Documentos solicitados'}: {documents}
          </Text>
          <Text size="xs" c="dimmed">
            {event.requestBy ?? (fulfilled ? 'Candidato' : 'Sistema')} · {when}
          </Text>
          {!fulfilled && event.comment && (
            <Text size="sm" mt={4} style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
              {event.comment}
            </Text>
          )}
        </>
      );
    }
    case 'NoteEvent':
      return (
        <>
          <Text fw={600} size="sm">
            {NOTE_MESSAGES.timelineTitle}
          </Text>
          <Text size="xs" c="dimmed">
            {event.noteBy ?? NOTE_MESSAGES.unknownAuthor} · {when}
          </Text>
          <Text size="sm" mt={4} lineClamp={4} style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
            {event.noteText}
          </Text>
        </>
      );
    case 'TestEvent':
      return (
        <>
          <Text fw={600} size="sm">
            {TEST_EVENT_LABEL[event.action] ?? 'Prueba'}: {event.testName}
          </Text>
          <Text size="xs" c="dimmed">
            {event.testBy ?? 'Sistema'} · {when}
          </Text>
        </>
      );
  }
}

const BULLET = {
  StateChangeEvent: <IconArrowRight size={12} aria-hidden />,
  EmailEvent: <IconMail size={12} aria-hidden />,
  FileAccessEvent: <IconFileSearch size={12} aria-hidden />,
  InterviewEvent: <IconCalendarEvent size={12} aria-hidden />,
  TestEvent: <IconClipboardCheck size={12} aria-hidden />,
  DocumentRequestEvent: <IconFileUpload size={12} aria-hidden />,
  NoteEvent: <IconNote size={12} aria-hidden />,
} as const;

/**
 * The candidate's history (issue 11): state changes with who and when, e-mails with their delivery, document
 * openings, tests, interviews, and document-update requests with their fulfilment (issue 12).
 */
export function CandidateTimeline({ events }: { events: readonly CandidateTimelineEventFragment[] }) {
  const shown = events.filter(isShown);
  if (shown.length === 0)
    return (
      <Text size="sm" c="dimmed">
        Sin movimientos registrados.
      </Text>
    );
  const sorted = sortTimeline(shown);
  return (
    <Timeline active={sorted.length - 1} bulletSize={22} lineWidth={2}>
      {sorted.map((event, i) => (
        <Timeline.Item key={`${event.__typename}-${event.at}-${i}`} bullet={BULLET[event.__typename]}>
          <Item event={event} />
        </Timeline.Item>
      ))}
    </Timeline>
  );
}
