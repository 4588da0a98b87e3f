import { useMutation, useQuery } from '@apollo/client/react';
import { Alert, Button, Group, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import {
  DEFAULT_SCORECARD_CRITERIA,
  SCORECARD_LIMITS,
  SCORECARD_MESSAGES as M,
  scorecardCriteriaSchema,
} from '@bolsa/domain';
import { useEffect, useState } from 'react';
import { SET_VACANCY_SCORECARD_CRITERIA, VACANCY_SCORECARD_CRITERIA } from './operations';

const linesOf = (text: string) => text.split('\n').filter((l) => l.trim() !== '');

/**
 * 'Criterios de evaluación de entrevistas' on the vacancy's edit page (issue 24): a text list, one
 * criterion per line; empty = the default set. Saved on its own (it changes no published field).
 */
export function VacancyCriteria({ vacancyId }: { vacancyId: string }) {
  const { data, loading: reading } = useQuery(VACANCY_SCORECARD_CRITERIA, { variables: { vacancyId } });
  const [text, setText] = useState('');
  // What the user typed is never replaced by an answer that arrives later (the first load, or the
  // refetch after saving); once saved, the stored list (trimmed) shows again.
  const [dirty, setDirty] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const [save, { loading }] = useMutation(SET_VACANCY_SCORECARD_CRITERIA, {
    refetchQueries: ['VacancyScorecardCriteria'],
  });
  const loaded = data?.vacancyScorecardCriteria;
  useEffect(() => {
    if (loaded && !dirty) setText(loaded.join('\n'));
  }, [loaded, dirty]);

  const submit = async () => {
    setSaved(false);
    const parsed = scorecardCriteriaSchema.safeParse(linesOf(text));
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? M.criteriaFailed);
      return;
    }
    setProblem(null);
    try {
      const r = await save({ variables: { vacancyId, criteria: parsed.data } });
      const e = r.data?.setVacancyScorecardCriteria.error;
      if (e) setProblem('message' in e ? e.message : M.criteriaFailed);
      else {
        setSaved(true);
        setDirty(false);
      }
    } catch {
      setProblem(M.criteriaFailed);
    }
  };

  const titleId = `plaza-${vacancyId}-criterios`;
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} mt="lg" component="section" aria-labelledby={titleId}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Stack gap="sm">
          <Title order={2} fz="lg" id={titleId}>
            {M.criteriaTitle}
          </Title>
          <Textarea
            label={M.criteriaLabel}
            description={`${M.criteriaHint} (${DEFAULT_SCORECARD_CRITERIA.join(', ')})`}
            placeholder={DEFAULT_SCORECARD_CRITERIA.join('\n')}
            value={text}
            onChange={(e) => {
              setText(e.currentTarget.value);
              setDirty(true);
              setProblem(null);
              setSaved(false);
            }}
            autosize
            minRows={3}
            maxRows={12}
            error={problem}
            // Until the vacancy's list has arrived there is nothing to edit yet.
            disabled={loading || (reading && !data)}
          />
          {saved && (
            <Alert color="green" variant="light" role="status">
              {M.criteriaSaved}
            </Alert>
          )}
          <Group justify="flex-end">
            <Text size="xs" c="dimmed">
              {linesOf(text).length} / {SCORECARD_LIMITS.criteria}
            </Text>
            <Button type="submit" variant="default" loading={loading}>
              {M.criteriaSave}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
