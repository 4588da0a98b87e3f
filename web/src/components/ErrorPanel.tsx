import { CombinedGraphQLErrors, ServerError } from '@apollo/client';
import { Alert, Button, Code, Collapse, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconAlertTriangle, IconChevronDown, IconChevronRight, IconRefresh } from '@tabler/icons-react';
import { useId } from 'react';
import { failureMessage, isNetworkError, UNEXPECTED_MESSAGE } from '../lib/errors';
import { lastFailedRequestId } from '../lib/request-id';

interface ErrorPanelProps {
  title: string;
  error: unknown;
  /** The failed operation's name, to find its request id. */
  operationName: string;
  onRetry: () => void;
  retrying?: boolean;
}

/** A code for support and a message for the user: the browser's own texts are English, so never those. */
function describe(error: unknown): { code: string; message: string } {
  const message = failureMessage(error, UNEXPECTED_MESSAGE);
  if (CombinedGraphQLErrors.is(error))
    return { code: String(error.errors[0]?.extensions?.['code'] ?? 'GRAPHQL_ERROR'), message };
  if (ServerError.is(error)) return { code: `HTTP_${error.statusCode}`, message };
  if (isNetworkError(error)) return { code: 'NETWORK_ERROR', message };
  return { code: error instanceof Error ? error.name || 'UNKNOWN' : 'UNKNOWN', message };
}

/** A failed load: what happened, technical details for support (collapsed) and 'Reintentar'. */
export function ErrorPanel({ title, error, operationName, onRetry, retrying = false }: ErrorPanelProps) {
  const [open, { toggle }] = useDisclosure(false);
  const detailsId = useId();
  const { code, message } = describe(error);
  const requestId = lastFailedRequestId(operationName);
  return (
    <Alert color="red" variant="light" title={title} icon={<IconAlertTriangle aria-hidden />} role="alert">
      <Stack gap="xs">
        <Text size="sm" c="dark.8">
          {message}
        </Text>
        <UnstyledButton onClick={toggle} aria-expanded={open} aria-controls={detailsId} fz="sm" fw={600}>
          <Group gap={4} wrap="nowrap">
            {open ? <IconChevronDown size={16} aria-hidden /> : <IconChevronRight size={16} aria-hidden />}
            Detalles técnicos
          </Group>
        </UnstyledButton>
        <Collapse expanded={open} id={detailsId}>
          <Stack gap={4}>
            <Text size="xs">
              Código: <Code>{code}</Code>
            </Text>
            <Text size="xs">
              Id de solicitud: <Code>{requestId ?? 'no disponible'}</Code>
            </Text>
            <Text size="xs">
              Mensaje: <Code>{message}</Code>
            </Text>
          </Stack>
        </Collapse>
        <Group>
          <Button
            size="sm"
            color="red.9"
            leftSection={<IconRefresh size={16} aria-hidden />}
            onClick={onRetry}
            loading={retrying}
          >
            Reintentar
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
