/**
 * Names a customer writes in an import (`商务名片`, `标准`, `90×54`, `300g铜版纸`, `覆哑膜`) matched to
 * the merchant's catalogue: products by title, options by name — whole, without its bracketed
 * note, or by its first word — and sizes also by their millimetres. A name that matches none, or
 * more than one, is a problem naming the choices.
 */
import type { CompiledProduct } from '@inkstone/domain';

/** A choice of a product (size, paper, colour, finishing) as the catalogue names it. */
export interface NamedOption {
  id: string;
  name: string;
}

export type OptionMatch = { ok: true; id: string } | { ok: false; message: string };

/** A name as compared: half-width, lower case, no blanks, `×`/`*`/`X` as `x`, no `mm`. */
export function nameKey(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(/\s+/g, '').replace(/[×*]/g, 'x').replace(/mm/g, '');
}

/** The keys an option answers to: its whole name, without a bracketed note, its first word. */
function keysOf(name: string): string[] {
  const whole = nameKey(name);
  const bare = nameKey(name.replace(/[（(][^）)]*[）)]/g, ''));
  const firstWord = nameKey(name.trim().split(/\s+/)[0] ?? '');
  return [...new Set([whole, bare, firstWord])].filter((key) => key !== '');
}

/** Lists choices for a message: `标准 90×54mm、欧式 85×54mm`. */
export function listNames(options: readonly NamedOption[]): string {
  return options.map((option) => option.name).join('、');
}

/** The option `text` names among `options`. */
export function matchOption(text: string, options: readonly NamedOption[], what: string): OptionMatch {
  const key = nameKey(text);
  const exact = options.filter((option) => nameKey(option.name) === key);
  const found = exact.length > 0 ? exact : options.filter((option) => keysOf(option.name).includes(key));
  if (found.length === 1) return { ok: true, id: found[0]!.id };
  if (found.length > 1) return { ok: false, message: `“${text}”可指${listNames(found)}，请写完整的${what}` };
  return { ok: false, message: `没有“${text}”这个${what}，可选：${listNames(options)}` };
}

/** A size written as millimetres: `90×54`, `90x54mm`, `90*54`. */
export function parseSizeText(text: string): { widthMm: number; heightMm: number } | null {
  const match = /^(\d{1,5})x(\d{1,5})$/.exec(nameKey(text));
  return match ? { widthMm: Number(match[1]), heightMm: Number(match[2]) } : null;
}

/** The size `text` names: a preset (by name or millimetres), or a custom size the product allows. */
export function matchSize(
  product: CompiledProduct,
  text: string,
):
  | { ok: true; sizeId: string }
  | { ok: true; widthMm: number; heightMm: number }
  | { ok: false; message: string } {
  const presets = [...product.sizes.values()];
  const dims = parseSizeText(text);
  if (dims) {
    const preset = presets.find((size) => size.widthMm === dims.widthMm && size.heightMm === dims.heightMm);
    if (preset) return { ok: true, sizeId: preset.id };
    if (product.customSize) return { ok: true, ...dims };
  }
  const named = matchOption(text, presets, '尺寸');
  if (named.ok) return { ok: true, sizeId: named.id };
  const custom = product.customSize ? '，或写自定义尺寸 宽×高（毫米）' : '';
  return { ok: false, message: `${named.message}${custom}` };
}

/** The product titled `text` among `products` (catalogue order). */
export function matchProduct(
  text: string,
  products: Iterable<CompiledProduct>,
): { ok: true; product: CompiledProduct } | { ok: false; message: string } {
  const key = nameKey(text);
  const found = [...products].filter((product) => nameKey(product.title) === key);
  if (found.length === 1) return { ok: true, product: found[0]! };
  if (found.length > 1) return { ok: false, message: `有多个名为“${text}”的商品，请联系商家` };
  return { ok: false, message: `没有名为“${text}”的商品（可选商品见模板的「可选商品」表）` };
}
