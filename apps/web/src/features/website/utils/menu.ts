import type { ContentLink, HomeMenuEntry } from '@inkstone/contracts';
import type { ResolvedLink } from './content-link.ts';

/** A menu entry ready to draw: its title and where it leads. */
export interface MenuLink {
  id: number;
  title: string;
  link: ResolvedLink;
}

/** A footer column: a heading (linked or not) over its entries. */
export interface MenuSection extends MenuLink {
  children: MenuLink[];
}

type Resolve = (link: ContentLink) => ResolvedLink;

/**
 * The top menu as header links: each first-level entry that leads somewhere; a heading that
 * leads nowhere stands for its first child that does. Entries leading nowhere are left out.
 */
export function topMenuLinks(menu: readonly HomeMenuEntry[], resolve: Resolve): MenuLink[] {
  const links: MenuLink[] = [];
  for (const entry of menu) {
    let link = resolve(entry.Link);
    if (link.kind === 'none') {
      link = entry.Children.map((child) => resolve(child.Link)).find((each) => each.kind !== 'none') ?? link;
    }
    if (link.kind !== 'none') links.push({ id: entry.Id, title: entry.Title, link });
  }
  return links;
}

/** The footer menu as columns: each first-level entry over its children (deeper levels flattened). */
export function footerMenuSections(menu: readonly HomeMenuEntry[], resolve: Resolve): MenuSection[] {
  const flatten = (entries: readonly HomeMenuEntry[]): MenuLink[] =>
    entries.flatMap((entry) => [
      { id: entry.Id, title: entry.Title, link: resolve(entry.Link) },
      ...flatten(entry.Children),
    ]);
  return menu.map((entry) => ({
    id: entry.Id,
    title: entry.Title,
    link: resolve(entry.Link),
    children: flatten(entry.Children).filter((child) => child.link.kind !== 'none'),
  }));
}
