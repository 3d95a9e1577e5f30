/**
 * The frame of every print (docs/excel.md "Print"): a whole HTML document with its own strict
 * Content-Security-Policy (no script of any kind, images only from this site or inline, inline
 * style only), the style sheet, and each sheet's head with the merchant's logo (or mark) and name, the
 * title and, for an order, the QR code of its order number.
 */
import { html, trustedMarkup, type HtmlValue, type SafeHtml } from './html.ts';
import { printStyle } from './print-style.ts';

/**
 * The policy of a print page, sent as its header and repeated in the page (the web writes the page
 * into a window of its own, where only the meta element applies).
 */
export const PRINT_PAGE_POLICY =
  "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'";

/** The header also refuses to be framed (frame-ancestors is not honoured in a meta element). */
export const PRINT_REPLY_POLICY = `${PRINT_PAGE_POLICY}; frame-ancestors 'none'`;

/** The merchant as a print shows it. */
export interface PrintMerchant {
  /** The site's name (or the merchant's). */
  name: string;
  /** The brand colour of its theme. */
  brand: string;
  servicePhone: string;
  address: string;
  /** The merchant's logo on this site (same origin), or null to show the text mark. */
  logoUrl: string | null;
}

/**
 * The merchant's logo when it has one (an image of this site, which the page's policy allows),
 * else the mark the site shows: its name's first character on the brand colour.
 */
function merchantMark(merchant: PrintMerchant): SafeHtml {
  if (merchant.logoUrl) return html`<img class="logo" src="${merchant.logoUrl}" alt="" />`;
  return html`<div class="mark" aria-hidden="true">${Array.from(merchant.name)[0] ?? ''}</div>`;
}

/** A sheet's head: mark, name and contact, the title, and a QR code with its caption when given. */
export function sheetHead(
  merchant: PrintMerchant,
  title: string,
  qr: { svg: SafeHtml; caption: string } | null,
): SafeHtml {
  const contact = [merchant.servicePhone && `电话 ${merchant.servicePhone}`, merchant.address]
    .filter(Boolean)
    .join(' · ');
  return html`<header class="head">
    ${merchantMark(merchant)}
    <div class="merchant"><strong>${merchant.name}</strong><span>${contact}</span></div>
    <div class="title">${title}</div>
    ${
      qr
        ? html`<div class="qr">
            ${qr.svg}
            <div>${qr.caption}</div>
          </div>`
        : null
    }
  </header>`;
}

/** A definition list of label–value pairs, two pairs a row. */
export function infoList(pairs: readonly (readonly [string, HtmlValue])[]): SafeHtml {
  return html`<dl class="info">
    ${pairs.map(
      ([label, value]) =>
        html`<dt>${label}</dt>
          <dd>${value}</dd>`,
    )}
  </dl>`;
}

/** The whole document around `sheets`, each of which starts on a new page. */
export function printDocument(title: string, brand: string, sheets: readonly SafeHtml[]): string {
  return html`<!doctype html>
    <html lang="zh-CN">
      <head>
        <meta charset="utf-8" />
        <meta http-equiv="Content-Security-Policy" content="${PRINT_PAGE_POLICY}" />
        <meta name="referrer" content="same-origin" />
        <title>${title}</title>
        <style>
          ${trustedMarkup(printStyle(brand))}
        </style>
      </head>
      <body>
        ${sheets.map((sheet) => html`<section class="sheet">${sheet}</section>`)}
      </body>
    </html>`.markup;
}
