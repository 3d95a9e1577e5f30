/**
 * Technology (工艺) lines: per piece, per m² of finished area, per metre of finished edge, per
 * press sheet, or a fixed fee; plus a one-off setup fee and a minimum charge. One rounding per line.
 */
import type { CompiledTechnology } from './compile.ts';
import { groupThousands, mul3DivHalfUp, mulDivHalfUp } from './money.ts';
import type { QuoteLine } from './quote.types.ts';

/** What a technology can be measured by, for one quote. */
export interface FinishingMeasures {
  /** Finished pieces (copies for booklets). */
  pieces: number;
  /** Finished area of one piece in mm² (closed page size for booklets). */
  areaMm2: number;
  /** Finished perimeter of one piece in mm. */
  perimeterMm: number;
  /** Press sheets of the first printed part, spoilage included (0 for area-priced products). */
  sheets: number;
}

/** Amount of `tech` in fen before its minimum: setup + rate × measure / PerUnits, rounded half-up once. */
function rawAmountFen(tech: CompiledTechnology, measures: FinishingMeasures): number {
  const { unit, rateFen, perUnits, setupFen } = tech.price;
  switch (unit) {
    case 'piece':
      return setupFen + mulDivHalfUp(rateFen, measures.pieces, perUnits);
    case 'sqm':
      return setupFen + mul3DivHalfUp(rateFen, measures.areaMm2, measures.pieces, perUnits * 1_000_000);
    case 'metre':
      return setupFen + mul3DivHalfUp(rateFen, measures.perimeterMm, measures.pieces, perUnits * 1000);
    case 'sheet':
      return setupFen + mulDivHalfUp(rateFen, measures.sheets, perUnits);
    case 'fixed':
      return setupFen + rateFen;
  }
}

/** Amount of `tech` in fen: its raw amount, raised to its minimum charge. */
export function finishingAmountFen(tech: CompiledTechnology, measures: FinishingMeasures): number {
  const raw = rawAmountFen(tech, measures);
  return raw < tech.price.minFen ? tech.price.minFen : raw;
}

/** Decimal text of `numerator / denominator` with at most four decimals (display only). */
export function decimalText(numerator: number, denominator: number): string {
  return String(Math.round((numerator / denominator) * 10_000) / 10_000);
}

/** The line's text up to its notes: the measure and what follows it (`1,000件 × ¥5.00/1,000件`). */
function measureText(tech: CompiledTechnology, measures: FinishingMeasures): string {
  const afterMeasure = tech.texts.afterMeasure;
  switch (tech.price.unit) {
    case 'piece':
      return groupThousands(measures.pieces) + afterMeasure;
    case 'sqm':
      return decimalText(measures.areaMm2 * measures.pieces, 1_000_000) + afterMeasure;
    case 'metre':
      return decimalText(measures.perimeterMm * measures.pieces, 1000) + afterMeasure;
    case 'sheet':
      return groupThousands(measures.sheets) + afterMeasure;
    case 'fixed':
      return afterMeasure;
  }
}

/** The quote line of one technology. */
export function finishingLine(tech: CompiledTechnology, measures: FinishingMeasures): QuoteLine {
  const raw = rawAmountFen(tech, measures);
  const { setupFen, minFen } = tech.price;
  let detail = measureText(tech, measures);
  if (setupFen > 0) detail += tech.texts.setupNote;
  if (raw < minFen) detail += tech.texts.minimumNote;
  return {
    kind: 'technology',
    label: tech.texts.label,
    amountFen: raw < minFen ? minFen : raw,
    detail,
    technologyId: tech.id,
  };
}
