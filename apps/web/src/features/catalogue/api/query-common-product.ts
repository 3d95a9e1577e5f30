import { CATEGORY_QUERY, productsCalls } from '@inkstone/contracts';
import type { CategoryPage } from '@inkstone/contracts';
import { api } from '../../../lib/api-client.ts';
import type { ApiClient } from '../../../lib/api-client.ts';

/**
 * POST /api/product/QueryCommonProduct with the category query of spec §7 (pageindex 0, limit
 * 999999, ClientIsShow true, belonging 1): every category node with its products, and the
 * three-level tree of spec §3 in `Attach.Tree`. The menus say when it fails, so no toast.
 */
export function queryCommonProduct(client: ApiClient = api): Promise<CategoryPage> {
  return client.call(productsCalls.QueryCommonProduct, { ...CATEGORY_QUERY }, { ignoreAlert: true });
}
