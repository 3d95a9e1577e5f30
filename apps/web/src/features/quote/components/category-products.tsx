import { Link } from 'react-router';
import type { ContentImage } from '@inkstone/contracts';
import { ProductPicture } from '../../../components/product-picture.tsx';
import { formatFromPrice } from '../../../lib/format.ts';

/** A product of the same category: where its quote screen is, its picture and its 起价. */
export interface ProductLink {
  id: number;
  title: string;
  href: string;
  image: ContentImage | null;
  /** The product's 起价 in fen; null when none is known. */
  fromPriceFen: number | null;
}

/** The category's products to switch between, each with its small picture and `¥…起`. */
export function CategoryProducts({ products, currentId }: { products: ProductLink[]; currentId: number }) {
  return (
    <nav className="ink-bench__products" aria-label="同类产品">
      {products.map((item) => (
        <Link
          key={item.id}
          to={item.href}
          className={`ink-bench__product${item.id === currentId ? ' is-active' : ''}`}
          aria-current={item.id === currentId ? 'page' : undefined}
        >
          <ProductPicture image={item.image} title={item.title} width={40} />
          <span className="ink-bench__product-text">
            <span className="ink-bench__product-title">{item.title}</span>
            {item.fromPriceFen !== null && (
              <span className="ink-bench__product-price">{formatFromPrice(item.fromPriceFen)}</span>
            )}
          </span>
        </Link>
      ))}
    </nav>
  );
}
