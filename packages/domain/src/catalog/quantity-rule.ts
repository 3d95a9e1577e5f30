/**
 * Quantity rule of a product: preset list and/or free entry from Min by Step up to Max.
 */
import type { Product } from './catalog.schema.ts';

/** The quantity rule as stated in a catalogue. */
export type QuantityRule = Product['Quantity'];

/**
 * Why `quantity` is not orderable under `rule`, in Chinese, or `null` when it is.
 * `unit` is the product's unit (盒, 张 …), used in the message only.
 */
export function describeQuantityProblem(rule: QuantityRule, quantity: number, unit: string): string | null {
  if (typeof quantity !== 'number' || !Number.isFinite(quantity)) return '请输入数量';
  if (!Number.isInteger(quantity)) return '数量必须是整数';
  if (quantity <= 0) return '数量必须大于0';
  if (rule.Presets.includes(quantity)) return null;
  const free = rule.Free;
  if (!free) return `数量只能选择：${rule.Presets.join('、')}${unit}`;
  if (quantity < free.Min) return `数量不能少于${free.Min}${unit}`;
  if (quantity > free.Max) return `数量不能超过${free.Max}${unit}`;
  if ((quantity - free.Min) % free.Step !== 0) return `数量需从${free.Min}${unit}起按${free.Step}${unit}递增`;
  return null;
}
