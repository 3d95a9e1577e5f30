/**
 * Products, the category tree and quotation (spec §7 Products; docs/catalog.md). Every price is
 * computed by the server from the merchant's stored catalogue with the engine of
 * `@inkstone/domain` (docs/pricing.md); money is integer fen (`…Fen`), lengths integer mm.
 */
import { z } from 'zod';
import { CATEGORY_TREE_DEPTH, catalogJsonSchema } from '@inkstone/domain';
import { CATEGORY_QUERY } from '../constants.ts';
import { contentImageSchema } from './content-image.ts';

const INT32_MAX = 2_147_483_647;

const productIdSchema = z
  .number({ error: '请指定商品编号' })
  .int({ error: '商品编号无效' })
  .min(1, { error: '商品编号无效' })
  .max(INT32_MAX, { error: '商品编号无效' })
  .describe('商品编号');

/** An option id as the catalogue writes it; null or an empty string mean "not chosen". */
const optionIdSchema = (label: string) => z.string().trim().max(40).nullish().describe(label);

/** A number the engine checks itself (whole, in range), so its Chinese reason reaches the customer. */
const engineNumberSchema = (label: string) => z.number().nullish().describe(label);

/**
 * A product's picture (docs/catalog.md, "Pictures and 起价"): the merchant's picture of the
 * product as it is now, or null when it has none (the page then draws a plain box with the
 * product's first character; no picture is ever made up).
 */
export const productImageSchema = contentImageSchema
  .nullable()
  .describe('商品图片（WebP，附小图地址与宽高）；商家未设置图片时为 null');

/**
 * A product's 起价 in fen: the price engine's cheapest valid configuration in the current
 * catalogue version (ProductsService.fromPrices), null when none prices.
 */
export const fromPriceFenSchema = z
  .number()
  .int()
  .nullable()
  .describe(
    '起价（分）：报价引擎按当前商品目录中最便宜的有效配置算出（最小数量、每个必选工艺组选一项、不含可选工艺）；这是未登录时的公开价格，登录后客户自己的价格可能不同；没有可报价的配置时为 null',
  );

// ---------------------------------------------------------------------------------------------
// Category query (spec §3, §7): QueryCommonProduct
// ---------------------------------------------------------------------------------------------

/** `belonging` of the category query: 1 = the merchant's own product categories (the only kind). */
export const CATEGORY_BELONGING_PRODUCTS = CATEGORY_QUERY.belonging;

/**
 * POST /api/product/QueryCommonProduct — the category query of spec §7
 * (`{pageindex: 0, limit: 999999, ClientIsShow: true, belonging: 1}`). Pages count from 1
 * (spec §9); `pageindex` 0 is read as the first page, as the spec's category query sends it.
 */
export const queryCommonProductBodySchema = z.object({
  pageindex: z
    .number()
    .int()
    .min(0)
    .max(INT32_MAX)
    .default(CATEGORY_QUERY.pageindex)
    .describe('页码（从 1 开始；0 视为第 1 页）'),
  limit: z.number().int().min(1).max(CATEGORY_QUERY.limit).default(CATEGORY_QUERY.limit).describe('每页条数'),
  ClientIsShow: z
    .boolean()
    .default(CATEGORY_QUERY.ClientIsShow)
    .describe('只要前台展示的分类（目录中的分类都在前台展示）'),
  belonging: z
    .number()
    .int()
    .default(CATEGORY_BELONGING_PRODUCTS)
    .describe('分类归属：1 为本商户商品分类；其他值没有分类'),
});
export type QueryCommonProductBody = z.infer<typeof queryCommonProductBodySchema>;

/** The category node fields of spec §3, exactly as the catalogue file states them. */
const categoryNodeFields = {
  Id: z.number().int().describe('分类编号（路由中的 cid）'),
  ParentId: z.number().int().describe('上级分类编号，0 为一级分类'),
  Title: z.string().describe('分类名称'),
  SerialNumber: z.number().int().describe('排序号，越小越靠前'),
  ShowType: z.number().int().describe('展示方式（商家自定，原样返回）'),
  Icon: z.string().describe('图标地址或图标名，可为空'),
  SourceType: z.number().int().describe('来源类型：2 表示没有下级的分类把自己当作唯一的下级'),
};

