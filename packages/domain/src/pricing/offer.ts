/**
 * 报价 (offer) pricing: sheet-imposed products (paper + printing + 开机 per part, cheapest press
 * per part) and large-format area products (per m² with a minimum area per piece), then
 * technologies, quantity break and minimum charge. docs/pricing.md walks through each step.
 */
import type { CompiledProduct, CompiledPress, CompiledTechnology } from './compile.ts';
import { finishingAmountFen, finishingLine, decimalText, type FinishingMeasures } from './finishing.ts';
import { choosePress, type PartPlan, type PressPlan } from './imposition.ts';
import { formatYuan, groupThousands, mul3DivHalfUp } from './money.ts';
import { completeQuote } from './quote-assembly.ts';
import type { ImpositionPart, QuoteLine, QuoteResult, QuoteSelection } from './quote.types.ts';
import { resolveSelection, type ResolvedSelection } from './selection.ts';

const NO_SHEET_TECH = (): number => 0;
const isPerSheet = (tech: CompiledTechnology): boolean => tech.price.unit === 'sheet';

function partPlans(selection: ResolvedSelection, bleedMm: number): PartPlan[] {
  const { widthMm, heightMm, pieces, colour, style, innerStyle, pageCount } = selection;
  const { sides, ink } = colour;
  if (innerStyle && pageCount !== undefined) {
    const pieceWidthMm = 2 * widthMm + 2 * bleedMm;
    const pieceHeightMm = heightMm + 2 * bleedMm;
    return [
      { part: '封面', pieceWidthMm, pieceHeightMm, pieces, style, sides, ink },
      {
        part: '内页',
        pieceWidthMm,
        pieceHeightMm,
        pieces: pieces * ((pageCount - 4) / 4),
        style: innerStyle,
        sides,
        ink,
      },
    ];
  }
  return [
    {
      part: '成品',
      pieceWidthMm: widthMm + 2 * bleedMm,
      pieceHeightMm: heightMm + 2 * bleedMm,
      pieces,
      style,
      sides,
      ink,
    },
  ];
}

/**
 * A paper, printing or setup line. Its `detail` (the merchant's working: ton price, spoilage,
 * rates) is written when read: the price calls show `publicDetail` instead, and only the cart's
 * cost text and the console's preview read it, so a quote does not build three texts a part that
 * nobody reads. Read, it is the same text every time.
 */
class PressLine implements QuoteLine {
  readonly #kind: 'paper' | 'printing' | 'setup';
  readonly #plan: PartPlan;
  readonly #chosen: PressPlan;
  readonly #colourName: string;

  constructor(
    public kind: 'paper' | 'printing' | 'setup',
    public label: string,
    public amountFen: number,
    public publicDetail: string,
    plan: PartPlan,
    chosen: PressPlan,
    colourName: string,
  ) {
    this.#kind = kind;
    this.#plan = plan;
    this.#chosen = chosen;
    this.#colourName = colourName;
  }

