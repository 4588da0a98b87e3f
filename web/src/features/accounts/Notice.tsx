import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck, IconInfoCircle } from '@tabler/icons-react';
import { useEffect, useRef, type ReactNode } from 'react';

export type NoticeKind = 'error' | 'warning' | 'success' | 'info';

export interface NoticeState {
  kind: NoticeKind;
  title?: string;
  message: string;
}

const LOOK = {
  error: { color: 'red', Icon: IconAlertCircle },
  warning: { color: 'yellow', Icon: IconAlertCircle },
  success: { color: 'brand', Icon: IconCircleCheck },
  info: { color: 'blue', Icon: IconInfoCircle },
} as const;

/** The dialogs' alerts: announced to screen readers, dismissed with 'Entendido'. */
export function Notice({
  notice,
  onDismiss,
  children,
}: {
  notice: NoticeState;
  onDismiss: () => void;
  children?: ReactNode;
}) {
  const { color, Icon } = LOOK[notice.kind];
  const ref = useRef<HTMLDivElement>(null);
  // In a long form the alert can appear below the fold of the dialog: bring it into view.
  useEffect(() => {
    ref.current?.scrollIntoView({ block: 'nearest' });
  }, [notice]);
  return (
    <Alert ref={ref} color={color} variant="light" title={notice.title} icon={<Icon aria-hidden />} role="alert">
      <Stack gap="xs">
        <Text size="sm" c="dark.8">
          {notice.message}
        </Text>
        {children}
        <Group justify="flex-end">
          <Button size="xs" variant="default" onClick={onDismiss}>
            Entendido
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
