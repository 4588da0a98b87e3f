import {
  Alert,
  Badge,
  Box,
  Button,
  Card,
  Checkbox,
  Grid,
  Group,
  Paper,
  Skeleton,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useMutation, useQuery } from '@apollo/client/react';
import { IconAlertTriangle, IconMailOff, IconPencil, IconRefresh, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { ADMIN_EMAIL_MESSAGES, adminEmailRule, adminEmailSchema } from '@bolsa/domain';
import type { AdminEmailsQuery } from '../../gql/graphql';
import { ConfirmDialog } from '../../components/dialogs';
import { ListScreen, useListSearch } from '../../components/ListScreen';
import { RowAction } from '../../components/RowAction';
import { forgetEntity } from '../../lib/cache';
import { useConfirmThenAct } from '../../lib/confirm-then-act';
import { fieldErrors, serverMessage } from '../../lib/errors';
import { toastError, toastSuccess } from '../../lib/toast';
import {
  ADMIN_EMAILS,
  CREATE_ADMIN_EMAIL,
  DELETE_ADMIN_EMAIL,
  ORG_SETTINGS,
  SET_ADMIN_EMAIL_ACTIVE,
  UPDATE_ADMIN_EMAIL,
} from './operations';
import { useStaffRole } from '../session';

type AdminEmail = AdminEmailsQuery['adminEmails'][number];
type Rule = ReturnType<typeof adminEmailRule> & { domain: string };

/** The spec's wording lives in the domain; 'Correo agregado' is this screen's own toast. */
export const EMAIL_MESSAGES = { ...ADMIN_EMAIL_MESSAGES, created: 'Correo agregado' } as const;

/** 'Mantenimiento de Correos' (spec 2 §2): administrative notification addresses. */
export function AdminEmailsTab() {
  const { canEdit } = useStaffRole();
  const settings = useQuery(ORG_SETTINGS);
  const domain = settings.data?.settings.orgEmailDomain ?? null;
  const rule = domain ? { ...adminEmailRule(domain), domain } : null;
  const [search, setSearch, debounced] = useListSearch();
  const [includeInactive, setIncludeInactive] = useState(false);

  const { data, previousData, loading, error, refetch } = useQuery(ADMIN_EMAILS, {
    variables: { search: debounced || null, includeInactive },
    notifyOnNetworkStatusChange: true,
  });
  const emails = (data ?? previousData)?.adminEmails ?? [];

  return (
    <Grid gap="lg">
      {canEdit && rule && (
        <Grid.Col span={{ base: 12, md: 4 }}>
          <NewEmailForm rule={rule} />
        </Grid.Col>
      )}
      <Grid.Col span={{ base: 12, md: canEdit ? 8 : 12 }}>
        <Stack gap="md" component="section" aria-labelledby="correos-titulo">
          <Title order={2} fz="h3" id="correos-titulo">
            Correos administrativos
          </Title>
          <ListScreen
            searchLabel="Filtrar correos"
            search={{ label: 'Buscar correo', placeholder: 'Correo o responsable', value: search, onChange: setSearch }}
            filters={
              <Checkbox
                label="Mostrar inactivos"
                checked={includeInactive}
                onChange={(e) => setIncludeInactive(e.currentTarget.checked)}
                mb={8}
              />
            }
            state={
              error && !data
                ? 'failed'
                : loading && !data && !previousData
                  ? 'loading'
                  : emails.length === 0
                    ? 'empty'
                    : 'ready'
            }
            busy={loading}
            failedView={
              <Alert
                color="red"
                role="alert"
                title="No se pudieron cargar los correos"
                icon={<IconAlertTriangle size={20} aria-hidden />}
              >
                <Stack gap="xs" align="flex-start">
                  <Text size="sm">{serverMessage(error) ?? EMAIL_MESSAGES.listFailed}</Text>
                  <Button
                    size="xs"
                    variant="light"
                    color="red"
                    leftSection={<IconRefresh size={14} aria-hidden />}
                    onClick={() => void refetch()}
                  >
                    Reintentar
                  </Button>
                </Stack>
              </Alert>
            }
            loadingView={
              <Stack gap="sm">
                <VisuallyHidden>Cargando correos…</VisuallyHidden>
                {[0, 1, 2].map((i) => (
                  <Skeleton key={i} h={64} radius="md" />
                ))}
              </Stack>
            }
            empty={{
              icon: <IconMailOff size={28} aria-hidden />,
              title: debounced ? 'No hay correos que coincidan con la búsqueda' : 'No hay correos registrados',
            }}
          >
            <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
              {emails.map((e) => (
                <li key={e.id}>
                  <EmailCard email={e} rule={rule} />
                </li>
              ))}
            </Stack>
          </ListScreen>
        </Stack>
      </Grid.Col>
    </Grid>
  );
}

function NewEmailForm({ rule }: { rule: Rule }) {
  const [create, { loading }] = useMutation(CREATE_ADMIN_EMAIL);
  const form = useForm({
    mode: 'controlled',
    initialValues: { email: '', name: '' },
    // The domain's schema, with the spec's messages (the bff and the api check the same one).
    validate: schemaResolver(adminEmailSchema(rule.domain, 'create'), { sync: true }),
  });

  const submit = async (v: { email: string; name: string }) => {
    const email = rule.normalise(v.email);
    try {
      const { data } = await create({
        variables: { email, name: v.name.trim() },
        update: (cache, { data: answer }) => {
          if (answer?.createAdminEmail.adminEmail) {
            cache.modify({ id: 'ROOT_QUERY', fields: { adminEmails: (_l, { DELETE }) => DELETE } });
          }
        },
      });
      const payload = data?.createAdminEmail;
      if (payload?.adminEmail && !payload.error) {
        toastSuccess(EMAIL_MESSAGES.created, payload.adminEmail.email);
        form.reset();
        return;
      }
      const fields = fieldErrors(payload?.error);
      if (Object.keys(fields).length > 0) form.setErrors(fields);
      toastError(EMAIL_MESSAGES.createFailed, payload?.error?.message ?? '');
    } catch (err) {
      toastError(EMAIL_MESSAGES.createFailed, serverMessage(err) ?? '');
    }
  };

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="nuevo-correo">
      <Title order={2} fz="h3" id="nuevo-correo" mb="sm">
        Nuevo Correo
      </Title>
      <form onSubmit={form.onSubmit((v) => void submit(v))} noValidate>
        <Stack gap="sm">
          <TextInput
            label="Correo"
            type="email"
            autoComplete="off"
            withAsterisk
            placeholder={`nombre@${rule.mustEndWith.split('@')[1]}`}
            description={rule.mustEndWith}
            {...form.getInputProps('email')}
            onBlur={(e) => form.setFieldValue('email', rule.normalise(e.currentTarget.value))}
          />
          <TextInput label="Nombre del responsable" withAsterisk {...form.getInputProps('name')} />
          <Button type="submit" loading={loading}>
            Agregar correo
          </Button>
        </Stack>
      </form>
    </Card>
  );
}

