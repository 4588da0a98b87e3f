// The rule's own module, not the whole domain: this file is also what the PDF thread loads.
import { CV_TEXT_LIMITS, cleanCvText } from '@bolsa/domain/cv-text';
import { getDocumentProxy } from 'unpdf';

export interface ExtractLimits {
  maxPages: number;
  maxChars: number;
  timeLimitMs: number;
}

export interface ExtractedText {
  /** The text read (cleaned, bounded); '' for a scanned or broken PDF. */
  text: string;
  /** Why reading stopped early, if it did. */
  cut: 'pages' | 'chars' | 'time' | null;
  /** The file could not be read as a PDF at all. */
  broken: boolean;
}

interface TextItemLike {
  str?: unknown;
  hasEOL?: unknown;
}

/**
 * The text of a PDF's first pages, bounded in pages, characters and time (checked before each
 * page: a page already being read finishes). A broken PDF is no error: it has no text.
 */
export async function extractPdfText(data: Uint8Array, limits: ExtractLimits = CV_TEXT_LIMITS): Promise<ExtractedText> {
  const started = Date.now();
  let doc: Awaited<ReturnType<typeof getDocumentProxy>> | undefined;
  try {
    // pdf.js takes ownership of the buffer: a copy, so the caller's stays usable.
    doc = await getDocumentProxy(new Uint8Array(data), {
      disableFontFace: true,
      useSystemFonts: false,
      stopAtErrors: false,
      verbosity: 0,
    });
  } catch {
    return { text: '', cut: null, broken: true };
  }
  let text = '';
  let cut: ExtractedText['cut'] = null;
  try {
    for (let n = 1; n <= doc.numPages; n++) {
      if (n > limits.maxPages) {
        cut = 'pages';
        break;
      }
      if (Date.now() - started >= limits.timeLimitMs) {
        cut = 'time';
        break;
      }
      const page = await doc.getPage(n);
      const content = await page.getTextContent();
      for (const item of content.items as TextItemLike[]) {
        if (typeof item.str === 'string') text += item.str + (item.hasEOL ? '\n' : ' ');
      }
      text += '\n';
      page.cleanup();
      if (text.length >= limits.maxChars) {
        cut = 'chars';
        break;
      }
    }
  } catch {
    // A page that cannot be read ends the reading; what was read before it is kept.
  } finally {
    await doc.loadingTask.destroy().catch(() => undefined);
  }
  return { text: cleanCvText(text, limits.maxChars), cut, broken: false };
}
