import { Button, type ButtonProps } from '@mantine/core';
import { IconLayoutKanban } from '@tabler/icons-react';
import { BOARD_MESSAGES } from '@bolsa/domain';
import { Link } from 'react-router';

export const vacancyBoardPath = (vacancyId: string) => `/panel/plazas/${encodeURIComponent(vacancyId)}/tablero`;

/** 'Ver tablero': to the vacancy's board (from the vacancy and from its candidates list). */
export function VacancyBoardLink({
  vacancyId,
  vacancyName,
  ...props
}: { vacancyId: string; vacancyName?: string | null } & Omit<ButtonProps, 'children'>) {
  return (
    <Button
      component={Link}
      to={vacancyBoardPath(vacancyId)}
      state={vacancyName ? { vacancyName } : undefined}
      variant="light"
      leftSection={<IconLayoutKanban size={16} aria-hidden />}
      {...props}
    >
      {BOARD_MESSAGES.link}
    </Button>
  );
}
