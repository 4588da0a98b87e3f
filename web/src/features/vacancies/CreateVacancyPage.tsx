import '@mantine/dates/styles.css';
import '@mantine/dropzone/styles.css';
import { Button, Container, Group, Paper, Stack, Stepper, Tabs, Text, Title } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { useApolloClient, useMutation, useQuery } from '@apollo/client/react';
import { IconArrowLeft, IconArrowRight, IconDeviceFloppy, IconEye } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { todayInGuatemala, VACANCY_MESSAGES, type RuleFailure } from '@bolsa/domain';
import 'dayjs/locale/es';
import { pageTitle } from '../../lib/site';
import { VacancyDetails } from '../../components/VacancyDetails';
import { useDocumentTitle } from '../../lib/document-title';
import { FormBanner, useBanner } from '../../components/FormBanner';
import { invalidateVacancyLists } from './cache';
import { BusyDialog, ConfirmDialog } from '../../components/dialogs';
import { clearDraft, isBlank, readDraft, writeDraft } from './draft';
import { toastNotice, toastSuccess } from '../../lib/toast';
import { BRANCHES } from '../../lib/catalogue';
import { CREATE_VACANCY, VACANCY_NAME_CHECK } from './operations';
import { UploadError } from '../../lib/upload';
import { useImageUpload } from './use-image-upload';
import {
  EMPTY_VACANCY,
  firstFailure,
  placeLabel,
  stepOfField,
  toInput,
  vacancyResolver,
  type VacancyFormValues,
} from './vacancy-form';
import { GeneralInfoFields } from './GeneralInfoFields';
import { ImageField } from './ImageField';
import { ItemsFields } from './ItemsFields';

const STEPS = ['Información General', 'Requisitos y Beneficios', 'Imagen'] as const;

/** /panel/plazas/crear-vacante: a fresh form after each successful save (spec 2 §4 'the create screen is reloaded'). */
export function CreateVacancyPage() {
  useDocumentTitle(pageTitle('Crear Vacante'));
  const [generation, setGeneration] = useState(0);
  return (
    <DatesProvider settings={{ locale: 'es', firstDayOfWeek: 1 }}>
      <CreateVacancyForm key={generation} onSaved={() => setGeneration((g) => g + 1)} />
    </DatesProvider>
  );
}

