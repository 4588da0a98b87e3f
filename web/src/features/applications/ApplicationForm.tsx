import { Accordion, Alert, Button, Group, List, Stack } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconAlertTriangle, IconInfoCircle } from '@tabler/icons-react';
import {
  APPLICATION_MESSAGES as M,
  applicationSchema,
  builtOnFirstUse,
  experienceDateIssues,
  sectionOf,
  type ApplicationMode,
  type ApplicationSectionId,
} from '@bolsa/domain';
import { useEffect, useMemo, useRef, useState } from 'react';
import {
  documentsOf,
  fieldId,
  focusPathOf,
  initialValues,
  mergeDraft,
  toDomainInput,
  type ApplicationFormValues,
  type ApplicationPrefill,
  type DocumentKey,
} from './form-values';
import { keepDraft, type ApplicationDraft } from './draft';
import { ApplicationIntro } from './ApplicationIntro';
import { DocumentField } from './DocumentField';
import { EducationSection } from './EducationSection';
import { fieldProps } from './field-props';
import { ExperienceFields, ReferenceFields } from './HistoryFields';
import { PersonalSection } from './PersonalSection';
import { SectionControl } from './SectionControl';
import type { ApplicationFormApi, ApplicationVacancy, Dialog } from './types';
import { useApplicationFiles } from './use-application-files';
import { useApplicationSubmit } from './use-application-submit';
import { useCheckCaptcha } from './use-check-captcha';
import { CheckCaptchaField } from './CheckCaptchaField';

export type { ApplicationVacancy, Dialog } from './types';

/** How long the hint of the work-experience section stays (spec 1 §9). */
export const EXPERIENCE_HINT_MS = 4000;

