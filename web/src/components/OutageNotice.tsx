import { Alert, Button, Center, Group, Stack, Text, Title } from '@mantine/core';
import { IconPlugConnectedX, IconRefresh } from '@tabler/icons-react';
import { OUTAGE_MESSAGES } from '@bolsa/domain';
import { useEffect, useState } from 'react';
import { checkNow, useOutage } from '../lib/outage';

/** 'Se volverá a intentar en N s.', counting down, or 'Comprobando la conexión…' while checking. */
function NextCheck() {
  const { nextCheckAt } = useOutage();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (nextCheckAt === null) return;
    const t = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(t);
  }, [nextCheckAt]);
  if (nextCheckAt === null) return <>{OUTAGE_MESSAGES.checking}</>;
  return <>{OUTAGE_MESSAGES.retryIn(Math.max(1, Math.ceil((nextCheckAt - now) / 1_000)))}</>;
}

function RetryButton() {
  const { nextCheckAt } = useOutage();
  return (
    <Button
      size="xs"
      variant="default"
      leftSection={<IconRefresh size={14} aria-hidden />}
      loading={nextCheckAt === null}
      onClick={() => void checkNow()}
    >
      {OUTAGE_MESSAGES.retryNow}
    </Button>
  );
}

/**
 * Above every page while the service is unreachable: it says so, when it checks again, and lets
 * the user check now. The page's data comes back by itself when the service does.
 */
export function OutageBanner() {
  const { down } = useOutage();
  if (!down) return null;
  return (
    <Alert
      color="red"
      variant="light"
      radius={0}
      title={OUTAGE_MESSAGES.title}
      icon={<IconPlugConnectedX aria-hidden />}
      role="alert"
      aria-live="assertive"
    >
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Text size="sm" c="dark.8">
          {OUTAGE_MESSAGES.message} <NextCheck />
        </Text>
        <RetryButton />
      </Group>
    </Alert>
  );
}

/**
 * The whole page while the session itself cannot be checked (a reload during an outage): who is
 * logged in is unknown, so nothing else can be shown, and nobody is sent away or logged out.
 */
export function OutageScreen() {
  return (
    <Center component="main" mih="100dvh" p="md">
      <Stack align="center" gap="sm" maw={480} ta="center" role="alert">
        <IconPlugConnectedX size={40} aria-hidden color="var(--mantine-color-red-8)" />
        <Title order={1} size="h2">
          {OUTAGE_MESSAGES.title}
        </Title>
        <Text>{OUTAGE_MESSAGES.message}</Text>
        <Text size="sm" c="dark.6">
          {OUTAGE_MESSAGES.sessionKept} <NextCheck />
        </Text>
        <RetryButton />
      </Stack>
    </Center>
  );
}
