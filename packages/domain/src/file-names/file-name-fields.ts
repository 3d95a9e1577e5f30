/**
 * Matching a file name's cues against one product's choices: size, paper, sides and ink,
 * finishing, quantity and page count. Each field says where its value came from and how sure it
 * is; what the name asked for and the product cannot give is a problem in words, never a silent
 * substitute.
 */
import { describeQuantityProblem } from '../catalog/quantity-rule.ts';
import type { FileNameCues, PaperCue, SizeCue } from './file-name-cues.ts';
import { isNamedPaperSize } from './file-name-text.ts';
import type { IndexedProduct, IndexedStyle } from './file-name-index.ts';

/** Where a field's value came from. */
export type FieldSource = 'name' | 'page' | 'only' | 'default';

/**
 * One field read from a file name: its value, where it came from (the name, the file's page size,
 * the product's only choice, or the product's default because the name does not say), how sure
 * the reading is (0–1; below 0.75 the customer is asked to check) and the words it was read from.
 */
export interface FieldReading<T> {
  value: T;
  source: FieldSource;
  confidence: number;
  text: string;
}

/** A finished size: a preset, or a custom width × height in mm. */
export type SizeValue = { sizeId: string } | { widthMm: number; heightMm: number };

/** The page size of the file (preflight facts of page 1), in mm. */
export interface PageSizeHint {
  widthMm: number;
  heightMm: number;
}

export const reading = <T>(
  value: T,
  source: FieldSource,
  confidence: number,
  text = '',
): FieldReading<T> => ({
  value,
  source,
  confidence,
  text,
});

const near = (a: number, b: number, tolerance: number) => Math.abs(a - b) <= tolerance;

/** How `fitSize` compares: mm of slack, and whether custom sizes count. */
interface FitOptions {
  tolerance?: number;
  presetsOnly?: boolean;
}

/** The product's size for `w` × `h` mm: an equal preset (either way round), else a custom size in range. */
export function fitSize(
  product: IndexedProduct,
  w: number,
  h: number,
  { tolerance = 1, presetsOnly = false }: FitOptions = {},
): SizeValue | null {
  for (const size of product.source.Sizes.Presets) {
    const same = near(size.WidthMm, w, tolerance) && near(size.HeightMm, h, tolerance);
    const turned = near(size.WidthMm, h, tolerance) && near(size.HeightMm, w, tolerance);
    if (same || turned) return { sizeId: size.Id };
  }
  const custom = product.source.Sizes.Custom;
  if (!custom || presetsOnly) return null;
  const fits = (x: number, y: number) =>
    x >= custom.MinWidthMm && x <= custom.MaxWidthMm && y >= custom.MinHeightMm && y <= custom.MaxHeightMm;
  const [width, height] = [Math.round(w), Math.round(h)];
  if (fits(width, height)) return { widthMm: width, heightMm: height };
  if (fits(height, width)) return { widthMm: height, heightMm: width };
  return null;
}

const SCALE = { mm: 1, cm: 10, m: 1000 } as const;

function sizeFromCue(product: IndexedProduct, cue: SizeCue): SizeValue | null {
  if (cue.kind === 'named') {
    const match = cue.sizes.find((size) => size.productId === product.id);
    return match ? { sizeId: match.sizeId } : null;
  }
  if (cue.kind === 'dims3') {
    const text = `${cue.a}×${cue.b}×${cue.c}`;
    const preset = product.source.Sizes.Presets.find((size) => size.Name.includes(text));
    return preset ? { sizeId: preset.Id } : null;
  }
  // Numbers without a unit are millimetres, unless only centimetres or metres make a size.
  const units = cue.unit ? [cue.unit] : (['mm', 'cm', 'm'] as const);
  for (const unit of units) {
    const fit = fitSize(product, cue.a * SCALE[unit], cue.b * SCALE[unit]);
    if (fit) return fit;
  }
  // A preset named by its folded size (信封 `5号 220×110mm`, stored unfolded).
  const named = product.source.Sizes.Presets.find(
    (size) => size.Name.includes(`${cue.a}×${cue.b}`) || size.Name.includes(`${cue.b}×${cue.a}`),
  );
  return named ? { sizeId: named.Id } : null;
}

/** The product's first size: its first preset, else its smallest custom size. */
export function defaultSize(product: IndexedProduct): SizeValue | null {
  const preset = product.source.Sizes.Presets[0];
  if (preset) return { sizeId: preset.Id };
  const custom = product.source.Sizes.Custom;
  return custom ? { widthMm: custom.MinWidthMm, heightMm: custom.MinHeightMm } : null;
}

/** Bleeds tried on a page size: the product's own, then those designers commonly leave. */
const COMMON_BLEEDS_MM = [3, 2, 5, 1.5];

/**
 * A size from the file's page size: a preset equal to it less a bleed (or with none), else a
 * custom size — the page less its bleed when that is a standard paper size, else the page itself.
 */
