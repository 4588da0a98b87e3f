import sharp from 'sharp';
import { MAX_IMAGE_PIXELS, PHOTO_MAX_SIDE } from '@bolsa/domain';

/*
 * A candidate's photo (issue 22): decoded whole with a pixel limit, so a decompression bomb
 * (a small PNG of 16000×16000) and a header-only or truncated file are refused rather than
 * stored, and stored re-encoded as a bounded JPEG: what staff pages decode is at most
 * PHOTO_MAX_SIDE a side, with the EXIF orientation applied and metadata (GPS) dropped.
 */

export type PhotoOutcome = { ok: true; data: Buffer } | { ok: false; reason: 'pixels' | 'unreadable' };

const open = (data: Buffer) =>
  sharp(data, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'truncated', animated: false, sequentialRead: true });

/** The photo as stored: a JPEG within PHOTO_MAX_SIDE; or why it cannot be. */
export async function boundedPhoto(data: Buffer): Promise<PhotoOutcome> {
  let width = 0;
  let height = 0;
  try {
    ({ width = 0, height = 0 } = await sharp(data).metadata());
  } catch {
    return { ok: false, reason: 'unreadable' };
  }
  if (width * height > MAX_IMAGE_PIXELS) return { ok: false, reason: 'pixels' };
  try {
    const out = await open(data)
      .rotate()
      .flatten({ background: '#ffffff' })
      .resize({ width: PHOTO_MAX_SIDE, height: PHOTO_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 82 })
      .toBuffer();
    return { ok: true, data: out };
  } catch {
    return { ok: false, reason: 'unreadable' };
  }
}

/**
 * Whether a stored photo is already what boundedPhoto makes (served as it is); photos stored
 * before issue 22 are not, and are served re-encoded.
 */
export async function isBoundedPhoto(data: Buffer): Promise<boolean> {
  try {
    const m = await sharp(data).metadata();
    return (
      m.format === 'jpeg' &&
      (m.width ?? Infinity) <= PHOTO_MAX_SIDE &&
      (m.height ?? Infinity) <= PHOTO_MAX_SIDE &&
      !m.exif &&
      !m.xmp &&
      !m.iptc
    );
  } catch {
    return false;
  }
}
