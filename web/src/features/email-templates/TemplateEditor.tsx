import { useApolloClient, useMutation, useQuery } from '@apollo/client/react';
import {
  Alert,
  Anchor,
  Badge,
  Box,
  Button,
  Card,
  Code,
  Group,
  Loader,
  Modal,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
  Title,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconAlertTriangle, IconArrowLeft, IconHistory, IconRestore } from '@tabler/icons-react';
import {
  EMAIL_TEMPLATE_LIMITS,
  EMAIL_TEMPLATE_MESSAGES,
  EMAIL_TEMPLATE_UI,
  emailTemplateDefinition,
  emailTemplateFieldErrors,
  emailTemplateInputError,
  placeholderToken,
} from '@bolsa/domain';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../components/dialogs';
import type { EmailTemplateFieldsFragment } from '../../gql/graphql';
import { useConfirmThenAct } from '../../lib/confirm-then-act';
import { isUnsureOutcome } from '../../lib/errors';
import { useLeaveGuard } from '../../lib/unsaved-changes';
import { failureDetail, toastSuccess } from '../../lib/toast';
import { EMAIL_TEMPLATES, PREVIEW_EMAIL_TEMPLATE, RESTORE_EMAIL_TEMPLATE, UPDATE_EMAIL_TEMPLATE } from './operations';
import { VersionsModal } from './VersionsModal';
import { LimitedTextInput, LimitedTextarea } from '../../components/LimitedText';

const UI = EMAIL_TEMPLATE_UI;
export const PREVIEW_DEBOUNCE_MS = 400;

type Field = 'subject' | 'body';
interface SaveFailure {
  title: string;
  message: string;
  attempt?: { subject: string; body: string };
}

/** Inserts `text` into `value` in place of the selection [start, end). */
export function insertAt(value: string, start: number, end: number, text: string): { value: string; caret: number } {
  return { value: value.slice(0, start) + text + value.slice(end), caret: start + text.length };
}

