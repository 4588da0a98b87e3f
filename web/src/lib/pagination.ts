import type { PaginationProps } from '@mantine/core';

/** Spanish names for the page and arrow buttons of a Mantine Pagination: spread into it. */
export const PAGINATION_LABELS = {
  getItemProps: (p: number) => ({ 'aria-label': `Página ${p}` }),
  getControlProps: (control: 'first' | 'previous' | 'last' | 'next') => ({
    'aria-label': control === 'previous' ? 'Página anterior' : 'Página siguiente',
  }),
} satisfies Pick<PaginationProps, 'getItemProps' | 'getControlProps'>;