function CreateVacancyForm({ onSaved }: { onSaved: () => void }) {
  const navigate = useNavigate();
  const client = useApolloClient();
  const today = todayInGuatemala();
  const [restored] = useState(() => {
    const d = readDraft();
    return d && !isBlank(d) ? d : null;
  });
  const form = useForm<VacancyFormValues>({
    mode: 'controlled',
    initialValues: restored ?? EMPTY_VACANCY,
    onValuesChange: (values) => writeDraft(values),
  });
  const image = useImageUpload('vacancy-image');
  const { banner, show, clear } = useBanner();
  const [tab, setTab] = useState<'formulario' | 'previa'>('formulario');
  const [step, setStep] = useState(0);
  const [saving, setSaving] = useState(false);
  const [duplicate, setDuplicate] = useState<{ activeCount: number } | null>(null);
  const [create] = useMutation(CREATE_VACANCY);
  const branches = useQuery(BRANCHES);

  const values = form.getValues();
  const branchName = branches.data?.branches.find((b) => b.id === values.branchId)?.name ?? null;

  const resolve = useMemo(() => vacancyResolver('create', today), [today]);
  const errorsNow = () => resolve(form.getValues(), image.file !== null);

  /** Shows a failure in the banner and on its field. */
  const report = (failure: RuleFailure) => {
    show({ title: failure.title, message: failure.message });
    form.setFieldError(failure.field, failure.message);
  };

  /** Runs the spec's checks in order; shows the first failure and takes the user to it. */
  const validate = (): boolean => {
    form.clearErrors();
    const failure = firstFailure(errorsNow());
    if (!failure) return true;
    report(failure);
    setTab('formulario');
    setStep(stepOfField(failure.field));
    return false;
  };

  /**
   * 'Siguiente' checks only the fields of the step being left: the first failure is shown there
   * and the step stays open. (The step headers still jump freely, to look ahead; 'Ver Previo'
   * checks everything.)
   */
  const next = () => {
    form.clearErrors();
    const failure = firstFailure(errorsNow(), (field) => stepOfField(field) === step);
    if (failure) {
      report(failure);
      return;
    }
    clear();
    setStep(step + 1);
  };

  const openPreview = () => {
    if (validate()) {
      clear();
      setTab('previa');
    }
  };

  const save = async () => {
    const v = form.getValues();
    if (isBlank(v)) {
      show({ title: VACANCY_MESSAGES.titleRequired, message: VACANCY_MESSAGES.noData });
      return;
    }
    if (!image.file) {
      show({ title: VACANCY_MESSAGES.titleRequired, message: VACANCY_MESSAGES.noImage });
      return;
    }
    if (!validate()) return;
    try {
      const { data } = await client.query({
        query: VACANCY_NAME_CHECK,
        variables: { name: v.name.trim(), branchId: v.branchId },
        fetchPolicy: 'network-only',
      });
      if (data?.vacancyNameCheck.exists) {
        setDuplicate({ activeCount: data.vacancyNameCheck.activeCount });
        return;
      }
    } catch {
      toastNotice('Aviso', VACANCY_MESSAGES.duplicateCheckFailed);
    }
    await persist();
  };

  const persist = async () => {
    setDuplicate(null);
    setSaving(true);
    try {
      const imageUploadId = await image.ensureUploaded();
      if (!imageUploadId) {
        show({ title: VACANCY_MESSAGES.titleRequired, message: VACANCY_MESSAGES.noImage });
        return;
      }
      const { data } = await create({
        variables: { input: toInput(form.getValues()), imageUploadId },
        update: (cache, { data: answer }) => {
          if (answer?.createVacancy.vacancy) invalidateVacancyLists(cache);
        },
      });
      const payload = data?.createVacancy;
      if (payload?.vacancy && !payload.error) {
        clearDraft();
        toastSuccess('Plaza creada', VACANCY_MESSAGES.created);
        onSaved();
        return;
      }
      const e = payload?.error;
      show({
        title: (e?.__typename === 'ValidationFailed' && e.title) || 'No se pudo guardar',
        message: e?.message || VACANCY_MESSAGES.createFailed,
      });
    } catch (err) {
      if (err instanceof UploadError) show({ title: err.title, message: err.message });
      else show({ title: 'No se pudo guardar', message: VACANCY_MESSAGES.createFailed });
    } finally {
      setSaving(false);
    }
  };

  const cancel = () => {
    clearDraft();
    navigate('/panel/plazas');
  };

  const last = step === STEPS.length - 1;

  return (
    <Container size="md" py={{ base: 'md', sm: 'xl' }}>
      <Title order={1} fz={{ base: 26, sm: 32 }} mb="xs">
        Nueva vacante
      </Title>
      {restored && (
        <Text size="sm" c="dimmed" mb="sm">
          Se recuperó el borrador guardado en este navegador (la imagen debe elegirse de nuevo).
        </Text>
      )}
      <Tabs
        value={tab}
        onChange={(t) => {
          if (t === 'previa') openPreview();
          else if (t === 'formulario') setTab('formulario');
        }}
        keepMounted={false}
      >
        <Tabs.List mb="lg">
          <Tabs.Tab value="formulario">Crear Vacante</Tabs.Tab>
          <Tabs.Tab value="previa">Vista Previa</Tabs.Tab>
        </Tabs.List>

        <Tabs.Panel value="formulario">
          <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
            <form onSubmit={(e) => e.preventDefault()} noValidate aria-label="Crear vacante">
              <Stepper active={step} onStepClick={setStep} size="sm" wrap>
                <Stepper.Step label={STEPS[0]}>
                  <GeneralInfoFields
                    form={form}
                    today={today}
                    fixedDate={{ label: 'Fecha de creación', value: today }}
                  />
                </Stepper.Step>
                <Stepper.Step label={STEPS[1]}>
                  <ItemsFields form={form} />
                </Stepper.Step>
                <Stepper.Step label={STEPS[2]}>
                  <ImageField upload={image} required error={form.errors.image} />
                </Stepper.Step>
              </Stepper>
              <Stack gap="sm" mt="xl">
                <FormBanner banner={banner} onClose={clear} />
                <Group justify="space-between" gap="sm">
                  <Button variant="default" onClick={cancel}>
                    Cancelar
                  </Button>
                  <Group gap="sm">
                    {step > 0 && (
                      <Button
                        variant="default"
                        leftSection={<IconArrowLeft size={16} aria-hidden />}
                        onClick={() => setStep((s) => s - 1)}
                      >
                        Anterior
                      </Button>
                    )}
                    {!last && (
                      <Button rightSection={<IconArrowRight size={16} aria-hidden />} onClick={next}>
                        Siguiente
                      </Button>
                    )}
                    <Button
                      variant={last ? 'filled' : 'light'}
                      leftSection={<IconEye size={16} aria-hidden />}
                      onClick={openPreview}
                    >
                      Ver Previo
                    </Button>
                  </Group>
                </Group>
              </Stack>
            </form>
          </Paper>
        </Tabs.Panel>

        <Tabs.Panel value="previa">
          <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
            <VacancyDetails
              vacancy={{
                name: values.name.trim(),
                branchName,
                place: placeLabel(values),
                imageUrl: image.previewUrl,
                description: values.description,
                requirements: values.requirements,
                benefits: values.benefits,
                publishedAt: today,
                endsAt: values.endsAt,
              }}
            />
            <Stack gap="sm" mt="xl">
              <FormBanner banner={banner} onClose={clear} />
              <Group justify="space-between" gap="sm">
                <Button
                  variant="default"
                  leftSection={<IconArrowLeft size={16} aria-hidden />}
                  onClick={() => setTab('formulario')}
                >
                  Volver al formulario
                </Button>
                <Button
                  leftSection={<IconDeviceFloppy size={16} aria-hidden />}
                  onClick={() => void save()}
                  loading={saving}
                >
                  Guardar Plaza
                </Button>
              </Group>
            </Stack>
          </Paper>
        </Tabs.Panel>
      </Tabs>

      <ConfirmDialog
        opened={duplicate !== null}
        title="Plaza duplicada"
        confirmLabel="Crear de todos modos"
        onConfirm={() => void persist()}
        onCancel={() => setDuplicate(null)}
      >
        <Text>
          Ya existe una plaza activa llamada «{values.name.trim()}» en {branchName ?? 'esta sede'}
          {duplicate && duplicate.activeCount > 1 ? ` (${duplicate.activeCount} activas)` : ''}. ¿Deseas crearla de
          todos modos?
        </Text>
      </ConfirmDialog>
      <BusyDialog
        opened={saving}
        label={image.progress !== null ? `Subiendo imagen… ${image.progress}%` : 'Guardando plaza…'}
      />
    </Container>
  );
}