/** A product as listed under its category. */
export const productSummarySchema = z.object({
  Id: z.number().int().describe('商品编号'),
  CategoryId: z.number().int().describe('所属末级分类编号'),
  CategoryPath: z
    .array(z.number().int())
    .describe(`路由用的 ${CATEGORY_TREE_DEPTH} 级分类编号（一级、二级、三级；自身作下级时重复）`),
  Title: z.string().describe('商品名称'),
  Summary: z.string().describe('商品简介，可为空'),
  Unit: z.string().describe('计量单位，例如 盒、张、本'),
  PriceMode: z
    .enum(['fixed', 'offer', 'fixedOrOffer'])
    .describe('默认计价方式：一口价、报价、有一口价用一口价否则报价'),
  Image: productImageSchema,
  FromPriceFen: fromPriceFenSchema,
});
export type ProductSummary = z.infer<typeof productSummarySchema>;

/** One stored category node (spec §3) with its level and the products hanging under it. */
export const categoryListItemSchema = z.object({
  ...categoryNodeFields,
  Level: z.number().int().min(1).max(CATEGORY_TREE_DEPTH).describe('层级 1–3'),
  Products: z.array(productSummarySchema).describe('挂在此分类下的商品（只有末级分类有）'),
});
export type CategoryListItem = z.infer<typeof categoryListItemSchema>;

/** A node of the three-level tree (spec §3) with the fields the client adds. */
export interface CategoryTreeNodeWire {
  Id: number;
  ParentId: number;
  Title: string;
  SerialNumber: number;
  ShowType: number;
  Icon: string;
  SourceType: number;
  label: string;
  value: number;
  children: CategoryTreeNodeWire[];
  isSelected: boolean;
}

/** The three-level category tree (spec §3), sorted by SerialNumber, SourceType 2 rule applied. */
export const categoryTreeNodeSchema: z.ZodType<CategoryTreeNodeWire> = z.lazy(() =>
  z.object({
    ...categoryNodeFields,
    label: z.string().describe('显示名（= Title）'),
    value: z.number().int().describe('取值（= Id）'),
    children: z.array(categoryTreeNodeSchema).describe('下级分类，已按 SerialNumber 排序'),
    isSelected: z.boolean().describe('选中标记，服务器恒为 false'),
  }),
);

/** The spec §3 pager around the category list. */
export const categoryPageSchema = z.object({
  List: z
    .array(categoryListItemSchema)
    .describe('本页分类：按树的先序（一级、其下级……），同级按 SerialNumber'),
  PageIndex: z.number().int().describe('页码（从 1 开始）'),
  Limit: z.number().int().describe('每页条数'),
  PageCount: z.number().int().describe('总页数'),
  TotalCount: z.number().int().describe('分类总数'),
  Attach: z.object({
    SumAmount: z.number().describe('金额合计（分类列表恒为 0）'),
    Tree: z.array(categoryTreeNodeSchema).describe('整棵三级分类树（不分页）'),
    CatalogVersion: z.number().int().describe('商品目录版本号；商家尚无目录时为 0'),
  }),
});
export type CategoryPage = z.infer<typeof categoryPageSchema>;

// ---------------------------------------------------------------------------------------------
// Product info: GetCompanyProductInfo, GET /api/public/pro-complexinfo
// ---------------------------------------------------------------------------------------------

/** POST /api/product/GetCompanyProductInfo — by product id, or the first product of a leaf category. */
export const getCompanyProductInfoBodySchema = z
  .object({
    ProductId: productIdSchema.nullish(),
    CategoryId: z.number().int().min(1).max(INT32_MAX).nullish().describe('末级分类编号（路由的第三个 cid）'),
  })
  .refine((value) => (value.ProductId ?? value.CategoryId ?? null) !== null, {
    message: '请指定商品编号或分类编号',
    path: ['ProductId'],
  });
