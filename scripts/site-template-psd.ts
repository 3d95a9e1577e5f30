/**
 * A design template as a layered Photoshop file (PSD), for customers who design in Photoshop:
 * the canvas is the bleed box, with the trim and safe area also set as Photoshop guides, and each
 * mark on a layer of its own above an empty 「在此图层设计」 layer, so the marks can be hidden
 * before the artwork is exported. Used by scripts/generate-site-images.ts.
 *
 * Only pieces up to 220 mm on the long edge (cards, stickers, tickets, A5 flyers) get one, at
 * 300 ppi, the resolution they print at: bigger pieces are designed in vector tools (their PDF and
 * AI files), and a 300 ppi Photoshop canvas of a poster would weigh tens of megabytes. The file
 * is RGB (the writer cannot embed a CMYK profile); a layer's name reminds the designer to convert.
 */
import { initializeCanvas, writePsdUint8Array, type Layer } from 'ag-psd';
import sharp from 'sharp';

// The writer crops each layer to its pixels with plain image data; it never draws on a canvas.
initializeCanvas(
  () => {
    throw new Error('the PSD writer asked for a canvas');
  },
  (width, height) => ({ width, height, data: new Uint8ClampedArray(width * height * 4), colorSpace: 'srgb' }),
);

export interface TemplateGeometry {
  widthMm: number;
  heightMm: number;
  bleedMm: number;
  safeMm: number;
  /** A round sticker: trim and safe area are circles. */
  round: boolean;
  /** A perforation line at this x (mm from the trim's left), as a ticket's stub has. */
  perforationMm: number | null;
  /** A die-line: the unfolded outline, folds and printed faces in mm from the trim's top left. */
  dieLine: {
    faces: { box: [number, number, number, number] }[];
    folds: [number, number, number, number][];
    outline: [number, number][];
  } | null;
}

const BLEED_TINT = '#fcdbe0';
const TRIM = '#1a1a1a';
const SAFE = '#0d8cd9';
const FOLD = '#1a994d';

/** Print resolution of the Photoshop templates. */
export const TEMPLATE_PPI = 300;

/** Whether a piece of this size gets a Photoshop template (see the file's comment). */
export function hasPsdTemplate(geometry: TemplateGeometry): boolean {
  return Math.max(geometry.widthMm, geometry.heightMm) <= 220;
}

interface Canvas {
  width: number;
  height: number;
  /** Millimetres from the trim's top left to pixels of the canvas. */
  px: (mm: number) => number;
  at: (mm: number) => number;
}

function canvasOf(geometry: TemplateGeometry): Canvas {
  const scale = TEMPLATE_PPI / 25.4;
  const b = geometry.bleedMm;
  return {
    width: Math.round((geometry.widthMm + 2 * b) * scale),
    height: Math.round((geometry.heightMm + 2 * b) * scale),
    px: (mm) => mm * scale,
    at: (mm) => (mm + b) * scale,
  };
}

function svgOf(canvas: Canvas, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${canvas.width}" height="${canvas.height}">${body}</svg>`;
}

/** The cut shape (trim rectangle, circle or die-line outline) as an SVG path in canvas pixels. */
function cutPath(geometry: TemplateGeometry, c: Canvas): string {
  if (geometry.dieLine) {
    return `M ${geometry.dieLine.outline.map(([x, y]) => `${c.at(x)} ${c.at(y)}`).join(' L ')} Z`;
  }
  if (geometry.round) {
    const r = c.px(geometry.widthMm / 2);
    const cx = c.at(geometry.widthMm / 2);
    const cy = c.at(geometry.heightMm / 2);
    return `M ${cx - r} ${cy} a ${r} ${r} 0 1 0 ${2 * r} 0 a ${r} ${r} 0 1 0 ${-2 * r} 0 Z`;
  }
  const [x, y] = [c.at(0), c.at(0)];
  const [w, h] = [c.px(geometry.widthMm), c.px(geometry.heightMm)];
  return `M ${x} ${y} h ${w} v ${h} h ${-w} Z`;
}

function strokeWidth(c: Canvas): number {
  return Math.max(2, Math.round(Math.min(c.width, c.height) / 400));
}

