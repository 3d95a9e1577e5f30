/**
 * Draws the demo site's pictures and template files into apps/server/assets/site/, which the
 * server serves read-only at /site-assets/ (docs/website.md, "Images"):
 *
 * - images/<key>.webp and images/<key>.small.webp: mock-ups of print products (business cards,
 *   flyers, posters, stickers, brochures, bags, envelopes, banners …) drawn as SVG and encoded
 *   by sharp; the large rendition stays under 150 KB, the small one is half its width;
 * - templates/<slug>.pdf: one real PDF per demo template (apps/server/src/modules/website/
 *   demo-templates.ts) with its bleed, trim and safe area drawn and its TrimBox/BleedBox set;
 *   templates/<slug>.ai: the same document for Illustrator (whose format is PDF-based);
 *   templates/<slug>.psd: for pieces up to A5, a layered Photoshop version (site-template-psd.ts);
 * - manifest.json: each image's URLs (with a content hash as `?v=`, so a changed picture gets a
 *   new URL while old links still resolve) and size, each template file's URL and byte count.
 *
 * Run `npx tsx scripts/generate-site-images.ts`; the output is deterministic, so running it again
 * without changes rewrites the same bytes. No text is drawn into the pictures: captions are the
 * page's, and the PDFs' labels are English because the standard PDF fonts have no Chinese.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import sharp from 'sharp';
import {
  DEMO_TEMPLATES,
  type DemoTemplate,
  type DemoTemplateArt,
} from '../apps/server/src/modules/website/demo-templates.ts';
import { hasPsdTemplate, templatePsd, type TemplateGeometry } from './site-template-psd.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = path.join(root, 'apps/server/assets/site');
const URL_PREFIX = '/site-assets';
const MAX_LARGE_BYTES = 150 * 1024;

interface Palette {
  /** Brand colour, a darker and a lighter shade, and a warm accent. */
  main: string;
  dark: string;
  light: string;
  accent: string;
  /** Background wash of a scene. */
  wash: string;
}

const GREEN: Palette = {
  main: '#1f9d6b',
  dark: '#0f6b48',
  light: '#d8f3e6',
  accent: '#f2b544',
  wash: '#eef7f2',
};
const RED: Palette = {
  main: '#d9363e',
  dark: '#9e1f26',
  light: '#fde3e1',
  accent: '#f5a623',
  wash: '#fbf1ef',
};
const INK = '#1d2a36';
const PAPER = '#ffffff';

// ---------------------------------------------------------------------------------------------
// SVG helpers

const SHADOW = `<filter id="shadow" x="-20%" y="-20%" width="140%" height="150%">
<feGaussianBlur in="SourceAlpha" stdDeviation="10"/><feOffset dy="10" result="blur"/>
<feComponentTransfer><feFuncA type="linear" slope="0.28"/></feComponentTransfer>
<feMerge><feMergeNode/><feMergeNode in="SourceGraphic"/></feMerge></filter>`;

function svg(width: number, height: number, body: string, defs = ''): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<defs>${SHADOW}${defs}</defs>${body}</svg>`;
}

/** Lines of "text" as rounded bars, the last one shorter. */
function textBars(x: number, y: number, width: number, count: number, color: string, size = 8): string {
  let out = '';
  for (let line = 0; line < count; line += 1) {
    const w = line === count - 1 && count > 1 ? width * 0.62 : width * (0.94 - (line % 3) * 0.07);
    out += `<rect x="${x}" y="${y + line * size * 2}" width="${w.toFixed(1)}" height="${size}" rx="${size / 2}" fill="${color}"/>`;
  }
  return out;
}

/** A mark standing for a logo: a ring with a leaf. */
function logo(cx: number, cy: number, r: number, color: string, paper = PAPER): string {
  return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${color}"/>
<path d="M${cx - r * 0.45} ${cy + r * 0.35} C ${cx - r * 0.4} ${cy - r * 0.4}, ${cx + r * 0.2} ${cy - r * 0.55}, ${cx + r * 0.5} ${cy - r * 0.45} C ${cx + r * 0.45} ${cy + r * 0.2}, ${cx - r * 0.05} ${cy + r * 0.45}, ${cx - r * 0.45} ${cy + r * 0.35} Z" fill="${paper}"/>`;
}

/** A picture block: sky gradient with hills and a sun. */
function photo(x: number, y: number, w: number, h: number, p: Palette, id: string): string {
  return `<defs><linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.light}"/><stop offset="1" stop-color="${p.main}" stop-opacity="0.55"/></linearGradient>
<clipPath id="${id}c"><rect x="${x}" y="${y}" width="${w}" height="${h}"/></clipPath></defs>
<g clip-path="url(#${id}c)"><rect x="${x}" y="${y}" width="${w}" height="${h}" fill="url(#${id})"/>
<circle cx="${x + w * 0.75}" cy="${y + h * 0.3}" r="${Math.min(w, h) * 0.12}" fill="${p.accent}"/>
<path d="M${x} ${y + h * 0.78} Q ${x + w * 0.25} ${y + h * 0.45} ${x + w * 0.5} ${y + h * 0.72} T ${x + w} ${y + h * 0.6} V ${y + h} H ${x} Z" fill="${p.main}" opacity="0.75"/>
<path d="M${x} ${y + h * 0.9} Q ${x + w * 0.35} ${y + h * 0.7} ${x + w * 0.7} ${y + h * 0.88} T ${x + w} ${y + h * 0.85} V ${y + h} H ${x} Z" fill="${p.dark}"/></g>`;
}

// ---------------------------------------------------------------------------------------------
// Flat artwork of each kind of print, drawn into a w × h box at (0, 0)

