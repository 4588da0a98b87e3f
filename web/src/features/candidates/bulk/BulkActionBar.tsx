import { useApolloClient } from '@apollo/client/react';
import { Button, Checkbox, Group, Menu, Modal, Paper, Table, Text } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import {
  BULK_EXPORT_MESSAGES,
  BULK_LIMIT,
  BULK_MESSAGES as M,
  BULK_TAG_MESSAGES,
  BULK_TAG_MODES,
  BULK_TARGET_STATES,
  can,
  stateToEnum,
} from '@bolsa/domain';
import { useRef, useState, type ReactNode } from 'react';
import type { BulkCandidateFilter, BulkCandidateSelection } from '../../../gql/graphql';
import { useTrackDialog } from '../../../lib/dialog-activity';
import { refreshCandidateLists } from './refresh';
import { BulkMoveDialog } from './BulkMoveDialog';
import { BulkExportDialog } from './BulkExportDialog';
import { BulkTagsDialog } from './BulkTagsDialog';
import { useSession } from '../../session';
import type { BulkSelection } from './use-bulk-selection';

/** What an action's dialog gets: the selection as the GraphQL input, its size, and how to end. */
export interface BulkActionContext {
  selection: BulkCandidateSelection;
  /** The list's filter as it is on screen (its list and vacancy even when rows are ticked). */
  filter: BulkCandidateFilter;
  count: number;
  /** done: something changed (the lists refresh and the selection clears). */
  close: (done: boolean) => void;
  /**
   * Something has changed (rows moved, tags changed): however the dialog is then closed (its
   * 'Cerrar', the modal's ×, Escape), the lists refresh and the selection clears.
   */
  changed: () => void;
  /** While true the dialog cannot be closed (a move running). */
  setBusy: (busy: boolean) => void;
}

/**
 * One entry of the 'Acciones masivas' menu. The list is open: tags and export (issue 23, other
 * branches) add theirs with `extraActions`.
 */
export interface BulkAction {
  key: string;
  /** Menu entry and the dialog's title. */
  label: string;
  /** Menu section ('Cambiar estado', 'Etiquetas', …). */
  section: string;
  color?: string;
  dialog: (ctx: BulkActionContext) => ReactNode;
}

/** Moving to each state a bulk move may target, and the rejection (the same dialog for all). */
export const STATE_ACTIONS: readonly BulkAction[] = BULK_TARGET_STATES.map((to) => ({
  key: `state:${to}`,
  label: M.moveTo(to),
  section: 'Cambiar estado',
  color: to === 'rechazado' ? 'red.9' : undefined,
  dialog: (ctx: BulkActionContext) => (
    <BulkMoveDialog
      selection={ctx.selection}
      state={stateToEnum(to)}
      onClose={ctx.close}
      onChanged={ctx.changed}
      onBusy={ctx.setBusy}
    />
  ),
}));

/** Adding and removing tags on the selection (issue 23). */
export const TAG_ACTIONS: readonly BulkAction[] = BULK_TAG_MODES.map((mode) => ({
  key: `tags:${mode}`,
  label: BULK_TAG_MESSAGES.title(mode),
  section: BULK_TAG_MESSAGES.section,
  dialog: (ctx: BulkActionContext) => (
    <BulkTagsDialog
      mode={mode}
      selection={ctx.selection}
      count={ctx.count}
      onClose={ctx.close}
      onChanged={ctx.changed}
      onBusy={ctx.setBusy}
    />
  ),
}));

/** The selection to a CSV or Excel file (issue 23), roles 1–2 like the lists' export. */
export const EXPORT_ACTION: BulkAction = {
  key: 'export',
  label: BULK_EXPORT_MESSAGES.title,
  section: BULK_EXPORT_MESSAGES.section,
  dialog: (ctx: BulkActionContext) => (
    <BulkExportDialog selection={ctx.selection} filter={ctx.filter} count={ctx.count} onClose={ctx.close} />
  ),
};

interface BulkActionBarProps {
  bulk: BulkSelection;
  /** Rows matching the list's filter (every page). */
  total: number;
  /** The list's filter as it is on screen, for "every row matching". */
  filter: BulkCandidateFilter;
  extraActions?: readonly BulkAction[];
}

