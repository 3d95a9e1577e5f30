import type { ReactNode } from 'react';
import {
  AppstoreOutlined,
  FileTextOutlined,
  FlagOutlined,
  IdcardOutlined,
  NotificationOutlined,
  PrinterOutlined,
  ShoppingOutlined,
  TagsOutlined,
} from '@ant-design/icons';
import { Link } from 'react-router';
import { ProductPicture } from '../../../components/product-picture.tsx';
import { formatFromPrice } from '../../../lib/format.ts';
import type { CategoryPath } from '../category-paths.ts';
import type { MenuItem, MenuSection } from '../category-tree.ts';

/** Icon names a catalogue may give its first-level categories (`Icon`); an address shows as an image. */
const ICONS: Record<string, ReactNode> = {
  'icon-card': <IdcardOutlined />,
  'icon-flyer': <FileTextOutlined />,
  'icon-label': <TagsOutlined />,
  'icon-banner': <FlagOutlined />,
  'icon-bag': <ShoppingOutlined />,
  'icon-print': <PrinterOutlined />,
  'icon-ad': <NotificationOutlined />,
};

function CategoryIcon({ icon }: { icon: string }) {
  if (/^(https?:)?\//.test(icon)) return <img src={icon} alt="" width={16} height={16} />;
  return <>{ICONS[icon] ?? <AppstoreOutlined />}</>;
}

function startsWith(path: CategoryPath, prefix: CategoryPath): boolean {
  return prefix.length > 0 && prefix.every((id, index) => path[index] === id);
}

/** The titles of the categories `activePath` names, outermost first. */
export function activeTitlesOf(sections: readonly MenuSection[], activePath: CategoryPath): string[] {
  const titles: string[] = [];
  for (const section of sections) {
    if (section.id !== activePath[0]) continue;
    titles.push(section.title);
    for (const item of section.items) {
      if (item.id !== activePath[1]) continue;
      titles.push(item.title);
      const child = item.children.find((candidate) => candidate.id === activePath[2]);
      if (child) titles.push(child.title);
    }
  }
  return titles;
}

export interface CategorySectionProps {
  /** How many route ids a link carries. */
  depth: 2 | 3;
  /** Route ids of the page being shown. */
  activePath: CategoryPath;
  hrefOf(path: readonly number[]): string;
  section: MenuSection;
  /** A link was followed (the phone's folded menu closes). */
  onNavigate(): void;
}

/**
 * A first-level category with its links; an entry with children lists them under its title. Each
 * link shows a picture and the lowest 起价 of its products (the public price; a signed-in
 * customer's own price may differ).
 */
export function CategorySection({ section, depth, activePath, hrefOf, onNavigate }: CategorySectionProps) {
  function link(item: MenuItem, className: string) {
    const isActive = startsWith(activePath, item.path.slice(0, depth));
    return (
      <Link
        key={item.id}
        to={hrefOf(item.path)}
        className={`${className}${isActive ? ' is-active' : ''}`}
        aria-current={isActive ? 'page' : undefined}
        onClick={onNavigate}
      >
        <ProductPicture image={item.image} title={item.title} width={36} className="ink-catmenu__picture" />
        <span className="ink-catmenu__link-title">{item.title}</span>
        {item.fromPriceFen !== null && (
          <span className="ink-catmenu__price">{formatFromPrice(item.fromPriceFen)}</span>
        )}
      </Link>
    );
  }

  return (
    <section className="ink-catmenu__section" aria-label={section.title}>
      <p
        className={`ink-catmenu__group${section.id === activePath[0] ? ' is-active' : ''}`}
        aria-hidden="true"
      >
        <CategoryIcon icon={section.icon} />
        {section.title}
      </p>
      <div className="ink-catmenu__items">
        {section.items.map((item) =>
          item.children.length === 0 ? (
            link(item, 'ink-catmenu__link')
          ) : (
            <div key={item.id} className="ink-catmenu__sub">
              <p className="ink-catmenu__sub-title">{item.title}</p>
              {item.children.map((child) => link(child, 'ink-catmenu__link ink-catmenu__link--third'))}
            </div>
          ),
        )}
      </div>
    </section>
  );
}
