import type { PaginationProps } from '@mantine/core';

/** Spanish names for the page and arrow buttons of a Mantine Pagination: spread into it. */
export const PAGINATION_LABELS = {
  getItemProps: (p: number) => ({ 'aria-label': `Página ${p}` }),
  getControlProps: (control: 'first' | 'previous' | 'last' | 'next') => ({
    'aria-label': control === 'previous' ? 'Página anterior' : 'Página siguiente',
  }),
} satisfies Pick<PaginationProps, 'getItemProps' | 'getControlProps'>;

/** 'Mostrando 1-10 de 42 vacantes' (spec 2 §2): the rows a page shows, for a plural noun. */
export function showingRange(page: number, pageSize: number, total: number, noun: string): string {
  if (total === 0) return `Mostrando 0-0 de 0 ${noun}`;
  return `Mostrando ${(page - 1) * pageSize + 1}-${Math.min(page * pageSize, total)} de ${total} ${noun}`;
}
