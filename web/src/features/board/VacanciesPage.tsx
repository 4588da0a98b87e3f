import { Title } from '@mantine/core';
import { useOutlet } from 'react-router';
import { pageTitle } from '../../lib/site';
import { useDocumentTitle } from '../../lib/document-title';
import { BoardLayout } from './BoardLayout';

/** /vacantes, and /vacantes/:id with the vacancy's dialog (the Outlet) open above the board. */
export function VacanciesPage() {
  useDocumentTitle(pageTitle('Vacantes Disponibles'));
  const dialog = useOutlet();
  return (
    <BoardLayout
      heroPy="xl"
      heading={
        <Title order={1} fz={{ base: 28, sm: 36 }} c="brand.9">
          Vacantes Disponibles
        </Title>
      }
      underDialog={dialog !== null}
    >
      {dialog}
    </BoardLayout>
  );
}
