import type { CSSProperties } from 'react';
import { RightOutlined } from '@ant-design/icons';
import type { ContentLink, HomeLayout, HomeLayoutItem } from '@inkstone/contracts';
import { formatDateTime } from '../../../lib/format.ts';
import type { ResolvedLink } from '../utils/content-link.ts';
import { fromPriceText } from '../utils/price-text.ts';
import { ContentAnchor } from './content-link.tsx';
import { RichText } from './rich-text.tsx';
import { SiteImage } from './site-image.tsx';

type HomeGroup = HomeLayout[number];
type Resolve = (link: ContentLink) => ResolvedLink;

/** A group's heading: its title and subtitle. */
function GroupHeading({ group }: { group: HomeGroup }) {
  return (
    <header className="ink-home-group__head">
      <h2 className="ink-home-group__title">{group.Title}</h2>
      {group.Subtitle && <p className="ink-home-group__subtitle">{group.Subtitle}</p>}
    </header>
  );
}

/** `¥15起`, or 在线报价 when the price is not known. */
function FromPrice({ fen }: { fen: number | null | undefined }) {
  if (fen === null || fen === undefined)
    return <span className="ink-from-price ink-from-price--quote">在线报价</span>;
  return <span className="ink-from-price">{fromPriceText(fen)}</span>;
}

/** 商品分类: a picture per category with its subcategories and, where known, its 起价. */
export function CategoryGrid({
  group,
  resolve,
  prices,
}: {
  group: HomeGroup;
  resolve: Resolve;
  prices: ReadonlyMap<number, number>;
}) {
  return (
    <section className="ink-home-group" aria-label={group.Title}>
      <GroupHeading group={group} />
      <ul
        className={`ink-category-grid${group.Items.length <= 4 ? ' ink-category-grid--wide' : ''}`}
        style={{ '--ink-columns': Math.min(group.Items.length, 6) } as CSSProperties}
      >
        {group.Items.map((item) => (
          <li key={item.Id}>
            <ContentAnchor link={resolve(item.Link)} className="ink-category-card">
              {item.Image && (
                <SiteImage
                  image={item.Image}
                  className="ink-category-card__image"
                  sizes="(max-width: 600px) 50vw, 240px"
                  alt=""
                />
              )}
              <span className="ink-category-card__title">{item.Title}</span>
              {item.Summary && <span className="ink-category-card__summary">{item.Summary}</span>}
              <FromPrice fen={prices.get(item.Id)} />
            </ContentAnchor>
          </li>
        ))}
      </ul>
    </section>
  );
}

function ProductCard({ item, resolve }: { item: HomeLayoutItem; resolve: Resolve }) {
  return (
    <ContentAnchor link={resolve(item.Link)} className="ink-product-card">
      {item.Image && (
        <SiteImage
          image={item.Image}
          className="ink-product-card__image"
          sizes="(max-width: 600px) 50vw, 290px"
          alt=""
        />
      )}
      <span className="ink-product-card__body">
        <span className="ink-product-card__title">{item.Title}</span>
        {item.Summary && <span className="ink-product-card__summary">{item.Summary}</span>}
        <span className="ink-product-card__foot">
          <FromPrice fen={item.FromPriceFen} />
          <span className="ink-product-card__go">
            去报价 <RightOutlined />
          </span>
        </span>
      </span>
    </ContentAnchor>
  );
}

/** 热销商品 / 新品上架: product cards with picture, summary and 起价, and what the 起价 means. */
export function ProductShelf({
  group,
  resolve,
  priceNote,
}: {
  group: HomeGroup;
  resolve: Resolve;
  priceNote: string;
}) {
  return (
    <section className="ink-home-group" aria-label={group.Title}>
      <GroupHeading group={group} />
      <p className="ink-home-group__note">{priceNote}</p>
      <ul className="ink-product-grid">
        {group.Items.map((item) => (
          <li key={item.Id}>
            <ProductCard item={item} resolve={resolve} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** 网站公告: the notices with their dates (China time), each leading to its article. */
export function NoticeList({ group, resolve }: { group: HomeGroup; resolve: Resolve }) {
  return (
    <section className="ink-home-group ink-home-group--card" aria-label={group.Title}>
      <GroupHeading group={group} />
      <ul className="ink-notice-list">
        {group.Items.map((item) => (
          <li key={item.Id}>
            <ContentAnchor link={resolve(item.Link)} className="ink-notice">
              <span className="ink-notice__title">{item.Title}</span>
              {item.Summary && <span className="ink-notice__summary">{item.Summary}</span>}
              {item.PublishedAt && (
                <time className="ink-notice__date" dateTime={item.PublishedAt}>
                  {formatDateTime(item.PublishedAt).slice(0, 10)}
                </time>
              )}
            </ContentAnchor>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** 自定义图文: each item's title over its (sanitised) rich text. */
export function RichTextGroup({ group }: { group: HomeGroup }) {
  return (
    <section className="ink-home-group ink-home-group--card" aria-label={group.Title}>
      <GroupHeading group={group} />
      {group.Items.map((item) => (
        <article key={item.Id} className="ink-home-rich">
          {item.Title && <h3 className="ink-home-rich__title">{item.Title}</h3>}
          <RichText html={item.Html} />
        </article>
      ))}
    </section>
  );
}
