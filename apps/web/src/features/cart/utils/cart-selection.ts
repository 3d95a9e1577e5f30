import type { CartLine } from '@inkstone/contracts';

/**
 * Which cart lines are chosen for checkout. Every available line starts chosen (what a customer
 * put in the cart is what they mean to buy); the customer unticks what to leave for later. Lines
 * chosen on pages no longer shown are kept with their last-seen amounts.
 */
export interface CartSelection {
  /** Lines the customer unticked. */
  readonly unticked: ReadonlySet<number>;
  /** Chosen lines of pages visited before, by id. */
  readonly kept: ReadonlyMap<number, CartLine>;
}

export const NOTHING_UNTICKED: CartSelection = { unticked: new Set(), kept: new Map() };

/** Whether `line` is chosen. */
export function isChosen(selection: CartSelection, line: CartLine): boolean {
  return line.IsAvailable && !selection.unticked.has(line.Id);
}

/** The chosen lines: those of the shown page, then those kept from other pages. */
export function chosenLines(selection: CartSelection, pageLines: readonly CartLine[]): CartLine[] {
  const onPage = new Set(pageLines.map((line) => line.Id));
  const kept = [...selection.kept.values()].filter(
    (line) => !onPage.has(line.Id) && isChosen(selection, line),
  );
  return [...pageLines.filter((line) => isChosen(selection, line)), ...kept];
}

/** Ticks (`checked`) or unticks `lines`. */
export function tick(selection: CartSelection, lines: readonly CartLine[], checked: boolean): CartSelection {
  const unticked = new Set(selection.unticked);
  for (const line of lines) {
    if (checked) unticked.delete(line.Id);
    else unticked.add(line.Id);
  }
  return { ...selection, unticked };
}

/** Before another page is shown: the chosen lines of this one are kept. */
export function leavePage(selection: CartSelection, pageLines: readonly CartLine[]): CartSelection {
  const kept = new Map(selection.kept);
  for (const line of pageLines) {
    if (isChosen(selection, line)) kept.set(line.Id, line);
    else kept.delete(line.Id);
  }
  return { ...selection, kept };
}

/** Lines deleted (or changed and re-priced) are no longer kept from other pages. */
export function forget(selection: CartSelection, ids: readonly number[]): CartSelection {
  const kept = new Map(selection.kept);
  for (const id of ids) kept.delete(id);
  return { ...selection, kept };
}
