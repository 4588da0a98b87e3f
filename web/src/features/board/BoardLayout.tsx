import { Box, Container, Stack, type BoxProps } from '@mantine/core';
import { Suspense, type ReactNode } from 'react';
import { BoardFilters } from './BoardFilters';
import { useBoardFilters } from './use-board-filters';
import { VacancyList } from './VacancyList';
import classes from './board.module.css';

/** The public board shared by / and /vacantes: a hero with its heading and the filters, then the list. */
export function BoardLayout({
  heading,
  heroPy,
  children,
  underDialog = false,
}: {
  heading: ReactNode;
  heroPy: BoxProps['py'];
  children?: ReactNode;
  /** The page's own address opens a dialog above the board (VacancyList). */
  underDialog?: boolean;
}) {
  const f = useBoardFilters();
  // Three Suspense boundaries: hydrating a prerendered page (start.tsx), React adopts the hero, the
  // list and the rest each in a task of its own rather than the whole board in one.
  return (
    <>
      <Suspense fallback={null}>
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
      </Suspense>
      <Suspense fallback={null}>
        <Container size="lg" py="xl">
          <VacancyList
            keyword={f.debouncedKeyword}
            branchId={f.branchId}
            page={f.page}
            onPageChange={f.setPage}
            underDialog={underDialog}
          />
        </Container>
      </Suspense>
      <Suspense fallback={null}>{children}</Suspense>
    </>
  );
}
