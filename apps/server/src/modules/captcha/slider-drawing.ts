import { randomInt } from 'node:crypto';

/** Geometry of the slider puzzle, in CSS pixels. */
export const SLIDER_WIDTH = 300;
export const SLIDER_HEIGHT = 160;
export const PIECE_SIZE = 44;

const KNOB_RADIUS = 6;
const BODY_LEFT = 2;
const BODY_TOP = 12;
const BODY_SIZE = PIECE_SIZE - 16;

/** The jigsaw outline (a square with a knob on top and one on the right), at (x, y). */
function piecePath(x: number, y: number): string {
  const half = BODY_SIZE / 2 - KNOB_RADIUS;
  const r = KNOB_RADIUS;
  return [
    `M${x + BODY_LEFT},${y + BODY_TOP}`,
    `h${half}`,
    `a${r},${r} 0 1 1 ${2 * r},0`,
    `h${half}`,
    `v${half}`,
    `a${r},${r} 0 1 1 0,${2 * r}`,
    `v${half}`,
    `h${-BODY_SIZE}`,
    'z',
  ].join(' ');
}

function randomColour(): string {
  return `hsl(${randomInt(0, 360)},${randomInt(35, 75)}%,${randomInt(35, 70)}%)`;
}

/** A random abstract scene: gradient sky, overlapping shapes; no two captchas alike. */
function sceneSvg(): string {
  const shapes: string[] = [];
  for (let i = 0; i < 18; i++) {
    const opacity = (randomInt(25, 80) / 100).toFixed(2);
    if (i % 3 === 0) {
      shapes.push(
        `<circle cx="${randomInt(0, SLIDER_WIDTH)}" cy="${randomInt(0, SLIDER_HEIGHT)}" r="${randomInt(8, 48)}" fill="${randomColour()}" opacity="${opacity}"/>`,
      );
    } else if (i % 3 === 1) {
      shapes.push(
        `<rect x="${randomInt(-20, SLIDER_WIDTH)}" y="${randomInt(-20, SLIDER_HEIGHT)}" width="${randomInt(20, 90)}" height="${randomInt(10, 60)}" transform="rotate(${randomInt(0, 90)} ${SLIDER_WIDTH / 2} ${SLIDER_HEIGHT / 2})" fill="${randomColour()}" opacity="${opacity}"/>`,
      );
    } else {
      const points = Array.from(
        { length: 3 },
        () => `${randomInt(0, SLIDER_WIDTH)},${randomInt(0, SLIDER_HEIGHT)}`,
      );
      shapes.push(`<polygon points="${points.join(' ')}" fill="${randomColour()}" opacity="${opacity}"/>`);
    }
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${SLIDER_WIDTH}" height="${SLIDER_HEIGHT}">
<defs><linearGradient id="sky" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${randomColour()}"/><stop offset="1" stop-color="${randomColour()}"/></linearGradient></defs>
<rect width="100%" height="100%" fill="url(#sky)"/>${shapes.join('')}</svg>`;
}

export interface SliderImages {
  /** PNG of the scene with the gap cut at (x, y). */
  background: Buffer;
  /** PNG of the piece, PIECE_SIZE square, transparent outside the jigsaw outline. */
  piece: Buffer;
}

/** Draws one puzzle whose gap's top-left corner is at (x, y). Only PNG pixels leave the server. */
export async function drawSlider(x: number, y: number): Promise<SliderImages> {
  // sharp is loaded on the first captcha, not with the server (docs/performance.md).
  const { default: sharp } = await import('sharp');
  const scene = await sharp(Buffer.from(sceneSvg())).png().toBuffer();
  const gap = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${SLIDER_WIDTH}" height="${SLIDER_HEIGHT}"><path d="${piecePath(x, y)}" fill="rgba(0,0,0,0.5)" stroke="rgba(255,255,255,0.85)" stroke-width="1.5"/></svg>`,
  );
  const mask = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${PIECE_SIZE}" height="${PIECE_SIZE}"><path d="${piecePath(0, 0)}" fill="#fff"/></svg>`,
  );
  const outline = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${PIECE_SIZE}" height="${PIECE_SIZE}"><path d="${piecePath(0, 0)}" fill="none" stroke="rgba(255,255,255,0.95)" stroke-width="2"/></svg>`,
  );
  const [background, piece] = await Promise.all([
    sharp(scene)
      .composite([{ input: gap }])
      .png()
      .toBuffer(),
    sharp(scene)
      .extract({ left: x, top: y, width: PIECE_SIZE, height: PIECE_SIZE })
      .ensureAlpha()
      .composite([{ input: mask, blend: 'dest-in' }, { input: outline }])
      .png()
      .toBuffer(),
  ]);
  return { background, piece };
}
