import { Box, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** One icon-led line of a vacancy card (branch, place, dates): the board's and the back office's. */
export function CardMeta({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <Group gap={6} wrap="nowrap" align="flex-start">
      <Box c="brand.8" mt={2} style={{ flexShrink: 0, display: 'flex' }}>
        {icon}
      </Box>
      <Text size="sm" c="dimmed">
        {children}
      </Text>
    </Group>
  );
}
