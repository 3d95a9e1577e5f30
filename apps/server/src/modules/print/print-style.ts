/**
 * The print pages' style sheet (docs/excel.md "Print"): A4 with 12 mm margins, the merchant's
 * colour on the mark and rules, tables that keep their rows whole, and a page break after every
 * order. Inline in the page (the page loads nothing but its thumbnails).
 */
import { THEME_RED } from '@inkstone/contracts';

/** The brand colour the site uses (green, or red for theme preference 2). */
export function brandColour(themePreference: number): string {
  return themePreference === THEME_RED ? '#d7261e' : '#0f9d58';
}

export function printStyle(brand: string): string {
  return `
@page { size: A4; margin: 12mm; }
* { box-sizing: border-box; }
body { margin: 0; color: #222; font: 12px/1.55 -apple-system, 'PingFang SC', 'Microsoft YaHei', 'Noto Sans CJK SC', sans-serif; }
.sheet { padding: 0 0 8mm; }
.sheet + .sheet { break-before: page; page-break-before: always; }
.head { display: flex; align-items: center; gap: 12px; border-bottom: 2px solid ${brand}; padding-bottom: 8px; }
.mark { display: grid; place-items: center; width: 40px; height: 40px; border-radius: 8px; background: ${brand}; color: #fff; font-size: 22px; font-weight: 700; }
.logo { display: block; max-width: 180px; max-height: 60px; width: auto; height: auto; }
.merchant { flex: 1; }
.merchant strong { display: block; font-size: 18px; }
.merchant span { color: #666; }
.title { font-size: 20px; font-weight: 700; letter-spacing: 4px; }
.qr { text-align: center; font-size: 10px; color: #444; white-space: nowrap; }
.qr svg { width: 84px; height: 84px; display: block; margin: 0 auto 2px; }
dl.info { display: grid; grid-template-columns: 72px 1fr 72px 1fr; gap: 2px 8px; margin: 10px 0; }
dl.info dt { color: #666; }
dl.info dd { margin: 0; word-break: break-all; }
table { width: 100%; border-collapse: collapse; margin-top: 8px; }
th, td { border: 1px solid #bbb; padding: 4px 6px; text-align: left; vertical-align: top; }
th { background: #f2f2f2; }
tr { break-inside: avoid; page-break-inside: avoid; }
td.num, th.num { text-align: right; white-space: nowrap; }
.thumbs { display: flex; flex-wrap: wrap; gap: 4px; margin-top: 4px; }
.thumbs figure { margin: 0; width: 72px; font-size: 9px; color: #666; word-break: break-all; }
.thumbs img { width: 72px; height: 72px; object-fit: contain; border: 1px solid #ddd; background: #fafafa; }
.price-lines { margin: 2px 0 0; padding: 0; list-style: none; color: #555; font-size: 11px; }
.totals { margin-left: auto; width: 260px; }
.totals td { border: none; padding: 2px 6px; }
.totals tr.due td { font-weight: 700; font-size: 14px; border-top: 1px solid #888; }
.remarks { margin-top: 8px; white-space: pre-wrap; word-break: break-all; }
.signatures { display: flex; justify-content: space-between; margin-top: 28px; }
.signatures span { width: 30%; border-top: 1px solid #888; padding-top: 4px; color: #666; }
.foot { margin-top: 12px; color: #888; font-size: 10px; }
@media screen { body { background: #eee; } .sheet { width: 210mm; min-height: 297mm; margin: 8mm auto; padding: 12mm; background: #fff; } }
`;
}