export type GetCompanyProductInfoBody = z.infer<typeof getCompanyProductInfoBodySchema>;

/** A list of option ids names each at most once: a repeat is a client's mistake, not a choice. */
function refineDistinctIds(ids: string[], ctx: z.RefinementCtx): void {
  const repeated = ids.find((id, index) => ids.indexOf(id) !== index);
  if (repeated !== undefined)
    ctx.addIssue({ code: 'custom', message: `不能重复（${repeated}）`, input: ids });
}

/** What the customer chose on the quote screen (the engine's QuoteSelection, PascalCase). */
export const productSelectionFields = {
  SizeId: optionIdSchema('预设尺寸编号；自定义尺寸时留空'),
  WidthMm: engineNumberSchema('自定义宽（毫米，整数）'),
  HeightMm: engineNumberSchema('自定义高（毫米，整数）'),
  StyleId: optionIdSchema('款式编号（画册为封面纸张）'),
  InnerStyleId: optionIdSchema('内页款式编号（画册）'),
  PageCount: engineNumberSchema('页数（画册，含封面 4 页）'),
  ColourId: optionIdSchema('颜色编号'),
  TechnologyIds: z
    .array(z.string().trim().max(40))
    .max(30)
    .superRefine(refineDistinctIds)
    .nullish()
    .describe('工艺编号（任意顺序，不可重复）'),
};

/** A whole selection, as GetCompanyProductInfo suggests it and the price calls take it. */
export const selectionSchema = z.object({
  SizeId: z.string().nullable().describe('预设尺寸编号；自定义尺寸时为 null'),
  WidthMm: z.number().int().nullable().describe('自定义宽（毫米）；预设尺寸时为 null'),
  HeightMm: z.number().int().nullable().describe('自定义高（毫米）；预设尺寸时为 null'),
  StyleId: z.string().describe('款式编号'),
  InnerStyleId: z.string().nullable().describe('内页款式编号；非画册为 null'),
  PageCount: z.number().int().nullable().describe('页数；非画册为 null'),
  ColourId: z.string().describe('颜色编号'),
  TechnologyIds: z.array(z.string()).describe('工艺编号'),
  Quantity: z.number().int().describe('数量'),
});
export type Selection = z.infer<typeof selectionSchema>;

/** A technology the quote screen should grey out, and why (spec §3 excluded technology ids). */
export const excludedTechnologySchema = z.object({
  TechnologyId: z.string().describe('工艺编号'),
  Reason: z.string().describe('不可选的原因（中文）'),
});

