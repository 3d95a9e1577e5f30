import { formatYuan } from '@inkstone/domain';

/** An amount of the bill with its direction: `+¥100.00` in, `-¥20.00` out, `¥0.00`. */
export function formatSignedFen(fen: number): string {
  return fen > 0 ? `+${formatYuan(fen)}` : formatYuan(fen);
}
