// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { ProductInfo } from '@inkstone/contracts';
import { BROCHURE_INFO, BUSINESS_CARD_INFO } from '../utils/product-fixtures.ts';
import { BenchHead } from './bench-head.tsx';
import type { ProductLink } from './category-products.tsx';

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

describe('BenchHead picture and 起价', () => {
  it('shows the product’s picture, lazily, with its size, and its 起价 exact to the fen', () => {
    const view = render(<BenchHead info={BUSINESS_CARD_INFO} trail={[]} products={[]} />);
    const picture = view.getByRole('img', { name: '商务名片' });
    expect(picture.getAttribute('loading')).toBe('lazy');
    expect([picture.getAttribute('width'), picture.getAttribute('height')]).toEqual(['800', '600']);
    expect(view.getByTestId('quote-from-price').textContent).toBe('¥15起');
  });

  it('shows the product’s other pictures as thumbnails, each shown large on a click', () => {
    const back = {
      Url: '/api/site-images/b.webp',
      SmallUrl: '/api/site-images/b.thumb.webp',
      Width: 640,
      Height: 480,
      Alt: '背面',
    };
    const product = { ...BUSINESS_CARD_INFO.Product, Images: [BUSINESS_CARD_INFO.Product.Image!, back] };
    const view = render(
      <BenchHead info={{ ...BUSINESS_CARD_INFO, Product: product }} trail={[]} products={[]} />,
    );
    const thumbs = view.getAllByRole('button', { name: /^第 \d 张图片$/ });
    expect(thumbs).toHaveLength(2);
    expect(thumbs[0]!.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(thumbs[1]!);
    const large = view.getByRole('img', { name: '背面' });
    expect([large.getAttribute('width'), large.getAttribute('height')]).toEqual(['640', '480']);
    expect(thumbs[1]!.getAttribute('aria-pressed')).toBe('true');
  });

  it('shows no thumbnails for a product with one picture', () => {
    const view = render(<BenchHead info={BUSINESS_CARD_INFO} trail={[]} products={[]} />);
    expect(view.queryByRole('list', { name: '商品图片' })).toBeNull();
  });

  it('draws a plain box for a product without a picture, and no 起价 when none is known', () => {
    const unpriced = { ...BROCHURE_INFO, Product: { ...BROCHURE_INFO.Product, FromPriceFen: null } };
    const view = render(<BenchHead info={unpriced} trail={[]} products={[]} />);
    expect(view.container.querySelector('img')).toBeNull();
    expect(view.container.querySelector('.ink-product-picture--none')?.textContent).toBe('企');
    expect(view.queryByTestId('quote-from-price')).toBeNull();
  });

  it('lists the category’s products with their pictures and 起价', () => {
    const products: ProductLink[] = [
      {
        id: 1001,
        title: '商务名片',
        href: '/a',
        image: BUSINESS_CARD_INFO.Product.Image,
        fromPriceFen: 1500,
      },
      { id: 1002, title: '异形名片', href: '/b', image: null, fromPriceFen: 3247 },
    ];
    const view = render(
      <MemoryRouter>
        <BenchHead info={BUSINESS_CARD_INFO} trail={[]} products={products} />
      </MemoryRouter>,
    );
    const links = [...view.getByRole('navigation', { name: '同类产品' }).querySelectorAll('a')];
    const texts = links.map((link) => link.querySelector('.ink-bench__product-text')?.textContent);
    expect(texts).toEqual(['商务名片¥15起', '异形名片¥32.47起']);
    // A product without a picture: a plain box with its first character, hidden from screen readers.
    expect(links[1]!.querySelector('[aria-hidden="true"]')?.textContent).toBe('异');
    expect(links[0]!.getAttribute('aria-current')).toBe('page');
    expect(links[0]!.querySelector('img')?.getAttribute('src')).toBe(
      BUSINESS_CARD_INFO.Product.Image!.SmallUrl,
    );
  });
});