/** A product with every choice and rule the quote screen needs; prices stay on the server. */
export const productDetailSchema = z.object({
  Id: z.number().int().describe('商品编号'),
  CategoryId: z.number().int().describe('所属末级分类编号'),
  CategoryPath: z.array(z.number().int()).describe('路由用的三级分类编号'),
  Title: z.string().describe('商品名称'),
  Summary: z.string().describe('商品简介'),
  Unit: z.string().describe('计量单位'),
  PiecesPerUnit: z.number().int().describe('每计量单位的成品件数，例如名片每盒 100 张'),
  PriceMode: z.enum(['fixed', 'offer', 'fixedOrOffer']).describe('默认计价方式'),
  HasFixedPrices: z.boolean().describe('是否有一口价表'),
  OfferKind: z
    .enum(['sheet', 'area'])
    .nullable()
    .describe('报价方式：sheet 拼版、area 按面积；无报价规则为 null'),
  Sizes: z.object({
    Presets: z
      .array(
        z.object({
          Id: z.string(),
          Name: z.string(),
          WidthMm: z.number().int().describe('成品宽（毫米）'),
          HeightMm: z.number().int().describe('成品高（毫米）'),
        }),
      )
      .describe('预设尺寸'),
    Custom: z
      .object({
        MinWidthMm: z.number().int(),
        MaxWidthMm: z.number().int(),
        MinHeightMm: z.number().int(),
        MaxHeightMm: z.number().int(),
      })
      .nullable()
      .describe('自定义尺寸范围；不支持自定义为 null'),
  }),
  Styles: z
    .array(
      z.object({
        Id: z.string(),
        Name: z.string().describe('款式名称'),
        PaperName: z.string().describe('纸张/材料名称'),
        Material: z.string().describe('材质'),
        Gsm: z.number().int().describe('克重'),
      }),
    )
    .describe('款式（纸张）'),
  Pages: z
    .object({
      Min: z.number().int(),
      Max: z.number().int(),
      Multiple: z.number().int().describe('页数必须是它的倍数'),
      CoverStyleIds: z.array(z.string()).describe('可作封面的款式'),
      InnerStyleIds: z.array(z.string()).describe('可作内页的款式'),
    })
    .nullable()
    .describe('页数规则（画册）；其他商品为 null'),
  Colours: z
    .array(
      z.object({
        Id: z.string(),
        Name: z.string(),
        Sides: z.number().int().describe('印刷面数 1 或 2'),
        Ink: z.string().describe('色数：四色、专色、单黑'),
      }),
    )
    .describe('颜色'),
  Technologies: z
    .array(
      z.object({
        Id: z.string(),
        Name: z.string(),
        Kind: z.string().describe('工艺类别'),
        Group: z.string().nullable().describe('互斥组；同组只能选一个'),
        ConflictIds: z.array(z.string()).describe('不能与之同时选择的工艺（双向，含同组）'),
        ExcludeStyleIds: z.array(z.string()).describe('不能用于这些款式'),
        PageRange: z
          .object({ Min: z.number().int(), Max: z.number().int() })
          .nullable()
          .describe('仅适用的页数范围'),
        ExtraDays: z.number().int().describe('选用后增加的生产天数'),
      }),
    )
    .describe('工艺'),
  RequiredGroups: z.array(z.string()).describe('必须从中选一个工艺的互斥组（例如 装订）'),
  Quantity: z.object({
    Presets: z.array(z.number().int()).describe('预设数量'),
    Free: z
      .object({ Min: z.number().int(), Max: z.number().int(), Step: z.number().int() })
      .nullable()
      .describe('自由输入：从 Min 起按 Step 递增，不超过 Max；不允许为 null'),
  }),
  Breaks: z
    .array(z.object({ MinQuantity: z.number().int(), DiscountPercent: z.number().int() }))
    .describe('数量优惠档（报价）'),
  MinChargeFen: z.number().int().describe('起步价（分，报价）；0 为无'),
  ProductionDays: z
    .array(z.object({ MinQuantity: z.number().int(), Days: z.number().int() }))
    .describe('生产周期档（工作日）'),
  Image: productImageSchema,
  Images: z
    .array(contentImageSchema)
    .describe('商品的全部图片，按商家排定的顺序；第一张即 Image（主图）；没有图片为空数组'),
  FromPriceFen: fromPriceFenSchema,
});
export type ProductDetail = z.infer<typeof productDetailSchema>;

/** Reply of GetCompanyProductInfo (and `Info` of pro-complexinfo). */
export const productInfoSchema = z.object({
  CatalogVersion: z.number().int().describe('商品目录版本号'),
  Product: productDetailSchema,
  DefaultSelection: selectionSchema.describe('建议的初始选择（第一个尺寸、款式、颜色、必选工艺与最小数量）'),
  ExcludedTechnologies: z.array(excludedTechnologySchema).describe('初始选择下不可选的工艺'),
  CategoryProducts: z
    .array(z.object({ Id: z.number().int(), Title: z.string() }))
    .describe('同一分类下的商品（可切换）'),
  CutoffTime: z.string().describe('每日截单时间 HH:mm（北京时间）'),
});
export type ProductInfo = z.infer<typeof productInfoSchema>;