function businessCardArt(w: number, h: number, p: Palette, isVertical = false): string {
  const s = Math.min(w, h);
  if (isVertical) {
    return `<rect width="${w}" height="${h}" fill="${PAPER}"/>
<rect width="${w}" height="${h * 0.42}" fill="${p.main}"/>${logo(w / 2, h * 0.21, s * 0.16, PAPER, p.main)}
${textBars(w * 0.18, h * 0.52, w * 0.64, 1, INK, s * 0.07)}${textBars(w * 0.26, h * 0.62, w * 0.48, 1, p.main, s * 0.04)}
${textBars(w * 0.14, h * 0.74, w * 0.72, 3, '#8a96a3', s * 0.035)}`;
  }
  return `<rect width="${w}" height="${h}" fill="${PAPER}"/>
<rect width="${w * 0.06}" height="${h}" fill="${p.main}"/><rect x="${w * 0.06}" width="${w * 0.015}" height="${h}" fill="${p.accent}"/>
${logo(w * 0.8, h * 0.27, s * 0.13, p.main)}
${textBars(w * 0.15, h * 0.2, w * 0.4, 1, INK, s * 0.085)}${textBars(w * 0.15, h * 0.36, w * 0.28, 1, p.main, s * 0.05)}
${textBars(w * 0.15, h * 0.62, w * 0.6, 3, '#8a96a3', s * 0.04)}`;
}

function flyerArt(w: number, h: number, p: Palette, id: string): string {
  return `<rect width="${w}" height="${h}" fill="${PAPER}"/>
<rect width="${w}" height="${h * 0.14}" fill="${p.main}"/>${logo(w * 0.1, h * 0.07, h * 0.035, PAPER, p.main)}
${textBars(w * 0.18, h * 0.055, w * 0.4, 1, PAPER, h * 0.025)}
${photo(w * 0.06, h * 0.18, w * 0.88, h * 0.36, p, id)}
${textBars(w * 0.06, h * 0.59, w * 0.7, 1, INK, h * 0.03)}
${textBars(w * 0.06, h * 0.66, w * 0.42, 6, '#8a96a3', h * 0.012)}
<rect x="${w * 0.54}" y="${h * 0.66}" width="${w * 0.4}" height="${h * 0.14}" rx="${h * 0.01}" fill="${p.light}"/>
${textBars(w * 0.58, h * 0.69, w * 0.3, 3, p.dark, h * 0.013)}
<rect y="${h * 0.88}" width="${w}" height="${h * 0.12}" fill="${p.dark}"/>
${textBars(w * 0.06, h * 0.92, w * 0.5, 2, '#ffffffaa', h * 0.012)}
<rect x="${w * 0.78}" y="${h * 0.9}" width="${h * 0.08}" height="${h * 0.08}" fill="${PAPER}"/>`;
}

function posterArt(w: number, h: number, p: Palette, id: string): string {
  const s = Math.min(w, h);
  return `<defs><linearGradient id="${id}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${p.dark}"/><stop offset="1" stop-color="${p.main}"/></linearGradient></defs>
<rect width="${w}" height="${h}" fill="url(#${id})"/>
<circle cx="${w * 0.78}" cy="${h * 0.28}" r="${s * 0.34}" fill="${p.accent}" opacity="0.9"/>
<circle cx="${w * 0.22}" cy="${h * 0.5}" r="${s * 0.22}" fill="${p.light}" opacity="0.35"/>
<rect x="${w * 0.1}" y="${h * 0.18}" width="${w * 0.5}" height="${s * 0.28}" fill="none" stroke="${PAPER}" stroke-width="${s * 0.012}"/>
${textBars(w * 0.1, h * 0.64, w * 0.75, 1, PAPER, s * 0.085)}${textBars(w * 0.1, h * 0.64 + s * 0.13, w * 0.5, 1, p.accent, s * 0.05)}
${textBars(w * 0.1, h * 0.84, w * 0.55, 3, '#ffffffb3', s * 0.02)}`;
}

function brochureArt(w: number, h: number, p: Palette, id: string): string {
  return `<rect width="${w}" height="${h}" fill="${p.dark}"/>
${photo(0, 0, w, h * 0.62, p, id)}
<rect x="${w * 0.08}" y="${h * 0.68}" width="${w * 0.12}" height="${h * 0.012}" fill="${p.accent}"/>
${textBars(w * 0.08, h * 0.73, w * 0.7, 1, PAPER, h * 0.04)}${textBars(w * 0.08, h * 0.82, w * 0.45, 2, '#ffffffa6', h * 0.016)}
${logo(w * 0.86, h * 0.9, Math.min(w, h) * 0.05, p.accent, p.dark)}`;
}

function stickerRoundArt(w: number, h: number, p: Palette, hasBackdrop = true): string {
  const r = Math.min(w, h) / 2;
  const backdrop = hasBackdrop ? `<rect width="${w}" height="${h}" fill="${PAPER}"/>` : '';
  return `${backdrop}<circle cx="${w / 2}" cy="${h / 2}" r="${r}" fill="${p.main}"/>
<circle cx="${w / 2}" cy="${h / 2}" r="${r * 0.8}" fill="none" stroke="${PAPER}" stroke-width="${r * 0.04}" stroke-dasharray="${r * 0.08} ${r * 0.06}"/>
${logo(w / 2, h * 0.42, r * 0.28, PAPER, p.main)}${textBars(w / 2 - r * 0.45, h / 2 + r * 0.22, r * 0.9, 1, PAPER, r * 0.1)}
${textBars(w / 2 - r * 0.28, h / 2 + r * 0.42, r * 0.56, 1, p.accent, r * 0.07)}`;
}

function stickerLabelArt(w: number, h: number, p: Palette): string {
  const s = Math.min(w, h);
  return `<rect width="${w}" height="${h}" rx="${s * 0.08}" fill="${p.light}"/>
<rect x="${s * 0.06}" y="${s * 0.06}" width="${w - s * 0.12}" height="${h - s * 0.12}" rx="${s * 0.06}" fill="none" stroke="${p.main}" stroke-width="${s * 0.02}"/>
${logo(w * 0.22, h / 2, s * 0.18, p.main, p.light)}${textBars(w * 0.42, h * 0.32, w * 0.45, 1, p.dark, s * 0.1)}
${textBars(w * 0.42, h * 0.55, w * 0.4, 2, '#6b7785', s * 0.05)}`;
}

function bagFrontArt(w: number, h: number, p: Palette): string {
  const s = Math.min(w, h);
  return `<rect width="${w}" height="${h}" fill="${PAPER}"/><rect y="${h * 0.62}" width="${w}" height="${h * 0.38}" fill="${p.main}"/>
<path d="M0 ${h * 0.62} Q ${w * 0.5} ${h * 0.5} ${w} ${h * 0.62}" fill="${p.main}"/>
${logo(w / 2, h * 0.32, s * 0.14, p.main)}${textBars(w * 0.3, h * 0.48, w * 0.4, 1, INK, s * 0.035)}
${textBars(w * 0.25, h * 0.8, w * 0.5, 1, PAPER, s * 0.03)}`;
}

