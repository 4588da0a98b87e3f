import { Mark, Text } from '@mantine/core';
import { snippetParts } from '@bolsa/domain';

/**
 * Search inside CVs (issue 23): the words of the CV that matched the search, highlighted. The
 * snippet is plain text with the domain's markers; it is split on them and shown as text (never
 * as HTML, whatever the CV says).
 */
export function CvSnippet({ snippet }: { snippet: string | null | undefined }) {
  if (!snippet) return null;
  return (
    <Text size="xs" c="dimmed" fw={400} fs="normal" data-testid="cv-snippet" style={{ overflowWrap: 'anywhere' }}>
      <Text span size="xs" fw={600} c="dimmed">
        En el CV:{' '}
      </Text>
      …
      {snippetParts(snippet).map((p, i) =>
        p.hit ? (
          <Mark key={i} color="yellow">
            {p.text}
          </Mark>
        ) : (
          <span key={i}>{p.text}</span>
        ),
      )}
      …
    </Text>
  );
}
