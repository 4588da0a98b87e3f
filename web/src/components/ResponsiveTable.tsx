import { Table, type TableProps } from '@mantine/core';
import type { CSSProperties } from 'react';
import classes from './responsive-table.module.css';

/**
 * A panel table that stays readable on a phone: from 576 px up it is a table (scrolling sideways
 * below `minWidth`), below that each row is a card of 'label: value' lines. Give every
 * `Table.Td` a `data-label` with its column's name.
 */
export function ResponsiveTable({ minWidth, className, style, ...props }: TableProps & { minWidth: number }) {
  return (
    <div className={classes.scroll}>
      <Table
        {...props}
        className={[classes.table, className].filter(Boolean).join(' ')}
        style={{ ...(style as CSSProperties), '--table-min-width': `${minWidth}px` } as CSSProperties}
      />
    </div>
  );
}