function envelopeFrontArt(w: number, h: number, p: Palette): string {
  const s = Math.min(w, h);
  let postcode = '';
  for (let box = 0; box < 6; box += 1) {
    postcode += `<rect x="${w * 0.05 + box * s * 0.13}" y="${h * 0.08}" width="${s * 0.1}" height="${s * 0.1}" fill="none" stroke="${p.main}" stroke-width="${s * 0.008}"/>`;
  }
  return `<rect width="${w}" height="${h}" fill="${PAPER}"/>${postcode}
<rect x="${w * 0.84}" y="${h * 0.08}" width="${s * 0.2}" height="${s * 0.24}" fill="none" stroke="${p.main}" stroke-width="${s * 0.008}" stroke-dasharray="${s * 0.02} ${s * 0.015}"/>
${textBars(w * 0.2, h * 0.42, w * 0.55, 2, '#c5cdd5', s * 0.03)}
<rect y="${h * 0.82}" width="${w}" height="${h * 0.18}" fill="${p.main}"/>${logo(w * 0.07, h * 0.91, s * 0.06, PAPER, p.main)}
${textBars(w * 0.13, h * 0.885, w * 0.4, 1, PAPER, s * 0.035)}`;
}

function ticketArt(w: number, h: number, p: Palette, id: string): string {
  const stub = w * 0.74;
  let perforation = '';
  for (let y = h * 0.04; y < h; y += h * 0.08) {
    perforation += `<circle cx="${stub}" cy="${y}" r="${h * 0.018}" fill="${PAPER}"/>`;
  }
  return `<defs><linearGradient id="${id}" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${p.dark}"/><stop offset="1" stop-color="${p.main}"/></linearGradient></defs>
<rect width="${w}" height="${h}" fill="url(#${id})"/><rect x="${stub}" width="${w - stub}" height="${h}" fill="${p.light}"/>
<circle cx="${w * 0.14}" cy="${h / 2}" r="${h * 0.26}" fill="${p.accent}"/>
${textBars(w * 0.3, h * 0.26, w * 0.36, 1, PAPER, h * 0.12)}${textBars(w * 0.3, h * 0.52, w * 0.3, 2, '#ffffffb3', h * 0.06)}
${perforation}${textBars(stub + w * 0.04, h * 0.3, w * 0.16, 1, p.dark, h * 0.08)}
${[0, 1, 2, 3, 4, 5].map((digit) => `<rect x="${stub + w * 0.04 + digit * w * 0.028}" y="${h * 0.66}" width="${w * 0.018}" height="${h * 0.12}" rx="${w * 0.004}" fill="${p.dark}"/>`).join('')}`;
}

function boardArt(w: number, h: number, p: Palette, id: string): string {
  return `<rect width="${w}" height="${h}" fill="${PAPER}"/><rect width="${w}" height="${h * 0.16}" fill="${p.main}"/>
${textBars(w * 0.08, h * 0.055, w * 0.6, 1, PAPER, h * 0.04)}
${photo(w * 0.08, h * 0.2, w * 0.84, h * 0.3, p, id)}
<rect x="${w * 0.08}" y="${h * 0.55}" width="${w * 0.4}" height="${h * 0.18}" fill="${p.light}"/><rect x="${w * 0.52}" y="${h * 0.55}" width="${w * 0.4}" height="${h * 0.18}" fill="${p.light}"/>
${textBars(w * 0.11, h * 0.58, w * 0.32, 4, p.dark, h * 0.012)}${textBars(w * 0.55, h * 0.58, w * 0.32, 4, p.dark, h * 0.012)}
${textBars(w * 0.08, h * 0.79, w * 0.84, 4, '#8a96a3', h * 0.012)}<rect y="${h * 0.95}" width="${w}" height="${h * 0.05}" fill="${p.dark}"/>`;
}

function documentArt(w: number, h: number, p: Palette): string {
  return `<rect width="${w}" height="${h}" fill="${PAPER}"/>
${textBars(w * 0.14, h * 0.1, w * 0.5, 1, INK, h * 0.02)}<rect x="${w * 0.14}" y="${h * 0.15}" width="${w * 0.72}" height="${h * 0.004}" fill="${p.main}"/>
${textBars(w * 0.14, h * 0.19, w * 0.72, 8, '#9aa5b1', h * 0.008)}
<rect x="${w * 0.14}" y="${h * 0.35}" width="${w * 0.72}" height="${h * 0.2}" fill="${p.light}"/>
<path d="M${w * 0.18} ${h * 0.52} L ${w * 0.32} ${h * 0.44} L ${w * 0.46} ${h * 0.48} L ${w * 0.6} ${h * 0.4} L ${w * 0.8} ${h * 0.42}" fill="none" stroke="${p.main}" stroke-width="${h * 0.005}"/>
${textBars(w * 0.14, h * 0.6, w * 0.72, 12, '#9aa5b1', h * 0.008)}
${textBars(w * 0.45, h * 0.94, w * 0.1, 1, '#c5cdd5', h * 0.008)}`;
}

/** The flat artwork of a template kind, as SVG content for a w × h box. */
function templateArt(art: DemoTemplateArt, w: number, h: number, p: Palette, id: string): string {
  switch (art) {
    case 'card':
      return businessCardArt(w, h, p);
    case 'card-vertical':
      return businessCardArt(w, h, p, true);
    case 'flyer':
      return flyerArt(w, h, p, id);
    case 'poster':
      return posterArt(w, h, p, id);
    case 'sticker-round':
      return stickerRoundArt(w, h, p);
    case 'sticker-label':
      return stickerLabelArt(w, h, p);
    case 'brochure':
      return brochureArt(w, h, p, id);
    case 'bag':
      return bagFrontArt(w, h, p);
    case 'envelope':
      return envelopeFrontArt(w, h, p);
    case 'ticket':
      return ticketArt(w, h, p, id);
    case 'board':
      return boardArt(w, h, p, id);
    case 'document':
      return documentArt(w, h, p);
  }
}