function EmailCard({ email: e, rule }: { email: AdminEmail; rule: Rule | null }) {
  const { canEdit, canDelete } = useStaffRole();
  const [editing, setEditing] = useState(false);
  const [setActive, { loading: toggling }] = useMutation(SET_ADMIN_EMAIL_ACTIVE);
  const [remove] = useMutation(DELETE_ADMIN_EMAIL);
  const deletion = useConfirmThenAct<AdminEmail>({
    act: async (target) => {
      const { data } = await remove({
        variables: { id: target.id },
        update: (cache, { data: answer }) => {
          if (answer?.deleteAdminEmail.ok) forgetEntity(cache, 'AdminEmail', target.id);
        },
      });
      if (data?.deleteAdminEmail.ok) return { done: EMAIL_MESSAGES.deleted };
      return { failed: EMAIL_MESSAGES.deleteFailed, detail: data?.deleteAdminEmail.error?.message ?? '' };
    },
    onThrow: () => ({ failed: EMAIL_MESSAGES.deleteFailed }),
  });

  const toggle = async (active: boolean) => {
    try {
      const { data } = await setActive({ variables: { id: e.id, active } });
      const payload = data?.setAdminEmailActive;
      if (!payload?.adminEmail || payload.error) throw new Error(payload?.error?.message);
      toastSuccess(active ? EMAIL_MESSAGES.activated : EMAIL_MESSAGES.deactivated);
    } catch {
      toastError(EMAIL_MESSAGES.toggleFailed);
    }
  };

  const titleId = `correo-${e.id}`;
  return (
    <Paper withBorder radius="md" p="md">
      {editing && rule ? (
        <InlineEdit email={e} rule={rule} onDone={() => setEditing(false)} />
      ) : (
        <Group justify="space-between" align="center" gap="sm" wrap="wrap">
          <Box style={{ minWidth: 0, flex: '1 1 200px' }}>
            <Text fw={600} id={titleId} style={{ overflowWrap: 'anywhere' }}>
              {e.email}
            </Text>
            <Text size="sm" c="dimmed">
              {e.name}
            </Text>
          </Box>
          <Group gap="sm" wrap="nowrap">
            {canEdit ? (
              <Switch
                label={e.active ? 'Activo' : 'Inactivo'}
                checked={e.active}
                disabled={toggling}
                aria-describedby={titleId}
                onChange={(ev) => void toggle(ev.currentTarget.checked)}
              />
            ) : (
              <Badge variant="filled" color={e.active ? 'brand.8' : 'gray.7'}>
                {e.active ? 'Activo' : 'Inactivo'}
              </Badge>
            )}
            {canEdit && (
              <RowAction tip="Editar" label={`Editar ${e.email}`} icon={IconPencil} onClick={() => setEditing(true)} />
            )}
            {canDelete && (
              <RowAction
                tip="Eliminar"
                label={`Eliminar ${e.email}`}
                icon={IconTrash}
                danger
                onClick={() => deletion.ask(e)}
              />
            )}
          </Group>
        </Group>
      )}
      <ConfirmDialog {...deletion.dialog} title="¿Eliminar correo?" confirmLabel="Eliminar" danger>
        <Text>Se eliminará permanentemente {e.email}. Esta acción no se puede deshacer.</Text>
      </ConfirmDialog>
    </Paper>
  );
}

