import { Button, Stack, Text } from '@mantine/core';
import { BOARD_VACANCY_MESSAGES, GENERIC_MESSAGES, OUTAGE_MESSAGES } from '@bolsa/domain';
import { isOutage } from '../lib/errors';

/**
 * A public vacancy dialog (detail, application form) whose vacancy could not be read: the outage's
 * words when the service is unreachable (the page then checks again and fills the dialog by itself),
 * else the connection hint; 'Reintentar' either way.
 */
export function VacancyLoadFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <Stack align="flex-start" role="alert">
      {isOutage(error) ? (
        <>
          <Text fw={700}>{OUTAGE_MESSAGES.title}</Text>
          <Text>{OUTAGE_MESSAGES.message}</Text>
        </>
      ) : (
        <Text>{BOARD_VACANCY_MESSAGES.loadFailed}</Text>
      )}
      <Button onClick={onRetry}>{GENERIC_MESSAGES.retryAction}</Button>
    </Stack>
  );
}
