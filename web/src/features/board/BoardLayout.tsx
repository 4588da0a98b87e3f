import { Box, Container, Stack, type BoxProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { BoardFilters } from './BoardFilters';
import { useBoardFilters } from './use-board-filters';
import { VacancyList } from './VacancyList';
import classes from './board.module.css';

/** The public board shared by / and /vacantes: a hero with its heading and the filters, then the list. */
export function BoardLayout({
  heading,
  heroPy,
  children,
}: {
  heading: ReactNode;
  heroPy: BoxProps['py'];
  children?: ReactNode;
}) {
  const f = useBoardFilters();
  return (
    <>
      <Box className={classes.hero} py={heroPy}>
        <Container size="lg">
          <Stack gap="lg">
            {heading}
            <BoardFilters
              keyword={f.keyword}
              onKeywordChange={f.setKeyword}
              branchId={f.branchId}
              onBranchChange={f.setBranchId}
            />
          </Stack>
        </Container>
      </Box>
      <Container size="lg" py="xl">
        <VacancyList keyword={f.debouncedKeyword} branchId={f.branchId} page={f.page} onPageChange={f.setPage} />
      </Container>
      {children}
    </>
  );
}