/** The bar over a candidate list: select the page or every match, and the actions menu (roles 1–2). */
export function BulkActionBar({ bulk, total, filter, extraActions = [] }: BulkActionBarProps) {
  const client = useApolloClient();
  const { viewer } = useSession();
  const [active, setActive] = useState<BulkAction | null>(null);
  const [busy, setBusy] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  const dirty = useRef(false);
  const trigger = useRef<HTMLButtonElement>(null);
  useTrackDialog(active !== null);
  if (!bulk.enabled) return null;

  const count = bulk.count(total);
  const pageAll = bulk.pageIds.length > 0 && bulk.pageIds.every((id) => bulk.isSelected(id));
  const pageSome = bulk.pageIds.some((id) => bulk.isSelected(id));
  const selection: BulkCandidateSelection = bulk.allMatching ? { filter } : { candidateIds: [...bulk.ids] };
  const actions = [
    ...STATE_ACTIONS,
    ...TAG_ACTIONS,
    ...(can(viewer?.roleId ?? null, 'candidate.export') ? [EXPORT_ACTION] : []),
    ...extraActions,
  ];
  const sections = [...new Set(actions.map((a) => a.section))];

  const blocked = count === 0 || count > BULK_LIMIT;
  const changed = () => {
    dirty.current = true;
  };
  const close = (done: boolean) => {
    setActive(null);
    setBusy(false);
    const refresh = done || dirty.current;
    dirty.current = false;
    if (!refresh) return;
    bulk.clear();
    refreshCandidateLists(client.cache);
  };
  const open = (action: BulkAction) => {
    // Focus on 'Acciones masivas' first (the menu item goes away with the menu): the modal
    // remembers it and gives focus back to it when it closes, as the rows' dialogs do.
    trigger.current?.focus();
    dirty.current = false;
    setActive(action);
  };

  return (
    <Paper withBorder radius="md" p="xs" mb="sm" component="section" aria-label={M.actionsMenu}>
      <Group gap="sm" wrap="wrap" justify="space-between">
        <Group gap="sm" wrap="wrap">
          <Checkbox
            label={M.selectPage}
            checked={pageAll}
            indeterminate={!pageAll && pageSome}
            onChange={bulk.togglePage}
            disabled={bulk.pageIds.length === 0}
          />
          <Text size="sm" role="status" aria-live="polite">
            {count > 0 ? (bulk.allMatching ? M.allMatchingSelected(count) : M.selected(count)) : ''}
          </Text>
          {pageAll && !bulk.allMatching && total > bulk.pageIds.length && (
            <Button variant="subtle" size="compact-sm" onClick={bulk.selectAllMatching}>
              {M.selectAllMatching(total)}
            </Button>
          )}
          {count > 0 && (
            <Button variant="subtle" color="gray" size="compact-sm" onClick={bulk.clear}>
              {M.clearSelection}
            </Button>
          )}
        </Group>
        <Menu
          position="bottom-end"
          withinPortal
          opened={menuOpen && !blocked}
          onChange={(o) => setMenuOpen(o && !blocked)}
        >
          <Menu.Target>
            {/* aria-disabled rather than disabled: it keeps focus when a dialog closes after the
                selection was cleared (WCAG 2.4.3), and the menu does not open while it is set. */}
            <Button
              ref={trigger}
              size="sm"
              aria-disabled={blocked || undefined}
              data-disabled={blocked || undefined}
              rightSection={<IconChevronDown size={16} aria-hidden />}
            >
              {M.actionsMenu}
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {sections.map((section) => (
              <div key={section}>
                <Menu.Label>{section}</Menu.Label>
                {actions
                  .filter((a) => a.section === section)
                  .map((a) => (
                    <Menu.Item key={a.key} color={a.color} onClick={() => open(a)}>
                      {a.label}
                    </Menu.Item>
                  ))}
              </div>
            ))}
          </Menu.Dropdown>
        </Menu>
      </Group>
      {count > BULK_LIMIT && (
        <Text size="sm" c="red.9" mt={6} role="alert">
          {M.tooMany(count)}
        </Text>
      )}
      <Modal
        opened={active !== null}
        onClose={() => !busy && close(false)}
        title={active?.label}
        closeOnClickOutside={!busy}
        closeOnEscape={!busy}
        withCloseButton={!busy}
        size="lg"
      >
        {active?.dialog({ selection, filter, count, close, changed, setBusy })}
      </Modal>
    </Paper>
  );
}

/** The checkbox cell of a row (first column). */
export function BulkSelectCell({ bulk, id, name }: { bulk: BulkSelection; id: string; name: string }) {
  if (!bulk.enabled) return null;
  return (
    <Table.Td data-label={M.selectColumn} w={48}>
      <Checkbox aria-label={M.selectRow(name)} checked={bulk.isSelected(id)} onChange={() => bulk.toggle(id)} />
    </Table.Td>
  );
}

/** The list's columns with the selection column first when the viewer may select. */
export const withSelectColumn = (bulk: BulkSelection, columns: readonly string[]): string[] =>
  bulk.enabled ? [M.selectColumn, ...columns] : [...columns];
