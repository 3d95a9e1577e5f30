import { describe, expect, it } from 'vitest';
import { closedTexts } from './payment-results.tsx';

describe('closedTexts', () => {
  it('tells a declined payment, an expired one and a cancelled order apart', () => {
    expect(closedTexts('declined').title).toBe('已取消支付');
    expect(closedTexts('declined').detail).toContain('仍待付款');
    expect(closedTexts('expired').title).toBe('支付单已过期');
    expect(closedTexts('order_cancelled').title).toBe('订单已取消');
    // Declining cancels nothing: only the cancelled-order text says the order is cancelled.
    for (const reason of ['declined', 'expired'] as const) {
      expect(closedTexts(reason).title).not.toContain('订单已取消');
    }
  });
});
