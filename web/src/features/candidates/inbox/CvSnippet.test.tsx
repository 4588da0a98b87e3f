import '../../../test/backoffice-env';
import { screen, within } from '@testing-library/react';
import { CV_SNIPPET_START as S, CV_SNIPPET_STOP as E } from '@bolsa/domain';
import { describe, expect, it } from 'vitest';
import { renderWithProviders, type Mocks } from '../../../test/render';
import { viewer } from '../../../test/session';
import { viewerMock } from '../../../test/vacancy-fixtures';
import { page, row } from '../test-support/candidate-fixtures';
import { CandidatesInboxPage } from './CandidatesInboxPage';
import { CvSnippet } from './CvSnippet';
import { CANDIDATE_INBOX } from './operations';

describe('CvSnippet (search inside CVs)', () => {
  it('shows the snippet with the matching words highlighted', () => {
    renderWithProviders(<CvSnippet snippet={`profesional con ${S}Enfermera${E} en ${S}cuidados${E} intensivos`} />);
    const snippet = screen.getByTestId('cv-snippet');
    expect(snippet).toHaveTextContent('En el CV: …profesional con Enfermera en cuidados intensivos…');
    expect([...snippet.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['Enfermera', 'cuidados']);
  });

  it('shows a CV that holds markup as text, never as HTML', () => {
    renderWithProviders(<CvSnippet snippet={`<img src=x onerror=alert(1)> ${S}<b>enfermera</b>${E}`} />);
    const snippet = screen.getByTestId('cv-snippet');
    expect(snippet.querySelector('img')).toBeNull();
    expect(snippet.querySelector('b')).toBeNull();
    expect(snippet.querySelector('mark')?.textContent).toBe('<b>enfermera</b>');
    expect(snippet).toHaveTextContent('<img src=x onerror=alert(1)>');
  });

  it('shows nothing without a snippet', () => {
    renderWithProviders(<CvSnippet snippet={null} />);
    expect(screen.queryByTestId('cv-snippet')).toBeNull();
  });

  it('appears under the name of the inbox rows the CV matched', async () => {
    const variables = { page: 1, pageSize: 10, state: null, search: 'enfermeras' };
    const mocks: Mocks = [
      viewerMock('VIEWER'),
      {
        request: { query: CANDIDATE_INBOX, variables },
        result: {
          data: {
            candidates: page([
              row('1', 'APPLIED', { cvSnippet: `soy ${S}enfermera${E} auxiliar` }),
              row('2', 'APPLIED'),
            ]),
          },
        },
      },
    ];
    renderWithProviders(<CandidatesInboxPage />, {
      mocks,
      route: '/panel/candidatos?q=enfermeras',
      viewer: viewer('VIEWER'),
    });
    const table = await screen.findByRole('table', { name: 'Candidatos activos' });
    const [first, second] = within(table).getAllByRole('row').slice(1);
    expect(within(first!).getByTestId('cv-snippet')).toHaveTextContent('En el CV: …soy enfermera auxiliar…');
    expect(within(first!).getByText('enfermera').tagName).toBe('MARK');
    expect(within(second!).queryByTestId('cv-snippet')).toBeNull();
  });
});