function safeAreaSvg(geometry: TemplateGeometry, c: Canvas): string {
  const stroke = `fill="none" stroke="${SAFE}" stroke-width="${strokeWidth(c)}" stroke-dasharray="${c.px(2)} ${c.px(1.5)}"`;
  const inset = geometry.safeMm;
  if (geometry.round) {
    const r = c.px(geometry.widthMm / 2 - inset);
    return `<circle cx="${c.at(geometry.widthMm / 2)}" cy="${c.at(geometry.heightMm / 2)}" r="${r}" ${stroke}/>`;
  }
  const boxes: [number, number, number, number][] = geometry.dieLine
    ? geometry.dieLine.faces.map((face) => face.box)
    : [[0, 0, geometry.widthMm, geometry.heightMm]];
  return boxes
    .map(([x, y, w, h]) => {
      const i = Math.min(inset, w / 6, h / 6);
      return `<rect x="${c.at(x + i)}" y="${c.at(y + i)}" width="${c.px(w - 2 * i)}" height="${c.px(h - 2 * i)}" ${stroke}/>`;
    })
    .join('');
}

function foldsSvg(geometry: TemplateGeometry, c: Canvas): string {
  const lines: [number, number, number, number][] = [...(geometry.dieLine?.folds ?? [])];
  if (geometry.perforationMm !== null) {
    lines.push([geometry.perforationMm, 0, geometry.perforationMm, geometry.heightMm]);
  }
  const stroke = `stroke="${FOLD}" stroke-width="${strokeWidth(c)}" stroke-dasharray="${c.px(3)} ${c.px(2)}"`;
  return lines
    .map(
      ([x1, y1, x2, y2]) =>
        `<line x1="${c.at(x1)}" y1="${c.at(y1)}" x2="${c.at(x2)}" y2="${c.at(y2)}" ${stroke}/>`,
    )
    .join('');
}

async function pixels(c: Canvas, body: string) {
  const { data } = await sharp(Buffer.from(svgOf(c, body)))
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { width: c.width, height: c.height, data: new Uint8ClampedArray(data) };
}

/** The template as PSD bytes. Deterministic: the same geometry gives the same bytes. */
export async function templatePsd(geometry: TemplateGeometry): Promise<Uint8Array> {
  const c = canvasOf(geometry);
  const cut = cutPath(geometry, c);
  const full = `M 0 0 h ${c.width} v ${c.height} h ${-c.width} Z`;
  const parts = {
    paper: `<path d="${cut}" fill="#ffffff"/>`,
    bleed: geometry.bleedMm > 0 ? `<path d="${full} ${cut}" fill="${BLEED_TINT}" fill-rule="evenodd"/>` : '',
    trim: `<path d="${cut}" fill="none" stroke="${TRIM}" stroke-width="${strokeWidth(c)}"/>`,
    safe: safeAreaSvg(geometry, c),
    folds: foldsSvg(geometry, c),
  };
  const layers: Layer[] = [
    { name: '纸张（白色）', imageData: await pixels(c, parts.paper) },
    { name: '在此图层设计（背景铺满到粉色出血边）', imageData: await pixels(c, '') },
  ];
  if (parts.bleed) {
    layers.push({
      name: `出血 ${geometry.bleedMm}mm（粉色，导出前隐藏）`,
      imageData: await pixels(c, parts.bleed),
    });
  }
  layers.push(
    { name: '裁切线（实线，导出前隐藏）', imageData: await pixels(c, parts.trim) },
    {
      name: `安全区 ${geometry.safeMm}mm（蓝色虚线，文字与标志放在其内，导出前隐藏）`,
      imageData: await pixels(c, parts.safe),
    },
  );
  if (parts.folds) {
    layers.push({ name: '折线/撕线（绿色虚线，导出前隐藏）', imageData: await pixels(c, parts.folds) });
  }
  layers.push({
    name: '说明：印刷请转为 CMYK，图片 300ppi，文字转曲',
    hidden: true,
    imageData: await pixels(c, ''),
  });

  const ppi = TEMPLATE_PPI;
  const trimGuides = geometry.dieLine
    ? []
    : [
        ...[0, geometry.widthMm].map((x) => ({
          location: Math.round(c.at(x)),
          direction: 'vertical' as const,
        })),
        ...[0, geometry.heightMm].map((y) => ({
          location: Math.round(c.at(y)),
          direction: 'horizontal' as const,
        })),
      ];
  return writePsdUint8Array(
    {
      width: c.width,
      height: c.height,
      children: layers,
      imageData: await pixels(c, parts.paper + parts.bleed + parts.trim + parts.safe + parts.folds),
      imageResources: {
        resolutionInfo: {
          horizontalResolution: ppi,
          horizontalResolutionUnit: 'PPI',
          widthUnit: 'Centimeters',
          verticalResolution: ppi,
          verticalResolutionUnit: 'PPI',
          heightUnit: 'Centimeters',
        },
        gridAndGuidesInformation: { guides: trimGuides },
      },
    },
    { generateThumbnail: false, trimImageData: true, noBackground: true, compress: true },
  );
}
