import '@mantine/dates/styles.css';
import '@mantine/dropzone/styles.css';
import { Button, Container, Group, Paper, Skeleton, Stack, Tabs, Text, Title } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { useMutation, useQuery } from '@apollo/client/react';
import { IconArrowLeft, IconArrowRight, IconDeviceFloppy } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { todayInGuatemala, VACANCY_MESSAGES } from '@bolsa/domain';
import 'dayjs/locale/es';
import type { AdminVacancyQuery } from '../../gql/graphql';
import { pageTitle } from '../../lib/site';
import { useDocumentTitle } from '../../lib/document-title';
import { FormBanner, useBanner } from '../../components/FormBanner';
import { invalidateVacancyLists } from './cache';
import { BusyDialog, ConfirmDialog } from '../../components/dialogs';
import { LoadFailed } from './AdminVacancyGrid';
import { toastNotice, toastSuccess } from '../../lib/toast';
import { ADMIN_VACANCY, UPDATE_VACANCY } from './operations';
import { httpErrorMessage, isNetworkError, NETWORK_MESSAGE, serverMessage } from '../../lib/errors';
import { UploadError } from '../../lib/upload';
import { useImageUpload } from './use-image-upload';
import { firstFailure, stepOfField, toInput, vacancyResolver, type VacancyFormValues } from './vacancy-form';
import { GeneralInfoFields } from './GeneralInfoFields';
import { ImageField } from './ImageField';
import { ItemsFields } from './ItemsFields';
import { VacancyCriteria } from '../candidates';

type Vacancy = NonNullable<AdminVacancyQuery['adminVacancy']>;

const TABS = ['general', 'requisitos', 'imagen'] as const;

function toValues(v: Vacancy): VacancyFormValues {
  const departmentId = v.departmentId ?? v.department?.id ?? v.municipality?.department.id ?? '';
  const municipalityId = v.municipalityId ?? v.municipality?.id ?? null;
  return {
    name: v.name,
    branchId: v.branch?.id ?? '',
    departmentId,
    placeMode: municipalityId || !v.placeText ? 'municipio' : 'texto',
    municipalityId,
    municipalityLabel: v.municipality ? `${v.municipality.name}, ${v.municipality.department.name}` : '',
    placeText: v.placeText ?? '',
    description: v.description ?? '',
    endsAt: v.endsAt ?? null,
    active: v.active,
    requirements: [...v.requirements],
    benefits: [...v.benefits],
  };
}

function withDetail(message: string, detail: string | null): string {
  return detail ? `${message}: ${detail}` : message;
}

/** Sends the user back to the list with 'No se encontró información de la vacante'. */
function BackToList() {
  useEffect(() => {
    // One id: however often this runs (StrictMode, a remount while the list loads), one toast.
    toastNotice('Aviso', VACANCY_MESSAGES.notFound, { id: 'vacante-no-encontrada' });
  }, []);
  return <Navigate to="/panel/plazas" replace state={{ message: VACANCY_MESSAGES.notFound }} />;
}

/** /panel/plazas/editar-vacante?id=…, 'Editar Vacante' (spec 2 §2, §5). */
export function EditVacancyPage() {
  useDocumentTitle(pageTitle('Editar Vacante'));
  const [params] = useSearchParams();
  const id = params.get('id')?.trim() ?? '';
  const { data, loading, error, refetch } = useQuery(ADMIN_VACANCY, {
    variables: { id },
    skip: !id,
    fetchPolicy: 'network-only',
  });

  if (!id) return <BackToList />;
  let body;
  if (loading && !data) body = <EditSkeleton />;
  else if (error && !data) body = <LoadFailed onRetry={() => void refetch()} />;
  else if (!data?.adminVacancy) return <BackToList />;
  else
    body = (
      <DatesProvider settings={{ locale: 'es', firstDayOfWeek: 1 }}>
        <EditVacancyForm key={data.adminVacancy.id} vacancy={data.adminVacancy} />
        <VacancyCriteria vacancyId={data.adminVacancy.id} />
      </DatesProvider>
    );
  return (
    <Container size="md" py={{ base: 'md', sm: 'xl' }}>
      <Title order={1} fz={{ base: 26, sm: 32 }} mb="lg">
        Editar Vacante
      </Title>
      {body}
    </Container>
  );
}

