import 'graphiql/style.css';
import { GraphiQL } from 'graphiql';
import { StrictMode, type ComponentProps } from 'react';
import { createRoot } from 'react-dom/client';

type Fetcher = ComponentProps<typeof GraphiQL>['fetcher'];

/** Same origin as the site, so the session cookie (if any) decides what the schema lets you do. */
const fetcher: Fetcher = async (params) => {
  const response = await fetch('/graphql', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(params),
  });
  return response.json();
};

const DEFAULT_QUERY = `# Bolsa de Trabajo: API GraphQL
# Presiona el botón ▶ (o Ctrl+Enter) para ejecutar la consulta.

query PrimerasVacantes {
  vacancies(page: 1, pageSize: 6) {
    totalCount
    featuredCount
    items {
      id
      name
      branch { name }
      place
      publishedAt
      featured
      url
    }
  }
}
`;

createRoot(document.getElementById('graphiql')!).render(
  <StrictMode>
    <GraphiQL fetcher={fetcher} defaultQuery={DEFAULT_QUERY} />
  </StrictMode>,
);
