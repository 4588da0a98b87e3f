import { useApolloClient, useMutation } from '@apollo/client/react';
import {
  Accordion,
  Alert,
  Anchor,
  Button,
  Group,
  List,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconAlertTriangle, IconCircleCheck, IconInfoCircle, IconUserCircle } from '@tabler/icons-react';
import {
  APPLICATION_MESSAGES as M,
  APPLICATION_SECTIONS,
  applicationSchema,
  checkApplication,
  conflictMessage,
  DOCUMENT_KIND_INFO,
  dpiInput,
  experienceDateIssues,
  isEmail,
  nameInput,
  sectionOf,
  todayInGuatemala,
  type ApplicationMode,
  type ApplicationSectionId,
  type DocumentKind,
} from '@bolsa/domain';
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { toastNotice } from '../../lib/toast';
import type { DuplicateConflict } from '../../gql/graphql';
import { FileDrop } from '../../components/FileDrop';
import {
  conflictCode,
  conflictField,
  digitsOnly,
  documentsOf,
  fieldId,
  focusPathOf,
  formPathOf,
  initialValues,
  LEVEL_OPTIONS,
  MARITAL_OPTIONS,
  mergeDraft,
  salaryInput,
  toApplicationInput,
  toDomainInput,
  type ApplicationFormValues,
  type ApplicationPrefill,
  type DocumentKey,
} from './form-values';
import type { ApplicationDraft } from './draft';
import { ExperienceFields, ReferenceFields } from './HistoryFields';
import { APPLICATION_CHECK, APPLY } from './operations';
import { FileUploadFailed, useApplicationFiles } from './use-application-files';

/** How long the hint of 'Experiencia Laboral' stays (spec 1 §9). */
export const EXPERIENCE_HINT_MS = 4000;

export interface Dialog {
  title: string;
  message: string;
  kind: 'success' | 'info' | 'error';
  /** Runs once 'Entendido' closes it. */
  after?: () => void;
}

export interface ApplicationVacancy {
  id: string;
  name: string;
  branchName: string | null;
  place: string | null;
}

interface ApplicationFormProps {
  vacancy: ApplicationVacancy;
  mode: ApplicationMode;
  /** The logged-in candidate's name (registered mode). */
  viewerName: string | null;
  prefill?: ApplicationPrefill;
  busy: boolean;
  onBusyChange: (busy: boolean) => void;
  onCancel: () => void;
  /** Shows a dialog over the form ('Revisa tus datos', the success and failure dialogs). */
  onDialog: (dialog: Dialog) => void;
  /** Applied: the caller closes the form once the success dialog is acknowledged. */
  onApplied: () => void;
  /** What was written before logging in from this form (issue 20), to start from. */
  draft?: ApplicationDraft | null;
  /** The guest's link to log in or create an account, with what was written so far. */
  onLogin: (draft: ApplicationDraft) => void;
}

/** The documents as the vocabulary names them (domain document-kinds.ts); the CV as this form calls it (spec 1 §5.2). */
const pdf = (kind: DocumentKind) => `${DOCUMENT_KIND_INFO[kind].label} (PDF)`;
const DOCUMENT_LABEL: Record<DocumentKey, string> = {
  photo: DOCUMENT_KIND_INFO.PHOTO.label,
  curriculum: 'Hoja de Vida (PDF)',
  dpiScan: pdf('DPI'),
  policeRecord: pdf('POLICE_RECORD'),
  criminalRecord: pdf('CRIMINAL_RECORD'),
};

const YES_NO = [
  { value: '', label: 'Selecciona…' },
  { value: 'si', label: 'Sí' },
  { value: 'no', label: 'No' },
];

/** Focuses a field once its accordion panel has opened (the panel animates open). */
function focusWhenVisible(path: string) {
  const id = fieldId(focusPathOf(path));
  let tries = 0;
  const attempt = () => {
    const el = document.getElementById(id);
    if (el && el.getClientRects().length > 0) {
      el.focus();
      el.scrollIntoView?.({ block: 'center' });
      return;
    }
    if (++tries < 20) setTimeout(attempt, 50);
  };
  setTimeout(attempt, 0);
}

