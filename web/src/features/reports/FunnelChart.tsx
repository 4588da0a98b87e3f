import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { CANDIDATE_STATE_LABEL, stateFromEnum } from '@bolsa/domain';
import type { FunnelRowFieldsFragment } from '../../gql/graphql';

export const stepLabel = (state: FunnelRowFieldsFragment['steps'][number]['state']) => {
  const s = stateFromEnum(state);
  return s ? CANDIDATE_STATE_LABEL[s] : state;
};

/**
 * How many candidates reached each step, as horizontal bars: the step names stay readable on a
 * 360 px phone. The same numbers are in the table below it, for screen readers too.
 */
export function FunnelChart({ row }: { row: FunnelRowFieldsFragment }) {
  const data = row.steps.map((s) => ({ etapa: stepLabel(s.state), Candidatos: s.reached }));
  return (
    <BarChart
      h={300}
      data={data}
      dataKey="etapa"
      orientation="vertical"
      series={[{ name: 'Candidatos', color: 'teal.8' }]}
      withBarValueLabel
      yAxisProps={{ width: 104 }}
      gridAxis="none"
      tooltipAnimationDuration={0}
      aria-label={`Candidatos que alcanzaron cada etapa: ${data.map((d) => `${d.etapa} ${d.Candidatos}`).join(', ')}`}
      role="img"
    />
  );
}
