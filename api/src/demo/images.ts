import sharp from 'sharp';
import { vacancyImageVariants } from '../vacancies/index.js';

export type IconName = 'cross' | 'heart' | 'stethoscope' | 'people' | 'flask' | 'laptop' | 'car' | 'clipboard' | 'chat';

const PALETTES: readonly [string, string, string][] = [
  ['#0f766e', '#5eead4', '#ccfbf1'], // teal
  ['#155e75', '#67e8f9', '#cffafe'], // cyan
  ['#1e40af', '#93c5fd', '#dbeafe'], // blue
  ['#166534', '#86efac', '#dcfce7'], // green
  ['#0e7490', '#a7f3d0', '#ecfeff'], // teal to mint
  ['#1d4ed8', '#5eead4', '#e0f2fe'], // blue to teal
];

// Icons are drawn on a 240×240 canvas in white and the palette's dark tone.
function icon(name: IconName, dark: string, light: string): string {
  switch (name) {
    case 'cross':
      return `<rect x="85" y="30" width="70" height="180" rx="18" fill="${dark}"/>
              <rect x="30" y="85" width="180" height="70" rx="18" fill="${dark}"/>`;
    case 'heart':
      return `<path d="M120 205 C 40 150 20 110 30 80 C 42 42 92 36 120 75 C 148 36 198 42 210 80 C 220 110 200 150 120 205 Z" fill="${dark}"/>
              <polyline points="45,118 90,118 105,88 125,150 140,108 150,118 195,118" fill="none" stroke="#fff" stroke-width="11" stroke-linecap="round" stroke-linejoin="round"/>`;
    case 'stethoscope':
      return `<path d="M70 30 V 100 a 50 50 0 0 0 100 0 V 30" fill="none" stroke="${dark}" stroke-width="16" stroke-linecap="round"/>
              <path d="M120 150 V 170 a 40 40 0 0 0 80 0 V 150" fill="none" stroke="${dark}" stroke-width="14" stroke-linecap="round"/>
              <circle cx="200" cy="130" r="24" fill="${light}" stroke="${dark}" stroke-width="12"/>
              <circle cx="70" cy="30" r="10" fill="${dark}"/><circle cx="170" cy="30" r="10" fill="${dark}"/>`;
    case 'people':
      return `<circle cx="70" cy="85" r="28" fill="${light}" stroke="${dark}" stroke-width="8"/>
              <path d="M22 190 a 48 52 0 0 1 96 0 Z" fill="${light}" stroke="${dark}" stroke-width="8" stroke-linejoin="round"/>
              <circle cx="170" cy="85" r="28" fill="${light}" stroke="${dark}" stroke-width="8"/>
              <path d="M122 190 a 48 52 0 0 1 96 0 Z" fill="${light}" stroke="${dark}" stroke-width="8" stroke-linejoin="round"/>
              <circle cx="120" cy="70" r="34" fill="${dark}"/>
              <path d="M60 200 a 60 66 0 0 1 120 0 Z" fill="${dark}"/>`;
    case 'flask':
      return `<path d="M95 30 H 145 M105 30 V 95 L 45 195 a 14 14 0 0 0 12 20 H 183 a 14 14 0 0 0 12 -20 L 135 95 V 30" fill="${light}" stroke="${dark}" stroke-width="12" stroke-linejoin="round" stroke-linecap="round"/>
              <path d="M72 150 H 168 L 190 192 a 8 8 0 0 1 -7 12 H 57 a 8 8 0 0 1 -7 -12 Z" fill="${dark}"/>
              <circle cx="105" cy="172" r="8" fill="#fff"/><circle cx="135" cy="185" r="6" fill="#fff"/>`;
    case 'laptop':
      return `<rect x="45" y="50" width="150" height="105" rx="12" fill="${light}" stroke="${dark}" stroke-width="12"/>
              <path d="M20 170 H 220 L 205 195 H 35 Z" fill="${dark}"/>
              <rect x="111" y="72" width="18" height="56" rx="4" fill="${dark}"/><rect x="92" y="91" width="56" height="18" rx="4" fill="${dark}"/>`;
    case 'car':
      return `<path d="M30 150 V 125 L 60 80 H 180 L 210 125 V 150 a 10 10 0 0 1 -10 10 H 40 a 10 10 0 0 1 -10 -10 Z" fill="${dark}"/>
              <path d="M75 92 H 165 L 185 122 H 55 Z" fill="${light}"/>
              <circle cx="75" cy="162" r="24" fill="#fff" stroke="${dark}" stroke-width="10"/>
              <circle cx="165" cy="162" r="24" fill="#fff" stroke="${dark}" stroke-width="10"/>
              <rect x="111" y="96" width="18" height="22" rx="3" fill="${dark}"/>`;
    case 'clipboard':
      return `<rect x="50" y="40" width="140" height="175" rx="16" fill="${light}" stroke="${dark}" stroke-width="12"/>
              <rect x="90" y="25" width="60" height="32" rx="10" fill="${dark}"/>
              <path d="M78 100 l 12 12 l 22 -24 M78 160 l 12 12 l 22 -24" fill="none" stroke="${dark}" stroke-width="10" stroke-linecap="round" stroke-linejoin="round"/>
              <path d="M125 104 H 165 M125 164 H 165" stroke="${dark}" stroke-width="10" stroke-linecap="round"/>`;
    case 'chat':
      return `<path d="M30 50 a 20 20 0 0 1 20 -20 H 150 a 20 20 0 0 1 20 20 V 115 a 20 20 0 0 1 -20 20 H 80 L 45 165 V 135 a 20 20 0 0 1 -15 -20 Z" fill="${dark}"/>
              <path d="M110 150 H 190 a 20 20 0 0 1 20 20 V 190 a 20 20 0 0 1 -20 20 V 225 L 175 210 H 110 a 20 20 0 0 1 -20 -20 V 170 a 20 20 0 0 1 20 -20 Z" fill="${light}" stroke="${dark}" stroke-width="8"/>
              <path d="M100 58 C 88 45 62 52 70 75 C 76 90 100 105 100 105 C 100 105 124 90 130 75 C 138 52 112 45 100 58 Z" fill="#fff"/>`;
  }
}