/** The editor of one template: subject, body, placeholders, live preview, save, reset, versions. */
export function TemplateEditor({ template }: { template: EmailTemplateFieldsFragment }) {
  const [subject, setSubject] = useState(template.subject);
  const [body, setBody] = useState(template.body);
  // Why the last save did not go through, or may not have. `attempt`: the text sent when no answer
  // came back (an outage): the save may have been carried out after all.
  const [saveError, setSaveError] = useState<SaveFailure | null>(null);
  // Each field's problem, under it, once a save was refused for it (cleared as it is edited).
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<Field, string>>>({});
  const [versionsOpen, setVersionsOpen] = useState(false);
  const subjectRef = useRef<HTMLInputElement>(null);
  const bodyRef = useRef<HTMLTextAreaElement>(null);
  const lastField = useRef<Field>('body');
  const edit = (field: Field, value: string) => {
    setSaveError(null);
    setFieldErrors((errors) => (errors[field] ? { ...errors, [field]: undefined } : errors));
    if (field === 'subject') setSubject(value);
    else setBody(value);
  };

  const dirty = subject !== template.subject || body !== template.body;
  const leaving = useLeaveGuard(dirty);

  // A save without an answer that went through after all: once the stored template (the list read
  // again, e.g. when the service is back) is the text sent, it is said saved, never 'No se guardó'.
  const attempt = saveError?.attempt;
  const savedAfterAll = attempt !== undefined && attempt.subject === template.subject && attempt.body === template.body;
  useEffect(() => {
    if (!savedAfterAll) return;
    setSaveError(null);
    toastSuccess(EMAIL_TEMPLATE_MESSAGES.saved, template.name);
  }, [savedAfterAll, template.name]);
  // Which placeholders the e-mail cannot do without is domain's (the api refuses a text without them).
  const definition = emailTemplateDefinition(template.key);
  const isRequired = (name: string) => definition?.placeholders.some((p) => p.name === name && p.required) ?? false;
  const anyRequired = template.placeholders.some((p) => isRequired(p.name));
  const localProblem = emailTemplateInputError(subject, body);

  const [debounced] = useDebouncedValue({ subject, body }, PREVIEW_DEBOUNCE_MS);
  const previewQuery = useQuery(PREVIEW_EMAIL_TEMPLATE, {
    variables: { key: template.key, subject: debounced.subject, body: debounced.body },
    skip: emailTemplateInputError(debounced.subject, debounced.body) !== null,
    fetchPolicy: 'no-cache',
  });
  const previewAnswer = (previewQuery.data ?? previewQuery.previousData)?.previewEmailTemplate;
  // The last preview that rendered stays (said so) while the text has a problem.
  const [shown, setShown] = useState(previewAnswer?.preview ?? null);
  if (previewAnswer?.preview && previewAnswer.preview !== shown) setShown(previewAnswer.preview);
  const previewProblem =
    localProblem ??
    (previewAnswer?.error ? failureDetail(previewAnswer.error) : null) ??
    (previewQuery.error ? EMAIL_TEMPLATE_MESSAGES.previewFailed : null);

  const client = useApolloClient();
  const [save, { loading: saving }] = useMutation(UPDATE_EMAIL_TEMPLATE);
  const [restore] = useMutation(RESTORE_EMAIL_TEMPLATE);

  const insert = (name: string) => {
    const field = lastField.current;
    const el = field === 'subject' ? subjectRef.current : bodyRef.current;
    const value = field === 'subject' ? subject : body;
    const start = el?.selectionStart ?? value.length;
    const end = el?.selectionEnd ?? value.length;
    const next = insertAt(value, start, end, placeholderToken(name));
    edit(field, next.value);
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(next.caret, next.caret);
    });
  };

  const onSave = async () => {
    setSaveError(null);
    if (localProblem) {
      // Both fields can be wrong at once: each says so, and the first one gets the cursor.
      const errors = emailTemplateFieldErrors(subject, body);
      setFieldErrors(errors);
      (errors.subject ? subjectRef : bodyRef).current?.focus();
      return;
    }
    try {
      const { data } = await save({ variables: { key: template.key, subject, body } });
      const answer = data?.updateEmailTemplate;
      if (answer?.template) {
        setSubject(answer.template.subject);
        setBody(answer.template.body);
        toastSuccess(EMAIL_TEMPLATE_MESSAGES.saved, template.name);
        return;
      }
      setSaveError({ title: EMAIL_TEMPLATE_MESSAGES.saveFailedTitle, message: failureDetail(answer?.error) });
      // 'No hay cambios que guardar.': the stored text is this one (an earlier save that seemed to
      // fail went through, or someone saved the same). The list is read again so that the editor
      // compares with what is stored and stops saying 'Hay cambios sin guardar.'.
      if (answer?.error?.__typename === 'Conflict') void client.refetchQueries({ include: [EMAIL_TEMPLATES] });
    } catch (err) {
      // No answer or an unexpected error: the api may still carry the save out (the BFF does not
      // abandon a write), and a retry is safe (the same Idempotency-Key: it is carried out once).
      setSaveError(
        isUnsureOutcome(err)
          ? {
              title: EMAIL_TEMPLATE_MESSAGES.saveUnknownTitle,
              message: EMAIL_TEMPLATE_MESSAGES.saveUnknown,
              attempt: { subject, body },
            }
          : { title: EMAIL_TEMPLATE_MESSAGES.saveFailedTitle, message: EMAIL_TEMPLATE_MESSAGES.saveFailed },
      );
    }
  };

  /** Restablecer (versionId null) or restore a version; the editor shows the template as it is after. */
  const restoring = useConfirmThenAct<{ versionId: string | null }>({
    act: async ({ versionId }) => {
      const { data } = await restore({ variables: { key: template.key, versionId } });
      const answer = data?.restoreEmailTemplate;
      if (answer?.template) {
        setSubject(answer.template.subject);
        setBody(answer.template.body);
        setSaveError(null);
        setVersionsOpen(false);
        return { done: versionId ? EMAIL_TEMPLATE_MESSAGES.restored : EMAIL_TEMPLATE_MESSAGES.reset };
      }
      return { failed: EMAIL_TEMPLATE_MESSAGES.restoreFailed, detail: failureDetail(answer?.error) };
    },
    onThrow: () => ({ failed: EMAIL_TEMPLATE_MESSAGES.restoreFailed, detail: 'Intenta de nuevo.' }),
  });

  const preview = shown;
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" gap="sm">
        <div>
          {/* One navigation: the page shows the list when the address has no `clave` (an onClick that
              also cleared it pushed a second entry, and one Back did nothing). */}
          <Anchor component={Link} to="?" size="sm">
            <Group gap={4} component="span">
              <IconArrowLeft size={14} aria-hidden />
              {UI.back}
            </Group>
          </Anchor>
          <Title order={2} size="h3" mt={4}>
            {template.name}
          </Title>
          <Text size="sm" c="dimmed">
            {template.description}
          </Text>
        </div>
        <Group gap="xs">
          <Button
            variant="default"
            leftSection={<IconHistory size={16} aria-hidden />}
            onClick={() => setVersionsOpen(true)}
          >
            {UI.versions}
          </Button>
          <Button
            variant="default"
            color="red"
            leftSection={<IconRestore size={16} aria-hidden />}
            onClick={() => restoring.ask({ versionId: null })}
          >
            {UI.reset}
          </Button>
        </Group>
      </Group>

      {template.replacedByDefault ? (
        // A version saved before an upgrade made it unfit: the outbox sends the default instead.
        <Alert color="yellow" variant="light" icon={<IconAlertTriangle aria-hidden />} title={UI.replacedByDefault}>
          {UI.replacedByDefaultDetail(template.replacedByDefault)}
        </Alert>
      ) : null}

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Stack gap="sm">
          <LimitedTextInput
            ref={subjectRef}
            label={UI.subject}
            value={subject}
            onChange={(e) => edit('subject', e.currentTarget.value)}
            onFocus={() => (lastField.current = 'subject')}
            error={fieldErrors.subject}
            limit={EMAIL_TEMPLATE_LIMITS.subjectMax}
            required
          />
          <LimitedTextarea
            ref={bodyRef}
            label={UI.body}
            description="Texto normal: una línea en blanco separa párrafos."
            value={body}
            onChange={(e) => edit('body', e.currentTarget.value)}
            onFocus={() => (lastField.current = 'body')}
            error={fieldErrors.body}
            autosize
            minRows={10}
            maxRows={24}
            limit={EMAIL_TEMPLATE_LIMITS.bodyMax}
            required
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 13 } }}
          />
          <Box component="section" aria-labelledby="marcadores">
            <Text fw={600} size="sm" id="marcadores">
              {UI.placeholders}
            </Text>
            <Text size="xs" c="dimmed" mb={6}>
              {UI.placeholdersHint}
              {anyRequired ? ` ${UI.requiredHint}` : ''}
            </Text>
            <Group gap={6}>
              {template.placeholders.map((p) => {
                const required = isRequired(p.name);
                return (
                  <Tooltip
                    key={p.name}
                    label={`${p.description}. Ejemplo: ${p.sample || '(vacío)'}${required ? ` (${UI.required})` : ''}`}
                    multiline
                    w={260}
                  >
                    <UnstyledButton
                      onClick={() => insert(p.name)}
                      onMouseDown={(e) => e.preventDefault()}
                      // The visible text ('{{enlace}} obligatorio') is a run of the name's words, as WCAG 2.5.3
                      // asks: a parenthesis would not be (axe: label-content-name-mismatch).
                      aria-label={`Insertar ${placeholderToken(p.name)}${required ? `, ${UI.required}` : ''}: ${p.description}`}
                      style={{ borderRadius: 4, display: 'inline-flex', alignItems: 'center', gap: 4 }}
                    >
                      <Code fw={required ? 700 : undefined}>{placeholderToken(p.name)}</Code>
                      {required ? ' ' : null}
                      {required ? (
                        <Badge component="span" size="xs" variant="light" color="red">
                          {UI.required}
                        </Badge>
                      ) : null}
                    </UnstyledButton>
                  </Tooltip>
                );
              })}
            </Group>
          </Box>
          {saveError && !savedAfterAll ? (
            <Alert
              color={saveError.attempt ? 'orange' : 'red'}
              variant="light"
              icon={<IconAlertTriangle aria-hidden />}
              role="alert"
              title={saveError.title}
            >
              {saveError.message}
            </Alert>
          ) : null}
          <Group justify="space-between" gap="sm">
            <Text size="sm" c="dimmed" aria-live="polite">
              {dirty ? UI.unsaved : ''}
            </Text>
            <Button onClick={() => void onSave()} loading={saving} disabled={!dirty}>
              {UI.save}
            </Button>
          </Group>
        </Stack>

        <Card withBorder padding="sm" radius="md" component="section" aria-labelledby="vista-previa">
          <Group justify="space-between" mb="xs">
            <Title order={3} size="h5" id="vista-previa">
              {UI.preview}
            </Title>
            <Group gap={6}>
              {previewQuery.loading ? <Loader size="xs" aria-label={UI.previewLoading} /> : null}
              <Badge variant="light" color="gray">
                {UI.previewHint}
              </Badge>
            </Group>
          </Group>
          {previewProblem ? (
            <Alert color="orange" variant="light" role="status" mb="xs">
              {previewProblem}
            </Alert>
          ) : null}
          {preview ? (
            // The last preview that rendered stays while the text has a problem, said in words: a
            // half-transparent preview was unreadable (axe: color-contrast, 2:1).
            <Stack gap="xs">
              {previewProblem ? (
                <Text size="xs" c="dimmed">
                  {UI.previewStale}
                </Text>
              ) : null}
              <Text size="sm">
                <strong>{UI.subject}:</strong> {preview.subject}
              </Text>
              <Tabs defaultValue="html" keepMounted={false}>
                <Tabs.List>
                  <Tabs.Tab value="html">HTML</Tabs.Tab>
                  <Tabs.Tab value="text">Texto</Tabs.Tab>
                </Tabs.List>
                <Tabs.Panel value="html" pt="xs">
                  {/* A new frame for each preview: a frame whose srcdoc changes adds an entry to the
                      tab's history each time, and the browser's Back stepped through the previews
                      instead of leaving the page. A removed frame takes its entries with it. */}
                  <iframe
                    key={preview.html}
                    title="Vista previa del correo (HTML)"
                    sandbox=""
                    srcDoc={preview.html}
                    style={{
                      width: '100%',
                      minHeight: 420,
                      border: '1px solid var(--mantine-color-gray-3)',
                      borderRadius: 4,
                      background: '#fff',
                    }}
                  />
                </Tabs.Panel>
                <Tabs.Panel value="text" pt="xs">
                  <Box
                    component="pre"
                    data-testid="vista-previa-texto"
                    style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontSize: 13, margin: 0 }}
                  >
                    {preview.text}
                  </Box>
                </Tabs.Panel>
              </Tabs>
            </Stack>
          ) : !previewProblem ? (
            <Text size="sm" c="dimmed">
              {UI.previewLoading}
            </Text>
          ) : null}
        </Card>
      </SimpleGrid>

      {/* One stack: the question a version's 'Restaurar' asks goes on top of 'Versiones' (same
          z-index before, so it was drawn under it and could not be clicked). */}
      <Modal.Stack>
        <VersionsModal
          stackId="versiones"
          opened={versionsOpen}
          templateKey={template.key}
          onClose={() => setVersionsOpen(false)}
          onRestore={(versionId) => restoring.ask({ versionId })}
        />
        <ConfirmDialog
          {...restoring.dialog}
          stackId="restaurar"
          title={restoring.target?.versionId ? UI.restoreTitle : UI.resetTitle}
          confirmLabel={restoring.target?.versionId ? UI.restore : UI.reset}
          danger
        >
          {restoring.target?.versionId ? UI.restoreQuestion : UI.resetQuestion}
        </ConfirmDialog>
      </Modal.Stack>
      <ConfirmDialog {...leaving.dialog} title={UI.leaveTitle} confirmLabel={UI.leave} cancelLabel={UI.stay} danger>
        {UI.leaveQuestion}
      </ConfirmDialog>
    </Stack>
  );
}