/** Artwork placed at (x, y) with a size, rotated about its centre, with a shadow. */
function placed(
  x: number,
  y: number,
  w: number,
  h: number,
  angle: number,
  content: string,
  id: string,
): string {
  return `<defs><clipPath id="${id}clip"><rect width="${w}" height="${h}" rx="2"/></clipPath></defs>
<g transform="translate(${x} ${y}) rotate(${angle} ${w / 2} ${h / 2})" filter="url(#shadow)">
<g clip-path="url(#${id}clip)">${content}</g></g>`;
}

function scene(width: number, height: number, p: Palette, body: string): string {
  const wash = `<defs><radialGradient id="wash" cx="0.5" cy="0.35" r="0.8"><stop offset="0" stop-color="#ffffff"/><stop offset="1" stop-color="${p.wash}"/></radialGradient></defs>
<rect width="${width}" height="${height}" fill="url(#wash)"/>
<ellipse cx="${width / 2}" cy="${height * 0.92}" rx="${width * 0.42}" ry="${height * 0.05}" fill="${p.main}" opacity="0.08"/>`;
  return svg(width, height, wash + body);
}

// ---------------------------------------------------------------------------------------------
// Product mock-ups (800 × 600)

const W = 800;
const H = 600;

const productScenes: Record<string, (p: Palette) => string> = {
  'product-business-card': (p) =>
    scene(
      W,
      H,
      p,
      placed(170, 170, 360, 216, -12, businessCardArt(360, 216, p), 'a') +
        placed(300, 250, 360, 216, 6, businessCardArt(360, 216, { ...p, main: p.dark, dark: p.main }), 'b'),
    ),
  'product-flyer': (p) =>
    scene(
      W,
      H,
      p,
      placed(180, 70, 300, 424, -8, flyerArt(300, 424, p, 'fa'), 'a') +
        placed(340, 90, 300, 424, 5, flyerArt(300, 424, { ...p, main: p.dark }, 'fb'), 'b'),
    ),
  'product-poster': (p) =>
    scene(
      W,
      H,
      p,
      `<rect x="0" y="0" width="${W}" height="${H * 0.78}" fill="#f4f1ea"/><rect y="${H * 0.78}" width="${W}" height="${H * 0.22}" fill="#d9d2c3"/>` +
        placed(260, 40, 280, 396, 0, posterArt(280, 396, p, 'pa'), 'a'),
    ),
  'product-brochure': (p) =>
    scene(
      W,
      H,
      p,
      placed(120, 120, 250, 354, -6, brochureArt(250, 354, p, 'ba'), 'a') +
        `<g transform="translate(390 150) rotate(3)" filter="url(#shadow)"><rect width="300" height="212" fill="${PAPER}"/><rect x="148" width="4" height="212" fill="#00000014"/>${photo(12, 12, 126, 110, p, 'bb')}${textBars(12, 134, 120, 4, '#9aa5b1', 6)}${textBars(162, 14, 124, 9, '#9aa5b1', 6)}${photo(162, 126, 126, 74, p, 'bc')}</g>`,
    ),
  'product-sticker': (p) =>
    scene(
      W,
      H,
      p,
      `<g filter="url(#shadow)"><rect x="150" y="110" width="500" height="380" rx="18" fill="${PAPER}"/></g>` +
        [0, 1, 2]
          .map(
            (col) => `<g transform="translate(${190 + col * 150} 140)">${stickerRoundArt(120, 120, p)}</g>`,
          )
          .join('') +
        [0, 1]
          .map(
            (col) => `<g transform="translate(${190 + col * 225} 300)">${stickerLabelArt(195, 130, p)}</g>`,
          )
          .join(''),
    ),
  'product-outdoor-banner': (p) =>
    scene(
      W,
      H,
      p,
      `<rect x="90" y="80" width="620" height="380" fill="#cfd6dc"/><rect x="90" y="460" width="620" height="14" fill="#9aa5b1"/>` +
        placed(120, 120, 560, 280, 0, posterArt(560, 280, p, 'oa'), 'a') +
        [
          [132, 132],
          [668, 132],
          [132, 388],
          [668, 388],
        ]
          .map(
            ([cx, cy]) =>
              `<circle cx="${cx}" cy="${cy}" r="7" fill="#e7ebee" stroke="#6b7785" stroke-width="3"/>`,
          )
          .join(''),
    ),
  'product-rollup': (p) =>
    scene(
      W,
      H,
      p,
      placed(300, 40, 200, 480, 0, `${posterArt(200, 480, p, 'ra')}`, 'a') +
        `<rect x="280" y="520" width="240" height="26" rx="6" fill="#6b7785"/><rect x="296" y="546" width="20" height="10" fill="#4a5561"/><rect x="484" y="546" width="20" height="10" fill="#4a5561"/>`,
    ),
  'product-bag': (p) =>
    scene(
      W,
      H,
      p,
      `<g filter="url(#shadow)"><path d="M520 190 L600 160 L600 480 L520 520 Z" fill="${p.dark}"/></g>` +
        placed(240, 190, 280, 330, 0, bagFrontArt(280, 330, p), 'a') +
        `<path d="M300 200 C 300 90, 460 90, 460 200" fill="none" stroke="${INK}" stroke-width="8" stroke-linecap="round"/>`,
    ),
  'product-envelope': (p) =>
    scene(
      W,
      H,
      p,
      placed(110, 150, 420, 210, -6, envelopeFrontArt(420, 210, p), 'a') +
        `<g transform="translate(300 250) rotate(5)" filter="url(#shadow)"><rect width="400" height="200" fill="${p.light}"/><path d="M0 0 L200 110 L400 0" fill="none" stroke="${p.main}" stroke-width="4"/><path d="M0 200 L160 90 M400 200 L240 90" stroke="#00000022" stroke-width="3"/></g>`,
    ),
  'product-document': (p) =>
    scene(
      W,
      H,
      p,
      placed(230, 90, 300, 424, -6, documentArt(300, 424, p), 'a') +
        placed(270, 80, 300, 424, 3, documentArt(300, 424, p), 'b'),
    ),
  'product-cloth-banner': (p) =>
    scene(
      W,
      H,
      p,
      `<rect x="60" y="150" width="10" height="360" fill="#6b7785"/><rect x="730" y="150" width="10" height="360" fill="#6b7785"/>` +
        `<g filter="url(#shadow)"><path d="M70 200 Q 400 230 730 200 L 730 300 Q 400 330 70 300 Z" fill="#d9363e"/></g>` +
        [0, 1, 2, 3, 4, 5, 6, 7]
          .map(
            (i) =>
              `<rect x="${130 + i * 70}" y="${232 + (i % 2) * 3}" width="46" height="46" rx="6" fill="#ffffff" opacity="0.92"/>`,
          )
          .join(''),
    ),
  'product-kt-board': (p) =>
    scene(
      W,
      H,
      p,
      `<path d="M330 420 L270 560 M470 420 L530 560 M400 420 L400 560" stroke="#8a6d4b" stroke-width="12" stroke-linecap="round"/>` +
        placed(270, 40, 260, 368, 0, boardArt(260, 368, p, 'ka'), 'a') +
        `<rect x="262" y="400" width="276" height="14" rx="4" fill="#8a6d4b"/>`,
    ),
  'product-ticket': (p) =>
    scene(
      W,
      H,
      p,
      placed(120, 170, 480, 160, -8, ticketArt(480, 160, p, 'ta'), 'a') +
        placed(220, 300, 480, 160, 4, ticketArt(480, 160, { ...p, main: p.dark, dark: p.main }, 'tb'), 'b'),
    ),
};

