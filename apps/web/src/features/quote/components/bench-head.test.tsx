// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import type { ProductInfo } from '@inkstone/contracts';
import { BROCHURE_INFO, BUSINESS_CARD_INFO } from '../utils/product-fixtures.ts';
import { BenchHead } from './bench-head.tsx';

afterEach(cleanup);

function facts(info: ProductInfo): string[] {
  const view = render(<BenchHead info={info} trail={[]} products={[]} />);
  return [...view.container.querySelectorAll('.ink-bench__facts li')].map((item) => item.textContent ?? '');
}

describe('BenchHead', () => {
  it('says the minimum charge is for 报价 when a 一口价 may apply instead', () => {
    expect(facts(BUSINESS_CARD_INFO)).toContain('报价起步价¥20.00');
    expect(facts(BROCHURE_INFO)).toContain('起步价¥200.00');
  });

  it('shows no minimum charge for a product sold only at 一口价', () => {
    const fixed = {
      ...BUSINESS_CARD_INFO,
      Product: { ...BUSINESS_CARD_INFO.Product, PriceMode: 'fixed' as const },
    };
    expect(facts(fixed).some((fact) => fact.includes('起步价'))).toBe(false);
  });

  it('never says 0 个工作日', () => {
    const sameDay = {
      ...BUSINESS_CARD_INFO,
      Product: {
        ...BUSINESS_CARD_INFO.Product,
        ProductionDays: BUSINESS_CARD_INFO.Product.ProductionDays.map((tier, index) => ({
          ...tier,
          Days: index === 0 ? 0 : 2,
        })),
      },
    };
    const text = facts(sameDay).join(' ');
    expect(text).not.toContain('0 个工作日');
    expect(text).toContain('当天–2 个工作日');
  });
});