/** GET /api/public/pro-complexinfo?ProductId=&CategoryId= — v4 product introduction, no login. */
export const proComplexInfoQuerySchema = z.object({
  ProductId: z.coerce.number().int().min(1).max(INT32_MAX).optional().describe('商品编号'),
  CategoryId: z.coerce.number().int().min(1).max(INT32_MAX).optional().describe('末级分类编号'),
});
export type ProComplexInfoQuery = z.infer<typeof proComplexInfoQuerySchema>;

export const proComplexInfoSchema = z.object({
  CatalogVersion: z.number().int().describe('商品目录版本号；商家尚无目录时为 0'),
  Tree: z.array(categoryTreeNodeSchema).describe('三级分类树'),
  Products: z.array(productSummarySchema).describe('全部商品（按分类树顺序）'),
  Info: productInfoSchema
    .nullable()
    .describe('所选商品（未指定时为第一个商品）的详情；商家尚无商品时为 null'),
});
export type ProComplexInfo = z.infer<typeof proComplexInfoSchema>;

// ---------------------------------------------------------------------------------------------
// Quotation: the three price calls, pro-cal, SKU code and ship date
// ---------------------------------------------------------------------------------------------

/**
 * Body of CalculationProductPriceToOffer / ToFixed / ToFixedOrOffer and GetProductNumPedictTime.
 * Types are checked here; whether the combination is possible is the engine's question, answered
 * with QuoteRefused and its Chinese reason.
 */
export const priceRequestBodySchema = z.object({
  ProductId: productIdSchema,
  ...productSelectionFields,
  Quantity: z.number({ error: '请输入数量' }).describe('数量（单位见商品 Unit）'),
});
export type PriceRequestBody = z.infer<typeof priceRequestBodySchema>;

/** How pro-cal prices: the product's own PriceMode (`auto`), or one method as the three calls do. */
export const PRICE_MODES = ['auto', 'fixed', 'offer', 'fixedOrOffer'] as const;
export type PriceMode = (typeof PRICE_MODES)[number];

/** POST /api/public/pro-cal — a price for v4's product introduction, no login. */
export const proCalBodySchema = priceRequestBodySchema.extend({
  Mode: z
    .enum(PRICE_MODES)
    .default('auto')
    .describe('计价方式：auto 按商品默认，fixed 一口价，offer 报价，fixedOrOffer'),
});
export type ProCalBody = z.infer<typeof proCalBodySchema>;

/** POST /api/product/getcommonproductskucodebindrule — the SKU code bound to a combination. */
export const skuCodeBodySchema = z.object({
  ProductId: productIdSchema,
  ...productSelectionFields,
  Quantity: z.number().nullish().describe('数量；省略时取商品的最小可选数量'),
});
export type SkuCodeBody = z.infer<typeof skuCodeBodySchema>;

export const skuCodeSchema = z.object({
  ProductId: z.number().int(),
  SkuCode: z.string().describe('商家 SKU 编码'),
  CatalogVersion: z.number().int(),
});
export type SkuCode = z.infer<typeof skuCodeSchema>;

/** One line of a quote; the lines add up exactly to TotalFen (docs/pricing.md). */
export const quoteLineSchema = z.object({
  Kind: z
    .enum(['paper', 'printing', 'setup', 'area', 'technology', 'fixed', 'discount', 'minimum'])
    .describe('行类型'),
  Label: z.string().describe('名称：纸张、印刷、开机、喷印、工艺·覆哑膜、一口价、数量优惠、起步价补差…'),
  AmountFen: z.number().int().describe('金额（分）；只有数量优惠为负'),
  Detail: z.string().describe('计算过程（中文）'),
  TechnologyId: z.string().nullable().describe('工艺行的工艺编号'),
});