function sizeFromPage(product: IndexedProduct, hint: PageSizeHint): SizeValue | null {
  const bleeds = [product.bleedMm, ...COMMON_BLEEDS_MM.filter((bleed) => bleed !== product.bleedMm), 0];
  const trims = bleeds.map((bleed) => ({ w: hint.widthMm - 2 * bleed, h: hint.heightMm - 2 * bleed }));
  for (const trim of trims) {
    const preset = fitSize(product, trim.w, trim.h, { tolerance: 1.5, presetsOnly: true });
    if (preset) return preset;
  }
  const standard = trims.find((trim) => isNamedPaperSize(trim.w, trim.h));
  return (
    (standard && fitSize(product, standard.w, standard.h)) || fitSize(product, hint.widthMm, hint.heightMm)
  );
}

export function resolveSize(
  product: IndexedProduct,
  cues: FileNameCues,
  hint: PageSizeHint | null,
  problems: string[],
): FieldReading<SizeValue | null> {
  for (const cue of cues.sizes) {
    const fit = sizeFromCue(product, cue);
    if (fit) return reading(fit, 'name', cue.kind === 'dims' && !cue.unit ? 0.9 : 1, cue.text);
  }
  const first = cues.sizes.find((cue) => cue.kind !== 'named') ?? cues.sizes[0];
  if (first) problems.push(`尺寸「${first.text}」不在「${product.title}」的可选范围内`);
  if (!first && hint) {
    const fromPage = sizeFromPage(product, hint);
    if (fromPage) return reading(fromPage, 'page', 'sizeId' in fromPage ? 0.8 : 0.6);
  }
  const sizes = product.source.Sizes;
  const isOnly = sizes.Presets.length === 1 && !sizes.Custom;
  return reading(defaultSize(product), isOnly && !first ? 'only' : 'default', isOnly && !first ? 1 : 0);
}

function styleName(product: IndexedProduct, styleId: string): string {
  return product.source.Styles.find((style) => style.Id === styleId)?.Name ?? styleId;
}

function paperMatches(style: IndexedStyle, cue: PaperCue): boolean {
  if (cue.gsm !== null && style.gsm !== cue.gsm) return false;
  if (cue.paperIds) return cue.paperIds.includes(style.paperId);
  if (cue.material) return style.paperText.includes(cue.material) || style.material.includes(cue.material);
  return true;
}

/** One paper cue of a product's styles (`allowed`): the match, how sure, or a problem. */
export function resolvePaperCue(
  product: IndexedProduct,
  allowed: readonly string[],
  cue: PaperCue | undefined,
  problems: string[],
): FieldReading<string | null> {
  const styles = product.styles.filter((style) => allowed.includes(style.id));
  if (!cue) {
    if (styles.length === 1) return reading(styles[0]!.id, 'only', 1);
    return reading(styles[0]?.id ?? null, 'default', 0);
  }
  const matches = styles.filter((style) => paperMatches(style, cue));
  const isFull = cue.gsm !== null && (cue.material !== null || cue.paperIds !== null);
  if (matches.length === 1)
    return reading(matches[0]!.id, 'name', isFull || cue.paperIds ? 1 : 0.8, cue.text);
  if (matches.length > 1) {
    // `157g` of a product selling 157g铜版纸 and 157g哑粉纸: which one is the customer's choice.
    const names = matches.map((style) => `「${styleName(product, style.id)}」`).join('或');
    problems.push(`「${cue.text}」可以是${names}，请选择纸张`);
    return reading(matches[0]!.id, 'default', 0, cue.text);
  }
  const byWeight = cue.gsm === null ? [] : styles.filter((style) => style.gsm === cue.gsm);
  if (byWeight.length === 1) return reading(byWeight[0]!.id, 'name', 0.6, cue.text);
  problems.push(`「${product.title}」没有「${cue.text}」这种纸张`);
  return reading(styles[0]?.id ?? null, 'default', 0, cue.text);
}

/** A product's quantity for `cue`: in its unit, with 张 of a product sold by the 盒 of N converted. */
export function resolveQuantity(
  product: IndexedProduct,
  cues: FileNameCues,
  problems: string[],
): FieldReading<number | null> {
  const source = product.source;
  const fallback = source.Quantity.Presets[0] ?? source.Quantity.Free?.Min ?? null;
  const cue = cues.quantities.find((item) => item.unit === source.Unit) ?? cues.quantities[0];
  if (!cue) return reading(fallback, 'default', 0);
  let value = cue.value;
  let confidence = cue.unit === null || cue.unit === source.Unit ? 1 : 0.9;
  const perUnit = source.PiecesPerUnit;
  const isPieces = cue.unit === '张' || cue.unit === '个' || cue.unit === '枚';
  if (perUnit > 1 && cue.unit !== source.Unit && isPieces) {
    if (cue.value % perUnit !== 0) {
      problems.push(`数量「${cue.text}」不是整${source.Unit}（每${source.Unit}${perUnit}${cue.unit}）`);
      return reading(fallback, 'default', 0, cue.text);
    }
    value = cue.value / perUnit;
    confidence = 0.8;
  } else if (cue.unit && cue.unit !== source.Unit && !['份', '件', 'pcs', 'pc'].includes(cue.unit)) {
    confidence = 0.6;
  }
  const problem = describeQuantityProblem(source.Quantity, value, source.Unit);
  if (problem) {
    problems.push(`数量「${cue.text}」：${problem}`);
    confidence = Math.min(confidence, 0.3);
  }
  return reading(value, 'name', confidence, cue.text);
}
