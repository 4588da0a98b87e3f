import { Badge, Group } from '@mantine/core';
import { isTagColor, DEFAULT_TAG_COLOR } from '@bolsa/domain';

export interface TagLike {
  id: string;
  name: string;
  color: string;
}

/** A tag's Mantine colour (the palette's; anything else the default). */
export const tagColor = (c: string) => (isTagColor(c) ? c : DEFAULT_TAG_COLOR);

/** The tags of a candidate as badges (the lists' rows, the detail). */
export function TagBadges({
  tags,
  size = 'sm',
}: {
  tags: readonly TagLike[] | null | undefined;
  size?: 'xs' | 'sm' | 'md';
}) {
  if (!tags?.length) return null;
  return (
    <Group gap={4} wrap="wrap" component="ul" p={0} m={0} aria-label="Etiquetas" style={{ listStyle: 'none' }}>
      {tags.map((t) => (
        <Badge
          key={t.id}
          component="li"
          size={size}
          variant="light"
          color={tagColor(t.color)}
          // The palette's light shades (teal, lime, yellow…) are too pale as text on their tint: dark text (WCAG AA).
          c="dark.7"
          radius="sm"
          tt="none"
          style={{ maxWidth: '100%' }}
        >
          {t.name}
        </Badge>
      ))}
    </Group>
  );
}
