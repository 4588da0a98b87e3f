import { Group, Text } from '@mantine/core';

/** The site mark: a heart with a cross (health) next to the site name. */
export function Logo({ inverted = false }: { inverted?: boolean }) {
  const fg = inverted ? '#ffffff' : 'var(--mantine-color-brand-8)';
  const bg = inverted ? 'var(--mantine-color-brand-8)' : '#ffffff';
  return (
    <Group gap={8} wrap="nowrap">
      <svg width="36" height="36" viewBox="0 0 64 64" aria-hidden="true" focusable="false">
        <rect width="64" height="64" rx="14" fill={fg} />
        <path d="M32 50s-16-9.5-16-21a9 9 0 0 1 16-5.7A9 9 0 0 1 48 29c0 11.5-16 21-16 21z" fill={bg} />
        <rect x="29" y="25" width="6" height="16" rx="1.5" fill={fg} />
        <rect x="24" y="30" width="16" height="6" rx="1.5" fill={fg} />
      </svg>
      <Text component="span" fw={800} fz="lg" lh={1.1} c={inverted ? 'white' : 'brand.9'}>
        Bolsa de Trabajo
      </Text>
    </Group>
  );
}
