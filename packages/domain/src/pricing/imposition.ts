/**
 * 拼版 imposition: how many finished pieces (with 出血 bleed on every edge) fit on a press sheet
 * inside its margins, how many sheets a part needs, its 放数 spoilage, and what the paper,
 * printing and 开机 set-up of that part cost on one press. See docs/pricing.md §拼版.
 */
import type { CompiledPress, CompiledStyle } from './compile.ts';
import type { Ink } from '../catalog/catalog.schema.ts';
import { applyRatioHalfUp, mulDivCeil, mulDivHalfUp, type Ratio } from './money.ts';

/** A grid of pieces on a sheet: `across` the sheet width, `down` its height. */
export interface SheetFit {
  across: number;
  down: number;
  rotated: boolean;
  count: number;
}

/**
 * Best single-orientation grid of `pieceW × pieceH` pieces on a `usableW × usableH` area; the
 * piece may be turned 90°, all pieces the same way. Ties keep the unrotated grid. Sizes in mm.
 */
export function fitPieces(pieceW: number, pieceH: number, usableW: number, usableH: number): SheetFit {
  const across = Math.floor(usableW / pieceW);
  const down = Math.floor(usableH / pieceH);
  const acrossTurned = Math.floor(usableW / pieceH);
  const downTurned = Math.floor(usableH / pieceW);
  const count = across * down;
  const countTurned = acrossTurned * downTurned;
  return countTurned > count
    ? { across: acrossTurned, down: downTurned, rotated: true, count: countTurned }
    : { across, down, rotated: false, count };
}

/** One printed part of a job: a piece size (bleed included), how many, on which paper. */
export interface PartPlan {
  part: '成品' | '封面' | '内页';
  pieceWidthMm: number;
  pieceHeightMm: number;
  pieces: number;
  style: CompiledStyle;
  sides: 1 | 2;
  ink: Ink;
}

/** A part imposed on one press, with its costs in fen (each rounded half-up once). */
export interface PressPlan {
  press: CompiledPress;
  fit: SheetFit;
  netSheets: number;
  spoilageSheets: number;
  totalSheets: number;
  paperFen: number;
  printFen: number;
  setupFen: number;
}

/** How many pieces `fitPieces` puts on the sheet, without building its grid. */
function fitCount(pieceW: number, pieceH: number, usableW: number, usableH: number): number {
  const count = Math.floor(usableW / pieceW) * Math.floor(usableH / pieceH);
  const countTurned = Math.floor(usableW / pieceH) * Math.floor(usableH / pieceW);
  return countTurned > count ? countTurned : count;
}

/** Spoilage sheets of `netSheets` on `press`: SheetsPerSide × sides + ceil(net × Permille / 1000). */
function spoilageOf(press: CompiledPress, plan: PartPlan, netSheets: number): number {
  return press.spoilage.sheetsPerSide * plan.sides + mulDivCeil(netSheets, press.spoilage.permille, 1000);
}

type PressRate = NonNullable<CompiledPress['rates'][Ink]>;

// The three amounts of a part on a press, in fen: `costOnPress` adds them up to choose the press,
// `choosePress` writes them into the winner's plan.
const paperFen = (sheetPrice: Ratio, totalSheets: number): number =>
  applyRatioHalfUp(totalSheets, sheetPrice);
const printFen = (rate: PressRate, plan: PartPlan, totalSheets: number): number =>
  mulDivHalfUp(rate.rateFen, totalSheets * plan.sides, rate.perSheets);
const setupFen = (rate: PressRate, plan: PartPlan): number => rate.setupFenPerSide * plan.sides;

/**
 * What `plan` costs on `press` in all (paper + printing + set-up + per-sheet technologies), or -1
 * when the piece does not fit, the press has no rate for the ink or the paper has no per-sheet
 * price. Spoilage = SheetsPerSide × sides + ceil(net sheets × Permille / 1000).
 */
function costOnPress(press: CompiledPress, plan: PartPlan, sheetTechFen: (sheets: number) => number): number {
  const rate = press.rates[plan.ink];
  const sheetPrice = press.sheetPrice.get(plan.style.paper.id);
  if (!rate || !sheetPrice) return -1;
  const count = fitCount(plan.pieceWidthMm, plan.pieceHeightMm, press.usableWidthMm, press.usableHeightMm);
  if (count === 0) return -1;
  const netSheets = Math.ceil(plan.pieces / count);
  const totalSheets = netSheets + spoilageOf(press, plan, netSheets);
  return (
    paperFen(sheetPrice, totalSheets) +
    printFen(rate, plan, totalSheets) +
    setupFen(rate, plan) +
    sheetTechFen(totalSheets)
  );
}

/**
 * The cheapest press for `plan` by paper + printing + set-up (+ per-sheet technologies for the
 * first part); the first listed press wins a tie. Undefined when no press can print it. Only the
 * winner's plan is built, once (a quote tries every press for every part; docs/performance.md).
 */
export function choosePress(
  presses: readonly CompiledPress[],
  plan: PartPlan,
  sheetTechFen: (sheets: number) => number,
): PressPlan | undefined {
  let best: CompiledPress | undefined;
  let bestCost = Number.POSITIVE_INFINITY;
  for (const press of presses) {
    const cost = costOnPress(press, plan, sheetTechFen);
    if (cost >= 0 && cost < bestCost) {
      best = press;
      bestCost = cost;
    }
  }
  if (!best) return undefined;
  // The winner passed every check of costOnPress: its rate and sheet price exist, the piece fits.
  const rate = best.rates[plan.ink] as PressRate;
  const sheetPrice = best.sheetPrice.get(plan.style.paper.id) as Ratio;
  const fit = fitPieces(plan.pieceWidthMm, plan.pieceHeightMm, best.usableWidthMm, best.usableHeightMm);
  const netSheets = Math.ceil(plan.pieces / fit.count);
  const spoilageSheets = spoilageOf(best, plan, netSheets);
  const totalSheets = netSheets + spoilageSheets;
  return {
    press: best,
    fit,
    netSheets,
    spoilageSheets,
    totalSheets,
    paperFen: paperFen(sheetPrice, totalSheets),
    printFen: printFen(rate, plan, totalSheets),
    setupFen: setupFen(rate, plan),
  };
}
