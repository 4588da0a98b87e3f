import { Box, Container, Stack, Title } from '@mantine/core';
import { Outlet } from 'react-router';
import { pageTitle } from '../../app/site';
import { useDocumentTitle } from '../../lib/document-title';
import { BoardFilters } from './BoardFilters';
import { useBoardFilters } from './use-board-filters';
import { VacancyList } from './VacancyList';
import classes from './board.module.css';

/** /vacantes, and /vacantes/:id with the vacancy's dialog (the Outlet) open above the board. */
export function VacanciesPage() {
  useDocumentTitle(pageTitle('Vacantes Disponibles'));
  const f = useBoardFilters();
  return (
    <>
      <Box className={classes.hero} py="xl">
        <Container size="lg">
          <Stack gap="lg">
            <Title order={1} fz={{ base: 28, sm: 36 }} c="brand.9">
              Vacantes Disponibles
            </Title>
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
      <Outlet />
    </>
  );
}
