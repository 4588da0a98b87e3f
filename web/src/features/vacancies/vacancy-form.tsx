import {
  ActionIcon,
  Alert,
  Box,
  Button,
  Group,
  Image,
  Input,
  NativeSelect,
  Paper,
  Progress,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import { schemaResolver, type UseFormReturnType } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@apollo/client/react';
import { IconCalendar, IconPhoto, IconPhotoUp, IconPlus, IconTrash, IconUpload, IconX } from '@tabler/icons-react';
import dayjs from 'dayjs';
import 'dayjs/locale/es';
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import {
  cleanItems,
  formatDate,
  formatFileSize,
  MAX_FILE_BYTES,
  searchKey,
  UPLOAD_RULES,
  VACANCY_FIELD_ORDER,
  VACANCY_MESSAGES,
  vacancyMessageTitle,
  vacancySchema,
  type RuleFailure,
} from '@bolsa/domain';
import type { VacancyInput } from '../../gql/graphql';
import { BRANCHES, DEPARTMENTS, MUNICIPALITIES } from '../../lib/catalogue';
import type { ImageUpload } from './use-image-upload';
import { CALENDAR_LABELS } from '../../lib/calendar-labels';

export interface VacancyFormValues {
  name: string;
  branchId: string;
  departmentId: string;
  /** lugar: a municipality of the catalogue, or free text (spec 2 §3). */
  placeMode: 'municipio' | 'texto';
  municipalityId: string | null;
  /** 'Municipio, Departamento' of the chosen municipality, kept for display and the draft. */
  municipalityLabel: string;
  placeText: string;
  description: string;
  /** 'YYYY-MM-DD' */
  endsAt: string | null;
  active: boolean;
  requirements: string[];
  benefits: string[];
}

export type VacancyForm = UseFormReturnType<VacancyFormValues>;

export const EMPTY_VACANCY: VacancyFormValues = {
  name: '',
  branchId: '',
  departmentId: '',
  placeMode: 'municipio',
  municipalityId: null,
  municipalityLabel: '',
  placeText: '',
  description: '',
  endsAt: null,
  active: true,
  requirements: [],
  benefits: [],
};

/** Which step (or tab) holds a field, to take the user to the first problem. */
export function stepOfField(field: string): number {
  if (field === 'requirements' || field === 'benefits') return 1;
  if (field === 'image') return 2;
  return 0;
}

/** The schema's view of the form: the place is the municipality or the text, as chosen. */
function schemaValues(v: VacancyFormValues) {
  return {
    name: v.name,
    branchId: v.branchId,
    municipalityId: v.placeMode === 'municipio' ? v.municipalityId : null,
    placeText: v.placeMode === 'texto' ? v.placeText : null,
    departmentId: v.departmentId,
    endsAt: v.endsAt,
    active: v.active,
    description: v.description,
    requirements: v.requirements,
    benefits: v.benefits,
  };
}

/** The form's errors by field ('image' included on create). */
export type VacancyErrors = Record<string, string>;

/**
 * The create or edit form's validation: the domain's vacancy schema (the bff checks the same one,
 * the api answers the same messages) through Mantine's schemaResolver. Create also asks for the
 * image, which is uploaded apart from the input. Memoise it: it builds the schema once.
 */
export function vacancyResolver(mode: 'create' | 'edit', today: string) {
  const resolve = schemaResolver(vacancySchema(mode, today), { sync: true });
  return (v: VacancyFormValues, hasImage = true): VacancyErrors => {
    const errors: VacancyErrors = {};
    for (const [path, message] of Object.entries(resolve(schemaValues(v)))) {
      // A list item's path ('requirements.3') belongs to its list.
      const field = path.split('.')[0]!;
      if (typeof message === 'string' && !errors[field]) errors[field] = message;
    }
    if (mode === 'create' && !hasImage && !errors.image) errors.image = VACANCY_MESSAGES.imageRequired;
    return errors;
  };
}

/**
 * The failure to show first, in the spec's order, with its dialog title ('Campo Obligado',
 * 'Fecha Inválida'…); `only` keeps the fields of one step. Null when nothing fails.
 */
export function firstFailure(errors: VacancyErrors, only?: (field: string) => boolean): RuleFailure | null {
  const rank = (field: string) => {
    const i = VACANCY_FIELD_ORDER.indexOf(field);
    return i < 0 ? VACANCY_FIELD_ORDER.length : i;
  };
  const field = Object.keys(errors)
    .filter((f) => !only || only(f))
    .sort((a, b) => rank(a) - rank(b))[0];
  if (field === undefined) return null;
  const message = errors[field]!;
  return { field, message, title: vacancyMessageTitle(message) };
}

export function toInput(v: VacancyFormValues): VacancyInput {
  const placeText = v.placeText.trim();
  return {
    name: v.name.trim(),
    branchId: v.branchId,
    description: v.description.trim(),
    endsAt: v.endsAt,
    active: v.active,
    departmentId: v.departmentId || null,
    municipalityId: v.placeMode === 'municipio' ? v.municipalityId : null,
    placeText: v.placeMode === 'texto' && placeText ? placeText : null,
    requirements: cleanItems(v.requirements),
    benefits: cleanItems(v.benefits),
  };
}

export function placeLabel(v: VacancyFormValues): string | null {
  if (v.placeMode === 'municipio') return v.municipalityLabel || null;
  return v.placeText.trim() || null;
}

/** Tomorrow, the earliest closing date the pickers offer (spec 2 §5). */
export function tomorrowOf(today: string): string {
  return dayjs(today, 'YYYY-MM-DD').add(1, 'day').format('YYYY-MM-DD');
}

interface GeneralInfoFieldsProps {
  form: VacancyForm;
  today: string;
  /** Read-only date shown under its label: creation (today) or publication. */
  fixedDate: { label: string; value: string | null };
  /** Hint under the closing date. */
  endsAtHint?: string;
  /** Lets the edit screen refuse switching to active (returns false to block). */
  onActiveChange?: (active: boolean) => boolean;
}

export function GeneralInfoFields({ form, today, fixedDate, endsAtHint, onActiveChange }: GeneralInfoFieldsProps) {
  const branches = useQuery(BRANCHES);
  const departments = useQuery(DEPARTMENTS);
  const v = form.getValues();
  return (
    <Stack gap="sm">
      <TextInput label="Nombre de la vacante" withAsterisk maxLength={150} {...form.getInputProps('name')} />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm">
        <NativeSelect
          label="Sede"
          withAsterisk
          data={[
            { value: '', label: branches.loading ? 'Cargando sedes…' : 'Selecciona una sede' },
            ...(branches.data?.branches ?? []).map((b) => ({ value: b.id, label: b.name })),
          ]}
          {...form.getInputProps('branchId')}
        />
        <NativeSelect
          label="Departamento"
          withAsterisk
          data={[
            { value: '', label: departments.loading ? 'Cargando departamentos…' : 'Selecciona un departamento' },
            ...(departments.data?.departments ?? []).map((d) => ({ value: d.id, label: d.name })),
          ]}
          {...form.getInputProps('departmentId')}
          onChange={(e) => {
            const next = e.currentTarget.value;
            if (next !== v.departmentId) {
              form.setFieldValue('departmentId', next);
              // A municipality belongs to one department: changing the department forgets it.
              form.setFieldValue('municipalityId', null);
              form.setFieldValue('municipalityLabel', '');
            }
          }}
        />
      </SimpleGrid>
      <Radio.Group
        label="Ubicación"
        withAsterisk
        value={v.placeMode}
        onChange={(mode) => form.setFieldValue('placeMode', mode as VacancyFormValues['placeMode'])}
      >
        <Group gap="lg" mt={6}>
          <Radio value="municipio" label="Municipio del catálogo" />
          <Radio value="texto" label="Otro lugar (texto libre)" />
        </Group>
      </Radio.Group>
      {v.placeMode === 'municipio' ? (
        <MunicipalityField form={form} />
      ) : (
        <TextInput
          label="Lugar"
          placeholder="Por ejemplo: Oficinas centrales, zona 1"
          maxLength={150}
          {...form.getInputProps('placeText')}
          error={form.errors.placeText ?? form.errors.municipalityId}
        />
      )}
      <Textarea
        label="Descripción"
        withAsterisk
        autosize
        minRows={4}
        maxRows={12}
        {...form.getInputProps('description')}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm">
        <DatePickerInput
          label="Fecha de finalización"
          withAsterisk
          placeholder="dd/mm/aaaa"
          // Mantine draws this placeholder as text in gray 5 (2:1 on white): darken it for contrast.
          styles={{ placeholder: { color: 'var(--mantine-color-gray-7)' } }}
          valueFormat="DD/MM/YYYY"
          minDate={tomorrowOf(today)}
          ariaLabels={CALENDAR_LABELS}
          // Closes at once on choosing a day, so the calendar's buttons never linger beside the form's.
          popoverProps={{ transitionProps: { duration: 0 } }}
          getDayProps={(date) => ({ 'aria-label': dayjs(date).locale('es').format('D [de] MMMM [de] YYYY') })}
          clearable
          clearButtonProps={{ 'aria-label': 'Borrar fecha' }}
          leftSection={<IconCalendar size={16} aria-hidden />}
          description={endsAtHint}
          {...form.getInputProps('endsAt')}
        />
        <TextInput label={fixedDate.label} value={formatDate(fixedDate.value, '—')} readOnly variant="filled" />
      </SimpleGrid>
      <Switch
        label={v.active ? 'Estado: Activa' : 'Estado: Inactiva'}
        checked={v.active}
        size="md"
        onChange={(e) => {
          const next = e.currentTarget.checked;
          if (onActiveChange && !onActiveChange(next)) return;
          form.setFieldValue('active', next);
        }}
      />
    </Stack>
  );
}

function MunicipalityField({ form }: { form: VacancyForm }) {
  const v = form.getValues();
  const [search, setSearch] = useState(v.municipalityLabel);
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const byDepartment = !!v.departmentId;
  const typed = debounced !== v.municipalityLabel && debounced.length >= 2;
  const { data, previousData, error, loading } = useQuery(MUNICIPALITIES, {
    variables: byDepartment ? { departmentId: v.departmentId } : { search: debounced },
    skip: !byDepartment && !typed,
  });
  const list = (data ?? previousData)?.municipalities ?? [];
  // Within a department the name is enough; a search over the whole country adds the department.
  const options = list.map((m) => ({
    value: m.id,
    label: byDepartment ? m.name : `${m.name}, ${m.department.name}`,
    fullLabel: `${m.name}, ${m.department.name}`,
    departmentId: m.department.id,
  }));
  if (v.municipalityId && !options.some((o) => o.value === v.municipalityId)) {
    const full = v.municipalityLabel || v.municipalityId;
    options.unshift({
      value: v.municipalityId,
      label: byDepartment ? (full.split(',')[0] ?? full) : full,
      fullLabel: full,
      departmentId: v.departmentId,
    });
  }
  const nothingFound = error
    ? 'No se pudieron cargar los municipios'
    : byDepartment || typed
      ? 'No se encontraron municipios con ese término'
      : 'Escribe al menos 2 letras para buscar';

  return (
    <Select
      label="Municipio"
      withAsterisk
      searchable
      clearable
      placeholder={byDepartment ? 'Busca un municipio del departamento' : 'Escribe para buscar un municipio'}
      data={options.map(({ value, label }) => ({ value, label }))}
      value={v.municipalityId}
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options: opts, search: s }) => {
        const key = searchKey(s);
        return key ? opts.filter((o) => 'label' in o && searchKey(o.label).includes(key)) : opts;
      }}
      limit={60}
      nothingFoundMessage={loading && !data ? 'Buscando municipios…' : nothingFound}
      comboboxProps={{ withinPortal: true }}
      clearButtonProps={{ 'aria-label': 'Quitar municipio' }}
      error={(error ? 'No se pudieron cargar los municipios' : null) ?? form.errors.municipalityId}
      onChange={(id) => {
        const chosen = options.find((o) => o.value === id);
        form.setFieldValue('municipalityId', id);
        form.setFieldValue('municipalityLabel', chosen?.fullLabel ?? '');
        form.clearFieldError('municipalityId');
        if (chosen && chosen.departmentId && chosen.departmentId !== v.departmentId) {
          form.setFieldValue('departmentId', chosen.departmentId);
        }
      }}
    />
  );
}