// ---------------------------------------------------------------------------------------------
// Banners (1600 × 500), side ads (600 × 400), login art (800 × 1000), about picture (1200 × 600)

function banner(p: Palette, art: string): string {
  const defs = `<linearGradient id="band" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${p.dark}"/><stop offset="0.55" stop-color="${p.main}"/><stop offset="1" stop-color="${p.light}"/></linearGradient>`;
  return svg(
    1600,
    500,
    `<rect width="1600" height="500" fill="url(#band)"/>
<circle cx="120" cy="460" r="220" fill="#ffffff" opacity="0.06"/><circle cx="560" cy="-40" r="180" fill="#ffffff" opacity="0.07"/>
<path d="M0 420 Q 400 360 800 430 T 1600 400 V 500 H 0 Z" fill="#ffffff" opacity="0.08"/>${art}`,
    defs,
  );
}

const bannerScenes: Record<string, () => string> = {
  'banner-cards': () =>
    banner(
      GREEN,
      placed(820, 100, 380, 228, -12, businessCardArt(380, 228, GREEN), 'a') +
        placed(960, 220, 380, 228, 6, businessCardArt(380, 228, { ...GREEN, main: GREEN.dark }), 'b') +
        placed(1300, 60, 228, 380, 12, businessCardArt(228, 380, GREEN, true), 'c'),
    ),
  'banner-flyers': () =>
    banner(
      GREEN,
      placed(900, 40, 290, 410, -10, flyerArt(290, 410, GREEN, 'fa'), 'a') +
        placed(1080, 60, 290, 410, 4, posterArt(290, 410, GREEN, 'fb'), 'b') +
        placed(1260, 90, 230, 325, 12, brochureArt(230, 325, GREEN, 'fc'), 'c'),
    ),
  'banner-packaging': () =>
    banner(
      GREEN,
      `<g filter="url(#shadow)"><path d="M1230 150 L1290 126 L1290 420 L1230 450 Z" fill="${GREEN.dark}"/></g>` +
        placed(1000, 150, 230, 300, 0, bagFrontArt(230, 300, GREEN), 'a') +
        `<path d="M1050 160 C 1050 60, 1180 60, 1180 160" fill="none" stroke="${INK}" stroke-width="7" stroke-linecap="round"/>` +
        placed(760, 300, 300, 150, -6, envelopeFrontArt(300, 150, GREEN), 'b') +
        [0, 1]
          .map(
            (i) =>
              `<g transform="translate(${1340 + i * 110} ${320 - i * 60})" filter="url(#shadow)">${stickerRoundArt(100, 100, GREEN, false)}</g>`,
          )
          .join(''),
    ),
  'banner-documents': () =>
    banner(
      RED,
      placed(940, 60, 270, 382, -8, documentArt(270, 382, RED), 'a') +
        placed(1000, 50, 270, 382, 2, documentArt(270, 382, RED), 'b') +
        placed(1240, 120, 230, 325, 10, brochureArt(230, 325, RED, 'dc'), 'c'),
    ),
  'banner-signage': () =>
    banner(
      RED,
      `<g filter="url(#shadow)"><path d="M820 140 Q 1150 170 1480 140 L 1480 230 Q 1150 260 820 230 Z" fill="#ffffff"/></g>` +
        [0, 1, 2, 3, 4, 5, 6]
          .map(
            (i) =>
              `<rect x="${880 + i * 80}" y="${166 + (i % 2) * 3}" width="50" height="44" rx="6" fill="${RED.main}"/>`,
          )
          .join('') +
        placed(1010, 262, 150, 212, 0, boardArt(150, 212, RED, 'sa'), 'a') +
        placed(1230, 250, 100, 230, 0, posterArt(100, 230, RED, 'sb'), 'b'),
    ),
  'banner-tickets': () =>
    banner(
      RED,
      placed(860, 120, 480, 160, -10, ticketArt(480, 160, RED, 'ta'), 'a') +
        placed(
          980,
          250,
          480,
          160,
          5,
          ticketArt(480, 160, { ...RED, main: RED.dark, dark: RED.main }, 'tb'),
          'b',
        ),
    ),
};

function sideAd(p: Palette, art: string): string {
  return svg(
    600,
    400,
    `<rect width="600" height="400" fill="${p.light}"/><circle cx="520" cy="70" r="150" fill="${p.main}" opacity="0.18"/>
<rect y="330" width="600" height="70" fill="${p.main}"/>${art}`,
  );
}