function InlineEdit({ email: e, rule, onDone }: { email: AdminEmail; rule: Rule; onDone: () => void }) {
  const [update, { loading }] = useMutation(UPDATE_ADMIN_EMAIL);
  const form = useForm({
    mode: 'controlled',
    initialValues: { email: e.email, name: e.name },
    validate: schemaResolver(adminEmailSchema(rule.domain, 'edit'), { sync: true }),
  });

  const save = async (v: { email: string; name: string }) => {
    try {
      const { data } = await update({ variables: { id: e.id, email: rule.normalise(v.email), name: v.name.trim() } });
      const payload = data?.updateAdminEmail;
      if (payload?.adminEmail && !payload.error) {
        toastSuccess(EMAIL_MESSAGES.updated);
        onDone();
        return;
      }
      const fields = fieldErrors(payload?.error);
      if (Object.keys(fields).length > 0) form.setErrors(fields);
      toastError(EMAIL_MESSAGES.updateFailed, payload?.error?.message ?? '');
    } catch {
      toastError(EMAIL_MESSAGES.updateFailed);
    }
  };

  return (
    <form onSubmit={form.onSubmit((v) => void save(v))} noValidate aria-label={`Editar ${e.email}`}>
      <Grid gap="sm" align="flex-end">
        <Grid.Col span={{ base: 12, sm: 5 }}>
          <TextInput label="Correo" type="email" data-autofocus {...form.getInputProps('email')} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <TextInput label="Nombre del responsable" {...form.getInputProps('name')} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 3 }}>
          <Group gap="xs" wrap="nowrap">
            <Button type="submit" size="sm" loading={loading}>
              Guardar
            </Button>
            <Button variant="default" size="sm" onClick={onDone} disabled={loading}>
              Cancelar
            </Button>
          </Group>
        </Grid.Col>
      </Grid>
    </form>
  );
}
