import { Button, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTrackDialog } from '../../../lib/dialog-activity';

/** The body of an info or refusal dialog opened with `modals.open`: the message and 'Entendido' (spec 3 §8). */
export function NoticeBody({ message, onClose }: { message: ReactNode; onClose: () => void }) {
  useTrackDialog(true);
  return (
    <Stack gap="lg">
      {typeof message === 'string' ? <Text>{message}</Text> : message}
      <Group justify="flex-end">
        <Button onClick={onClose} data-autofocus>
          Entendido
        </Button>
      </Group>
    </Stack>
  );
}
