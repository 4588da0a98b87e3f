import { ActionIcon, Tooltip } from '@mantine/core';
import type { ComponentType } from 'react';

interface RowActionProps {
  /** The tooltip: 'Editar', 'Eliminar'. */
  tip: string;
  /** What a screen reader hears, naming the row: 'Eliminar nombre@…'. */
  label: string;
  icon: ComponentType<{ size?: number; 'aria-hidden'?: boolean }>;
  /** Red, for destructive actions. */
  danger?: boolean;
  onClick: () => void;
}

/** An icon button of a row or card (ver, editar, eliminar) with its tooltip. */
export function RowAction({ tip, label, icon: Icon, danger = false, onClick }: RowActionProps) {
  return (
    <Tooltip label={tip}>
      <ActionIcon variant="subtle" color={danger ? 'red.8' : undefined} aria-label={label} onClick={onClick}>
        <Icon size={18} aria-hidden />
      </ActionIcon>
    </Tooltip>
  );
}
