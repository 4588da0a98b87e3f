import { useMutation, useQuery } from '@apollo/client/react';
import { Alert, Badge, Button, Group, Modal, Paper, Radio, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { usePhoneDialog } from '../../../components/dialog-layer';
import { IconClipboardCheck } from '@tabler/icons-react';
import {
  formatDateTime,
  formatDateWithWeekday,
  formatScore,
  SCORECARD_LIMITS,
  SCORECARD_MESSAGES as M,
  SCORECARD_RECOMMENDATION_LABEL,
  SCORECARD_RECOMMENDATIONS,
  scorecardSchema,
  type ScorecardRecommendation,
} from '@bolsa/domain';
import { useState } from 'react';
import { ErrorPanel } from '../../../components/ErrorPanel';
import type { CandidateScorecardsQuery, ScorecardFieldsFragment } from '../../../gql/graphql';
import { CANDIDATE_SCORECARDS, SUBMIT_SCORECARD } from './operations';
import { LimitedTextarea } from '../../../components/LimitedText';

type InterviewData = NonNullable<CandidateScorecardsQuery['candidate']>['interviews'][number];

const RECOMMENDATION_COLOR: Record<ScorecardRecommendation, string> = {
  CONTRATAR: 'green.9',
  NO_CONTRATAR: 'red.9',
  DUDOSO: 'yellow.9',
};
const SCORES = ['1', '2', '3', '4', '5'] as const;

const interviewTitle = (i: InterviewData) =>
  `Entrevista ${i.mode === 'VIRTUAL' ? 'virtual' : 'presencial'} · ${formatDateWithWeekday(i.date, i.date)}, ${i.from}–${i.to}`;

/** The card form: a 1–5 radio group per criterion (arrow keys move within it), recommendation, comments. */
function ScorecardForm({
  interview,
  own,
  onClose,
}: {
  interview: InterviewData;
  own: ScorecardFieldsFragment | null;
  onClose: () => void;
}) {
  const criteria = interview.scorecardCriteria;
  const [scores, setScores] = useState<Record<string, string>>(() =>
    Object.fromEntries((own?.ratings ?? []).map((r) => [r.criterion, String(r.score)])),
  );
  const [recommendation, setRecommendation] = useState<string>(own?.recommendation ?? '');
  const [comments, setComments] = useState(own?.comments ?? '');
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [submit, { loading }] = useMutation(SUBMIT_SCORECARD, { refetchQueries: ['CandidateScorecards'] });

  const save = async () => {
    setFailure(null);
    const parsed = scorecardSchema(criteria).safeParse({
      ratings: criteria.flatMap((c) => (scores[c] ? [{ criterion: c, score: Number(scores[c]) }] : [])),
      recommendation: recommendation || undefined,
      comments,
    });
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const key =
          issue.path[0] === 'ratings' && typeof issue.path[1] === 'number'
            ? `c:${criteria[issue.path[1]]}`
            : String(issue.path[0] ?? 'form');
        next[key] ??= issue.message;
      }
      setProblems(next);
      return;
    }
    setProblems({});
    try {
      const r = await submit({
        variables: {
          input: {
            interviewId: interview.id,
            ratings: parsed.data.ratings,
            recommendation: parsed.data.recommendation,
            comments: parsed.data.comments,
          },
        },
      });
      const e = r.data?.submitScorecard.error;
      if (e) {
        setFailure('message' in e ? e.message : M.failed);
        return;
      }
      onClose();
    } catch {
      setFailure(M.failed);
    }
  };

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {interviewTitle(interview)}
        </Text>
        {criteria.map((c) => (
          <Radio.Group
            key={c}
            name={`criterio-${c}`}
            label={c}
            description="1 = muy bajo · 5 = excelente"
            withAsterisk
            value={scores[c] ?? null}
            onChange={(v) => {
              setScores((s) => ({ ...s, [c]: v }));
              setProblems(({ [`c:${c}`]: _gone, ...rest }) => rest);
            }}
            error={problems[`c:${c}`]}
          >
            <Group gap="md" mt={6}>
              {SCORES.map((s) => (
                <Radio key={s} value={s} label={s} disabled={loading} />
              ))}
            </Group>
          </Radio.Group>
        ))}
        <Radio.Group
          name="recomendacion"
          label={M.recommendation}
          withAsterisk
          value={recommendation || null}
          onChange={(v) => {
            setRecommendation(v);
            setProblems(({ recommendation: _gone, ...rest }) => rest);
          }}
          error={problems.recommendation}
        >
          <Group gap="md" mt={6}>
            {SCORECARD_RECOMMENDATIONS.map((r) => (
              <Radio key={r} value={r} label={SCORECARD_RECOMMENDATION_LABEL[r]} disabled={loading} />
            ))}
          </Group>
        </Radio.Group>
        <LimitedTextarea
          label={M.comments}
          value={comments}
          onChange={(e) => {
            setComments(e.currentTarget.value);
            setProblems(({ comments: _gone, ...rest }) => rest);
          }}
          autosize
          minRows={3}
          maxRows={10}
          limit={SCORECARD_LIMITS.comments}
          error={problems.comments}
          disabled={loading}
        />
        {failure && (
          <Alert color="red" variant="light" role="alert">
            {failure}
          </Alert>
        )}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose} disabled={loading}>
            {M.cancel}
          </Button>
          <Button type="submit" loading={loading}>
            {M.save}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function Summary({ i }: { i: InterviewData }) {
  const s = i.scorecardSummary;
  return (
    <Stack gap="xs">
      {/* Two short columns: they fit at 360 px as a table. */}
      <Table withTableBorder fz="sm" aria-label={`Promedios: ${interviewTitle(i)}`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{M.criterion}</Table.Th>
            <Table.Th>{M.average}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {s.criteria.map((c) => (
            <Table.Tr key={c.criterion}>
              <Table.Td>{c.criterion}</Table.Td>
              <Table.Td>{formatScore(c.average)}</Table.Td>
            </Table.Tr>
          ))}
          <Table.Tr>
            <Table.Td fw={700}>{M.overall}</Table.Td>
            <Table.Td fw={700}>{formatScore(s.overall)}</Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
      <Group gap="xs" aria-label="Recomendaciones">
        {s.recommendations.map((r) => (
          <Badge key={r.recommendation} variant="outline" color={RECOMMENDATION_COLOR[r.recommendation]}>
            {SCORECARD_RECOMMENDATION_LABEL[r.recommendation]}: {r.count}
          </Badge>
        ))}
      </Group>
    </Stack>
  );
}

function Card({ card }: { card: ScorecardFieldsFragment }) {
  return (
    <Paper component="li" withBorder radius="sm" p="sm" style={{ listStyle: 'none' }}>
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text size="sm" fw={600}>
          {card.author ?? 'Desconocido'}
        </Text>
        <Badge variant="outline" color={RECOMMENDATION_COLOR[card.recommendation]}>
          {SCORECARD_RECOMMENDATION_LABEL[card.recommendation]}
        </Badge>
      </Group>
      <Text size="xs" c="dimmed">
        {formatDateTime(card.createdAt)}
        {card.editedAt ? ` · editada ${formatDateTime(card.editedAt)}` : ''}
      </Text>
      <Stack component="dl" gap={2} mt="xs" mb={0}>
        {card.ratings.map((r) => (
          <Group key={r.criterion} gap="xs" wrap="nowrap" justify="space-between">
            <Text component="dt" size="sm">
              {r.criterion}
            </Text>
            <Text component="dd" size="sm" fw={600} m={0}>
              {r.score}/5
            </Text>
          </Group>
        ))}
      </Stack>
      {card.comments && (
        <Text size="sm" mt="xs" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
          <Text span fw={600}>
            {M.comments}:
          </Text>{' '}
          {card.comments}
        </Text>
      )}
    </Paper>
  );
}

function InterviewScorecards({ i }: { i: InterviewData }) {
  const [open, setOpen] = useState(false);
  const mobile = usePhoneDialog();
  const own = i.scorecards.find((c) => c.mine) ?? null;
  const titleId = `entrevista-${i.id}-evaluaciones`;
  return (
    <Stack gap="sm" component="section" aria-labelledby={titleId}>
      <Group justify="space-between" align="center" gap="xs" wrap="wrap">
        <Title order={3} fz="md" id={titleId}>
          {interviewTitle(i)}
        </Title>
        {i.viewerCanScore && (
          <Button size="xs" disabled={!i.scorecardOpen} onClick={() => setOpen(true)}>
            {own ? M.edit : M.fill}
          </Button>
        )}
      </Group>
      {i.viewerCanScore && !i.scorecardOpen && (
        <Text size="sm" c="dimmed">
          {M.notStarted}
        </Text>
      )}
      {i.scorecards.length === 0 ? (
        <Alert variant="light" color="gray" icon={<IconClipboardCheck aria-hidden />}>
          {M.empty}
        </Alert>
      ) : (
        <>
          <Summary i={i} />
          <Stack component="ul" gap="xs" p={0} m={0} aria-label={`Evaluaciones: ${interviewTitle(i)}`}>
            {i.scorecards.map((c) => (
              <Card key={c.id} card={c} />
            ))}
          </Stack>
        </>
      )}
      <Modal
        opened={open}
        onClose={() => setOpen(false)}
        title={own ? M.edit : M.fill}
        centered
        size="lg"
        fullScreen={mobile}
      >
        {open && <ScorecardForm interview={i} own={own} onClose={() => setOpen(false)} />}
      </Modal>
    </Stack>
  );
}

/**
 * 'Evaluaciones de entrevista' of the candidate detail (issue 24): under each interview, the cards
 * (author, date, ratings, recommendation, comments), the averages per criterion and overall, and
 * the recommendations counted. A participant of roles 1–2 fills or edits their own card once the
 * interview has started; role 3 reads.
 */
export function CandidateScorecards({ candidateId }: { candidateId: string }) {
  const { data, loading, error, refetch } = useQuery(CANDIDATE_SCORECARDS, { variables: { id: candidateId } });
  const interviews = data?.candidate?.interviews;
  const titleId = `${candidateId}-scorecards`;
  if (interviews && interviews.length === 0) return null;
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} mt="lg" component="section" aria-labelledby={titleId}>
      <Title order={2} fz="lg" mb="md" id={titleId}>
        {M.title}
      </Title>
      {!interviews && loading ? (
        <Skeleton h={56} aria-busy="true" />
      ) : !interviews && error ? (
        <ErrorPanel
          title={M.loadFailed}
          error={error}
          operationName="CandidateScorecards"
          onRetry={() => void refetch()}
          retrying={loading}
        />
      ) : (
        <Stack gap="lg">
          {(interviews ?? []).map((i) => (
            <InterviewScorecards key={i.id} i={i} />
          ))}
        </Stack>
      )}
    </Paper>
  );
}
