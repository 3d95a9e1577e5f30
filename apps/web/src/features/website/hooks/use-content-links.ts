import { useCallback, useMemo } from 'react';
import type { ContentLink } from '@inkstone/contracts';
import { useVersionSite } from '../../../lib/route-handle.ts';
import { useCatalogue } from '../../catalogue/index.ts';
import { resolveContentLink } from '../utils/content-link.ts';
import type { LinkContext, ResolvedLink } from '../utils/content-link.ts';

/** Turns content links into addresses of the version being shown, with the merchant's catalogue. */
export function useContentLinks(): (link: ContentLink) => ResolvedLink {
  const { version } = useVersionSite();
  const { products } = useCatalogue();
  const context = useMemo<LinkContext>(() => {
    const paths = new Map(products.map((product) => [product.Id, product.CategoryPath]));
    return { version, productPath: (id) => paths.get(id) ?? null };
  }, [version, products]);
  return useCallback((link: ContentLink) => resolveContentLink(link, context), [context]);
}
