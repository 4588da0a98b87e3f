import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Checkbox,
  FileInput,
  Grid,
  Group,
  NativeSelect,
  Progress,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQuery } from '@apollo/client/react';
import { IconClipboardOff, IconDownload, IconExternalLink, IconFileUpload, IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import {
  checkTestTemplate,
  extensionOf,
  FILE_MESSAGES,
  formatDate,
  formatsHint,
  isLinkType,
  MAX_FILE_BYTES,
  TEST_CATEGORY_LABEL,
  TEST_TEMPLATE_MESSAGES,
  TEST_TYPE_EXTENSIONS,
  TEST_TYPE_FORMATS,
  TEST_TYPE_LABEL,
  UPLOAD_RULES,
} from '@bolsa/domain';
import type {
  SetTestTemplateActiveMutation,
  TestCategory,
  TestTemplateFieldsFragment,
  TestTemplateFilter,
  TestType,
} from '../../gql/graphql';
import { ConfirmDialog, MessageDialog } from '../../components/dialogs';
import { ListScreen, useListSearch } from '../../components/ListScreen';
import { forgetEntity } from '../../lib/cache';
import { useConfirmThenAct } from '../../lib/confirm-then-act';
import { toastError, toastSuccess } from '../../lib/toast';
import { CREATE_TEST_TEMPLATE, DELETE_TEST_TEMPLATE, SET_TEST_TEMPLATE_ACTIVE, TEST_TEMPLATES } from './operations';
import { uploadFile, UploadError } from '../../lib/upload';
import { useStaffRole } from '../session';

const CATEGORIES = Object.entries(TEST_CATEGORY_LABEL) as [TestCategory, string][];
const TYPES = Object.entries(TEST_TYPE_LABEL) as [TestType, string][];

/** 'Mantenimiento de Pruebas' (spec 2 §2): filters, the 'Nueva Prueba' form and the library grid. */
export function TestTemplatesTab() {
  const { canEdit } = useStaffRole();
  const [search, setSearch, debounced] = useListSearch();
  const [category, setCategory] = useState<TestCategory | ''>('');
  const [type, setType] = useState<TestType | ''>('');
  const [includeInactive, setIncludeInactive] = useState(false);

  const filter: TestTemplateFilter = {
    ...(debounced ? { search: debounced } : {}),
    ...(category ? { category } : {}),
    ...(type ? { type } : {}),
    ...(includeInactive ? { includeInactive: true } : {}),
  };
  const { data, previousData, loading, error } = useQuery(TEST_TEMPLATES, { variables: { filter } });
  // Spec 2 §8: a failed list is logged and shown empty.
  useEffect(() => {
    if (error) console.error('No se pudieron cargar las pruebas', error);
  }, [error]);
  const templates = error && !data ? [] : ((data ?? previousData)?.testTemplates ?? []);
  const filtered = Object.keys(filter).length > 0;

  return (
    <Grid gap="lg">
      {canEdit && (
        <Grid.Col span={{ base: 12, md: 4 }}>
          <NewTestTemplateForm />
        </Grid.Col>
      )}
      <Grid.Col span={{ base: 12, md: canEdit ? 8 : 12 }}>
        <Stack gap="md" component="section" aria-labelledby="biblioteca-pruebas">
          <Title order={2} fz="h3" id="biblioteca-pruebas">
            Biblioteca de pruebas
          </Title>
          <ListScreen
            searchLabel="Filtrar pruebas"
            search={{ label: 'Buscar prueba', placeholder: 'Nombre o descripción', value: search, onChange: setSearch }}
            filtersGap="sm"
            filters={
              <>
                <NativeSelect
                  label="Categoría"
                  data={[{ value: '', label: 'Todas' }, ...CATEGORIES.map(([value, label]) => ({ value, label }))]}
                  value={category}
                  onChange={(e) => setCategory(e.currentTarget.value as TestCategory | '')}
                  style={{ flex: '1 1 150px' }}
                />
                <NativeSelect
                  label="Tipo"
                  data={[{ value: '', label: 'Todos' }, ...TYPES.map(([value, label]) => ({ value, label }))]}
                  value={type}
                  onChange={(e) => setType(e.currentTarget.value as TestType | '')}
                  style={{ flex: '1 1 150px' }}
                />
                <Checkbox
                  label="Inactivas"
                  checked={includeInactive}
                  onChange={(e) => setIncludeInactive(e.currentTarget.checked)}
                  mb={8}
                />
              </>
            }
            // Spec 2 §8: a failed list is logged and shown empty.
            state={loading && !data && !previousData ? 'loading' : templates.length === 0 ? 'empty' : 'ready'}
            busy={loading}
            loadingView={<LibrarySkeleton />}
            empty={{
              icon: <IconClipboardOff size={28} aria-hidden />,
              title: filtered ? 'No hay pruebas que coincidan con los filtros' : 'Aún no hay pruebas registradas',
            }}
          >
            <SimpleGrid cols={{ base: 1, sm: 2, lg: canEdit ? 2 : 3 }} spacing="md">
              {templates.map((t) => (
                <TestTemplateCard key={t.id} template={t} />
              ))}
            </SimpleGrid>
          </ListScreen>
        </Stack>
      </Grid.Col>
    </Grid>
  );
}

interface TemplateFormValues {
  name: string;
  description: string;
  type: TestType | '';
  category: TestCategory | '';
  link: string;
  file: File | null;
}

const FIELD_OF_MESSAGE: Record<string, keyof TemplateFormValues> = {
  [TEST_TEMPLATE_MESSAGES.name]: 'name',
  [TEST_TEMPLATE_MESSAGES.description]: 'description',
  [TEST_TEMPLATE_MESSAGES.type]: 'type',
  [TEST_TEMPLATE_MESSAGES.category]: 'category',
  [TEST_TEMPLATE_MESSAGES.file]: 'file',
  [TEST_TEMPLATE_MESSAGES.link]: 'link',
};

function NewTestTemplateForm() {
  const form = useForm<TemplateFormValues>({
    mode: 'controlled',
    initialValues: { name: '', description: '', type: '', category: '', link: '', file: null },
  });
  const [progress, setProgress] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [create] = useMutation(CREATE_TEST_TEMPLATE);
  const { type } = form.getValues();
  const linkType = isLinkType(type);
  const extensions = type ? TEST_TYPE_EXTENSIONS[type] : [];

  const submit = async (v: TemplateFormValues) => {
    form.clearErrors();
    const message = checkTestTemplate({
      name: v.name,
      description: v.description,
      type: v.type || null,
      category: v.category || null,
      link: linkType ? v.link : null,
      hasFile: !!v.file,
    });
    if (message) {
      form.setFieldError(FIELD_OF_MESSAGE[message] ?? 'name', message);
      return;
    }
    if (!linkType && v.file) {
      if (!extensions.includes(extensionOf(v.file.name))) {
        form.setFieldError('file', FILE_MESSAGES.wrongExtension(extensions));
        return;
      }
      if (v.file.size > MAX_FILE_BYTES) {
        form.setFieldError('file', UPLOAD_RULES['test-file'].tooLarge.message);
        return;
      }
    }
    setBusy(true);
    try {
      let fileUploadId: string | null = null;
      if (!linkType && v.file) {
        setProgress(0);
        fileUploadId = (await uploadFile(v.file, 'test-file', setProgress)).id;
      }
      const { data } = await create({
        variables: {
          input: {
            name: v.name.trim(),
            description: v.description.trim(),
            type: v.type as TestType,
            category: v.category as TestCategory,
            link: linkType ? v.link.trim() : null,
            active: true,
          },
          fileUploadId,
        },
        update: (cache, { data: answer }) => {
          if (answer?.createTestTemplate.template) {
            cache.modify({ id: 'ROOT_QUERY', fields: { testTemplates: (_l, { DELETE }) => DELETE } });
          }
        },
      });
      const payload = data?.createTestTemplate;
      if (payload?.template && !payload.error) {
        toastSuccess(TEST_TEMPLATE_MESSAGES.created);
        form.reset();
      } else {
        setFailure(payload?.error?.message || TEST_TEMPLATE_MESSAGES.unexpected);
      }
    } catch (err) {
      setFailure(err instanceof UploadError ? err.message : TEST_TEMPLATE_MESSAGES.unexpected);
    } finally {
      setBusy(false);
      setProgress(null);
    }
  };

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="nueva-prueba">
      <Title order={2} fz="h3" id="nueva-prueba" mb="sm">
        Nueva Prueba
      </Title>
      <form onSubmit={form.onSubmit((v) => void submit(v))} noValidate>
        <Stack gap="sm">
          <TextInput label="Nombre" withAsterisk {...form.getInputProps('name')} />
          <Textarea
            label="Descripción"
            withAsterisk
            autosize
            minRows={2}
            maxRows={6}
            {...form.getInputProps('description')}
          />
          <NativeSelect
            label="Tipo"
            withAsterisk
            data={[{ value: '', label: 'Selecciona un tipo…' }, ...TYPES.map(([value, label]) => ({ value, label }))]}
            {...form.getInputProps('type')}
            onChange={(e) => {
              form.setFieldValue('type', e.currentTarget.value as TestType | '');
              form.setFieldValue('file', null);
              form.setFieldValue('link', '');
            }}
          />
          <NativeSelect
            label="Categoría"
            withAsterisk
            data={[
              { value: '', label: 'Selecciona una categoría…' },
              ...CATEGORIES.map(([value, label]) => ({ value, label })),
            ]}
            {...form.getInputProps('category')}
          />
          {linkType ? (
            <TextInput
              label="Link"
              withAsterisk
              type="url"
              placeholder="https://"
              inputMode="url"
              {...form.getInputProps('link')}
            />
          ) : (
            <FileInput
              label="Archivo de la prueba"
              withAsterisk
              placeholder={type ? `Selecciona un archivo ${extensions.join(', ')}` : 'Elige primero el tipo'}
              accept={extensions.join(',')}
              disabled={!type}
              clearable
              clearButtonProps={{ 'aria-label': 'Quitar archivo' }}
              leftSection={<IconFileUpload size={16} aria-hidden />}
              description={type ? formatsHint(TEST_TYPE_FORMATS[type]) : UPLOAD_RULES['test-file'].hint}
              {...form.getInputProps('file')}
            />
          )}
          {progress !== null && (
            <Progress value={progress} aria-label="Progreso de la carga del archivo" animated size="sm" />
          )}
          <Button type="submit" loading={busy}>
            Guardar prueba
          </Button>
        </Stack>
      </form>
      <MessageDialog
        opened={failure !== null}
        title={TEST_TEMPLATE_MESSAGES.saveFailedTitle}
        message={failure ?? ''}
        onClose={() => setFailure(null)}
      />
    </Card>
  );
}