interface ItemsEditorProps {
  label: string;
  /** The noun for one item, in the remove buttons ('requisito', 'beneficio'). */
  itemNoun: string;
  placeholder: string;
  items: string[];
  error?: React.ReactNode;
  onChange: (items: string[]) => void;
}

/** A list of short texts: type and press Enter or 'Agregar'; blank and repeated items are ignored. */
export function ItemsEditor({ label, itemNoun, placeholder, items, error, onChange }: ItemsEditorProps) {
  const [text, setText] = useState('');
  const inputRef = useRef<HTMLInputElement>(null);
  const listId = useId();
  const add = () => {
    const item = text.trim();
    if (!item) return;
    if (!items.some((i) => i.toLowerCase() === item.toLowerCase())) onChange([...items, item]);
    setText('');
    inputRef.current?.focus();
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      add();
    }
  };
  return (
    <Box>
      <Group align="flex-end" gap="xs" wrap="nowrap">
        <TextInput
          ref={inputRef}
          label={label}
          placeholder={placeholder}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          onKeyDown={onKeyDown}
          error={error}
          aria-describedby={listId}
          enterKeyHint="enter"
          style={{ flex: 1 }}
        />
        <Button
          variant="light"
          onClick={add}
          leftSection={<IconPlus size={16} aria-hidden />}
          mb={error ? 22 : 0}
          aria-label={`Agregar ${itemNoun}`}
        >
          Agregar
        </Button>
      </Group>
      <Text id={listId} size="xs" c="dimmed" mt={4}>
        {items.length === 0 ? `Aún no hay ningún ${itemNoun}.` : `${items.length} agregado(s).`}
      </Text>
      {items.length > 0 && (
        <Stack component="ul" gap={6} mt="xs" p={0} m={0} style={{ listStyle: 'none' }}>
          {items.map((item, i) => (
            <Paper component="li" key={`${i}-${item}`} withBorder radius="sm" px="sm" py={6}>
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {item}
                </Text>
                <ActionIcon
                  variant="subtle"
                  color="red.8"
                  size="sm"
                  aria-label={`Quitar ${itemNoun}: ${item}`}
                  onClick={() => onChange(items.filter((_, j) => j !== i))}
                >
                  <IconX size={14} aria-hidden />
                </ActionIcon>
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
    </Box>
  );
}

export function ItemsFields({ form }: { form: VacancyForm }) {
  const v = form.getValues();
  return (
    <Stack gap="lg">
      <ItemsEditor
        label="Requisitos"
        itemNoun="requisito"
        placeholder="Por ejemplo: Título de enfermería"
        items={v.requirements}
        error={form.errors.requirements}
        onChange={(items) => {
          form.setFieldValue('requirements', items);
          form.clearFieldError('requirements');
        }}
      />
      <ItemsEditor
        label="Beneficios (Ofrecemos)"
        itemNoun="beneficio"
        placeholder="Por ejemplo: Prestaciones de ley"
        items={v.benefits}
        error={form.errors.benefits}
        onChange={(items) => {
          form.setFieldValue('benefits', items);
          form.clearFieldError('benefits');
        }}
      />
    </Stack>
  );
}

interface ImageFieldProps {
  /** Its purpose (create or edit) says which images it takes, its hint and its messages. */
  upload: ImageUpload;
  /** The image the vacancy already has (edit). */
  currentUrl?: string | null;
  /** Create asks for an image; edit keeps the current one when none is chosen. */
  required: boolean;
  error?: React.ReactNode;
}

export function ImageField({ upload, currentUrl, required, error }: ImageFieldProps) {
  const openRef = useRef<() => void>(null);
  const rule = UPLOAD_RULES[upload.purpose];
  const shown = upload.previewUrl ?? currentUrl ?? null;
  const onDrop = (files: File[]) => {
    const f = files[0];
    if (f) upload.select(f);
  };
  // Said next to the field, and kept until the next choice: a refusal must not pass unseen.
  const onRejected = (rejections: FileRejection[]) => {
    const codes = rejections.flatMap((r) => r.errors.map((e) => e.code));
    upload.reject(codes.includes('file-too-large') ? rule.tooLarge : rule.invalid);
  };
  return (
    <Stack gap="sm">
      <Input.Wrapper label="Imagen de la vacante" withAsterisk={required} description={rule.hint} error={error}>
        <Dropzone
          mt={6}
          openRef={openRef}
          onDrop={onDrop}
          onReject={onRejected}
          accept={rule.accept}
          maxSize={MAX_FILE_BYTES}
          multiple={false}
          loading={false}
          activateOnClick
          inputProps={{ 'aria-label': 'Seleccionar imagen de la vacante' }}
          radius="md"
        >
          <Group justify="center" gap="md" mih={120} style={{ pointerEvents: 'none' }} wrap="nowrap">
            <Dropzone.Accept>
              <IconUpload size={40} aria-hidden />
            </Dropzone.Accept>
            <Dropzone.Reject>
              <IconX size={40} aria-hidden />
            </Dropzone.Reject>
            <Dropzone.Idle>
              <IconPhotoUp size={40} aria-hidden />
            </Dropzone.Idle>
            <Box>
              <Text fw={600}>Arrastra la imagen aquí o haz clic para elegirla</Text>
              {!required && (
                <Text size="sm" c="dimmed">
                  Si no eliges una, se conserva la imagen actual.
                </Text>
              )}
            </Box>
          </Group>
        </Dropzone>
      </Input.Wrapper>
      {upload.progress !== null && (
        <Box>
          <Text size="xs" c="dimmed" mb={4}>
            Subiendo imagen… {upload.progress}%
          </Text>
          <Progress value={upload.progress} aria-label="Progreso de la carga de la imagen" size="md" animated />
        </Box>
      )}
      {upload.error && (
        <Alert
          role="alert"
          color="red"
          variant="light"
          title={upload.error.title}
          icon={<IconX size={20} aria-hidden />}
        >
          {upload.error.message}
        </Alert>
      )}
      {shown ? (
        <Paper withBorder radius="md" p="xs">
          <Image src={shown} alt="Vista previa de la imagen de la vacante" radius="sm" mah={280} fit="contain" />
          <Group justify="space-between" mt="xs" gap="xs">
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {upload.file ? `${upload.file.name} · ${formatFileSize(upload.file.size)}` : 'Imagen actual'}
            </Text>
            {upload.file && (
              <Button
                variant="subtle"
                color="red.9"
                c="red.9"
                size="xs"
                leftSection={<IconTrash size={14} aria-hidden />}
                onClick={upload.clear}
              >
                Quitar imagen
              </Button>
            )}
          </Group>
        </Paper>
      ) : (
        <Group gap="xs" c="dimmed">
          <IconPhoto size={16} aria-hidden />
          <Text size="sm">Aún no se ha elegido ninguna imagen.</Text>
        </Group>
      )}
    </Stack>
  );
}
