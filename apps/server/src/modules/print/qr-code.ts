/**
 * The QR code of an order number as inline SVG: the qrcode library (already used for payment QR
 * codes) encodes the text into modules, and the SVG is drawn here from those modules alone —
 * numbers only, nothing of the text — so it needs no trust in any markup.
 */
import { html, type SafeHtml } from './html.ts';

/** Modules of quiet zone around the symbol. */
const MARGIN = 1;

/** `text` as a QR code (medium error correction), an SVG scaled by its container. */
export async function qrCodeSvg(text: string): Promise<SafeHtml> {
  // The library is loaded with the first printout, not with the server (docs/performance.md).
  const { create: encodeQr } = await import('qrcode');
  const { modules } = encodeQr(text, { errorCorrectionLevel: 'M' });
  const squares: string[] = [];
  for (let row = 0; row < modules.size; row++) {
    for (let column = 0; column < modules.size; column++) {
      if (modules.get(row, column)) squares.push(`M${column + MARGIN} ${row + MARGIN}h1v1h-1z`);
    }
  }
  const side = modules.size + 2 * MARGIN;
  return html`<svg
    xmlns="http://www.w3.org/2000/svg"
    viewBox="0 0 ${side} ${side}"
    shape-rendering="crispEdges"
    role="img"
    aria-label="${text}"
  >
    <rect width="${side}" height="${side}" fill="#fff" />
    <path d="${squares.join('')}" fill="#000" />
  </svg>`;
}
