import sharp from 'sharp';
import { MAX_IMAGE_PIXELS } from '@bolsa/domain';
import { newFileKey } from '../storage/index.js';

/**
 * A decompression bomb (a small PNG of 30 000 × 30 000 pixels) must not reach libvips' full
 * decode: the same limit as candidate photos (domain files.ts).
 */
const MAX_INPUT_PIXELS = MAX_IMAGE_PIXELS;

/** Detail page: at most 1200×675 (16:9), the whole image kept. */
export const DETAIL_SIZE = { width: 1200, height: 675 } as const;
/** List cards: exactly 672×378 (16:9). */
export const CARD_SIZE = { width: 672, height: 378 } as const;

/**
 * Where a vacancy's images live. `detail` is what the vacancy row stores in `imagen` and the
 * JSON serves as '/archivos/plazas/<uuid>.webp'; the list-card variant sits next to it under
 * the same name with a '-card' suffix ('plazas/<uuid>-card.webp'). Nothing stores the card key:
 * whoever needs it derives it with cardKeyFor, so old rows and readers of `imagen` keep working.
 */
export function newVacancyImageKeys(): { detail: string; card: string } {
  const detail = newFileKey('plazas', 'webp');
  return { detail, card: cardKeyFor(detail) };
}

/** 'plazas/<uuid>.webp' → 'plazas/<uuid>-card.webp' (see newVacancyImageKeys). */
export function cardKeyFor(detailKey: string): string {
  return detailKey.replace(/(\.[^./]+)?$/, (ext) => `-card${ext || ''}`);
}

export class ImageDecodeError extends Error {
  constructor(cause: unknown) {
    super('La imagen no se pudo leer', { cause });
    this.name = 'ImageDecodeError';
  }
}

const open = (data: Buffer) =>
  // First frame of an animated GIF; 'truncated' refuses half-uploaded files instead of padding them grey.
  sharp(data, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'truncated', animated: false });

/**
 * The two WebP variants of an uploaded (or generated) image, with metadata stripped (phones
 * put GPS coordinates in EXIF), the EXIF orientation applied and transparency flattened on white.
 * The image is decoded once, already scaled to the detail size, and both variants come from
 * those pixels.
 *
 * Detail keeps the whole picture inside 1200×675 (vacancy images are often flyers with text,
 * which cropping would cut). The card must be exactly 672×378: a picture close to 16:9 is
 * cropped to fill it; any other shape is shown whole over a blurred, dimmed copy of itself,
 * so a portrait flyer does not become a thin strip of its middle.
 */
export async function vacancyImageVariants(data: Buffer): Promise<{ detail: Buffer; card: Buffer }> {
  try {
    const { data: pixels, info } = await open(data)
      .rotate()
      .flatten({ background: '#ffffff' })
      .resize({ ...DETAIL_SIZE, fit: 'inside', withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
    const fromPixels = () => sharp(pixels, raw);

    const detail = await fromPixels().webp({ quality: 80 }).toBuffer();

    const ratio = info.width / info.height / (CARD_SIZE.width / CARD_SIZE.height);
    let card: Buffer;
    if (ratio > 0.85 && ratio < 1.18) {
      card = await fromPixels()
        .resize({ ...CARD_SIZE, fit: 'cover', position: 'attention' })
        .webp({ quality: 78 })
        .toBuffer();
    } else {
      const [backdrop, front] = await Promise.all([
        fromPixels()
          .resize({ ...CARD_SIZE, fit: 'cover' })
          .blur(18)
          .modulate({ brightness: 0.8 })
          .png()
          .toBuffer(),
        fromPixels()
          .resize({ ...CARD_SIZE, fit: 'inside' })
          .png()
          .toBuffer(),
      ]);
      card = await sharp(backdrop)
        .composite([{ input: front, gravity: 'centre' }])
        .webp({ quality: 78 })
        .toBuffer();
    }
    return { detail, card };
  } catch (err) {
    throw new ImageDecodeError(err);
  }
}
