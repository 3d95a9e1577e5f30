import { Fragment, useDeferredValue, useMemo } from 'react';
import type { ReactNode } from 'react';
import { Alert, Button, Skeleton } from 'antd';
import type { ContentLink, HomeLayout } from '@inkstone/contracts';
import { useHomeContent } from '../hooks/use-home-content.ts';
import type { ResolvedLink } from '../utils/content-link.ts';
import { gatherRows } from '../utils/home-layout.ts';
import type { HomeSection } from '../utils/home-layout.ts';
import { HomeCarousel } from './home-carousel.tsx';
import { SideAds } from './home-aside.tsx';
import { CategoryGrid, NoticeList, ProductShelf, RichTextGroup } from './home-groups.tsx';
import './home.css';

export interface HomeContentProps {
  /** The card beside the carousel: a welcome with the way in, or version 2's login. */
  aside: ReactNode;
  /** What the 起价 under the products means for this visitor. */
  priceNote: string;
}

interface GroupViewProps {
  group: HomeLayout[number];
  resolve(link: ContentLink): ResolvedLink;
  categoryPrices: ReadonlyMap<number, number>;
  priceNote: string;
}

/** One group of the layout, drawn as its kind says (the carousel is the hero's). */
function GroupView({ group, resolve, categoryPrices, priceNote }: GroupViewProps) {
  switch (group.Kind) {
    case 'category_grid':
      return <CategoryGrid group={group} resolve={resolve} prices={categoryPrices} />;
    case 'hot_products':
    case 'new_products':
      return <ProductShelf group={group} resolve={resolve} priceNote={priceNote} />;
    case 'notices':
      return <NoticeList group={group} resolve={resolve} />;
    case 'rich_text':
      return <RichTextGroup group={group} />;
    case 'carousel':
      return null;
  }
}

const HERO: HomeSection = { kind: 'hero' };

const keyOf = (section: HomeSection) => (section.kind === 'hero' ? 'hero' : `group-${section.group.Id}`);

/**
 * A version's home page below the header (docs/website.md): the hero — carousel with the side
 * banners, and the aside — then the layout's groups in their order: category grid, hot and new
 * products with their 起价, notices and rich text.
 */
export function HomeContent({ aside, priceNote }: HomeContentProps) {
  const { isPending, isError, retry, plan, sideAds, categoryPrices, resolve } = useHomeContent();

  const hero = (
    <div className="ink-home-hero">
      <div className="ink-home-hero__main">
        {isPending ? (
          <div className="ink-carousel ink-carousel--placeholder" aria-hidden="true" />
        ) : (
          <HomeCarousel slides={plan.slides} resolve={resolve} />
        )}
        <SideAds ads={sideAds} resolve={resolve} />
      </div>
      <div className="ink-home-hero__aside">{aside}</div>
    </div>
  );
  const renderSection = (section: HomeSection) => (
    <Fragment key={keyOf(section)}>
      {section.kind === 'hero' ? (
        hero
      ) : (
        <GroupView
          group={section.group}
          resolve={resolve}
          categoryPrices={categoryPrices}
          priceNote={priceNote}
        />
      )}
    </Fragment>
  );
  const allRows = useMemo(
    () => (isPending || isError ? [[HERO]] : gatherRows(plan.sections)),
    [isPending, isError, plan.sections],
  );
  // The rows down to the hero (the page's largest picture) are drawn first; the groups below it
  // follow in a second render that input can interrupt.
  const heroRow = allRows.findIndex((row) => row.some((section) => section.kind === 'hero'));
  const rows = useDeferredValue(allRows, allRows.slice(0, heroRow + 1));

  return (
    <div className="ink-home">
      {isError && (
        <Alert
          type="warning"
          showIcon
          title="首页内容加载失败"
          action={
            <Button size="small" onClick={retry}>
              重试
            </Button>
          }
        />
      )}
      {rows.map((row) =>
        row.length > 1 ? (
          <div key={keyOf(row[0]!)} className="ink-home-row">
            {row.map(renderSection)}
          </div>
        ) : (
          renderSection(row[0]!)
        ),
      )}
      {isPending && <Skeleton active paragraph={{ rows: 6 }} />}
      {/* Holds the footer below the screen until the groups below the hero are drawn. */}
      {rows.length < allRows.length && <div aria-hidden="true" style={{ minHeight: '100vh' }} />}
    </div>
  );
}
