import { useState } from 'react';
import type { ProductInfo } from '@inkstone/contracts';
import { ProductPicture } from '../../../components/product-picture.tsx';
import { formatFen, formatFromPrice } from '../../../lib/format.ts';
import { CategoryProducts, type ProductLink } from './category-products.tsx';

/** Production days as a range over the product's quantity tiers. */
function productionRange(info: ProductInfo): string | null {
  const days = info.Product.ProductionDays.map((tier) => tier.Days);
  if (days.length === 0) return null;
  const min = Math.min(...days);
  const max = Math.max(...days);
  // 0 days is made the same day: never "0 个工作日".
  if (max === 0) return '当天完成';
  return min === max ? `${min} 个工作日` : `${min === 0 ? '当天' : min}–${max} 个工作日`;
}

/** The product's facts under its title: pricing, production days, cut-off time, minimum charge. */
function productFacts(info: ProductInfo): { label: string; value: string }[] {
  const product = info.Product;
  const production = productionRange(info);
  return [
    {
      label: '计价',
      value:
        product.PriceMode === 'fixed'
          ? '一口价'
          : product.PriceMode === 'offer'
            ? '按工艺报价'
            : '一口价 / 报价',
    },
    production && { label: '生产周期', value: production },
    { label: '截单时间', value: `每日 ${info.CutoffTime}` },
    // The minimum charge applies to 报价 only: a listed 一口价 is the price as listed.
    product.MinChargeFen > 0 &&
      product.PriceMode !== 'fixed' && {
        label: product.PriceMode === 'offer' ? '起步价' : '报价起步价',
        value: formatFen(product.MinChargeFen),
      },
  ].filter((fact): fact is { label: string; value: string } => Boolean(fact));
}

export interface BenchHeadProps {
  info: ProductInfo;
  /** Category names above the product, outermost first. */
  trail: string[];
  /** The products of the same category, to switch between. */
  products: ProductLink[];
}

/** The product's 起价, and that it is the cheapest configuration, not this customer's quote. */
function FromPrice({ fen }: { fen: number | null }) {
  if (fen === null) return null;
  return (
    <p className="ink-bench__from" title="按最便宜的规格与最小数量计算；以所选规格的报价为准">
      <strong data-testid="quote-from-price">{formatFromPrice(fen)}</strong>
      <span>最便宜规格、最小数量的价格，以下方报价为准</span>
    </p>
  );
}

/**
 * The quote screen's head: the product's picture beside its category trail, title, summary, 起价
 * and facts, then the category's other products.
 */
export function BenchHead({ info, trail, products }: BenchHeadProps) {
  const product = info.Product;
  const gallery = product.Images ?? [];
  const [choice, setChoice] = useState({ productId: product.Id, at: 0 });
  const shownAt = choice.productId === product.Id ? choice.at : 0;
  // The main picture first; a thumbnail below shows another of the product's pictures in its place.
  const shown = gallery[shownAt] ?? product.Image;
  return (
    <header className="ink-bench__head">
      <div className="ink-bench__intro">
        <div className="ink-bench__gallery">
          <ProductPicture
            key={shown?.Url ?? 'none'}
            image={shown}
            title={product.Title}
            width={160}
            sizes="(max-width: 767px) 96px, 160px"
            alt={shown?.Alt || product.Title}
            className="ink-bench__picture"
          />
          {gallery.length > 1 && (
            <ul className="ink-bench__thumbs" aria-label="商品图片">
              {gallery.map((image, index) => (
                <li key={image.Url}>
                  <button
                    type="button"
                    aria-label={`第 ${index + 1} 张图片`}
                    aria-pressed={index === shownAt}
                    onClick={() => setChoice({ productId: product.Id, at: index })}
                  >
                    <img src={image.SmallUrl} alt="" width={36} height={27} loading="lazy" />
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
        <div className="ink-bench__intro-text">
          {trail.length > 0 && (
            <p className="ink-bench__trail" aria-label="所在分类">
              {trail.join(' / ')}
            </p>
          )}
          <h1 className="ink-bench__title" id="ink-bench-title">
            {product.Title}
          </h1>
          {product.Summary && <p className="ink-bench__summary">{product.Summary}</p>}
          <FromPrice fen={product.FromPriceFen} />
          <ul className="ink-bench__facts">
            {productFacts(info).map((fact) => (
              <li key={fact.label}>
                <span>{fact.label}</span>
                {fact.value}
              </li>
            ))}
          </ul>
        </div>
      </div>
      {products.length > 1 && <CategoryProducts products={products} currentId={product.Id} />}
    </header>
  );
}
