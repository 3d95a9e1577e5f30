import { describe, expect, it } from 'vitest';
import type { CategoryPage } from '@inkstone/contracts';
import { ApiError } from '../../lib/api-client.ts';
import { createCatalogueStore } from './catalogue-store.ts';
import { CATEGORY_LOAD_FAILED, loadCategoriesInto } from './load-categories.ts';

const PAGE: CategoryPage = {
  List: [
    {
      Id: 1,
      ParentId: 0,
      Title: '名片',
      SerialNumber: 1,
      ShowType: 1,
      Icon: '',
      SourceType: 2,
      Level: 1,
      Products: [],
    },
    {
      Id: 1,
      ParentId: 0,
      Title: '名片',
      SerialNumber: 1,
      ShowType: 1,
      Icon: '',
      SourceType: 2,
      Level: 2,
      Products: [
        {
          Id: 9,
          CategoryId: 1,
          CategoryPath: [1, 1, 1],
          Title: '商务名片',
          Summary: '',
          Unit: '盒',
          PriceMode: 'fixed',
          Image: null,
          FromPriceFen: 1500,
        },
      ],
    },
  ],
  PageIndex: 1,
  Limit: 999_999,
  PageCount: 1,
  TotalCount: 2,
  Attach: { SumAmount: 0, Tree: [], CatalogVersion: 3 },
};

describe('loadCategoriesInto', () => {
  it('keeps the tree and every product for the menus', async () => {
    const store = createCatalogueStore();
    await loadCategoriesInto({ fetchPage: () => Promise.resolve(PAGE), store });
    expect(store.get()).toMatchObject({ status: 'ready', catalogVersion: 3, error: null });
    expect(store.get().products.map((product) => product.Id)).toEqual([9]);
  });

  it('records a failure instead of stopping the start sequence', async () => {
    const store = createCatalogueStore();
    await expect(
      loadCategoriesInto({ fetchPage: () => Promise.reject(new ApiError('接口请求失败', 'network')), store }),
    ).resolves.toBeUndefined();
    expect(store.get()).toMatchObject({ status: 'failed', error: '接口请求失败' });

    await loadCategoriesInto({ fetchPage: () => Promise.reject(new Error('boom')), store });
    expect(store.get().error).toBe(CATEGORY_LOAD_FAILED);
  });
});
