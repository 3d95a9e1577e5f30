import { useHelperInfo } from '../api/helper-info.ts';
import { useHelperMenu } from '../api/query-helper-menu.ts';
import { ABOUT_CATEGORY_KEY, findAboutArticle } from '../utils/help-menu.ts';

/**
 * Version 2's 关于我们 (/about): the first article of the help category whose key is `about`
 * (docs/website.md, The about page), and the category's other articles (联系我们…).
 */
export function useAboutPage() {
  const menu = useHelperMenu('');
  const about = menu.data ? findAboutArticle(menu.data) : null;
  const article = useHelperInfo(about?.Id ?? null);
  const others =
    menu.data
      ?.find((category) => category.Key === ABOUT_CATEGORY_KEY)
      ?.Articles.filter((each) => each.Id !== about?.Id) ?? [];
  return {
    menu,
    /** The merchant keeps no about article: the page says so. */
    isMissing: menu.isSuccess && about === null,
    article,
    others,
    retry: () => void (menu.isError ? menu.refetch() : article.refetch()),
  };
}
