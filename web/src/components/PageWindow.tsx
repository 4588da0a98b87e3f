import { Button, Group } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';

/** At most this many numbered buttons (spec 2 §2, §9). */
export const MAX_PAGE_BUTTONS = 5;

/** The page numbers to show: a window of at most 5 around the current page. */
export function pageWindow(page: number, total: number, size = MAX_PAGE_BUTTONS): number[] {
  if (total <= 0) return [];
  const count = Math.min(size, total);
  const start = Math.min(Math.max(1, page - Math.floor(count / 2)), total - count + 1);
  return Array.from({ length: count }, (_, i) => start + i);
}

interface PageWindowProps {
  page: number;
  total: number;
  onChange: (page: number) => void;
  label: string;
}

/** Numbered pagination with previous and next. */
export function PageWindow({ page, total, onChange, label }: PageWindowProps) {
  if (total <= 1) return null;
  return (
    <Group component="nav" aria-label={label} gap={4} wrap="wrap">
      <Button
        variant="default"
        size="compact-sm"
        onClick={() => onChange(page - 1)}
        disabled={page <= 1}
        leftSection={<IconChevronLeft size={14} aria-hidden />}
      >
        Anterior
      </Button>
      {pageWindow(page, total).map((n) => (
        <Button
          key={n}
          size="compact-sm"
          variant={n === page ? 'filled' : 'default'}
          aria-current={n === page ? 'page' : undefined}
          aria-label={`Página ${n}`}
          onClick={() => onChange(n)}
          miw={32}
        >
          {n}
        </Button>
      ))}
      <Button
        variant="default"
        size="compact-sm"
        onClick={() => onChange(page + 1)}
        disabled={page >= total}
        rightSection={<IconChevronRight size={14} aria-hidden />}
      >
        Siguiente
      </Button>
    </Group>
  );
}
