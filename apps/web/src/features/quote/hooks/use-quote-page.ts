import { useParams, useSearchParams } from 'react-router';
import { useVersionSite } from '../../../lib/route-handle.ts';
import {
  firstProductPath,
  parseCategoryIds,
  resolveCategoryScope,
  routeDepthOf,
  useCatalogue,
} from '../../catalogue/index.ts';
import { useProductInfo } from '../api/get-company-product-info.ts';

/**
 * The quotation page's state: the category the address names (else the first product's), its
 * products, the product `?pid=` picks (else the first) and that product's info.
 */
export function useQuotePage() {
  const site = useVersionSite();
  const params = useParams();
  const [search] = useSearchParams();
  const catalogue = useCatalogue();
  const depth = routeDepthOf(site.version);
  const ids = parseCategoryIds([params.first_cid, params.second_cid, params.third_cid].slice(0, depth));
  const activePath = ids.length > 0 ? ids : (firstProductPath(catalogue.products) ?? []);
  const scope = resolveCategoryScope(catalogue.tree, catalogue.products, activePath);
  const wanted = Number(search.get('pid'));
  const summary = scope?.products.find((product) => product.Id === wanted) ?? scope?.products[0] ?? null;
  const info = useProductInfo(summary ? { ProductId: summary.Id } : null);
  return { version: site.version, catalogue, depth, activePath, scope, summary, info };
}