/** 'Formulario de Postulación' (spec 1 §2.6, §5.2, §8). */
export function ApplicationForm({
  vacancy,
  mode,
  viewerName,
  prefill,
  busy,
  onBusyChange,
  onCancel,
  onDialog,
  onApplied,
  draft = null,
  onLogin,
}: ApplicationFormProps) {
  const client = useApolloClient();
  const [apply] = useMutation(APPLY);
  const files = useApplicationFiles();
  const today = useMemo(() => todayInGuatemala(), []);
  const needed = documentsOf(mode);
  const stored = prefill?.storedDocuments ?? {};

  // The validator reads which files are present when it runs, not when the form was made.
  const present = useRef<Partial<Record<DocumentKey, boolean>>>({});
  present.current = Object.fromEntries(needed.map((k) => [k, Boolean(stored[k] || files.slots[k].file)])) as Partial<
    Record<DocumentKey, boolean>
  >;

  const resolver = useMemo(() => schemaResolver(applicationSchema(mode, today), { sync: true }), [mode, today]);
  /** The fields the applicant has changed at least once. */
  const written = useRef(new Set<string>());
  const form = useForm<ApplicationFormValues>({
    mode: 'controlled',
    initialValues: draft ? mergeDraft(initialValues(prefill), draft.values) : initialValues(prefill),
    validate: (values) => resolver(toDomainInput(vacancy.id, values, present.current)),
    validateInputOnBlur: true,
    onValuesChange: (values, previous) => {
      for (const key of Object.keys(values) as (keyof ApplicationFormValues)[])
        if (values[key] !== previous[key]) written.current.add(key);
    },
  });
  // A field is checked when it loses focus only once the applicant has written in it (or to clear
  // its error): the first field has the focus when the form opens, and leaving it empty to look
  // at another section must not greet them with 'Ingresa tu nombre completo.'.
  const checkOnLeave = (path: string) => {
    if (written.current.has(path) || form.errors[path]) form.validateField(path);
  };

  // The form appears after the vacancy has loaded, so the modal's own autofocus has passed:
  // keyboard users start on the first field.
  useEffect(() => {
    document.getElementById(fieldId('name'))?.focus();
  }, []);

  // Files chosen before logging in are sent again, as this applicant (the profile's stay theirs).
  const draftFiles = useRef(draft?.files);
  useEffect(() => {
    const chosen = draftFiles.current;
    draftFiles.current = undefined;
    if (!chosen) return;
    for (const key of needed) {
      const f = chosen[key];
      if (f && !stored[key]) files.select(key, f);
    }
    // Once, when the form opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const login = () => {
    const chosen: Partial<Record<DocumentKey, File>> = {};
    for (const key of needed) {
      const f = files.slots[key].file;
      if (f) chosen[key] = f;
    }
    onLogin({ values: form.getValues(), files: chosen });
  };

  const [section, setSection] = useState<ApplicationSectionId | null>('personal');
  const [hint, setHint] = useState(false);
  useEffect(() => {
    if (section !== 'experience') {
      setHint(false);
      return;
    }
    setHint(true);
    const t = setTimeout(() => setHint(false), EXPERIENCE_HINT_MS);
    return () => clearTimeout(t);
  }, [section]);

  const values = form.getValues();
  const dateIssues = experienceDateIssues(values.experiences, today, M.overlapSuffix);

  const openAndFocus = (path: string) => {
    const target = sectionOf(path.split('.')[0] ?? '') ?? 'personal';
    setSection(target);
    focusWhenVisible(path);
  };

  /** Marks every failing field, opens the first failing section, focuses its field, warns. */
  const showIncomplete = (errors: Record<string, string>, first: string) => {
    form.setErrors(errors);
    openAndFocus(first);
    toastNotice(M.incompleteTitle, errors[first] ?? '', { id: 'postulacion-incompleta' });
  };

  // Duplicate check when DPI or e-mail lose focus (spec 1 §2.6); a failed call counts as ok.
  const checkOnBlur = async (field: 'cui' | 'email') => {
    const v = form.getValues();
    const dpi = v.cui;
    const email = v.email.trim().toLowerCase();
    if (field === 'cui' && !/^\d{13}$/.test(dpi)) return;
    if (field === 'email' && !isEmail(email)) return;
    try {
      const { data } = await client.query({
        query: APPLICATION_CHECK,
        variables: { vacancyId: vacancy.id, dpi, email },
        fetchPolicy: 'no-cache',
      });
      const r = data?.applicationCheck;
      if (!r || r.ok) return;
      form.setFieldError(conflictField(r.conflict) ?? field, r.message?.trim() || M.conflictOnBlur);
    } catch {
      // Spec 1 §7: a network or HTTP failure of the check on blur is treated as ok.
    }
  };

  const showConflict = (conflict: DuplicateConflict | null | undefined, message: string | null | undefined) => {
    const field = conflictField(conflict);
    const text = conflictMessage(conflictCode(conflict), message);
    if (field) form.setFieldError(field, text);
    onDialog({
      title: M.conflictTitle,
      message: text,
      kind: 'info',
      after: () => openAndFocus(field ?? 'cui'),
    });
  };

  const failed = () => onDialog({ title: M.submitFailedTitle, message: M.submitFailed, kind: 'error' });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const domainInput = toDomainInput(vacancy.id, form.getValues(), present.current);
    const checked = checkApplication(mode, domainInput, today);
    if (!checked.ok) {
      const errors: Record<string, string> = {};
      for (const f of checked.fields) errors[f.path] ??= f.message;
      showIncomplete(errors, checked.first.path);
      return;
    }
    onBusyChange(true);
    try {
      let uploads;
      try {
        uploads = await files.ensureUploaded(needed.filter((k) => files.slots[k].file));
      } catch (err) {
        if (err instanceof FileUploadFailed) {
          showIncomplete({ [err.key]: err.failure.message }, err.key);
          return;
        }
        throw err;
      }
      // Again before sending (spec 1 §2.6); here a failed call is the generic failure.
      const { data: checkData } = await client.query({
        query: APPLICATION_CHECK,
        variables: { vacancyId: vacancy.id, dpi: checked.value.cui, email: checked.value.email },
        fetchPolicy: 'no-cache',
      });
      const check = checkData?.applicationCheck;
      if (!check) throw new Error('sin respuesta');
      if (!check.ok) {
        showConflict(check.conflict, check.message);
        return;
      }
      const { input, rowIndex } = toApplicationInput(checked.value, uploads, mode);
      const { data } = await apply({ variables: { input } });
      const payload = data?.apply;
      const error = payload?.error;
      if (error?.__typename === 'DuplicateApplication') {
        showConflict(error.conflict, error.message);
        return;
      }
      if (error?.__typename === 'ValidationFailed') {
        const errors: Record<string, string> = {};
        for (const f of error.fields) errors[formPathOf(f.path, rowIndex)] ??= f.message;
        const first = Object.keys(errors)[0];
        if (first) showIncomplete(errors, first);
        else onDialog({ title: error.title ?? M.incompleteTitle, message: error.message, kind: 'info' });
        return;
      }
      if (error?.__typename === 'VacancyClosed') {
        onDialog({ title: 'Aviso', message: error.message, kind: 'info', after: onCancel });
        return;
      }
      if (!payload || error) throw new Error('respuesta inesperada');
      const registered = (payload.mode ?? (mode === 'registered' ? 'REGISTERED' : 'GUEST')) === 'REGISTERED';
      onDialog({
        title: M.successTitle,
        message: registered ? M.successRegistered : M.successGuest,
        kind: 'success',
        after: onApplied,
      });
    } catch {
      failed();
    } finally {
      onBusyChange(false);
    }
  };

  const input = (
    path: Exclude<keyof ApplicationFormValues, 'experiences' | 'personalReferences' | 'workReferences'>,
  ) => {
    const props = form.getInputProps(path);
    return {
      ...props,
      id: fieldId(path),
      // In place of the form's own check on blur (kept for the experience and reference rows).
      onBlur: () => checkOnLeave(path),
    };
  };
  const filtered = (path: 'name' | 'cui' | 'phone' | 'age' | 'salaryClaim', filter: (raw: string) => string) => ({
    ...input(path),
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => form.setFieldValue(path, filter(e.currentTarget.value)),
  });
  const withCheck = (path: 'cui' | 'email', props: ReturnType<typeof input>) => ({
    ...props,
    onBlur: () => {
      props.onBlur();
      void checkOnBlur(path);
    },
  });

  const fileDrop = (key: DocumentKey) => {
    const inProfile = stored[key];
    // Held by the profile: present already, shown rather than asked again; the application
    // references the profile's file (the photo is locked, spec 1 §2.6).
    if (inProfile)
      return (
        <div key={key} id={fieldId(key)} role="group" aria-label={`${DOCUMENT_LABEL[key]}: En tu perfil`}>
          <Text size="sm" fw={500}>
            {DOCUMENT_LABEL[key]}
          </Text>
          <Group gap={6} mt={4} wrap="nowrap" align="flex-start">
            <IconCircleCheck size={18} color="var(--mantine-color-green-8)" aria-hidden style={{ flexShrink: 0 }} />
            <Text size="sm">
              <Text span fw={600} c="green.9">
                En tu perfil
              </Text>
              <Text span c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {' · '}
                {inProfile.name}
              </Text>
            </Text>
          </Group>
        </div>
      );
    return renderFileDrop(key);
  };

  const renderFileDrop = (key: DocumentKey) => (
    <FileDrop
      key={key}
      id={fieldId(key)}
      label={DOCUMENT_LABEL[key]}
      purpose={key === 'photo' ? 'candidate-photo' : 'candidate-document'}
      slot={files.slots[key]}
      required
      error={typeof form.errors[key] === 'string' ? (form.errors[key] as string) : undefined}
      onSelect={(f) => {
        form.clearFieldError(key);
        files.select(key, f);
      }}
      onReject={(message) => files.reject(key, message)}
      onClear={() => files.clear(key)}
    />
  );

  const title = (id: ApplicationSectionId) => APPLICATION_SECTIONS.find((s) => s.id === id)!.title;
  const sectionHasError = (id: ApplicationSectionId) =>
    Object.keys(form.errors).some((path) => form.errors[path] && sectionOf(path.split('.')[0] ?? '') === id);
  const control = (id: ApplicationSectionId) => (
    <Accordion.Control>
      <Group gap={6} wrap="nowrap">
        <Text fw={600}>{title(id)}</Text>
        {sectionHasError(id) && (
          <>
            <IconAlertTriangle size={16} color="var(--mantine-color-red-8)" aria-hidden />
            <VisuallyHidden>(con errores)</VisuallyHidden>
          </>
        )}
      </Group>
    </Accordion.Control>
  );

  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label="Formulario de Postulación">
      <Stack gap="md">
        <div>
          <Text fw={700} size="lg" component="h3" m={0}>
            {vacancy.name}
          </Text>
          <Text size="sm" c="dimmed">
            {[vacancy.branchName, vacancy.place].filter(Boolean).join(' · ') || 'Sede no especificada'}
          </Text>
        </div>

        {mode === 'registered' ? (
          <Alert
            variant="light"
            color="brand"
            icon={<IconUserCircle aria-hidden />}
            title={`Postulando como ${viewerName ?? ''}`}
          >
            <Text size="sm">Tu postulación quedará en tu perfil, donde podrás seguir su estado.</Text>
          </Alert>
        ) : (
          <Alert
            variant="light"
            color="brand"
            icon={<IconUserCircle aria-hidden />}
            title="¿Quieres dar seguimiento a tu postulación?"
          >
            <Text size="sm">
              Crea una cuenta o{' '}
              <Anchor component="button" type="button" fz="sm" onClick={login}>
                inicia sesión
              </Anchor>{' '}
              para postularte con los datos de tu perfil y ver el estado de tus postulaciones. También puedes continuar
              como invitado enviando tu CV y tus datos básicos.
            </Text>
          </Alert>
        )}

        {dateIssues.length > 0 && (
          <Alert
            variant="light"
            color="red"
            icon={<IconAlertTriangle aria-hidden />}
            title="Revisa las fechas"
            role="alert"
          >
            <List size="sm">
              {[...new Set(dateIssues.map((d) => d.message))].map((m) => (
                <List.Item key={m}>{m}</List.Item>
              ))}
            </List>
          </Alert>
        )}

        <Accordion
          value={section}
          onChange={(v) => setSection(v as ApplicationSectionId | null)}
          variant="separated"
          radius="md"
          transitionDuration={150}
        >
          <Accordion.Item value="personal">
            {control('personal')}
            <Accordion.Panel>
              <Stack gap="sm">
                <TextInput
                  label="Nombre completo"
                  withAsterisk
                  data-autofocus
                  autoComplete="name"
                  maxLength={150}
                  {...filtered('name', nameInput)}
                />
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                  <TextInput
                    label="CUI/DPI"
                    withAsterisk
                    inputMode="numeric"
                    autoComplete="off"
                    description="13 dígitos"
                    {...withCheck('cui', filtered('cui', dpiInput))}
                  />
                  <TextInput
                    label="Teléfono"
                    withAsterisk
                    inputMode="numeric"
                    autoComplete="tel-national"
                    description="8 dígitos"
                    {...filtered('phone', (raw) => digitsOnly(raw, 8))}
                  />
                </SimpleGrid>
                <TextInput
                  label="Dirección"
                  withAsterisk
                  autoComplete="street-address"
                  maxLength={300}
                  {...input('address')}
                />
                <TextInput
                  label="Correo electrónico"
                  withAsterisk
                  type="email"
                  autoComplete="email"
                  maxLength={254}
                  {...withCheck('email', input('email'))}
                />
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                  <NativeSelect
                    label="Estado civil"
                    withAsterisk
                    data={[{ value: '', label: 'Selecciona…' }, ...MARITAL_OPTIONS]}
                    {...input('maritalStatus')}
                  />
                  <TextInput
                    label="Edad"
                    withAsterisk
                    inputMode="numeric"
                    {...filtered('age', (raw) => digitsOnly(raw, 2))}
                  />
                </SimpleGrid>
                {fileDrop('photo')}
              </Stack>
            </Accordion.Panel>
          </Accordion.Item>

          <Accordion.Item value="education">
            {control('education')}
            <Accordion.Panel>
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                <NativeSelect
                  label="Nivel educativo"
                  withAsterisk
                  data={[{ value: '', label: 'Selecciona…' }, ...LEVEL_OPTIONS]}
                  {...input('educationLevel')}
                />
                <NativeSelect label="¿Estudias actualmente?" withAsterisk data={YES_NO} {...input('studying')} />
                <NativeSelect label="Disponibilidad inmediata" withAsterisk data={YES_NO} {...input('available')} />
                <TextInput
                  label="Pretensión salarial (Q)"
                  withAsterisk
                  inputMode="decimal"
                  leftSection="Q"
                  {...filtered('salaryClaim', salaryInput)}
                />
                <NativeSelect label="¿Pretensión negociable?" withAsterisk data={YES_NO} {...input('negotiable')} />
              </SimpleGrid>
            </Accordion.Panel>
          </Accordion.Item>

          <Accordion.Item value="experience">
            {control('experience')}
            <Accordion.Panel>
              {hint && (
                <Alert variant="light" color="brand" icon={<IconInfoCircle aria-hidden />} mb="sm" role="status">
                  {M.experienceHint}
                </Alert>
              )}
              <ExperienceFields form={form} today={today} />
            </Accordion.Panel>
          </Accordion.Item>

          <Accordion.Item value="references">
            {control('references')}
            <Accordion.Panel>
              <Stack gap="md">
                <ReferenceFields
                  form={form}
                  list="personalReferences"
                  title="Referencias personales"
                  noun="referencia personal"
                />
                <ReferenceFields
                  form={form}
                  list="workReferences"
                  title="Referencias laborales"
                  noun="referencia laboral"
                />
              </Stack>
            </Accordion.Panel>
          </Accordion.Item>

          <Accordion.Item value="documents">
            {control('documents')}
            <Accordion.Panel>
              <Stack gap="md">{needed.filter((k) => k !== 'photo').map(fileDrop)}</Stack>
            </Accordion.Panel>
          </Accordion.Item>
        </Accordion>

        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={busy}>
            Cancelar
          </Button>
          <Button type="submit" loading={false} disabled={busy} aria-busy={busy}>
            {busy ? M.sending : M.submit}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