const otherScenes: Record<string, () => string> = {
  'side-templates': () =>
    sideAd(
      GREEN,
      placed(60, 60, 150, 212, -8, flyerArt(150, 212, GREEN, 'sa'), 'a') +
        placed(220, 80, 150, 212, 2, posterArt(150, 212, GREEN, 'sb'), 'b') +
        placed(390, 110, 170, 102, 10, businessCardArt(170, 102, GREEN), 'c'),
    ),
  'side-samples': () =>
    sideAd(
      RED,
      placed(80, 90, 200, 120, -10, businessCardArt(200, 120, RED), 'a') +
        placed(300, 60, 140, 198, 6, flyerArt(140, 198, RED, 'sc'), 'b') +
        `<g transform="translate(450 150)" filter="url(#shadow)">${stickerRoundArt(100, 100, RED, false)}</g>`,
    ),
  'login-green': () => loginArt(GREEN),
  'login-red': () => loginArt(RED),
  'about-workshop': () => workshop(GREEN),
};

function loginArt(p: Palette): string {
  const defs = `<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.main}"/><stop offset="1" stop-color="${p.dark}"/></linearGradient>`;
  return svg(
    800,
    1000,
    `<rect width="800" height="1000" fill="url(#sky)"/><circle cx="640" cy="180" r="260" fill="#ffffff" opacity="0.07"/><circle cx="80" cy="900" r="300" fill="#ffffff" opacity="0.06"/>
${placed(140, 300, 300, 424, -10, flyerArt(300, 424, p, 'la'), 'a')}
${placed(360, 360, 300, 424, 6, posterArt(300, 424, { ...p, dark: p.main, main: p.dark }, 'lb'), 'b')}
${placed(230, 700, 300, 180, -4, businessCardArt(300, 180, p), 'c')}`,
    defs,
  );
}

/** A print shop: a press with sheets coming out, a stack of finished work and a cutter. */
function workshop(p: Palette): string {
  const sheets = [0, 1, 2, 3, 4]
    .map(
      (i) =>
        `<rect x="${640 + i * 6}" y="${318 - i * 8}" width="170" height="10" fill="${PAPER}" stroke="#c5cdd5"/>`,
    )
    .join('');
  return svg(
    1200,
    600,
    `<rect width="1200" height="600" fill="${p.wash}"/><rect y="500" width="1200" height="100" fill="#dfe5ea"/>
<g transform="translate(-20 -40) scale(1.1)"><g filter="url(#shadow)"><rect x="140" y="180" width="480" height="290" rx="18" fill="#5b6b7a"/>
<rect x="170" y="210" width="420" height="90" rx="10" fill="#33414e"/>
${[0, 1, 2, 3].map((i) => `<circle cx="${230 + i * 100}" cy="255" r="32" fill="${[p.main, '#00a0e9', '#e4007f', '#fff100'][i]}"/>`).join('')}
<rect x="170" y="320" width="420" height="20" rx="6" fill="#8795a3"/><rect x="520" y="360" width="60" height="40" rx="6" fill="${p.accent}"/>
<rect x="600" y="330" width="240" height="16" fill="#8795a3"/></g>${sheets}
<g filter="url(#shadow)"><rect x="900" y="360" width="200" height="110" fill="${PAPER}"/>
${[0, 1, 2, 3, 4].map((i) => `<rect x="900" y="${360 + i * 22}" width="200" height="2" fill="#c5cdd5"/>`).join('')}</g>
${placed(920, 250, 160, 96, -6, businessCardArt(160, 96, p), 'a')}</g>`,
  );
}

// ---------------------------------------------------------------------------------------------
// Template previews (the template's artwork at its aspect ratio, long edge 800) and PDFs

function previewOf(template: DemoTemplate, p: Palette): string {
  const isLandscape = template.widthMm >= template.heightMm;
  const w = isLandscape ? 800 : Math.round((800 * template.widthMm) / template.heightMm);
  const h = isLandscape ? Math.round((800 * template.heightMm) / template.widthMm) : 800;
  if (template.art === 'bag' || template.art === 'envelope') return dieLinePreview(template, p);
  return svg(w, h, templateArt(template.art, w, h, p, 'tp'));
}

/** A die-line template's preview: the unfolded sheet with its panels, the front printed. */
function dieLinePreview(template: DemoTemplate, p: Palette): string {
  const scale = 800 / Math.max(template.widthMm, template.heightMm);
  const w = Math.round(template.widthMm * scale);
  const h = Math.round(template.heightMm * scale);
  const panels = dieLinePanels(template);
  let body = `<rect width="${w}" height="${h}" fill="#f5f7f9"/>`;
  for (const panel of panels.faces) {
    const [x, y, pw, ph] = panel.box.map((v) => v * scale) as [number, number, number, number];
    const art = panel.isFront
      ? templateArt(template.art, pw, ph, p, `d${x}`)
      : `<rect width="${pw}" height="${ph}" fill="${panel.isFront ? PAPER : p.light}"/>`;
    body += `<g transform="translate(${x} ${y})">${art}</g>`;
  }
  for (const [x1, y1, x2, y2] of panels.folds) {
    body += `<line x1="${x1 * scale}" y1="${y1 * scale}" x2="${x2 * scale}" y2="${y2 * scale}" stroke="${p.dark}" stroke-width="2" stroke-dasharray="8 6"/>`;
  }
  return svg(w, h, body);
}

interface DieLine {
  /** Printed faces: [x, y, width, height] in mm from the sheet's top left. */
  faces: { box: [number, number, number, number]; isFront: boolean }[];
  /** Fold lines [x1, y1, x2, y2] in mm. */
  folds: [number, number, number, number][];
  /** Cut outline, a polygon in mm. */
  outline: [number, number][];
}

/**
 * The unfolded shape of a bag (glue flap, front, gusset, back, gusset; top turn-over and bottom)
 * or an envelope (sealing flap, front, back with side flaps), in mm of the template's sheet.
 */