  get detail(): string {
    const plan = this.#plan;
    const { press, netSheets, spoilageSheets, totalSheets } = this.#chosen;
    const rate = press.rates[plan.ink];
    if (this.#kind === 'setup') return `${plan.ink} ${plan.sides}面 × ${rate?.setupText ?? ''}`;
    const sheets = groupThousands(totalSheets);
    if (this.#kind === 'printing') {
      return `${press.name} ${this.#colourName}：${sheets}张 × ${plan.sides}面 × ${rate?.rateText ?? ''}`;
    }
    const paper = plan.style.paper;
    return `${paper.name}，${press.sheetText}：正数${groupThousands(netSheets)}张 + 放数${groupThousands(spoilageSheets)}张 = ${sheets}张 × ${press.sheetAreaText}㎡ × ${paper.gsm}g/㎡ × ${paper.tonPriceText}`;
  }
}

const SETUP_PUBLIC_DETAIL = '印前制版与开机调试';

function pressLines(plan: PartPlan, chosen: PressPlan, colourName: string, lines: QuoteLine[]): void {
  const labels = PART_LABELS[plan.part];
  lines.push(
    new PressLine('paper', labels.paper, chosen.paperFen, plan.style.paper.name, plan, chosen, colourName),
    new PressLine('printing', labels.printing, chosen.printFen, colourName, plan, chosen, colourName),
  );
  if (chosen.setupFen > 0) {
    lines.push(
      new PressLine('setup', labels.setup, chosen.setupFen, SETUP_PUBLIC_DETAIL, plan, chosen, colourName),
    );
  }
}

/** The press lines' labels by part: 纸张, 封面纸张, 内页纸张 … */
const PART_LABELS: Record<PartPlan['part'], { paper: string; printing: string; setup: string }> = {
  成品: { paper: '纸张', printing: '印刷', setup: '开机' },
  封面: { paper: '封面纸张', printing: '封面印刷', setup: '封面开机' },
  内页: { paper: '内页纸张', printing: '内页印刷', setup: '内页开机' },
};

function impositionOf(plan: PartPlan, chosen: PressPlan): ImpositionPart {
  const { press, fit } = chosen;
  return {
    part: plan.part,
    pressId: press.id,
    pressName: press.name,
    pressSheetName: press.sheetName,
    sheetWidthMm: press.sheetWidthMm,
    sheetHeightMm: press.sheetHeightMm,
    pieceWidthMm: plan.pieceWidthMm,
    pieceHeightMm: plan.pieceHeightMm,
    across: fit.across,
    down: fit.down,
    rotated: fit.rotated,
    piecesPerSheet: fit.count,
    pieces: plan.pieces,
    netSheets: chosen.netSheets,
    spoilageSheets: chosen.spoilageSheets,
    totalSheets: chosen.totalSheets,
  };
}

function noPressReason(presses: readonly CompiledPress[], plan: PartPlan): string {
  if (!presses.some((press) => press.rates[plan.ink] !== undefined)) return `暂不支持${plan.ink}印刷`;
  return `${plan.part === '成品' ? '成品' : plan.part}尺寸超出可印刷范围，请调整尺寸`;
}

function sheetOfferQuote(
  product: CompiledProduct,
  selection: ResolvedSelection,
  offer: Extract<CompiledProduct['offer'], { kind: 'sheet' }>,
): QuoteResult {
  const measures: FinishingMeasures = {
    pieces: selection.pieces,
    areaMm2: selection.widthMm * selection.heightMm,
    perimeterMm: 2 * (selection.widthMm + selection.heightMm),
    sheets: 0,
  };
  const technologies = selection.technologies;
  const sheetTechFen = technologies.some(isPerSheet)
    ? (sheets: number): number => {
        measures.sheets = sheets;
        let sum = 0;
        for (const tech of technologies) if (isPerSheet(tech)) sum += finishingAmountFen(tech, measures);
        return sum;
      }
    : NO_SHEET_TECH;
  const plans = partPlans(selection, offer.bleedMm);
  const lines: QuoteLine[] = [];
  // Sized once: a quote has one or two parts (an empty array's first push reserves 17 places).
  const imposition = new Array<ImpositionPart>(plans.length);
  let firstPartSheets = 0;
  for (let index = 0; index < plans.length; index += 1) {
    const plan = plans[index] as PartPlan;
    const chosen = choosePress(offer.presses, plan, index === 0 ? sheetTechFen : NO_SHEET_TECH);
    if (!chosen) return { ok: false, reason: noPressReason(offer.presses, plan) };
    if (index === 0) firstPartSheets = chosen.totalSheets;
    pressLines(plan, chosen, selection.colour.name, lines);
    imposition[index] = impositionOf(plan, chosen);
  }
  measures.sheets = firstPartSheets;
  for (const tech of selection.technologies) lines.push(finishingLine(tech, measures));
  return completeQuote({
    product,
    selection,
    method: 'offer',
    lines,
    breaks: offer.breaks,
    minChargeFen: offer.minChargeFen,
    imposition,
  });
}

function areaOfferQuote(
  product: CompiledProduct,
  selection: ResolvedSelection,
  offer: Extract<CompiledProduct['offer'], { kind: 'area' }>,
): QuoteResult {
  const { widthMm, heightMm, pieces, style } = selection;
  const rateFen = style.paper.pricePerM2Fen;
  if (rateFen === undefined) return { ok: false, reason: `「${style.name}」暂无面积单价` };
  const pieceMm2 = widthMm * heightMm;
  const chargedMm2 = pieceMm2 < offer.minAreaPerPieceMm2 ? offer.minAreaPerPieceMm2 : pieceMm2;
  const minimumNote =
    pieceMm2 < offer.minAreaPerPieceMm2
      ? `（每件不足${decimalText(offer.minAreaPerPieceMm2, 1_000_000)}㎡按${decimalText(offer.minAreaPerPieceMm2, 1_000_000)}㎡计）`
      : '';
  const lines: QuoteLine[] = [
    {
      kind: 'area',
      label: '喷印',
      amountFen: mul3DivHalfUp(rateFen, chargedMm2, pieces, 1_000_000),
      detail: `${style.paper.name} ${widthMm}×${heightMm}mm × ${groupThousands(pieces)}件：计价面积 ${decimalText(chargedMm2 * pieces, 1_000_000)}㎡${minimumNote} × ${formatYuan(rateFen)}/㎡`,
    },
  ];
  const measures: FinishingMeasures = {
    pieces,
    areaMm2: pieceMm2,
    perimeterMm: 2 * (widthMm + heightMm),
    sheets: 0,
  };
  for (const tech of selection.technologies) lines.push(finishingLine(tech, measures));
  return completeQuote({
    product,
    selection,
    method: 'offer',
    lines,
    breaks: offer.breaks,
    minChargeFen: offer.minChargeFen,
  });
}

/** 报价 of an already resolved selection. */
export function quoteOffer(product: CompiledProduct, selection: ResolvedSelection): QuoteResult {
  const offer = product.offer;
  if (!offer) return { ok: false, reason: '该商品暂无报价规则，请选择有一口价的规格' };
  return offer.kind === 'sheet'
    ? sheetOfferQuote(product, selection, offer)
    : areaOfferQuote(product, selection, offer);
}

/**
 * 报价 (spec §7 CalculationProductPriceToOffer): prices `selection` from the product's offer
 * rules. Lines add up exactly to `totalFen`; bad input gives `{ ok: false, reason }`.
 */
export function calculateOfferPrice(product: CompiledProduct, selection: QuoteSelection): QuoteResult {
  const resolved = resolveSelection(product, selection);
  return resolved.ok ? quoteOffer(product, resolved.value) : resolved;
}
