/** Colours of the file families, so a card tells PDF from Excel at a glance. */
const FAMILY_COLOURS: Record<string, string> = {
  pdf: '#d93025',
  ai: '#e8710a',
  eps: '#e8710a',
  ps: '#e8710a',
  psd: '#1a73e8',
  psb: '#1a73e8',
  cdr: '#188038',
  indd: '#c2185b',
  svg: '#f29900',
  doc: '#1a73e8',
  docx: '#1a73e8',
  wps: '#1a73e8',
  xls: '#188038',
  xlsx: '#188038',
  et: '#188038',
  csv: '#188038',
  ppt: '#e8710a',
  pptx: '#e8710a',
  zip: '#5f6368',
  rar: '#5f6368',
  '7z': '#5f6368',
  txt: '#5f6368',
};
const IMAGE_COLOUR = '#12b5cb';
const IMAGE_EXTENSIONS = new Set(['jpg', 'jpeg', 'png', 'tif', 'tiff', 'bmp', 'gif', 'webp']);

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * A typed icon for a file without a picture preview: a page with the extension on a coloured
 * band, and an optional caption (e.g. `3 页 · 210×297 mm`). SVG, 200×200, for the picker card.
 */
export function typedIconSvg(extension: string, caption = ''): string {
  const label = (extension || '文件').slice(0, 5).toUpperCase();
  const colour = FAMILY_COLOURS[extension] ?? (IMAGE_EXTENSIONS.has(extension) ? IMAGE_COLOUR : '#5f6368');
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200" viewBox="0 0 200 200">',
    '<rect width="200" height="200" fill="#f5f7fa"/>',
    '<path d="M60 24h58l30 30v118H60z" fill="#ffffff" stroke="#d0d5dd" stroke-width="2"/>',
    '<path d="M118 24v30h30" fill="#eef1f5" stroke="#d0d5dd" stroke-width="2"/>',
    `<rect x="44" y="100" width="112" height="36" rx="4" fill="${colour}"/>`,
    `<text x="100" y="125" font-family="Helvetica, Arial, sans-serif" font-size="20" font-weight="700" fill="#ffffff" text-anchor="middle">${escapeXml(label)}</text>`,
    caption
      ? `<text x="100" y="192" font-family="PingFang SC, Microsoft YaHei, Noto Sans CJK SC, sans-serif" font-size="13" fill="#475467" text-anchor="middle">${escapeXml(caption)}</text>`
      : '',
    '</svg>',
  ].join('');
}
