import { Badge } from '@mantine/core';
import { IconClockHour4 } from '@tabler/icons-react';
import { daysRemaining, type DaysRemainingTone } from '@bolsa/domain';

/**
 * Spec 2 §4 colours: more than 7 days green, 1–7 orange, 0 or less 'Vencida' in red. Darker than
 * Mantine's filled shades so that the white label keeps a 4.5:1 contrast.
 */
export const TONE_COLOR: Record<DaysRemainingTone, string> = {
  green: '#2b7a3b',
  orange: '#c2410c',
  red: '#c92a2a',
};

export function DaysRemaining({ endsAt, today }: { endsAt: string | null | undefined; today?: string }) {
  const r = daysRemaining(endsAt ?? null, today);
  return (
    <Badge
      color={TONE_COLOR[r.tone]}
      variant="filled"
      tt="none"
      leftSection={<IconClockHour4 size={12} aria-hidden />}
      data-tone={r.tone}
    >
      {r.label}
    </Badge>
  );
}
