import { formatFen } from '../../../lib/format.ts';

/** A 起价 as a shop writes it: `¥35起`, `¥1,280起`, `¥12.50起` (whole yuan without `.00`). */
export function fromPriceText(fen: number): string {
  return `${formatFen(fen).replace(/\.00$/, '')}起`;
}
