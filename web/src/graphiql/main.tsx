import 'graphiql/setup-workers/vite';
import 'graphiql/style.css';
import { GraphiQL } from 'graphiql';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createFetcher } from './fetcher';
import { DEFAULT_HEADERS, DEFAULT_QUERY } from './texts';

createRoot(document.getElementById('graphiql')!).render(
  <StrictMode>
    <GraphiQL
      fetcher={createFetcher()}
      defaultQuery={DEFAULT_QUERY}
      defaultHeaders={DEFAULT_HEADERS}
      defaultEditorToolsVisibility="headers"
      shouldPersistHeaders={false}
      showPersistHeadersSettings={false}
    />
  </StrictMode>,
);