/** How one printed part was imposed on press sheets (拼版). */
export const impositionPartSchema = z.object({
  Part: z.enum(['成品', '封面', '内页']),
  PressName: z.string().describe('机台'),
  PressSheetName: z.string().describe('印张'),
  SheetWidthMm: z.number().int(),
  SheetHeightMm: z.number().int(),
  PieceWidthMm: z.number().int().describe('含出血的拼版尺寸'),
  PieceHeightMm: z.number().int(),
  Across: z.number().int(),
  Down: z.number().int(),
  Rotated: z.boolean().describe('是否旋转 90°'),
  PiecesPerSheet: z.number().int().describe('每张印张拼几个'),
  Pieces: z.number().int().describe('要印的件数'),
  NetSheets: z.number().int().describe('正数印张'),
  SpoilageSheets: z.number().int().describe('放数'),
  TotalSheets: z.number().int().describe('合计印张'),
});

/** Reply of every price call. */
export const quoteSchema = z.object({
  CatalogVersion: z.number().int().describe('计价所用的商品目录版本号（下单时随订单保存）'),
  ProductId: z.number().int(),
  Method: z.enum(['fixed', 'offer']).describe('实际计价方式：一口价或报价'),
  Quantity: z.number().int(),
  Unit: z.string().describe('计量单位'),
  TotalFen: z.number().int().describe('总价（分）= 各行之和'),
  UnitPriceFen: z.number().int().describe('单价（分）= 总价 ÷ 数量，四舍五入，仅供显示'),
  Lines: z.array(quoteLineSchema).describe('价格明细'),
  WeightGrams: z.number().int().describe('成品重量（克）'),
  ProductionDays: z.number().int().describe('生产工作日'),
  SkuCode: z.string().nullable().describe('绑定的商家 SKU 编码'),
  Imposition: z.array(impositionPartSchema).describe('拼版（按印张报价时）；否则为空'),
  ExcludedTechnologies: z.array(excludedTechnologySchema).describe('当前选择下不可再选的工艺'),
});
export type Quote = z.infer<typeof quoteSchema>;

/** Reply of GetProductNumPedictTime: the predicted ship date in China time. */
export const shipDatePredictionSchema = z.object({
  CatalogVersion: z.number().int(),
  ProductId: z.number().int(),
  Quantity: z.number().int(),
  ProductionDays: z.number().int().describe('生产工作日（数量档 + 工艺加天）'),
  OrderTime: z.string().describe('按此时刻下单（ISO 8601）'),
  OrderDate: z.string().describe('下单日期 YYYY-MM-DD（北京时间）'),
  StartDate: z.string().describe('开始生产日期'),
  ShipDate: z.string().describe('预计发货日期'),
  CutoffTime: z.string().describe('每日截单时间 HH:mm'),
  IsAfterCutoff: z.boolean().describe('是否已过今日截单时间'),
});
export type ShipDatePredictionWire = z.infer<typeof shipDatePredictionSchema>;

// ---------------------------------------------------------------------------------------------
// The catalogue file's JSON Schema
// ---------------------------------------------------------------------------------------------

/** Stable address of the catalogue file's JSON Schema on every merchant's site. */
export const CATALOG_SCHEMA_PATH = '/api/public/catalog-schema.json';

/**
 * JSON Schema (draft 2020-12, Chinese descriptions) of a merchant catalogue file, as published at
 * CATALOG_SCHEMA_PATH and in docs/catalog.schema.json. Beside the domain's schema it allows a
 * top-level `$schema` string, so an editor can be pointed at it from inside the file.
 */
export function catalogFileJsonSchema(): Record<string, unknown> {
  const schema = catalogJsonSchema();
  const properties = (schema.properties ?? {}) as Record<string, unknown>;
  return {
    ...schema,
    properties: {
      $schema: { type: 'string', description: '可选：本 JSON Schema 的地址，供编辑器校验与提示' },
      ...properties,
    },
  };
}

/** The text of docs/catalog.schema.json: the schema, indented, with a final newline. */
export function renderCatalogJsonSchema(): string {
  return `${JSON.stringify(catalogFileJsonSchema(), null, 2)}\n`;
}