function dieLinePanels(template: DemoTemplate): DieLine {
  const { widthMm: W0, heightMm: H0 } = template;
  if (template.art === 'bag') {
    // 830 × 510: glue 30 | front 300 | gusset 100 | back 300 | gusset 100; top 40, body 400, bottom 70.
    const xs = [0, 30, 330, 430, 730, W0];
    const top = 40;
    const bottom = H0 - 70;
    return {
      faces: [
        { box: [30, top, 300, bottom - top], isFront: true },
        { box: [330, top, 100, bottom - top], isFront: false },
        { box: [430, top, 300, bottom - top], isFront: true },
        { box: [730, top, 100, bottom - top], isFront: false },
      ],
      folds: [
        ...xs.slice(1, -1).map((x): [number, number, number, number] => [x, 0, x, H0]),
        [0, top, W0, top],
        [0, bottom, W0, bottom],
        [380, top, 380, H0],
        [780, top, 780, H0],
      ],
      outline: [
        [0, 8],
        [30, 0],
        [W0, 0],
        [W0, H0],
        [30, H0],
        [0, H0 - 8],
      ],
    };
  }
  // Envelope 240 × 255: side flaps 10 each; sealing flap 35, front 110, back 110.
  const left = 10;
  const right = W0 - 10;
  const flap = 35;
  const front = flap + 110;
  return {
    faces: [
      { box: [left, flap, right - left, 110], isFront: true },
      { box: [left, front, right - left, 110], isFront: false },
    ],
    folds: [
      [left, flap, right, flap],
      [left, front, right, front],
      [left, front, left, H0],
      [right, front, right, H0],
    ],
    outline: [
      [left + 20, 0],
      [right - 20, 0],
      [right, flap],
      [right, front],
      [W0, front + 12],
      [W0, H0 - 12],
      [right, H0],
      [left, H0],
      [0, H0 - 12],
      [0, front + 12],
      [left, front],
      [left, flap],
    ],
  };
}

const MM = 72 / 25.4;
const pt = (mm: number) => mm * MM;

type Colour = ReturnType<typeof rgb>;
const BLEED_TINT = rgb(0.99, 0.86, 0.88);
const TRIM = rgb(0.1, 0.1, 0.1);
const SAFE = rgb(0.05, 0.55, 0.85);
const FOLD = rgb(0.1, 0.6, 0.3);
const BLEED_TEXT = rgb(0.8, 0.2, 0.35);

/** The legend's lines: what the template is and what each line and colour means. */
function legendLines(template: DemoTemplate, hasFolds: boolean): [string, Colour][] {
  const b = template.bleedMm;
  return [
    [`${template.label}: finished ${template.widthMm} x ${template.heightMm} mm`, TRIM],
    b > 0
      ? [`Bleed ${b} mm each side (pink): extend backgrounds to the pink edge`, BLEED_TEXT]
      : ['No bleed: keep a white margin', TRIM],
    ['Solid line: trim. Blue dashes: safe area, keep text and logos inside', SAFE],
    ...(hasFolds ? [['Green dashes: folds', FOLD] as [string, Colour]] : []),
    ['CMYK, images 300 dpi, fonts outlined, export PDF/X-4', TRIM],
  ];
}

/**
 * A template's PDF. The bleed box is the finished size plus the bleed on every side (tinted
 * pink), the trim box the finished size (solid line), the safe area dashed blue and, for a
 * die-line, the cut outline and dashed green folds. The legend sits in a slug below the bleed
 * box, outside the BleedBox and TrimBox, so it is never printed on the product.
 */
async function templatePdf(template: DemoTemplate): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const fixed = new Date(Date.UTC(2026, 10, 25));
  doc.setTitle(`${template.label} template`);
  doc.setSubject(`Finished ${template.widthMm} x ${template.heightMm} mm, bleed ${template.bleedMm} mm`);
  doc.setCreator('Inkstone');
  doc.setProducer('Inkstone');
  doc.setCreationDate(fixed);
  doc.setModificationDate(fixed);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);

  const b = template.bleedMm;
  const bleedW = template.widthMm + 2 * b;
  const bleedH = template.heightMm + 2 * b;
  const dieLine = template.art === 'bag' || template.art === 'envelope' ? dieLinePanels(template) : null;
  const lines = legendLines(template, dieLine !== null);
  const longest = Math.max(...lines.map(([text]) => font.widthOfTextAtSize(text, 10)));
  const size = Math.min(pt(bleedW) / 60 + 6, ((pt(bleedW) - pt(6)) / longest) * 10);
  const slug = size * 1.4 * lines.length + pt(6);
  const page = doc.addPage([pt(bleedW), pt(bleedH) + slug]);
  page.setBleedBox(0, slug, pt(bleedW), pt(bleedH));
  page.setTrimBox(pt(b), slug + pt(b), pt(template.widthMm), pt(template.heightMm));
  page.setArtBox(pt(b), slug + pt(b), pt(template.widthMm), pt(template.heightMm));

  const width = Math.max(0.5, Math.min(bleedW, bleedH) / 200);
  // A point `xMm` from the trim's left and `yMm` down from the trim's top.
  const at = (xMm: number, yMm: number) => ({ x: pt(b + xMm), y: slug + pt(b + template.heightMm - yMm) });
  const dashed = (colour: Colour, dash: number) => ({
    borderColor: colour,
    borderWidth: width,
    borderDashArray: [pt(dash), pt(dash * 0.75)],
  });
  const safeRect = (x: number, y: number, w: number, h: number, inset: number) => {
    page.drawRectangle({
      ...at(x + inset, y + h - inset),
      width: pt(w - 2 * inset),
      height: pt(h - 2 * inset),
      ...dashed(SAFE, 2),
    });
  };

  if (b > 0) page.drawRectangle({ x: 0, y: slug, width: pt(bleedW), height: pt(bleedH), color: BLEED_TINT });
  if (dieLine) {
    const path = dieLine.outline.map(([x, y]) => `${pt(b + x)} ${pt(b + y)}`).join(' L ');
    page.drawSvgPath(`M ${path} Z`, {
      x: 0,
      y: slug + pt(bleedH),
      color: rgb(1, 1, 1),
      borderColor: TRIM,
      borderWidth: width,
    });
    for (const [x1, y1, x2, y2] of dieLine.folds) {
      page.drawLine({
        start: at(x1, y1),
        end: at(x2, y2),
        thickness: width,
        color: FOLD,
        dashArray: [pt(3), pt(2)],
      });
    }
    for (const face of dieLine.faces) {
      const [x, y, w, h] = face.box;
      safeRect(x, y, w, h, Math.min(template.safeMm, w / 6, h / 6));
    }
  } else {
    page.drawRectangle({
      ...at(0, template.heightMm),
      width: pt(template.widthMm),
      height: pt(template.heightMm),
      color: rgb(1, 1, 1),
      borderColor: TRIM,
      borderWidth: width,
    });
    if (template.art === 'sticker-round') {
      const r = template.widthMm / 2;
      const centre = at(r, r);
      page.drawEllipse({ ...centre, xScale: pt(r), yScale: pt(r), ...dashed(TRIM, 1) });
      page.drawEllipse({
        ...centre,
        xScale: pt(r - template.safeMm),
        yScale: pt(r - template.safeMm),
        ...dashed(SAFE, 2),
      });
    } else {
      safeRect(0, 0, template.widthMm, template.heightMm, template.safeMm);
    }
    if (template.art === 'ticket') {
      const stub = template.widthMm * 0.74;
      page.drawLine({
        start: at(stub, 0),
        end: at(stub, template.heightMm),
        thickness: width,
        color: FOLD,
        dashArray: [pt(1), pt(1)],
      });
    }
  }

  let y = pt(3) + size * 0.25;
  for (const [index, [text, color]] of [...lines.entries()].reverse()) {
    page.drawText(text, { x: pt(3), y, size, font: index === 0 ? bold : font, color });
    y += size * 1.4;
  }
  return doc.save({ useObjectStreams: false });
}

