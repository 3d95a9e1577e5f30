import type { HelpArticleRef, HelpCategory } from '@inkstone/contracts';

/** The key of the help category v2's /about page shows (docs/website.md, The about page). */
export const ABOUT_CATEGORY_KEY = 'about';

/** The article id an address names (`/help/12` → 12), or null for anything else. */
export function parseArticleId(value: string | undefined): number | null {
  if (!value || !/^[1-9]\d{0,9}$/.test(value)) return null;
  const id = Number(value);
  return id <= 2_147_483_647 ? id : null;
}

/** The first article of the category whose key is `about`, or null when the merchant has none. */
export function findAboutArticle(menu: readonly HelpCategory[]): HelpArticleRef | null {
  return menu.find((category) => category.Key === ABOUT_CATEGORY_KEY)?.Articles[0] ?? null;
}

/** The first article of the help centre (where a search result list or an empty page points). */
export function firstArticle(menu: readonly HelpCategory[]): HelpArticleRef | null {
  return menu.find((category) => category.Articles.length > 0)?.Articles[0] ?? null;
}

/** How many articles the menu lists. */
export function countArticles(menu: readonly HelpCategory[]): number {
  return menu.reduce((sum, category) => sum + category.Articles.length, 0);
}
