import { Box, Container, Text, Title } from '@mantine/core';
import { pageTitle } from '../../lib/site';
import { useDocumentTitle } from '../../lib/document-title';
import { BoardLayout } from './BoardLayout';
import { InfoCards } from './InfoCards';

export function HomePage() {
  useDocumentTitle(pageTitle());
  return (
    <BoardLayout
      heroPy={{ base: 'xl', sm: 48 }}
      heading={
        <Box>
          <Title order={1} fz={{ base: 28, sm: 40 }} lh={1.15} c="brand.9">
            Encuentra el trabajo de tus sueños
          </Title>
          <Text size="lg" mt="xs" maw={640}>
            Súmate a un equipo que cuida la salud de las familias guatemaltecas. Busca la vacante que va contigo y
            postúlate en minutos.
          </Text>
        </Box>
      }
    >
      <Container size="lg" py="xl" component="section" aria-label="Sobre nosotros">
        <InfoCards />
      </Container>
    </BoardLayout>
  );
}
