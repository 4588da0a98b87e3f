import { useMutation } from '@apollo/client/react';
import { Alert, Avatar, Button, Card, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm, type FormErrors } from '@mantine/form';
import { IconArrowBackUp, IconTrash } from '@tabler/icons-react';
import {
  candidateProfileSchema,
  LIMITS,
  MAX_HISTORY_ROWS,
  nameInput,
  phoneInput,
  PROFILE_FILES,
  PROFILE_LIMITS,
  PROFILE_MESSAGES as M,
  profileSaveConfirmText,
  todayInGuatemala,
} from '@bolsa/domain';
import { useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { ConfirmDialog, MessageDialog } from '../../components/dialogs';
import { FileDrop } from '../../components/FileDrop';
import { LimitedTextarea, LimitedTextInput } from '../../components/LimitedText';
import { ExperienceRows, ReferenceRows } from '../../components/HistoryRows';
import { failureMessage } from '../../lib/errors';
import { filteredChange } from '../../lib/uncontrolled-form';
import { toastNotice, toastSuccess } from '../../lib/toast';
import type { UploadPurpose } from '../../lib/upload';
import { FileUploadFailed, useFileUploads } from '../../lib/use-file-uploads';
import type { ProfileFieldsFragment } from '../../gql/graphql';
import classes from './candidate-area.module.css';
import { MY_PROFILE, UPDATE_MY_PROFILE } from './operations';
import {
  emptyExperience,
  emptyReference,
  FILE_LABEL,
  filesPresent,
  firstFailingPath,
  firstFailingSection,
  formPathOf,
  initialProfileValues,
  partialRowErrors,
  PROFILE_FILE_KEYS,
  PROFILE_SECTIONS,
  sectionOfPath,
  storedFile,
  toDomainInput,
  toProfileInput,
  type ProfileFileKey,
  type ProfileFormValues,
  type ProfileSectionId,
} from './profile-form';
import { isOpenableUrl, ViewFileButton } from './ProfileView';

/** How long 'Perfil actualizado' stays (spec 1 §9). */
export const PROFILE_SAVED_MS = 1800;

const kindOf = (key: ProfileFileKey): UploadPurpose => (key === 'photo' ? 'candidate-photo' : 'candidate-document');
export const fieldId = (path: string) => `perfil-${path.replace(/\./g, '-')}`;
const sectionId = (id: ProfileSectionId) => `perfil-seccion-${id}`;
const sectionTitle = (id: ProfileSectionId) => PROFILE_SECTIONS.find((s) => s.id === id)!.title;

function FormSection({ id, children, error }: { id: ProfileSectionId; children: ReactNode; error?: string | null }) {
  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      component="section"
      id={sectionId(id)}
      className={classes.section}
      aria-labelledby={`${sectionId(id)}-titulo`}
    >
      <Title order={3} fz="md" mb="sm" id={`${sectionId(id)}-titulo`}>
        {sectionTitle(id)}
      </Title>
      {error && (
        <Text size="sm" c="red.8" mb="sm" role="alert">
          {error}
        </Text>
      )}
      {children}
    </Card>
  );
}

interface Failure {
  title: string;
  message: string;
  /** The server's field errors: their section is brought into view once the dialog is closed. */
  fields?: Record<string, string>;
}

/** Brings the first failing section into view and puts the focus on its first failing field. */
function scrollToFailure(errors: Record<string, unknown>) {
  const section = firstFailingSection(errors);
  const path = firstFailingPath(errors);
  if (!section) return;
  // The photo's rule speaks of 'hasPhoto': its field is the photo's dropzone.
  const field = path ? document.getElementById(fieldId(path === 'hasPhoto' ? 'photo' : path)) : null;
  const target = field ?? document.getElementById(sectionId(section));
  target?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
  (field ?? document.getElementById(sectionId(section)))?.focus?.({ preventScroll: true });
}

/** Error paths of the photo and the documents: they follow the files, not the values. */
const FILE_PATHS: ReadonlySet<string> = new Set([...PROFILE_FILE_KEYS, 'files', 'hasPhoto', 'documents']);

