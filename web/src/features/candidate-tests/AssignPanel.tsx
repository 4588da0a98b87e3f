import { useMutation } from '@apollo/client/react';
import {
  Accordion,
  Badge,
  Button,
  Card,
  Group,
  ScrollArea,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import {
  ASSIGNED_TEST_MESSAGES as M,
  assignTestSchema,
  GENERIC_MESSAGES,
  isLinkType,
  TEST_TYPE_LABEL,
  todayInGuatemala,
  type TestType,
} from '@bolsa/domain';
import { useEffect, useRef, useState } from 'react';
import { toastError, toastSuccess } from '../../lib/toast';
import type { CandidateTestsQuery } from '../../gql/graphql';
import { ASSIGN_TEST } from './operations';
import { deadlineOnBlur, groupActiveTemplates } from './test-screen';
import classes from './candidate-tests.module.css';

type Template = CandidateTestsQuery['testTemplates'][number];

interface AssignPanelProps {
  candidateId: string;
  templates: readonly Template[];
  canEdit: boolean;
  onAssigned: () => Promise<unknown>;
}

/** Left panel (spec 3 §2.4): active templates by category, and the configure-assignment form. */
export function AssignPanel({ candidateId, templates, canEdit, onAssigned }: AssignPanelProps) {
  const groups = groupActiveTemplates(templates);
  const [selected, setSelected] = useState<Template | null>(null);
  return (
    <Card withBorder padding="md" radius="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Pruebas disponibles
        </Title>
        {groups.length === 0 ? (
          <Text size="sm" c="dimmed">
            No hay pruebas activas.
          </Text>
        ) : (
          <ScrollArea.Autosize mah="65vh" type="auto" offsetScrollbars>
            <Accordion multiple defaultValue={groups.map((g) => g.category)} variant="separated">
              {groups.map((g) => (
                <Accordion.Item key={g.category} value={g.category}>
                  <Accordion.Control>
                    {g.label} ({g.templates.length})
                  </Accordion.Control>
                  <Accordion.Panel>
                    <Stack gap={4}>
                      {g.templates.map((t) => (
                        <UnstyledButton
                          key={t.id}
                          className={classes.template}
                          data-selected={selected?.id === t.id || undefined}
                          aria-pressed={selected?.id === t.id}
                          disabled={!canEdit}
                          onClick={() => setSelected(t)}
                        >
                          <Group justify="space-between" wrap="nowrap" gap="xs">
                            <Text size="sm" fw={500}>
                              {t.name}
                            </Text>
                            <Badge size="xs" variant="outline" color="gray.7" style={{ flexShrink: 0 }}>
                              {t.type}
                            </Badge>
                          </Group>
                          {t.description && (
                            <Text size="xs" c="dimmed" lineClamp={2}>
                              {t.description}
                            </Text>
                          )}
                        </UnstyledButton>
                      ))}
                    </Stack>
                  </Accordion.Panel>
                </Accordion.Item>
              ))}
            </Accordion>
          </ScrollArea.Autosize>
        )}
        {canEdit && selected && (
          <ConfigureForm
            key={selected.id}
            candidateId={candidateId}
            template={selected}
            onDone={async (assigned) => {
              setSelected(null);
              if (assigned) await onAssigned();
            }}
          />
        )}
      </Stack>
    </Card>
  );
}

interface ConfigureFormProps {
  candidateId: string;
  template: Template | null;
  onDone: (assigned: boolean) => Promise<void>;
}

/** Fecha límite (min today), credenciales (LINK and FORMULARIO only), observaciones; Asignar / Cancelar. */
export function ConfigureForm({ candidateId, template, onDone }: ConfigureFormProps) {
  const today = todayInGuatemala();
  const [assign, { loading }] = useMutation(ASSIGN_TEST);
  const form = useForm({
    mode: 'controlled',
    initialValues: {
      candidateId,
      testName: template?.name ?? '',
      testType: (template?.type ?? undefined) as TestType | undefined,
      deadline: today,
      credentials: '',
      observations: '',
    },
    validate: schemaResolver(assignTestSchema(today), { sync: true }),
  });
  const needsCredentials = isLinkType(template?.type);
  const ref = useRef<HTMLFormElement>(null);
  // On a phone the form opens below the list, out of sight: bring it in and start at its first field.
  useEffect(() => {
    ref.current?.scrollIntoView({ block: 'nearest' });
    ref.current?.querySelector('input')?.focus({ preventScroll: true });
  }, []);

  const submit = form.onSubmit(async (v) => {
    if (!template) {
      toastError(M.incompleteTitle, M.selectTest);
      return;
    }
    try {
      const { data } = await assign({
        variables: {
          input: {
            candidateId,
            templateId: template.id,
            deadline: v.deadline,
            credentials: needsCredentials ? v.credentials.trim() : null,
            observations: v.observations.trim() || null,
          },
        },
      });
      const error = data?.assignTest.error;
      if (error) {
        if (error.__typename === 'ValidationFailed') {
          for (const f of error.fields) if (f.path) form.setFieldError(f.path, f.message);
          toastError(error.title ?? M.unexpected, error.message);
        } else if (error.__typename === 'NotFound') toastError(M.testNotFound, error.message);
        else if (error.__typename === 'OperationFailed' && error.status)
          toastError(M.assignFailed(error.status), error.message);
        else toastError(M.unexpected, error.message);
        return;
      }
      toastSuccess(M.assigned, template.name);
      await onDone(true);
    } catch {
      toastError(M.unexpected, GENERIC_MESSAGES.retry);
    }
  });

  return (
    <form ref={ref} onSubmit={submit} noValidate aria-label="Configurar asignación">
      <Stack gap="sm" className={classes.configure}>
        <div>
          <Title order={3} size="h5">
            Configurar asignación
          </Title>
          <Text size="sm">
            {template?.name} · {template ? TEST_TYPE_LABEL[template.type] : ''}
          </Text>
        </div>
        <TextInput
          type="date"
          label="Fecha límite"
          withAsterisk
          min={today}
          {...form.getInputProps('deadline')}
          onBlur={(e) => {
            form.setFieldValue('deadline', deadlineOnBlur(e.currentTarget.value, today));
            form.validateField('deadline');
          }}
        />
        {needsCredentials && (
          <Textarea
            label="Credenciales de acceso"
            description="Usuario, contraseña o código que el candidato necesita para la prueba."
            withAsterisk
            autosize
            minRows={2}
            {...form.getInputProps('credentials')}
          />
        )}
        <Textarea label="Observaciones" autosize minRows={2} {...form.getInputProps('observations')} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => void onDone(false)} disabled={loading}>
            Cancelar
          </Button>
          <Button type="submit" loading={loading}>
            Asignar
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
