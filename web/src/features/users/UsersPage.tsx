import { countWord, USER_MESSAGES } from '@bolsa/domain';
import { useMutation, useQuery } from '@apollo/client/react';
import { NetworkStatus } from '@apollo/client';
import {
  Badge,
  Button,
  Card,
  Container,
  Group,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { ResponsiveTable } from '../../components/ResponsiveTable';
import { useDebouncedValue } from '@mantine/hooks';
import { IconRefresh, IconSearch } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import type { StaffUserFieldsFragment } from '../../gql/graphql';
import { useDocumentTitle } from '../../lib/document-title';
import { pageTitle } from '../../lib/site';
import { roleLabel, useSession } from '../session';
import { ApiTokensSection } from './ApiTokensSection';
import { CreateUserForm } from './CreateUserForm';
import { EditUserModal } from './EditUserModal';
import { ErrorPanel } from '../../components/ErrorPanel';
import { ConfirmDialog } from '../../components/dialogs';
import { useConfirmThenAct } from '../../lib/confirm-then-act';
import { TOAST_MS_USERS } from '../../lib/toast';
import { failureDetail, fold, toastError, toastSuccess } from './feedback';
import { DELETE_STAFF_USER, STAFF_USERS, TOGGLE_STAFF_USER } from './operations';
import { PageWindow } from '../../components/PageWindow';

/** The server refuses it too: an administrator cannot lock themselves out. */
const OWN_ACCOUNT = USER_MESSAGES.ownAccount;

export const PAGE_SIZES = ['5', '10', '25', '50'];
export const DEFAULT_PAGE_SIZE = 10;
export const SEARCH_DEBOUNCE_MS = 300;

export const EMPTY_USERS = USER_MESSAGES.emptyList;
export const NO_MATCHING_USERS = USER_MESSAGES.emptySearch;

function matches(user: StaffUserFieldsFragment, term: string): boolean {
  if (!term) return true;
  return [user.name, user.email, roleLabel(user.role)].some((s) => fold(s).includes(term));
}

/** Gestión de usuarios (spec 2 §2 'User management'), role 1 only; API tokens below. */
export function UsersPage() {
  const { settings, viewer } = useSession();
  const domain = settings?.orgEmailDomain ?? '';
  useDocumentTitle(pageTitle(USER_MESSAGES.title));

  const { data, previousData, error, refetch, networkStatus } = useQuery(STAFF_USERS, {
    notifyOnNetworkStatusChange: true,
  });
  const refreshing = networkStatus === NetworkStatus.refetch;
  const users = (data ?? previousData)?.staffUsers;

  const [search, setSearch] = useState('');
  const [term] = useDebouncedValue(fold(search), SEARCH_DEBOUNCE_MS);
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<StaffUserFieldsFragment | null>(null);

  const filtered = useMemo(
    () => [...(users ?? [])].sort((a, b) => a.name.localeCompare(b.name, 'es')).filter((u) => matches(u, term)),
    [users, term],
  );
  const pages = Math.max(1, Math.ceil(filtered.length / pageSize));
  const current = Math.min(page, pages);
  const rows = filtered.slice((current - 1) * pageSize, current * pageSize);

  const [toggle] = useMutation(TOGGLE_STAFF_USER);
  const [toggling, setToggling] = useState<string | null>(null);
  const [remove] = useMutation(DELETE_STAFF_USER);

  const toggleUser = async (user: StaffUserFieldsFragment) => {
    setToggling(user.id);
    try {
      const { data: answer } = await toggle({ variables: { id: user.id } });
      const result = answer?.toggleStaffUser;
      if (result?.user) {
        toastSuccess(USER_MESSAGES.statusUpdated, `${result.user.name}: ${result.user.active ? 'Activo' : 'Inactivo'}`);
        return;
      }
      toastError(USER_MESSAGES.toggleFailed, failureDetail(result?.error));
    } catch {
      toastError(USER_MESSAGES.toggleFailed, USER_MESSAGES.retry);
    } finally {
      setToggling(null);
    }
  };

  const deletion = useConfirmThenAct<StaffUserFieldsFragment>({
    toastMs: TOAST_MS_USERS,
    act: async (user) => {
      const { data: answer } = await remove({
        variables: { id: user.id },
        update(cache, { data: result }) {
          if (!result?.deleteStaffUser.ok) return;
          cache.evict({ id: cache.identify({ __typename: 'StaffUser', id: user.id }) });
          cache.gc();
        },
      });
      const result = answer?.deleteStaffUser;
      if (result?.ok) return { done: USER_MESSAGES.deleted, detail: user.name };
      const err = result?.error;
      if (err?.__typename === 'OperationFailed' && err.status === 405)
        return { failed: USER_MESSAGES.deleteNotAllowedTitle, detail: USER_MESSAGES.deleteNotAllowed };
      if (err?.__typename === 'Conflict' || err?.__typename === 'NotFound')
        return { failed: USER_MESSAGES.deleteFailed, detail: err.message };
      return { failed: USER_MESSAGES.deleteFailed, detail: USER_MESSAGES.deleteNoSuccess };
    },
    onThrow: () => ({ failed: USER_MESSAGES.deleteFailed, detail: USER_MESSAGES.retry }),
  });

  const changeSearch = (value: string) => {
    setSearch(value);
    setPage(1);
  };

  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Group justify="space-between" align="center">
          <Title order={1}>{USER_MESSAGES.title}</Title>
          <Button
            variant="default"
            leftSection={<IconRefresh size={18} aria-hidden />}
            onClick={() => void refetch().catch(() => undefined)}
            loading={refreshing}
          >
            Actualizar
          </Button>
        </Group>

        <CreateUserForm domain={domain} />

        <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="lista-usuarios">
          <Stack gap="md">
            <Title order={2} size="h4" id="lista-usuarios">
              Usuarios del sistema
            </Title>
            <Group align="flex-end" justify="space-between" gap="sm">
              <TextInput
                label="Buscar"
                placeholder="Nombre, correo o rol"
                leftSection={<IconSearch size={16} aria-hidden />}
                value={search}
                onChange={(e) => changeSearch(e.currentTarget.value)}
                w={{ base: '100%', sm: 320 }}
                type="search"
              />
              <Select
                label="Usuarios por página"
                data={PAGE_SIZES}
                value={String(pageSize)}
                onChange={(v) => {
                  setPageSize(Number(v ?? DEFAULT_PAGE_SIZE));
                  setPage(1);
                }}
                allowDeselect={false}
                w={160}
              />
            </Group>

            {error && !users ? (
              <ErrorPanel
                title="No se pudieron cargar los usuarios"
                error={error}
                operationName="StaffUsers"
                onRetry={() => void refetch().catch(() => undefined)}
                retrying={refreshing}
              />
            ) : !users ? (
              <Stack gap="xs" aria-busy="true" aria-label="Cargando usuarios">
                {[0, 1, 2].map((i) => (
                  <Skeleton key={i} h={36} />
                ))}
              </Stack>
            ) : filtered.length === 0 ? (
              <Text ta="center" c="dimmed" py="lg">
                {users.length === 0 ? EMPTY_USERS : NO_MATCHING_USERS}
              </Text>
            ) : (
              <>
                <ResponsiveTable minWidth={720} striped highlightOnHover verticalSpacing="xs">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th scope="col">Nombre</Table.Th>
                      <Table.Th scope="col">Correo</Table.Th>
                      <Table.Th scope="col">Rol</Table.Th>
                      <Table.Th scope="col">Estado</Table.Th>
                      <Table.Th scope="col">Acciones</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {rows.map((u) => (
                      <Table.Tr key={u.id}>
                        <Table.Td data-label="Nombre">{u.name}</Table.Td>
                        <Table.Td data-label="Correo">{u.email}</Table.Td>
                        <Table.Td data-label="Rol">{roleLabel(u.role)}</Table.Td>
                        <Table.Td data-label="Estado">
                          <Badge color={u.active ? 'brand' : 'gray.7'} variant="filled">
                            {u.active ? 'Activo' : 'Inactivo'}
                          </Badge>
                        </Table.Td>
                        <Table.Td data-label="Acciones">
                          <Group gap={6} wrap="nowrap">
                            <Button
                              size="compact-sm"
                              variant="outline"
                              onClick={() => setEditing(u)}
                              aria-label={`Editar ${u.name}`}
                            >
                              Editar
                            </Button>
                            <Button
                              size="compact-sm"
                              variant="default"
                              onClick={() => void toggleUser(u)}
                              loading={toggling === u.id}
                              disabled={u.id === viewer?.id}
                              title={u.id === viewer?.id ? OWN_ACCOUNT : undefined}
                              aria-label={`${u.active ? 'Inactivar' : 'Activar'} ${u.name}`}
                            >
                              {u.active ? 'Inactivar' : 'Activar'}
                            </Button>
                            <Button
                              size="compact-sm"
                              color="red.9"
                              variant="outline"
                              onClick={() => deletion.ask(u)}
                              disabled={u.id === viewer?.id}
                              title={u.id === viewer?.id ? OWN_ACCOUNT : undefined}
                              aria-label={`Eliminar ${u.name}`}
                            >
                              Eliminar
                            </Button>
                          </Group>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </ResponsiveTable>
                <Group justify="space-between" gap="sm">
                  <Text size="sm" c="dimmed">
                    {countWord(filtered.length, 'usuario', 'usuarios')}
                  </Text>
                  <PageWindow page={current} total={pages} onChange={setPage} label="Páginas de usuarios" />
                </Group>
              </>
            )}
          </Stack>
        </Card>

        <ApiTokensSection />
      </Stack>
      {editing && (
        <EditUserModal
          key={editing.id}
          user={editing}
          domain={domain}
          own={editing.id === viewer?.id}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog {...deletion.dialog} title={USER_MESSAGES.deleteConfirm} confirmLabel="Eliminar" danger>
        {deletion.target && (
          <Text size="sm">
            Se eliminará la cuenta de <strong>{deletion.target.name}</strong> ({deletion.target.email}). Esta acción no
            se puede deshacer.
          </Text>
        )}
      </ConfirmDialog>
    </Container>
  );
}
