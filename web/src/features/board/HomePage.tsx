import { Box, Container, Stack, Text, Title } from '@mantine/core';
import { pageTitle } from '../../app/site';
import { useDocumentTitle } from '../../lib/document-title';
import { BoardFilters } from './BoardFilters';
import { InfoCards } from './InfoCards';
import { useBoardFilters } from './use-board-filters';
import { VacancyList } from './VacancyList';
import classes from './board.module.css';

export function HomePage() {
  useDocumentTitle(pageTitle());
  const f = useBoardFilters();
  return (
    <>
      <Box className={classes.hero} py={{ base: 'xl', sm: 48 }}>
        <Container size="lg">
          <Stack gap="lg">
            <Box>
              <Title order={1} fz={{ base: 28, sm: 40 }} lh={1.15} c="brand.9">
                Encuentra el trabajo de tus sueños
              </Title>
              <Text size="lg" mt="xs" maw={640}>
                Súmate a un equipo que cuida la salud de las familias guatemaltecas. Busca la vacante que va contigo y
                postúlate en minutos.
              </Text>
            </Box>
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
      <Container size="lg" py="xl" component="section" aria-label="Sobre nosotros">
        <InfoCards />
      </Container>
    </>
  );
}
