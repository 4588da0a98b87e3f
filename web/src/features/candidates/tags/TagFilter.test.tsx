import '../../../test/backoffice-env';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { TAG_MESSAGES } from '@bolsa/domain';
import { renderWithProviders, TestMantine } from '../../../test/render';
import { render } from '@testing-library/react';
import { viewer } from '../../../test/session';
import { TAGS } from './operations';
import { TagBadges } from './TagBadges';
import { TagFilter } from './TagFilter';
import { readTagIds } from './use-tag-filter';

const tags = [
  { __typename: 'Tag' as const, id: '1', name: 'Bilingüe', color: 'green' },
  { __typename: 'Tag' as const, id: '2', name: 'Enfermería nocturna', color: 'teal' },
];
const tagsMock = { request: { query: TAGS }, result: { data: { tags } } };

describe('tags in the lists (issue 23)', { timeout: 30_000 }, () => {
  it('offers every tag with how many candidates of the list carry it, and reports the choice', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    renderWithProviders(<TagFilter value={[]} onChange={onChange} counts={[{ tag: { id: '2' }, count: 7 }]} />, {
      mocks: [tagsMock],
      viewer: viewer('VIEWER'),
    });
    const box = (await screen.findAllByLabelText(TAG_MESSAGES.filterLabel, {}, { timeout: 5000 })).find(
      (e) => e.tagName === 'INPUT',
    )!;
    await user.click(box);
    expect(await screen.findByRole('option', { name: 'Bilingüe (0)' })).toBeTruthy();
    await user.click(screen.getByRole('option', { name: 'Enfermería nocturna (7)' }));
    expect(onChange).toHaveBeenCalledWith(['2']);
  });

  it('shows nothing while there are no tags to filter by', async () => {
    renderWithProviders(<TagFilter value={[]} onChange={() => {}} counts={[]} />, {
      mocks: [{ request: { query: TAGS }, result: { data: { tags: [] } } }],
      viewer: viewer('VIEWER'),
    });
    await new Promise((r) => setTimeout(r, 300));
    expect(screen.queryAllByLabelText(TAG_MESSAGES.filterLabel)).toEqual([]);
  });

  it('draws badges and reads only valid ids from the address', () => {
    render(
      <TestMantine>
        <TagBadges tags={tags} />
      </TestMantine>,
    );
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Bilingüe', 'Enfermería nocturna']);
    expect(readTagIds(new URLSearchParams('etiquetas=3,x,3,12'))).toEqual(['3', '12']);
    expect(
      readTagIds(new URLSearchParams(`etiquetas=${Array.from({ length: 12 }, (_, i) => i + 1).join(',')}`)),
    ).toHaveLength(10);
  });
});