export function TestTemplateCard({ template: t }: { template: TestTemplateFieldsFragment }) {
  const { canEdit, canDelete } = useStaffRole();
  const [setActive] = useMutation(SET_TEST_TEMPLATE_ACTIVE);
  const [remove] = useMutation(DELETE_TEST_TEMPLATE);
  const deletion = useConfirmThenAct<TestTemplateFieldsFragment>({
    act: async (target) => {
      const { data } = await remove({
        variables: { id: target.id },
        update: (cache, { data: answer }) => {
          if (answer?.deleteTestTemplate.ok) forgetEntity(cache, 'TestTemplate', target.id);
        },
      });
      if (data?.deleteTestTemplate.ok) return { done: TEST_TEMPLATE_MESSAGES.deleted };
      return { failed: TEST_TEMPLATE_MESSAGES.deleteFailedTitle, detail: TEST_TEMPLATE_MESSAGES.deleteFailed };
    },
    onThrow: () => ({ failed: TEST_TEMPLATE_MESSAGES.deleteFailedTitle, detail: TEST_TEMPLATE_MESSAGES.deleteFailed }),
  });
  const titleId = `prueba-${t.id}`;

  const toggle = async (active: boolean) => {
    try {
      const { data } = await setActive({
        variables: { id: t.id, active },
        // The switch moves at once; Apollo drops this layer (rolling the switch back) if the server refuses.
        optimisticResponse: {
          setTestTemplateActive: {
            __typename: 'TestTemplatePayload',
            template: { __typename: 'TestTemplate', id: t.id, active },
            error: null,
          },
        } as SetTestTemplateActiveMutation,
      });
      const payload = data?.setTestTemplateActive;
      if (!payload?.template || payload.error) throw new Error(payload?.error?.message ?? 'sin confirmación');
      toastSuccess(active ? TEST_TEMPLATE_MESSAGES.activated : TEST_TEMPLATE_MESSAGES.deactivated);
    } catch {
      toastError(TEST_TEMPLATE_MESSAGES.toggleFailedTitle, TEST_TEMPLATE_MESSAGES.toggleFailed);
    }
  };

  const created = formatDate(t.createdAt);
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-labelledby={titleId} h="100%">
      <Stack gap="xs" style={{ flex: 1 }}>
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Title order={3} fz="md" id={titleId} style={{ overflowWrap: 'anywhere' }}>
            {t.name}
          </Title>
          {canDelete && (
            <Tooltip label="Eliminar prueba">
              <ActionIcon
                variant="subtle"
                color="red.8"
                aria-label={`Eliminar prueba ${t.name}`}
                onClick={() => deletion.ask(t)}
              >
                <IconTrash size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
          )}
        </Group>
        <Group gap={6}>
          <Badge variant="light" color="brand" c="brand.9">
            {TEST_CATEGORY_LABEL[t.category]}
          </Badge>
          <Badge variant="outline" color="gray.7" c="gray.8">
            {TEST_TYPE_LABEL[t.type]}
          </Badge>
          {!canEdit && (
            <Badge variant="filled" color={t.active ? 'brand.8' : 'gray.7'}>
              {t.active ? 'Activa' : 'Inactiva'}
            </Badge>
          )}
        </Group>
        {t.description && (
          <Text size="sm" lineClamp={4}>
            {t.description}
          </Text>
        )}
        {created && (
          <Text size="xs" c="dimmed">
            Creada el {created}
          </Text>
        )}
      </Stack>
      <Group justify="space-between" mt="md" gap="sm">
        {t.downloadUrl ? (
          <Button
            component="a"
            href={t.downloadUrl}
            download={t.fileName ?? true}
            target="_blank"
            rel="noopener"
            variant="light"
            size="xs"
            leftSection={<IconDownload size={14} aria-hidden />}
            aria-describedby={titleId}
          >
            Descargar
          </Button>
        ) : t.link ? (
          <Button
            component="a"
            href={t.link}
            target="_blank"
            rel="noopener noreferrer"
            variant="light"
            size="xs"
            leftSection={<IconExternalLink size={14} aria-hidden />}
            aria-describedby={titleId}
          >
            Abrir enlace
            <VisuallyHidden> (se abre en una pestaña nueva)</VisuallyHidden>
          </Button>
        ) : (
          <span />
        )}
        {canEdit && (
          <Switch
            label="Activa"
            checked={t.active}
            aria-describedby={titleId}
            onChange={(e) => void toggle(e.currentTarget.checked)}
          />
        )}
      </Group>
      <ConfirmDialog {...deletion.dialog} title={TEST_TEMPLATE_MESSAGES.deleteConfirm} confirmLabel="Eliminar" danger>
        <Text>
          Se eliminará la prueba «{t.name}». {TEST_TEMPLATE_MESSAGES.deleteConfirmText}
        </Text>
      </ConfirmDialog>
    </Card>
  );
}

function LibrarySkeleton() {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      <VisuallyHidden>Cargando pruebas…</VisuallyHidden>
      {[0, 1, 2, 3].map((i) => (
        <Card key={i} withBorder radius="md" padding="md">
          <Skeleton h={18} w="70%" />
          <Group mt="sm" gap={6}>
            <Skeleton h={20} w={90} />
            <Skeleton h={20} w={60} />
          </Group>
          <Skeleton h={12} mt="sm" />
          <Skeleton h={12} mt={6} w="80%" />
        </Card>
      ))}
    </SimpleGrid>
  );
}
