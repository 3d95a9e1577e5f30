/**
 * The median every benchmark reports: the server's (bench-*.ts here) and the scripts under bench/.
 * A module of its own, without the server's imports, so a script that only times a function does
 * not load the server to use it.
 */

/** The middle of `values` (the mean of the two middle ones for an even count); 0 for none. */
export function median(values: readonly number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}
