import { Transform, type TransformCallback } from 'node:stream';
import { MAX_FILE_BYTES, type SniffedKind } from '@bolsa/domain';

/*
 * What a received file is, learnt while it streams into the store: its size, whether it passed
 * the 5 MB limit, its first bytes (to tell its kind) and its last (to find something appended).
 * Used by the application form's intake and by files staged from a form (files/staged.ts).
 */

/** What file-type needs to tell a kind, and how much of the end we keep to check it. */
export const HEAD_BYTES = 4100;
const TAIL_BYTES = 1024;

/** Counts and keeps the first and last bytes while the file streams to the store. */
export class Tap extends Transform {
  size = 0;
  head = Buffer.alloc(0);
  tail = Buffer.alloc(0);
  tooLarge = false;
  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    this.size += chunk.length;
    if (this.size > MAX_FILE_BYTES) {
      // Stop storing at the limit; the rest of the part is read and thrown away.
      this.tooLarge = true;
      done();
      return;
    }
    // Only the few bytes kept are copied: concatenating whole chunks cost a copy of every file.
    if (this.head.length < HEAD_BYTES)
      this.head = Buffer.concat([this.head, chunk.subarray(0, HEAD_BYTES - this.head.length)]);
    this.tail =
      chunk.length >= TAIL_BYTES
        ? Buffer.from(chunk.subarray(chunk.length - TAIL_BYTES))
        : Buffer.concat([this.tail, chunk]).subarray(-TAIL_BYTES);
    done(null, chunk);
  }
}

const PNG_END = Buffer.from([0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82]);
const ZIP_END = Buffer.from('PK\u0005\u0006', 'latin1');

/**
 * Whether something follows the end of the format: a JPEG ends with FFD9, a PNG with its IEND
 * chunk, a PDF with '%%EOF' near the end; a ZIP directory anywhere in the tail betrays an archive
 * riding along (a polyglot). A few bytes of padding are tolerated.
 */
export function hasTrailing(kind: SniffedKind | null, tail: Buffer): boolean {
  if (!kind) return false;
  if (tail.includes(ZIP_END)) return true;
  const trimmed = trimPadding(tail);
  if (kind === 'jpeg') return !(trimmed.at(-2) === 0xff && trimmed.at(-1) === 0xd9);
  if (kind === 'png') return !trimmed.subarray(-PNG_END.length).equals(PNG_END);
  if (kind === 'pdf') return !trimmed.subarray(-32).includes('%%EOF');
  return false;
}

function trimPadding(b: Buffer): Buffer {
  let end = b.length;
  while (end > 0 && [0x00, 0x0a, 0x0d, 0x20].includes(b[end - 1]!)) end--;
  return b.subarray(0, end);
}

export const safeDisplayName = (raw: string | null | undefined): string =>
  (raw ?? '')
    .split(/[\\/]/)
    .pop()!
    .replace(/\p{Cc}/gu, '')
    .replace(/^\.+/, '')
    .trim()
    .slice(0, 120) || 'archivo';