function EditVacancyForm({ vacancy }: { vacancy: Vacancy }) {
  const navigate = useNavigate();
  const today = todayInGuatemala();
  const form = useForm<VacancyFormValues>({ mode: 'controlled', initialValues: toValues(vacancy) });
  const image = useImageUpload('vacancy-image-edit');
  const { banner, show, clear } = useBanner();
  const [tab, setTab] = useState<(typeof TABS)[number]>('general');
  const [confirming, setConfirming] = useState(false);
  const [saving, setSaving] = useState(false);
  const [update] = useMutation(UPDATE_VACANCY);
  const index = TABS.indexOf(tab);

  const resolve = useMemo(() => vacancyResolver('edit', today), [today]);

  const onActiveChange = (active: boolean) => {
    // The schema's rule for an active vacancy's end date, asked before the switch moves.
    if (active && resolve({ ...form.getValues(), active: true }).endsAt) {
      show({ title: VACANCY_MESSAGES.titleBadDate, message: VACANCY_MESSAGES.reactivateNeedsFutureDate });
      form.setFieldError('endsAt', VACANCY_MESSAGES.reactivateNeedsFutureDate);
      return false;
    }
    return true;
  };

  const requestSave = () => {
    form.clearErrors();
    const failure = firstFailure(resolve(form.getValues()));
    if (failure) {
      show({ title: failure.title, message: failure.message });
      form.setFieldError(failure.field, failure.message);
      setTab(TABS[stepOfField(failure.field)]!);
      return;
    }
    setConfirming(true);
  };

  const persist = async () => {
    setConfirming(false);
    setSaving(true);
    try {
      const imageUploadId = image.file ? await image.ensureUploaded() : null;
      const { data } = await update({
        variables: { id: vacancy.id, input: toInput(form.getValues()), imageUploadId },
        update: (cache, { data: answer }) => {
          if (answer?.updateVacancy.vacancy) invalidateVacancyLists(cache);
        },
      });
      const payload = data?.updateVacancy;
      if (payload?.vacancy && !payload.error) {
        toastSuccess(VACANCY_MESSAGES.updated);
        navigate('/panel/plazas');
        return;
      }
      const e = payload?.error;
      show({
        title: (e?.__typename === 'ValidationFailed' && e.title) || 'No se pudo actualizar',
        message: e?.message || VACANCY_MESSAGES.updateFailed,
      });
    } catch (err) {
      if (err instanceof UploadError) show({ title: err.title, message: err.message });
      else
        show({
          title: 'No se pudo actualizar',
          // Spec 2 §8 'Error al actualizar la vacante: {message}', with a message the user can read.
          message: isNetworkError(err)
            ? NETWORK_MESSAGE
            : withDetail(VACANCY_MESSAGES.updateFailed, serverMessage(err) ?? httpErrorMessage(err)),
        });
    } finally {
      setSaving(false);
    }
  };

  const v = form.getValues();
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          requestSave();
        }}
        noValidate
        aria-label={`Editar vacante ${vacancy.name}`}
      >
        <Tabs value={tab} onChange={(t) => t && setTab(t as (typeof TABS)[number])}>
          <Tabs.List mb="lg" style={{ flexWrap: 'wrap' }}>
            <Tabs.Tab value="general">Información General</Tabs.Tab>
            <Tabs.Tab value="requisitos">Requisitos y Beneficios</Tabs.Tab>
            <Tabs.Tab value="imagen">Imagen</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="general">
            <GeneralInfoFields
              form={form}
              today={today}
              fixedDate={{ label: 'Fecha de publicación', value: vacancy.publishedAt ?? null }}
              endsAtHint={v.active ? VACANCY_MESSAGES.futureDateHint : undefined}
              onActiveChange={onActiveChange}
            />
          </Tabs.Panel>
          <Tabs.Panel value="requisitos">
            <ItemsFields form={form} />
          </Tabs.Panel>
          <Tabs.Panel value="imagen">
            <ImageField upload={image} currentUrl={vacancy.imageUrl} required={false} />
          </Tabs.Panel>
        </Tabs>
        <Stack gap="sm" mt="xl">
          <FormBanner banner={banner} onClose={clear} />
          <Group justify="space-between" gap="sm">
            <Group gap="sm">
              <Button
                variant="default"
                leftSection={<IconArrowLeft size={16} aria-hidden />}
                disabled={index === 0}
                onClick={() => setTab(TABS[index - 1]!)}
              >
                Anterior
              </Button>
              <Button
                variant="default"
                rightSection={<IconArrowRight size={16} aria-hidden />}
                disabled={index === TABS.length - 1}
                onClick={() => setTab(TABS[index + 1]!)}
              >
                Siguiente
              </Button>
            </Group>
            <Group gap="sm">
              <Button variant="default" onClick={() => navigate('/panel/plazas')}>
                Cancelar
              </Button>
              <Button type="submit" leftSection={<IconDeviceFloppy size={16} aria-hidden />} loading={saving}>
                Guardar Cambios
              </Button>
            </Group>
          </Group>
        </Stack>
      </form>
      <ConfirmDialog
        opened={confirming}
        title="¿Confirmar cambios?"
        confirmLabel="Guardar"
        onConfirm={() => void persist()}
        onCancel={() => setConfirming(false)}
      >
        <Text>Se guardarán los cambios de la vacante «{v.name.trim() || vacancy.name}».</Text>
      </ConfirmDialog>
      <BusyDialog
        opened={saving}
        label={image.progress !== null ? `Subiendo imagen… ${image.progress}%` : 'Guardando cambios…'}
      />
    </Paper>
  );
}

function EditSkeleton() {
  return (
    <Stack gap="sm" aria-busy="true">
      <Text size="sm" c="dimmed">
        Cargando vacante…
      </Text>
      <Skeleton h={36} w="60%" />
      <Skeleton h={36} />
      <Skeleton h={36} />
      <Skeleton h={120} />
    </Stack>
  );
}