/** The profile's edit form (spec 1 §2.7, §5.3): every rule is the domain's `candidateProfileSchema`. */
export function ProfileForm({
  profile,
  onCancel,
  onSaved,
}: {
  profile: ProfileFieldsFragment;
  onCancel: () => void;
  onSaved: () => void;
}) {
  const today = useMemo(() => todayInGuatemala(), []);
  const files = useFileUploads(PROFILE_FILE_KEYS, kindOf);
  const [removing, setRemoving] = useState<ReadonlySet<ProfileFileKey>>(new Set());
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [update] = useMutation(UPDATE_MY_PROFILE);

  // The validator reads the files as they are when it runs, not when the form was made.
  const present = useRef(filesPresent(profile, {}, removing));
  present.current = filesPresent(
    profile,
    Object.fromEntries(PROFILE_FILE_KEYS.map((k) => [k, Boolean(files.slots[k].file)])),
    removing,
  );

  const resolver = useMemo(() => schemaResolver(candidateProfileSchema(today), { sync: true }), [today]);
  const check = (values: ProfileFormValues): FormErrors => ({
    ...partialRowErrors(values),
    ...resolver(toDomainInput(values, present.current, profile.complete)),
  });
  // Uncontrolled (lib/uncontrolled-form): a key renders nothing. Controlled, each key rendered the
  // whole profile, every section and row: 80 ms from a key to its letter with the CPU slowed 4×
  // as on a cheap phone (issue 22). The form renders when its errors, its rows or its files change.
  const form = useForm<ProfileFormValues>({
    mode: 'uncontrolled',
    initialValues: initialProfileValues(profile),
    validate: check,
    validateInputOnBlur: true,
    // A shown error goes (or changes) as soon as its field, row or list is right, not at the next
    // save (issue 20); nothing new is flagged while typing. File errors change with their files.
    onValuesChange: (values) => {
      const shown = Object.entries(form.errors).filter(([path, e]) => e && !FILE_PATHS.has(path.split('.')[0]!));
      if (shown.length === 0) return;
      const now = check(values);
      const next = { ...form.errors };
      let changed = false;
      for (const [path, message] of shown) {
        const current = now[path] ?? null;
        if (current !== message) {
          changed = true;
          if (current) next[path] = current;
          else delete next[path];
        }
      }
      if (changed) form.setErrors(next);
    },
  });

  const values = form.getValues();
  const errorAt = (path: string) => (typeof form.errors[path] === 'string' ? (form.errors[path] as string) : null);

  const showIncomplete = (errors: Record<string, unknown>) => {
    const first = firstFailingPath(errors);
    toastNotice(M.incompleteTitle, first ? String(errors[first]) : '', { id: 'perfil-incompleto' });
    // After React has painted the messages.
    setTimeout(() => scrollToFailure(errors), 0);
  };

  const deleting = [...removing].filter((k) => !files.slots[k].file).length;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const result = form.validate();
    if (result.hasErrors) {
      showIncomplete(result.errors);
      return;
    }
    setConfirming(true);
  };

  const save = async () => {
    setConfirming(false);
    setBusy(true);
    try {
      let uploads;
      try {
        uploads = await files.ensureUploaded(PROFILE_FILE_KEYS.filter((k) => files.slots[k].file));
      } catch (err) {
        if (err instanceof FileUploadFailed) {
          const errors = { [err.key as string]: err.failure.message };
          form.setErrors(errors);
          showIncomplete(errors);
          return;
        }
        throw err;
      }
      const input = toProfileInput(form.getValues(), uploads, removing);
      const { data } = await update({
        variables: { input },
        update(cache, { data: answer }) {
          const saved = answer?.updateMyProfile.profile;
          if (saved) cache.writeQuery({ query: MY_PROFILE, data: { myProfile: saved } });
        },
      });
      const payload = data?.updateMyProfile;
      const error = payload?.error;
      // A refused form's files were deleted by the server (issue 22): the next try sends them again.
      if (error) files.spent();
      if (error?.__typename === 'ValidationFailed') {
        const fields: Record<string, string> = {};
        for (const f of error.fields) fields[formPathOf(f.path)] ??= f.message;
        form.setErrors(fields);
        setFailure({ title: M.invalidTitle, message: error.message?.trim() || M.invalid, fields });
        return;
      }
      if (error?.__typename === 'OperationFailed') {
        setFailure({
          title: 'No se pudo guardar el perfil',
          message: error.message?.trim() || (error.status ? `Error ${error.status}` : 'Intenta nuevamente.'),
        });
        return;
      }
      if (!payload?.profile) throw new Error('respuesta inesperada');
      toastSuccess(M.saved, undefined, { ms: PROFILE_SAVED_MS, id: 'perfil-actualizado' });
      onSaved();
    } catch (err) {
      setFailure({
        title: 'No se pudo guardar el perfil',
        message: failureMessage(err, 'Ocurrió un error al guardar. Intenta nuevamente.'),
      });
    } finally {
      setBusy(false);
    }
  };

  const input = (path: string) => ({ ...form.getInputProps(path), id: fieldId(path) });
  const filtered = (path: string, filter: (raw: string) => string) => ({
    ...input(path),
    onChange: filteredChange(form, path, filter),
  });

  const toggleRemoval = (key: ProfileFileKey) =>
    setRemoving((s) => {
      const next = new Set(s);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });

  const fileDrop = (key: ProfileFileKey) => {
    const stored = storedFile(profile, key);
    const marked = removing.has(key);
    const chosen = files.slots[key].file;
    return (
      <Stack key={key} gap={6}>
        <FileDrop
          id={fieldId(key)}
          label={FILE_LABEL[key]}
          purpose={kindOf(key)}
          slot={files.slots[key]}
          required={key === 'photo' || !profile.complete}
          stored={Boolean(stored) && !marked}
          // Unset: the purpose's own hint (domain files.ts).
          description={stored && !marked ? `Guardado: ${stored.name}. Puedes reemplazarlo.` : undefined}
          error={errorAt(key) ?? undefined}
          onSelect={(f) => {
            form.clearFieldError(key);
            form.clearFieldError(key === 'photo' ? 'hasPhoto' : 'files');
            files.select(key, f);
          }}
          onReject={(message) => files.reject(key, message)}
          onClear={() => files.clear(key)}
        />
        {stored && key !== 'photo' && !chosen && (
          <Group gap="xs" justify="flex-end">
            {marked ? (
              <>
                <Text size="sm" c="red.8" mr="auto">
                  Se eliminará al guardar.
                </Text>
                <Button
                  variant="subtle"
                  size="compact-sm"
                  leftSection={<IconArrowBackUp size={14} aria-hidden />}
                  onClick={() => toggleRemoval(key)}
                  aria-label={`Conservar ${FILE_LABEL[key]}`}
                >
                  Conservar
                </Button>
              </>
            ) : (
              <>
                <ViewFileButton file={stored} label={FILE_LABEL[key]} />
                <Button
                  variant="subtle"
                  color="red.9"
                  size="compact-sm"
                  leftSection={<IconTrash size={14} aria-hidden />}
                  onClick={() => toggleRemoval(key)}
                  aria-label={`Eliminar ${FILE_LABEL[key]}`}
                >
                  Eliminar
                </Button>
              </>
            )}
          </Group>
        )}
      </Stack>
    );
  };

  const experiences = values.experiences;
  const photoUrl = isOpenableUrl(profile.photo?.url) ? profile.photo.url : undefined;

  return (
    <form onSubmit={submit} noValidate aria-label="Editar perfil">
      <Stack gap="md">
        <FormSection id="photo" error={errorAt('hasPhoto')}>
          <Group align="flex-start" gap="md" wrap="wrap">
            {photoUrl && <Avatar src={photoUrl} alt="Fotografía actual" size={96} radius="md" />}
            <div style={{ flex: '1 1 16rem' }}>{fileDrop('photo')}</div>
          </Group>
        </FormSection>

        <FormSection id="personal">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <LimitedTextInput
              label="Primer nombre"
              withAsterisk
              autoComplete="given-name"
              limit={LIMITS.name}
              {...filtered('firstName', nameInput)}
            />
            <LimitedTextInput label="Segundo nombre" limit={LIMITS.name} {...filtered('secondName', nameInput)} />
            <LimitedTextInput
              label="Primer apellido"
              withAsterisk
              autoComplete="family-name"
              limit={LIMITS.name}
              {...filtered('firstSurname', nameInput)}
            />
            <LimitedTextInput label="Segundo apellido" limit={LIMITS.name} {...filtered('secondSurname', nameInput)} />
            <LimitedTextInput
              label="Apellido de casada"
              limit={LIMITS.name}
              {...filtered('marriedSurname', nameInput)}
            />
            <TextInput
              label="Correo electrónico"
              description="El de tu cuenta: no se cambia aquí."
              readOnly
              {...input('email')}
            />
            <TextInput
              label="Teléfono"
              withAsterisk
              inputMode="numeric"
              autoComplete="tel-national"
              description="8 dígitos"
              {...filtered('phone', phoneInput)}
            />
            <TextInput
              label="DPI"
              withAsterisk
              readOnly
              description="13 dígitos; no se puede cambiar."
              {...input('dpi')}
            />
            <TextInput type="date" label="Fecha de nacimiento" withAsterisk max={today} {...input('birthDate')} />
          </SimpleGrid>
          <LimitedTextInput
            mt="sm"
            label="Dirección completa"
            withAsterisk
            autoComplete="street-address"
            description={`Al menos ${PROFILE_LIMITS.addressMin} caracteres`}
            limit={LIMITS.shortText}
            {...input('address')}
          />
          <LimitedTextarea mt="sm" label="Observaciones" rows={2} limit={LIMITS.note} {...input('observations')} />
        </FormSection>

        <FormSection id="experiences" error={errorAt('experiences')}>
          <Stack gap="md">
            <Text size="sm" c="dimmed">
              Ingresa al menos {PROFILE_LIMITS.experiencesMin} experiencias completas (empresa, puesto, fechas y
              descripción).
            </Text>
            <ExperienceRows
              count={experiences.length}
              legend={(i) => `Experiencia ${i + 1}${i < PROFILE_LIMITS.experiencesMin ? ' *' : ''}`}
              today={today}
              field={(i, f) => input(`experiences.${i}.${f}`)}
              rowError={(i) => errorAt(`experiences.${i}`)}
              rowId={(i) => fieldId(`experiences.${i}`)}
              descriptionRows={2}
              canRemove={(i) => i >= PROFILE_LIMITS.rowsShown}
              onRemove={(i) => form.removeListItem('experiences', i)}
              max={MAX_HISTORY_ROWS}
              onAdd={() => form.insertListItem('experiences', emptyExperience())}
            />
          </Stack>
        </FormSection>

        <FormSection id="references">
          <Stack gap="md">
            {(
              [
                ['personalReferences', 'Referencias personales', 'referencia personal'],
                ['workReferences', 'Referencias laborales', 'referencia laboral'],
              ] as const
            ).map(([list, title, noun]) => (
              <ReferenceRows
                key={list}
                title={title}
                noun={noun}
                listError={errorAt(list)}
                id={fieldId(list)}
                count={values[list].length}
                field={(i, f) => filtered(`${list}.${i}.${f}`, f === 'name' ? nameInput : phoneInput)}
                canRemove={() => values[list].length > 1}
                onRemove={(i) => form.removeListItem(list, i)}
                max={MAX_HISTORY_ROWS}
                onAdd={() => form.insertListItem(list, emptyReference())}
              />
            ))}
          </Stack>
        </FormSection>

        <FormSection id="documents" error={errorAt('files')}>
          <Stack gap="lg">
            {profile.complete ? (
              <Text size="sm" c="dimmed">
                Tu perfil está completo: sube un archivo solo si quieres reemplazar el guardado.
              </Text>
            ) : (
              <Text size="sm" c="dimmed">
                Los cuatro documentos son obligatorios para completar tu perfil.
              </Text>
            )}
            {PROFILE_FILES.map(fileDrop)}
          </Stack>
        </FormSection>

        {Object.keys(form.errors).length > 0 && (
          <Alert color="red" variant="light" role="alert" title={M.incompleteTitle}>
            Revisa las secciones marcadas:{' '}
            {[
              ...new Set(
                Object.keys(form.errors)
                  .filter((k) => form.errors[k])
                  .map(sectionOfPath),
              ),
            ]
              .map(sectionTitle)
              .join(', ')}
            .
          </Alert>
        )}

        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={busy}>
            Cancelar
          </Button>
          <Button type="submit" loading={busy} disabled={files.uploading}>
            Guardar perfil
          </Button>
        </Group>
      </Stack>

      {/* Deleting documents cannot be undone: then it starts on 'Cancelar', its button red. */}
      <ConfirmDialog
        opened={confirming}
        title={M.saveConfirm}
        confirmLabel="Guardar"
        danger={deleting > 0}
        onConfirm={() => void save()}
        onCancel={() => setConfirming(false)}
      >
        {profileSaveConfirmText(deleting)}
      </ConfirmDialog>
      <MessageDialog
        opened={failure !== null}
        title={failure?.title ?? ''}
        message={failure?.message ?? ''}
        onClose={() => {
          const fields = failure?.fields;
          setFailure(null);
          if (fields && Object.keys(fields).length) setTimeout(() => scrollToFailure(fields), 0);
        }}
      />
    </form>
  );
}
