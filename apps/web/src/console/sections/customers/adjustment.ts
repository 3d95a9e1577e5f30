/** Yuan as typed (two decimals at most) to integer fen, with the direction of 增加 / 扣减. */
export function adjustmentFen(direction: 'credit' | 'debit', yuan: number): number {
  const fen = Math.round(yuan * 100);
  return direction === 'credit' ? fen : -fen;
}
