import type { FastifyInstance } from 'fastify';
import { CATALOG_SCHEMA_PATH, renderCatalogJsonSchema, type PriceMode } from '@inkstone/contracts';
import { productsCalls as calls } from '@inkstone/contracts';
import { defineCall, requireMerchant } from '../../plugins/call.ts';
import type { ProductsService } from './products.service.ts';

const PUBLIC_TAGS = ['public'];

/** The three price calls of spec §7 and the engine mode each one uses (docs/pricing.md). */
const PRICE_CALLS = [
  { contract: calls.CalculationProductPriceToOffer, mode: 'offer' },
  { contract: calls.CalculationProductPriceToFixed, mode: 'fixed' },
  { contract: calls.CalculationProductPriceToFixedOrOffer, mode: 'fixedOrOffer' },
] as const satisfies readonly { contract: unknown; mode: PriceMode }[];

/**
 * Spec §7 Products: the category query, product info, the price calls, SKU code and ship date
 * (app token; no login: see docs/catalog.md), and the login-free calls of v4's product
 * introduction plus the catalogue file's JSON Schema.
 */
export function registerProductRoutes(app: FastifyInstance, products: ProductsService): void {
  defineCall(app, calls.QueryCommonProduct, async ({ request, input }) =>
    products.queryCategories(requireMerchant(request).id, input),
  );

  defineCall(app, calls.GetCompanyProductInfo, async ({ request, input }) =>
    products.getProductInfo(requireMerchant(request).id, input),
  );

  defineCall(app, calls.getcommonproductskucodebindrule, async ({ request, input }) =>
    products.findSkuCode(requireMerchant(request).id, input),
  );

  for (const { contract, mode } of PRICE_CALLS) {
    // Answered in the same turn when the merchant's catalogue is cached (ProductsService.quote).
    defineCall(app, contract, ({ request, input }) =>
      products.quote(requireMerchant(request).id, input, mode),
    );
  }

  defineCall(app, calls.GetProductNumPedictTime, async ({ request, input }) =>
    products.predictShipDate(requireMerchant(request).id, input),
  );

  defineCall(app, calls.ProComplexInfo, async ({ request, input }) =>
    products.getComplexInfo(requireMerchant(request).id, input),
  );

  defineCall(app, calls.ProCal, ({ request, input }) =>
    products.quote(requireMerchant(request).id, input, input.Mode),
  );

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
