/**
 * HTML written safely (docs/excel.md "Print"): the `html` tag escapes every value put into the
 * markup — text and attribute values alike — unless it is markup made by this tag or marked as
 * trusted (the QR code's SVG, drawn by the qrcode library from an order number). Nothing is ever
 * joined into HTML as raw text.
 */

const ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** `text` with the five characters that mean something in HTML replaced by their references. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => ESCAPES[character]!);
}

/** Markup that is safe to put into a page as it is. */
export class SafeHtml {
  constructor(readonly markup: string) {}

  toString(): string {
    return this.markup;
  }
}

/** What may be put into the `html` tag: text (escaped), markup, nothing, or a list of them. */
export type HtmlValue = SafeHtml | string | number | null | undefined | false | readonly HtmlValue[];

function render(value: HtmlValue): string {
  if (value instanceof SafeHtml) return value.markup;
  if (Array.isArray(value)) return value.map(render).join('');
  if (value === null || value === undefined || value === false) return '';
  return escapeHtml(String(value));
}

/** Markup with every value escaped: html`<td>${remark}</td>`. */
export function html(strings: TemplateStringsArray, ...values: readonly HtmlValue[]): SafeHtml {
  let markup = strings[0] ?? '';
  values.forEach((value, index) => {
    markup += render(value) + (strings[index + 1] ?? '');
  });
  return new SafeHtml(markup);
}

/** Markup a trusted library made (the QR code's SVG); never text from a customer or the database. */
export function trustedMarkup(markup: string): SafeHtml {
  return new SafeHtml(markup);
}

/**
 * A link this server made (a signed thumbnail path such as `/api/thumbnails/…`) for an image's
 * src, or null for anything else: no other site, no `javascript:` or `data:` from the database.
 */
export function sameSitePath(link: string): string | null {
  return /^\/(?!\/)[^\s\\]*$/.test(link) ? link : null;
}
