/**
 * Search inside CVs (issue 23): the bounds of the text kept from a candidate's PDF, and the
 * markers of the matching snippet the inbox shows.
 */
/** What is read of one PDF, off the request path: enough for a CV, never the whole of a book. */
export const CV_TEXT_LIMITS = {
  /** Files bigger than this are not read at all (uploads are smaller; a stored file may not be). */
  maxBytes: 15 * 1024 * 1024,
  /** Pages read, from the first. */
  maxPages: 20,
  /** Characters of text kept. */
  maxChars: 30_000,
  /** Time spent reading one file; the text read until then is kept. */
  timeLimitMs: 5_000,
  /** Attempts at a file whose reading failed for a reason other than the file (store unreachable). */
  maxAttempts: 3,
} as const;

/** The kinds of application file whose text is searched: the CV and the cover letter. */
export const CV_TEXT_FILE_TYPES = ['curriculum', 'carta'] as const;

/**
 * Marks around each matching word in a snippet (`ts_headline`'s StartSel/StopSel). Control
 * characters, removed from every stored text, so they can only be ours; the web splits on them
 * and never injects the snippet as HTML.
 */
export const CV_SNIPPET_START = '\u0002';
export const CV_SNIPPET_STOP = '\u0003';

/** A snippet as plain parts; `hit` parts are the matching words. */
export interface SnippetPart {
  text: string;
  hit: boolean;
}

export function snippetParts(snippet: string): SnippetPart[] {
  const parts: SnippetPart[] = [];
  let hit = false;
  for (const piece of snippet.split(new RegExp(`([${CV_SNIPPET_START}${CV_SNIPPET_STOP}])`))) {
    if (piece === CV_SNIPPET_START) hit = true;
    else if (piece === CV_SNIPPET_STOP) hit = false;
    else if (piece) parts.push({ text: piece, hit });
  }
  return parts;
}

/**
 * A PDF's text as it is kept: control characters (our markers among them) and runs of white space
 * made one space, cut at `maxChars`.
 */
export function cleanCvText(raw: string, maxChars: number = CV_TEXT_LIMITS.maxChars): string {
  const text = raw
    .normalize('NFC')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f-\u009f\s]+/g, ' ')
    .trim();
  // Never half a surrogate pair at the cut.
  const cut = text.slice(0, maxChars);
  return /[\ud800-\udbff]$/.test(cut) ? cut.slice(0, -1) : cut;
}

/**
 * The text the full-text index is built from: folded like every search ('Enfermería' =
 * 'enfermeria'), one character for one character, so a snippet found in the folded text is at the
 * same place in the text as read (the inbox shows it with its accents).
 */
export function cvSearchText(text: string): string {
  const nfc = text.normalize('NFC');
  // Most of a CV is ASCII: lower case is already one character for one character there.
  if (ASCII.test(nfc)) return nfc.toLowerCase();
  let out = '';
  for (const ch of nfc) out += ch.length === 1 && ch.charCodeAt(0) < 0x80 ? ch.toLowerCase() : foldChar(ch);
  return out;
}

// eslint-disable-next-line no-control-regex
const ASCII = /^[\u0000-\u007f]*$/;
/**
 * One character folded (its accents removed, lower case), or itself when folding would change its
 * length. Remembered: a CV of 30,000 characters has a few dozen distinct ones, and normalising
 * each occurrence on its own made the inbox's snippets a quarter of the api's time.
 */
const folds = new Map<string, string>();
function foldChar(ch: string): string {
  let folded = folds.get(ch);
  if (folded === undefined) {
    const f = ch.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
    folded = f.length === ch.length ? f : ch;
    // Bounded: a text made to hold every character of Unicode fills it once, not the memory.
    if (folds.size < 4096) folds.set(ch, folded);
  }
  return folded;
}
