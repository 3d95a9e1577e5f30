import type { FastifyInstance } from 'fastify';
import {
  CATALOG_SCHEMA_PATH,
  categoryPageSchema,
  getCompanyProductInfoBodySchema,
  priceRequestBodySchema,
  proCalBodySchema,
  proComplexInfoQuerySchema,
  proComplexInfoSchema,
  productInfoSchema,
  queryCommonProductBodySchema,
  quoteSchema,
  renderCatalogJsonSchema,
  shipDatePredictionSchema,
  skuCodeBodySchema,
  skuCodeSchema,
  type PriceMode,
} from '@inkstone/contracts';
import type { ServerContext } from '../../context.ts';
import { defineCall, requireMerchant } from '../../plugins/call.ts';
import { CatalogStore } from './catalog-store.ts';
import { ProductsService } from './products.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Compiled merchant catalogues (docs/catalog.md), for other modules (orders) and tests. */
    catalogs: CatalogStore;
  }
}

const TAGS = ['product'];
const PUBLIC_TAGS = ['public'];

/** The three price calls of spec §7 and the engine function each one uses (docs/pricing.md). */
const PRICE_CALLS: { name: string; mode: PriceMode; summary: string }[] = [
  {
    name: 'CalculationProductPriceToOffer',
    mode: 'offer',
    summary: '报价：按拼版（或面积）规则计算价格明细',
  },
  {
    name: 'CalculationProductPriceToFixed',
    mode: 'fixed',
    summary: '一口价：按 SKU 与数量查一口价表；无一口价时返回原因',
  },
  {
    name: 'CalculationProductPriceToFixedOrOffer',
    mode: 'fixedOrOffer',
    summary: '有一口价用一口价，否则按报价规则计算',
  },
];

/**
 * Spec §7 Products: the category query, product info, the price calls, SKU code and ship date
 * (app token; no login: see docs/catalog.md), and the login-free calls of v4's product
 * introduction plus the catalogue file's JSON Schema.
 */
export function registerProductRoutes(app: FastifyInstance, context: ServerContext): void {
  const catalogs = new CatalogStore({ db: context.db, clock: context.clock, log: context.log });
  app.decorate('catalogs', catalogs);
  const products = new ProductsService(catalogs, context.clock);

  defineCall(app, {
    method: 'POST',
    url: '/api/product/QueryCommonProduct',
    summary:
      '商品分类查询（spec §7：pageindex 0、limit 999999、ClientIsShow true、belonging 1），附三级分类树与各分类下的商品',
    tags: TAGS,
    auth: 'app',
    input: queryCommonProductBodySchema,
    output: categoryPageSchema,
    handle: async ({ request, input }) => products.queryCategories(requireMerchant(request).id, input),
  });

  defineCall(app, {
    method: 'POST',
    url: '/api/product/GetCompanyProductInfo',
    summary: '商品详情：尺寸、款式、页数、颜色、工艺及互斥、数量规则、生产周期与建议的初始选择',
    tags: TAGS,
    auth: 'app',
    input: getCompanyProductInfoBodySchema,
    output: productInfoSchema,
    handle: async ({ request, input }) => products.getProductInfo(requireMerchant(request).id, input),
  });

  defineCall(app, {
    method: 'POST',
    url: '/api/product/getcommonproductskucodebindrule',
    summary: '规格组合对应的商家 SKU 编码（按 SKU 绑定规则顺序取第一条匹配）',
    tags: TAGS,
    auth: 'app',
    input: skuCodeBodySchema,
    output: skuCodeSchema,
    handle: async ({ request, input }) => products.findSkuCode(requireMerchant(request).id, input),
  });

  for (const call of PRICE_CALLS) {
    defineCall(app, {
      method: 'POST',
      url: `/api/product/${call.name}`,
      summary: `${call.summary}。金额单位为分；无法报价时返回 -1101 及原因`,
      tags: TAGS,
      auth: 'app',
      input: priceRequestBodySchema,
      output: quoteSchema,
      handle: async ({ request, input }) => products.quote(requireMerchant(request).id, input, call.mode),
    });
  }

  defineCall(app, {
    method: 'POST',
    url: '/api/product/GetProductNumPedictTime',
    summary: '按所选规格与数量预计发货日期（生产工作日 + 商家截单时间与节假日安排，北京时间）',
    tags: TAGS,
    auth: 'app',
    input: priceRequestBodySchema,
    output: shipDatePredictionSchema,
    handle: async ({ request, input }) => products.predictShipDate(requireMerchant(request).id, input),
  });

  defineCall(app, {
    method: 'GET',
    url: '/api/public/pro-complexinfo',
    summary: '产品介绍（v4，无需令牌）：三级分类树、全部商品与所选商品详情',
    tags: PUBLIC_TAGS,
    auth: 'public',
    input: proComplexInfoQuerySchema,
    output: proComplexInfoSchema,
    handle: async ({ request, input }) => products.getComplexInfo(requireMerchant(request).id, input),
  });

  defineCall(app, {
    method: 'POST',
    url: '/api/public/pro-cal',
    summary: '产品介绍页计价（v4，无需令牌）：Mode auto 按商品默认计价方式',
    tags: PUBLIC_TAGS,
    auth: 'public',
    input: proCalBodySchema,
    output: quoteSchema,
    handle: async ({ request, input }) => products.quote(requireMerchant(request).id, input, input.Mode),
  });

  let schemaText: string | undefined;
  app.get(
    CATALOG_SCHEMA_PATH,
    {
      config: { auth: 'public' },
      schema: {
        summary: '商品目录文件的 JSON Schema（draft 2020-12，中文说明）；回复为 Schema 本身，不带信封',
        tags: PUBLIC_TAGS,
      },
    },
    async (_request, reply) => {
      schemaText ??= renderCatalogJsonSchema();
      return reply
        .type('application/schema+json; charset=utf-8')
        .header('cache-control', 'public, max-age=3600')
        .send(schemaText);
    },
  );
}
