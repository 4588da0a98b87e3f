import { ActionIcon, Group, Text, Tooltip } from '@mantine/core';
import {
  IconCalendarEvent,
  IconClipboardList,
  IconReportAnalytics,
  IconSchool,
  IconUser,
  IconUserCheck,
  IconUserX,
  type Icon,
} from '@tabler/icons-react';
import { inboxRowActions, stateFromEnum, TRANSITION_MESSAGES, type InboxRowAction, type RoleId } from '@bolsa/domain';
import { Link } from 'react-router';
import type { CandidateRowFragment } from '../../../gql/graphql';
import { useCandidateActions } from '../actions/use-candidate-actions';

const ACTION: Record<InboxRowAction, { label: string; icon: Icon; color?: string }> = {
  profile: { label: 'Ver perfil', icon: IconUser },
  preTests: { label: 'Pre-pruebas', icon: IconClipboardList },
  results: { label: 'Resultados de pruebas', icon: IconReportAnalytics },
  interview: { label: 'Programar entrevista', icon: IconCalendarEvent },
  induction: { label: TRANSITION_MESSAGES.inductionConfirmLabel, icon: IconSchool },
  hire: { label: 'Contratar', icon: IconUserCheck, color: 'green.9' },
  reject: { label: 'Rechazar', icon: IconUserX, color: 'red.8' },
};

/** Where a navigating action goes (spec 3 §2.1). */
function pathOf(action: InboxRowAction, id: string): string | null {
  const key = encodeURIComponent(id);
  switch (action) {
    case 'profile':
      return `/panel/detallecandidato/${key}`;
    case 'preTests':
      return `/panel/asignacionpruebas/${key}`;
    case 'results':
      return `/panel/asignacionpruebas/${key}?tab=resultados`;
    case 'interview':
      return `/panel/asignacionentrevista/${key}`;
    default:
      return null;
  }
}

/** The action buttons of one inbox row, by state and role (domain `inboxRowActions`). */
export function RowActions({ row, role }: { row: CandidateRowFragment; role: RoleId | null }) {
  const actions = useCandidateActions();
  const state = stateFromEnum(row.state);
  const allowed = row.allowedStates.map(stateFromEnum).filter((s) => s !== null);
  const { actions: shown, locked } = inboxRowActions(state, role, allowed);
  const target = {
    id: row.id,
    fullName: row.fullName,
    email: row.email,
    state: row.state,
    allowedStates: row.allowedStates,
  };
  const run: Partial<Record<InboxRowAction, () => void>> = {
    induction: () => actions.moveToInduction(target),
    hire: () => actions.openHire(target),
    reject: () => actions.openReject(target),
  };

  return (
    <Group gap={4} wrap="nowrap">
      {shown.map(({ action, enabled }) => {
        const { label, icon: Glyph, color } = ACTION[action];
        const blocked = locked && action !== 'profile';
        const name = `${label}${blocked ? ' (bloqueado)' : ''}: ${row.fullName}`;
        const to = pathOf(action, row.id);
        const common = {
          variant: 'subtle' as const,
          color,
          'aria-label': name,
          loading: action === 'induction' && actions.busyId === row.id,
          children: <Glyph size={18} aria-hidden />,
        };
        return (
          <Tooltip key={action} label={blocked ? `${label} (bloqueado)` : label} disabled={!enabled}>
            {enabled && to ? (
              <ActionIcon component={Link} to={to} {...common} />
            ) : (
              <ActionIcon disabled={!enabled} onClick={run[action]} {...common} />
            )}
          </Tooltip>
        );
      })}
      {locked && (
        <Text size="xs" c="dimmed" aria-hidden>
          (bloqueado)
        </Text>
      )}
      {actions.dialogs}
    </Group>
  );
}