/** A 1200×675 illustration without text: soft gradient, decorative circles and a flat icon on a card. */
export function vacancySvg(name: IconName, variant: number): string {
  const [dark, mid, light] = PALETTES[variant % PALETTES.length]!;
  const flip = variant % 2 === 0;
  // Centred so list cards that crop to another aspect ratio still show the whole icon.
  const cardX = 410;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="675" viewBox="0 0 1200 675">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${light}"/>
      <stop offset="0.55" stop-color="${mid}"/>
      <stop offset="1" stop-color="${dark}"/>
    </linearGradient>
    <radialGradient id="glow" cx="0.5" cy="0.5" r="0.5">
      <stop offset="0" stop-color="#ffffff" stop-opacity="0.55"/>
      <stop offset="1" stop-color="#ffffff" stop-opacity="0"/>
    </radialGradient>
  </defs>
  <rect width="1200" height="675" fill="url(#bg)"/>
  <circle cx="${flip ? 180 : 1020}" cy="140" r="260" fill="url(#glow)"/>
  <circle cx="${flip ? 420 : 780}" cy="620" r="200" fill="#ffffff" fill-opacity="0.12"/>
  <circle cx="${flip ? 1100 : 100}" cy="600" r="130" fill="#ffffff" fill-opacity="0.10"/>
  <path d="M0 520 C 300 450 500 610 800 540 C 1000 495 1100 520 1200 500 V 675 H 0 Z" fill="#ffffff" fill-opacity="0.18"/>
  <g transform="translate(${flip ? 60 : 840} ${flip ? 150 : 420})" fill="#ffffff" fill-opacity="0.35">
    <rect x="0" y="0" width="220" height="18" rx="9"/><rect x="0" y="40" width="320" height="18" rx="9"/><rect x="0" y="80" width="260" height="18" rx="9"/>
  </g>
  <rect x="${cardX}" y="147" width="380" height="380" rx="48" fill="#ffffff" fill-opacity="0.92"/>
  <g transform="translate(${cardX + 70} 217)">${icon(name, dark, light)}</g>
</svg>`;
}

/** Both stored variants (detail 1200×675 and card 672×378), made as an upload's are. */
export async function renderVacancyImages(name: IconName, variant: number): Promise<{ detail: Buffer; card: Buffer }> {
  const png = await sharp(Buffer.from(vacancySvg(name, variant)))
    .png({ compressionLevel: 1 })
    .toBuffer();
  return vacancyImageVariants(png);
}