interface ApplicationFormProps {
  vacancy: ApplicationVacancy;
  mode: ApplicationMode;
  /** Today in Guatemala, 'YYYY-MM-DD', as the server reads it (Query.today). */
  today: string;
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

/**
 * The experiences' dates that cannot be (spec 1 §5.2: a future date, 'Desde' after 'Hasta', rows that overlap),
 * as the applicant types them. It watches the experiences alone, so a date renders this and not
 * the form.
 */
function DateIssues({ form, today }: { form: ApplicationFormApi; today: string }) {
  const experiences = form.useWatchValue('experiences');
  const issues = experienceDateIssues(experiences, today, M.overlapSuffix);
  if (issues.length === 0) return null;
  return (
    <Alert variant="light" color="red" icon={<IconAlertTriangle aria-hidden />} title="Revisa las fechas" role="alert">
      <List size="sm">
        {[...new Set(issues.map((d) => d.message))].map((m) => (
          <List.Item key={m}>{m}</List.Item>
        ))}
      </List>
    </Alert>
  );
}

/** The application form (spec 1 §2.6, §5.2, §8): its sections, one open at a time. */
export function ApplicationForm({
  vacancy,
  mode,
  today,
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
  const files = useApplicationFiles();
  const needed = documentsOf(mode);
  const stored = prefill?.storedDocuments ?? {};

  // The validator reads which files are present when it runs, not when the form was made.
  const present = useRef<Partial<Record<DocumentKey, boolean>>>({});
  present.current = Object.fromEntries(needed.map((k) => [k, Boolean(stored[k] || files.slots[k].file)])) as Partial<
    Record<DocumentKey, boolean>
  >;

  // The rules are built when first asked (a field left, 'Enviar'), not as the form first renders:
  // that render is one of the long tasks of a cheap phone opening a shared link (issue 22).
  const resolver = useMemo(() => {
    const rules = builtOnFirstUse(() => schemaResolver(applicationSchema(mode, today), { sync: true }));
    return (input: unknown) => rules()(input);
  }, [mode, today]);
  /** The fields the applicant has changed at least once. */
  const written = useRef(new Set<string>());
  // Uncontrolled: each input holds what is typed in it, and a key renders nothing. Controlled, every
  // key rendered the whole form again: 18 ms a key at full speed here, 100–350 ms between a key
  // and its letter on screen with the CPU slowed 4× as on a cheap phone (issue 22). The form
  // renders when its errors, its open section or its rows change.
  const form = useForm<ApplicationFormValues>({
    mode: 'uncontrolled',
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
  // at another section must not greet them with the name's error.
  const checkOnLeave = (path: string) => {
    if (written.current.has(path) || form.errors[path]) form.validateField(path);
  };

  // The form appears after the vacancy has loaded, so the modal's own autofocus has passed:
  // keyboard users start on the first field. Focusing makes the browser lay the page out, so it
  // waits for the frame that shows the form: inside the commit it made a slow phone's longest task
  // half as long again (issue 22).
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => document.getElementById(fieldId('name'))?.focus(), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
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

  /** What the applicant has written and chosen, as a draft (draft.ts). */
  const currentDraft = (): ApplicationDraft => {
    const chosen: Partial<Record<DocumentKey, File>> = {};
    for (const key of needed) {
      const f = files.slots[key].file;
      if (f) chosen[key] = f;
    }
    return { values: form.getValues(), files: chosen };
  };
  const login = () => onLogin(currentDraft());

  // Closed without sending ('Cancelar', ×, Escape, the browser's Back, a link): what was written
  // waits in this page's memory and the form opens with it again (never in Web Storage). A reload
  // or closing the tab would lose it: the browser asks first. A sent form leaves nothing behind.
  const sent = useRef(false);
  const leaving = useRef(currentDraft);
  leaving.current = currentDraft;
  useEffect(() => {
    const changed = () =>
      !sent.current && (written.current.size > 0 || Object.keys(leaving.current().files).length > 0);
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      if (!changed()) return;
      e.preventDefault();
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      if (changed()) keepDraft(vacancy.id, leaving.current());
    };
    // Once: the listener and the draft read the form through refs.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

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

  const openAndFocus = (path: string) => {
    const target = sectionOf(path.split('.')[0] ?? '') ?? 'personal';
    setSection(target);
    focusWhenVisible(path);
  };

  const captcha = useCheckCaptcha();
  const { submit, checkDuplicate } = useApplicationSubmit({
    form,
    vacancy,
    mode,
    today,
    needed,
    files,
    present,
    busy,
    onBusyChange,
    onCancel,
    onDialog,
    onApplied,
    onSent: () => {
      sent.current = true;
    },
    openAndFocus,
    captcha,
  });
  const fields = fieldProps(form, checkOnLeave, checkDuplicate);
  const documentField = (key: DocumentKey) => (
    <DocumentField key={key} documentKey={key} form={form} files={files} stored={stored} />
  );

  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label={M.formTitle}>
      <Stack gap="md">
        <ApplicationIntro vacancy={vacancy} mode={mode} viewerName={viewerName} onLogin={login} />

        <DateIssues form={form} today={today} />

        {/* Only the open section is rendered (keepMounted={false}): the values live in the form, the
            files in useApplicationFiles. Mantine kept the four closed ones mounted, hidden, and React
            rendered and inserted them (half the form's elements) right after the form appeared:
            on a slow phone, long tasks behind a form nobody had touched yet (issue 22). */}
        <Accordion
          value={section}
          onChange={(v) => setSection(v as ApplicationSectionId | null)}
          variant="separated"
          radius="md"
          transitionDuration={150}
          keepMounted={false}
        >
          <Accordion.Item value="personal">
            <SectionControl id="personal" errors={form.errors} />
            <Accordion.Panel>
              <PersonalSection fields={fields} photo={documentField('photo')} />
            </Accordion.Panel>
          </Accordion.Item>

          <Accordion.Item value="education">
            <SectionControl id="education" errors={form.errors} />
            <Accordion.Panel>
              <EducationSection fields={fields} />
            </Accordion.Panel>
          </Accordion.Item>

          <Accordion.Item value="experience">
            <SectionControl id="experience" errors={form.errors} />
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
            <SectionControl id="references" errors={form.errors} />
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
            <SectionControl id="documents" errors={form.errors} />
            <Accordion.Panel>
              <Stack gap="md">{needed.filter((k) => k !== 'photo').map(documentField)}</Stack>
            </Accordion.Panel>
          </Accordion.Item>
        </Accordion>

        <CheckCaptchaField captcha={captcha} />

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