/** What the Photoshop version of a template draws (scripts/site-template-psd.ts). */
function geometryOf(template: DemoTemplate): TemplateGeometry {
  const isDieLine = template.art === 'bag' || template.art === 'envelope';
  return {
    widthMm: template.widthMm,
    heightMm: template.heightMm,
    bleedMm: template.bleedMm,
    safeMm: template.safeMm,
    round: template.art === 'sticker-round',
    perforationMm: template.art === 'ticket' ? template.widthMm * 0.74 : null,
    dieLine: isDieLine ? dieLinePanels(template) : null,
  };
}

// ---------------------------------------------------------------------------------------------
// Output

interface ImageEntry {
  url: string;
  smallUrl: string;
  width: number;
  height: number;
}

const hashOf = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex').slice(0, 10);

async function writeImage(key: string, svgText: string): Promise<ImageEntry> {
  const rendered = sharp(Buffer.from(svgText));
  const { width = 0, height = 0 } = await rendered.metadata();
  let quality = 82;
  let large = await sharp(Buffer.from(svgText)).webp({ quality, effort: 6 }).toBuffer();
  while (large.length > MAX_LARGE_BYTES && quality > 40) {
    quality -= 8;
    large = await sharp(Buffer.from(svgText)).webp({ quality, effort: 6 }).toBuffer();
  }
  if (large.length > MAX_LARGE_BYTES) throw new Error(`${key} is ${large.length} bytes`);
  const smallWidth = Math.round(width / 2);
  const small = await sharp(Buffer.from(svgText))
    .resize({ width: smallWidth })
    .webp({ quality: 78, effort: 6 })
    .toBuffer();
  fs.writeFileSync(path.join(outDir, 'images', `${key}.webp`), large);
  fs.writeFileSync(path.join(outDir, 'images', `${key}.small.webp`), small);
  return {
    url: `${URL_PREFIX}/images/${key}.webp?v=${hashOf(large)}`,
    smallUrl: `${URL_PREFIX}/images/${key}.small.webp?v=${hashOf(small)}`,
    width,
    height,
  };
}

async function main(): Promise<void> {
  fs.rmSync(path.join(outDir, 'images'), { recursive: true, force: true });
  fs.rmSync(path.join(outDir, 'templates'), { recursive: true, force: true });
  fs.mkdirSync(path.join(outDir, 'images'), { recursive: true });
  fs.mkdirSync(path.join(outDir, 'templates'), { recursive: true });

  const images: Record<string, ImageEntry> = {};
  const drawings: [string, string][] = [
    ...Object.entries(bannerScenes).map(([key, draw]): [string, string] => [key, draw()]),
    ...Object.entries(otherScenes).map(([key, draw]): [string, string] => [key, draw()]),
    ...Object.entries(productScenes).map(([key, draw]): [string, string] => [
      key,
      draw(
        ['product-document', 'product-cloth-banner', 'product-kt-board', 'product-ticket'].includes(key)
          ? RED
          : GREEN,
      ),
    ]),
    ...DEMO_TEMPLATES.map((template): [string, string] => [
      `template-${template.slug}`,
      previewOf(template, template.merchants?.includes('maple') || template.productIds.maple ? RED : GREEN),
    ]),
  ];
  for (const [key, drawing] of drawings) images[key] = await writeImage(key, drawing);

  type FileEntry = { url: string; sizeBytes: number };
  const templates: Record<string, { PDF: FileEntry; AI: FileEntry; PSD?: FileEntry }> = {};
  const writeTemplateFile = (name: string, bytes: Uint8Array) => {
    fs.writeFileSync(path.join(outDir, 'templates', name), bytes);
    return { url: `${URL_PREFIX}/templates/${name}?v=${hashOf(bytes)}`, sizeBytes: bytes.length };
  };
  for (const template of DEMO_TEMPLATES) {
    const pdf = await templatePdf(template);
    templates[template.slug] = {
      PDF: writeTemplateFile(`${template.slug}.pdf`, pdf),
      // Illustrator's own format is PDF-based: the same document opens in it as editable paths.
      AI: writeTemplateFile(`${template.slug}.ai`, pdf),
    };
    const geometry = geometryOf(template);
    if (hasPsdTemplate(geometry)) {
      templates[template.slug].PSD = writeTemplateFile(`${template.slug}.psd`, await templatePsd(geometry));
    }
  }

  const manifest = { images, templates };
  fs.writeFileSync(path.join(outDir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  let total = 0;
  for (const folder of ['images', 'templates']) {
    for (const file of fs.readdirSync(path.join(outDir, folder))) {
      total += fs.statSync(path.join(outDir, folder, file)).size;
    }
  }
  const largest = Object.keys(images)
    .map((key) => [key, fs.statSync(path.join(outDir, 'images', `${key}.webp`)).size] as const)
    .sort((a, b) => b[1] - a[1])[0];
  console.log(
    `${Object.keys(images).length} images, ${Object.keys(templates).length} templates (PDF, AI, PSD), ` +
      `${Math.round(total / 1024)} KB in all; largest ${largest?.[0]} ${Math.round((largest?.[1] ?? 0) / 1024)} KB`,
  );
}

await main();
