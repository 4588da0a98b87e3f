import { useMutation, useQuery } from '@apollo/client/react';
import {
  Alert,
  Badge,
  Button,
  Card,
  Code,
  CopyButton,
  Group,
  Modal,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { ResponsiveTable } from '../../components/ResponsiveTable';
import { IconAlertTriangle, IconCheck, IconCopy, IconKey } from '@tabler/icons-react';
import { API_TOKEN_MESSAGES, API_TOKEN_NAME_MAX, apiTokenName, formatDateTime, GENERIC_MESSAGES } from '@bolsa/domain';
import { useRef, useState, type FormEvent } from 'react';
import { LimitedTextInput } from '../../components/LimitedText';
import { fieldErrors } from '../../lib/errors';
import type { ApiTokenFieldsFragment, Role } from '../../gql/graphql';
import { roleLabel } from '../session';
import { ErrorPanel } from '../../components/ErrorPanel';
import { ConfirmDialog } from '../../components/dialogs';
import { useConfirmThenAct } from '../../lib/confirm-then-act';
import { TOAST_MS_USERS } from '../../lib/toast';
import { failureDetail, toastError } from './feedback';
import { API_TOKEN_FIELDS, API_TOKENS, CREATE_API_TOKEN, REVOKE_API_TOKEN } from './operations';
import { asRole, DEFAULT_STAFF_ROLE, STAFF_ROLE_OPTIONS } from './roles';

/** 'dd/mm/yyyy HH:mm' on Guatemala's clock (domain), whatever the computer's zone. */
const when = (raw: string | null | undefined, fallback: string): string => formatDateTime(raw, fallback);

/** 'Tokens de API' for integrators: the secret is shown once, when the token is created. */
export function ApiTokensSection() {
  const { data, error, refetch, loading } = useQuery(API_TOKENS);
  const [name, setName] = useState('');
  /** The name's refusal (the domain's rule, here or from the server), under the field. */
  const [nameError, setNameError] = useState<string | null>(null);
  const nameRef = useRef<HTMLInputElement>(null);
  const [role, setRole] = useState<Role>(DEFAULT_STAFF_ROLE);
  const [secret, setSecret] = useState<{ name: string; token: string } | null>(null);

  const [create, createState] = useMutation(CREATE_API_TOKEN, {
    update(cache, { data: answer }) {
      const token = answer?.createApiToken.apiToken;
      if (!token) return;
      cache.modify({
        fields: {
          apiTokens(existing: readonly { __ref: string }[] = []) {
            const ref = cache.writeFragment({
              data: token,
              fragment: API_TOKEN_FIELDS,
              fragmentName: 'ApiTokenFields',
            });
            if (!ref || existing.some((r) => r.__ref === ref.__ref)) return existing;
            return [...existing, ref];
          },
        },
      });
    },
  });
  const [revoke] = useMutation(REVOKE_API_TOKEN);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (createState.loading) return;
    const refuse = (message: string) => {
      setNameError(message);
      nameRef.current?.focus();
    };
    const checked = apiTokenName().safeParse(name);
    if (!checked.success) return refuse(checked.error.issues[0]!.message);
    try {
      const { data: answer } = await create({ variables: { name: checked.data, role } });
      const result = answer?.createApiToken;
      if (result?.token) {
        setSecret({ name: checked.data, token: result.token });
        setName('');
        setRole(DEFAULT_STAFF_ROLE);
        return;
      }
      const refused = fieldErrors(result?.error).name;
      if (refused) return refuse(refused);
      toastError(API_TOKEN_MESSAGES.createFailed, failureDetail(result?.error));
    } catch {
      toastError(API_TOKEN_MESSAGES.createFailed, GENERIC_MESSAGES.retry);
    }
  };

  const revocation = useConfirmThenAct<ApiTokenFieldsFragment>({
    toastMs: TOAST_MS_USERS,
    act: async (token) => {
      const { data: answer } = await revoke({
        variables: { id: token.id },
        update(cache, { data: result }) {
          if (!result?.revokeApiToken.ok) return;
          cache.modify({
            id: cache.identify({ __typename: 'ApiToken', id: token.id }),
            fields: { revoked: () => true },
          });
        },
      });
      if (answer?.revokeApiToken.ok) return { done: 'Token revocado', detail: token.name };
      return { failed: 'No se pudo revocar', detail: failureDetail(answer?.revokeApiToken.error) };
    },
    onThrow: () => ({ failed: 'No se pudo revocar', detail: GENERIC_MESSAGES.retry }),
  });

  const tokens = data?.apiTokens;

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="tokens-api">
      <Stack gap="md">
        <Title order={2} size="h4" id="tokens-api">
          Tokens de API
        </Title>
        <Text size="sm" c="dimmed">
          Para integraciones con otros sistemas. Cada token actúa con el rol que se le asigna.
        </Text>
        <form onSubmit={submit} noValidate>
          {/* Top-aligned: a message under the name leaves the role and the button level with it. */}
          <Group align="flex-start" gap="sm">
            <LimitedTextInput
              ref={nameRef}
              label="Nombre del token"
              required
              limit={API_TOKEN_NAME_MAX}
              value={name}
              onChange={(e) => {
                setName(e.currentTarget.value);
                setNameError(null);
              }}
              error={nameError}
              w={{ base: '100%', sm: 280 }}
              autoComplete="off"
            />
            <Select
              label="Rol del token"
              data={STAFF_ROLE_OPTIONS}
              value={role}
              onChange={(v) => setRole(asRole(v))}
              allowDeselect={false}
              w={{ base: '100%', sm: 200 }}
            />
            <Button
              type="submit"
              loading={createState.loading}
              leftSection={<IconKey size={18} aria-hidden />}
              // The line the fields' labels stand on (an inline label in a line of body text), so
              // that it stands level with the fields.
              style={{ marginTop: 'calc(var(--mantine-font-size-md) * var(--mantine-line-height))' }}
            >
              Crear token
            </Button>
          </Group>
        </form>

        {error && !tokens ? (
          <ErrorPanel
            title="No se pudieron cargar los tokens"
            error={error}
            operationName="ApiTokens"
            onRetry={() => void refetch().catch(() => undefined)}
            retrying={loading}
          />
        ) : !tokens ? (
          <Skeleton h={72} />
        ) : tokens.length === 0 ? (
          <Text ta="center" c="dimmed" py="md">
            No hay tokens de API
          </Text>
        ) : (
          <ResponsiveTable minWidth={640} striped verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Nombre</Table.Th>
                <Table.Th scope="col">Rol</Table.Th>
                <Table.Th scope="col">Creado</Table.Th>
                <Table.Th scope="col">Último uso</Table.Th>
                <Table.Th scope="col">Estado</Table.Th>
                <Table.Th scope="col">Acciones</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {tokens.map((t) => (
                <Table.Tr key={t.id}>
                  <Table.Td data-label="Nombre">{t.name}</Table.Td>
                  <Table.Td data-label="Rol">{roleLabel(t.role)}</Table.Td>
                  <Table.Td data-label="Creado">{when(t.createdAt, '—')}</Table.Td>
                  <Table.Td data-label="Último uso">{when(t.lastUsedAt, 'Nunca')}</Table.Td>
                  <Table.Td data-label="Estado">
                    <Badge color={t.revoked ? 'gray.7' : 'brand'} variant="filled">
                      {t.revoked ? 'Revocado' : 'Activo'}
                    </Badge>
                  </Table.Td>
                  <Table.Td data-label="Acciones">
                    {!t.revoked && (
                      <Button
                        size="compact-sm"
                        color="red.9"
                        variant="outline"
                        onClick={() => revocation.ask(t)}
                        aria-label={`Revocar ${t.name}`}
                      >
                        Revocar
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </ResponsiveTable>
        )}
      </Stack>

      <Modal
        opened={secret !== null}
        onClose={() => setSecret(null)}
        title="Token creado"
        centered
        closeOnClickOutside={false}
      >
        {secret && (
          <Stack gap="sm">
            <Text size="sm">
              Token <strong>{secret.name}</strong>:
            </Text>
            <Code block style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
              {secret.token}
            </Code>
            <Alert color="yellow" variant="light" icon={<IconAlertTriangle aria-hidden />}>
              <Text size="sm" c="dark.8">
                Copia este token ahora y guárdalo en un lugar seguro: no se volverá a mostrar.
              </Text>
            </Alert>
            <Group justify="space-between">
              <CopyButton value={secret.token}>
                {({ copied, copy }) => (
                  <Button
                    variant="default"
                    onClick={copy}
                    leftSection={copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
                  >
                    {copied ? 'Copiado' : 'Copiar token'}
                  </Button>
                )}
              </CopyButton>
              <Button onClick={() => setSecret(null)}>Entendido</Button>
            </Group>
          </Stack>
        )}
      </Modal>
      <ConfirmDialog {...revocation.dialog} title="¿Revocar token?" confirmLabel="Revocar" danger>
        {revocation.target && (
          <Text size="sm">
            Las integraciones que usan <strong>{revocation.target.name}</strong> dejarán de tener acceso. Esta acción no
            se puede deshacer.
          </Text>
        )}
      </ConfirmDialog>
    </Card>
  );
}
