import { useState } from 'react';
import { ApiCode } from '@inkstone/contracts';
import { useParams } from 'react-router';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { useHelperInfo } from '../api/helper-info.ts';
import { useHelperMenu } from '../api/query-helper-menu.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { firstArticle, parseArticleId } from '../utils/help-menu.ts';

/**
 * The help centre at /help/{id} (and -v2, -v3, -v4): the article the address names, the menu of
 * categories and articles, and the search (QueryHelperMenu `Keyword`), which narrows the menu to
 * the articles whose title or text holds the words, 300 ms after the last keystroke.
 */
export function useHelpPage() {
  const params = useParams();
  const id = parseArticleId(params.id);
  const article = useHelperInfo(id);
  const [search, setSearch] = useState('');
  const keyword = useDebouncedValue(search.trim());
  const menu = useHelperMenu(keyword);
  // The whole menu (the same query as `menu` when nothing is searched): where 帮助中心 leads.
  const fullMenu = useHelperMenu('');
  const first = fullMenu.data ? firstArticle(fullMenu.data) : null;

  return {
    id,
    article,
    /** Whether the article failed because the server has no such published article (not a fault). */
    isMissing:
      id === null || (article.error instanceof ApiError && article.error.apiCode === ApiCode.ContentNotFound),
    menu,
    firstArticleId: first?.Id ?? null,
    search,
    setSearch,
    /** The keyword the menu shows results of ('' for the whole menu). */
    keyword: menu.isPlaceholderData ? null : keyword,
  };
}
