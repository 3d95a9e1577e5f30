/**
 * Catalogue file model (one file per merchant): categories, papers, press sheets, products with
 * their choices, SKU binding rules and price rules. Cross-references are checked in
 * `catalog-refine.ts`; this file holds the shape only. Money is integer fen, lengths integer mm.
 */
import { z } from 'zod';

/** Largest amount a catalogue may state, in fen (¥10,000,000). */
export const MAX_CATALOG_FEN = 1_000_000_000;

const optionIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,40}$/)
  .describe('选项编号：字母、数字、下划线或短横线，1–40 个字符，在所属列表内唯一');

const fen = (what: string) => z.int().min(0).max(MAX_CATALOG_FEN).describe(`${what}（单位：分）`);
const mm = (what: string) => z.int().min(1).max(100_000).describe(`${what}（单位：毫米）`);
const count = (what: string, max = 10_000_000) => z.int().min(1).max(max).describe(what);
const title = (what: string) => z.string().min(1).max(60).describe(what);

/** ISO calendar date `YYYY-MM-DD`. */
const isoDateSchema = z.iso.date().describe('日期，格式 YYYY-MM-DD');

/** Ink set of a colour choice: process four-colour, spot colour or black only. */
export const INKS = ['四色', '专色', '单黑'] as const;
/** Ink set of a colour choice. */
export type Ink = (typeof INKS)[number];

/** Kinds of technology (工艺), used for grouping in the UI and in docs. */
export const TECHNOLOGY_KINDS = [
  '覆膜',
  'UV',
  '烫金',
  '模切',
  '圆角',
  '打孔',
  '压痕',
  '折页',
  '装订',
  '其他',
] as const;

/** How a technology is charged; see docs/pricing.md §工艺. */
export const FINISHING_UNITS = ['piece', 'sqm', 'metre', 'sheet', 'fixed'] as const;
/** How a technology is charged. */
export type FinishingUnit = (typeof FINISHING_UNITS)[number];

/** Product category node exactly as spec §3 names its fields. */
export const categoryNodeSchema = z
  .object({
    Id: count('分类编号（稳定的正整数，路由 /proinfo/{一级}/{二级}/{三级} 使用）', 2_147_483_647),
    ParentId: z.int().min(0).max(2_147_483_647).describe('上级分类编号，0 表示一级分类'),
    Title: title('分类名称'),
    SerialNumber: z.int().min(0).max(1_000_000).describe('排序号，越小越靠前'),
    ShowType: z.int().min(0).max(99).describe('展示方式，原样交给前端解释'),
    Icon: z.string().max(500).describe('图标地址或图标名，可为空字符串'),
    SourceType: z.int().min(0).max(99).describe('来源类型：2 表示没有下级的分类可把自己当作唯一的下级'),
  })
  .strict()
  .describe('商品分类节点');
/** Product category node (spec §3). */
export type CategoryNode = z.infer<typeof categoryNodeSchema>;

const holidaySchema = z
  .object({ Name: title('节假日名称'), From: isoDateSchema, To: isoDateSchema })
  .strict()
  .describe('休息日区间（含首尾两天）');

const workingDaySchema = z
  .object({ Date: isoDateSchema, Name: title('说明，例如 国庆调休上班') })
  .strict()
  .describe('本应休息但照常上班的日期（调休上班）');

/** Merchant working calendar for delivery-date prediction. */
export const merchantCalendarSchema = z
  .object({
    CutoffTime: z
      .string()
      .regex(/^([01]\d|2[0-3]):[0-5]\d$/)
      .describe('每日截单时间 HH:mm（北京时间），此时刻及之后的订单从下一个工作日开始生产'),
    RestWeekdays: z.array(z.int().min(0).max(6)).max(6).describe('每周固定休息日，0=周日，1=周一 … 6=周六'),
    Holidays: z.array(holidaySchema).describe('节假日休息安排'),
    ExtraWorkingDays: z.array(workingDaySchema).describe('调休上班日：即使落在固定休息日也照常生产'),
    Note: z.string().max(200).optional().describe('日历说明，例如哪一年的安排尚属预排'),
  })
  .strict()
  .describe('商家生产日历');
/** Merchant working calendar. */
export type MerchantCalendar = z.infer<typeof merchantCalendarSchema>;

/** A paper or large-format material the merchant stocks. */
export const paperSchema = z
  .object({
    Id: optionIdSchema,
    Name: title('纸张/材料名称，例如 157g铜版纸'),
    Material: title('材质，例如 铜版纸、哑粉纸、特种纸、喷绘布'),
    Gsm: z.int().min(20).max(3000).describe('克重（克/平方米），用于计算纸价与重量'),
    PricePerTonFen: fen('吨价，印张纸价 = 吨价 × 克重 × 印张面积').optional(),
    PricePerM2Fen: fen('大幅面按平方米计价的材料连喷印单价').optional(),
  })
  .strict()
  .describe('纸张或材料');
/** A paper or large-format material. */
export type Paper = z.infer<typeof paperSchema>;

/** A press sheet size (正度/大度 and their divisions, or a digital sheet). */
export const pressSheetSchema = z
  .object({
    Id: optionIdSchema,
    Name: title('印张名称，例如 大度对开'),
    Family: z.enum(['正度', '大度', '数码']).describe('纸度：正度 787×1092、大度 889×1194 或数码纸'),
    WidthMm: mm('印张短边'),
    HeightMm: mm('印张长边'),
  })
  .strict()
  .describe('印张规格');
/** A press sheet size. */
export type PressSheet = z.infer<typeof pressSheetSchema>;

const presetSizeSchema = z
  .object({ Id: optionIdSchema, Name: title('尺寸名称'), WidthMm: mm('成品宽'), HeightMm: mm('成品高') })
  .strict()
  .describe('预设成品尺寸（手提袋、信封为展开尺寸）');

const customSizeSchema = z
  .object({
    MinWidthMm: mm('自定义最小宽'),
    MaxWidthMm: mm('自定义最大宽'),
    MinHeightMm: mm('自定义最小高'),
    MaxHeightMm: mm('自定义最大高'),
  })
  .strict()
  .describe('允许自定义宽 × 高时的范围');

const styleSchema = z
  .object({
    Id: optionIdSchema,
    Name: title('款式名称'),
    PaperId: optionIdSchema.describe('所用纸张/材料编号'),
  })
  .strict()
  .describe('款式：纸张或材料及其克重');

const colourSchema = z
  .object({
    Id: optionIdSchema,
    Name: title('颜色名称，例如 双面四色'),
    Sides: z.union([z.literal(1), z.literal(2)]).describe('印刷面数：1 单面，2 双面'),
    Ink: z.enum(INKS).describe('色数：四色、专色或单黑'),
  })
  .strict()
  .describe('颜色选项');

/** How one technology is charged. */
export const finishingPriceSchema = z
  .object({
    Unit: z
      .enum(FINISHING_UNITS)
      .describe(
        '计价单位：piece 按件，sqm 按成品平方米，metre 按成品周长米数，sheet 按印张（含放数），fixed 每单固定',
      ),
    RateFen: fen('单价：每 PerUnits 个计价单位的价格'),
    PerUnits: count('单价对应的计价单位数量，例如每 1000 件', 1_000_000).default(1),
    SetupFen: fen('一次性准备费，例如刀版费、烫金版费').default(0),
    MinFen: fen('该工艺最低收费').default(0),
  })
  .strict()
  .describe('工艺计价规则');

const technologySchema = z
  .object({
    Id: optionIdSchema,
    Name: title('工艺名称'),
    Kind: z.enum(TECHNOLOGY_KINDS).describe('工艺类别'),
    Group: z.string().min(1).max(20).optional().describe('互斥组：同组工艺只能选一个'),
    ExcludeIds: z.array(optionIdSchema).default([]).describe('与之互斥的工艺编号（双向生效）'),
    ExcludeStyleIds: z.array(optionIdSchema).default([]).describe('不能用于这些款式'),
    PageRange: z
      .object({ Min: count('最少页数', 10_000), Max: count('最多页数', 10_000) })
      .strict()
      .optional()
      .describe('仅适用于此页数范围（例如骑马钉）'),
    ExtraDays: z.int().min(0).max(60).default(0).describe('选用后增加的生产天数'),
    Price: finishingPriceSchema,
  })
  .strict()
  .describe('工艺选项');

const pagesSchema = z
  .object({
    Min: count('最少页数（含封面 4 页）', 10_000),
    Max: count('最多页数', 10_000),
    Multiple: count('页数必须是它的倍数', 64).default(4),
    CoverStyleIds: z.array(optionIdSchema).min(1).describe('可作封面的款式编号'),
    InnerStyleIds: z.array(optionIdSchema).min(1).describe('可作内页的款式编号'),
  })
  .strict()
  .describe('页数规则：封面 4 页 + 内页，按跨页（2 页宽）拼版');

const quantitySchema = z
  .object({
    Presets: z.array(count('预设数量')).describe('可选的预设数量'),
    Free: z
      .object({ Min: count('最小数量'), Max: count('最大数量'), Step: count('递增步长') })
      .strict()
      .optional()
      .describe('自由输入数量：从 Min 起按 Step 递增，不超过 Max'),
  })
  .strict()
  .describe('数量规则（单位见商品 Unit）');

const skuBindingSchema = z
  .object({
    SkuCode: z
      .string()
      .regex(/^[A-Za-z0-9_.-]{1,60}$/)
      .describe('商家 SKU 编码'),
    SizeId: optionIdSchema.optional().describe('限定预设尺寸；省略表示任何尺寸（含自定义）'),
    StyleId: optionIdSchema.optional().describe('限定款式（画册为封面）'),
    InnerStyleId: optionIdSchema.optional().describe('限定内页款式'),
    PageCount: count('限定页数', 10_000).optional(),
    ColourId: optionIdSchema.optional().describe('限定颜色'),
    TechnologyIds: z.array(optionIdSchema).optional().describe('限定工艺组合（须完全一致）；省略表示任意'),
  })
  .strict()
  .describe('SKU 绑定规则：选项组合 → 商家 SKU 编码，按顺序取第一条匹配');

const fixedPriceSchema = z
  .object({
    SkuCode: z.string().min(1).max(60).describe('SKU 编码'),
    Prices: z
      .array(z.object({ Quantity: count('数量'), PriceFen: fen('该数量的一口价') }).strict())
      .min(1)
      .describe('数量 → 一口价'),
  })
  .strict()
  .describe('一口价表');

const breakSchema = z
  .object({
    MinQuantity: count('达到此数量起'),
    DiscountPercent: z.int().min(1).max(50).describe('整单优惠百分比'),
  })
  .strict()
  .describe('数量优惠档');

const spoilageSchema = z
  .object({
    SheetsPerSide: z.int().min(0).max(1000).describe('每印刷面固定放数（张）'),
    Permille: z.int().min(0).max(500).describe('按正数印张的千分比放数，向上取整'),
  })
  .strict()
  .describe('放数规则');

const printRateSchema = z
  .object({
    Ink: z.enum(INKS).describe('适用色数'),
    SetupFenPerSide: fen('每印刷面开机费（含制版）'),
    RateFen: fen('印工：每 PerSheets 印张·面的价格'),
    PerSheets: count('印工单价对应的印张·面数', 100_000).default(1000),
  })
  .strict()
  .describe('印刷单价');

const pressSchema = z
  .object({
    Id: optionIdSchema,
    Name: title('机台名称，例如 大度对开胶印'),
    PressSheetId: optionIdSchema.describe('所用印张规格编号'),
    MarginMm: z.int().min(0).max(100).describe('印张每边不可印留白（含咬口）（毫米）'),
    Rates: z.array(printRateSchema).min(1).describe('各色数的印刷单价'),
    Spoilage: spoilageSchema,
  })
  .strict()
  .describe('印刷机台');

/** 报价 by imposition onto press sheets. */
export const sheetOfferSchema = z
  .object({
    Kind: z.literal('sheet').describe('按印张拼版报价'),
    BleedMm: z.int().min(0).max(20).describe('每边出血（毫米）'),
    Presses: z.array(pressSchema).min(1).describe('可选机台，自动取总价最低者'),
    Breaks: z.array(breakSchema).default([]).describe('数量优惠档，MinQuantity 升序'),
    MinChargeFen: fen('整单起步价').default(0),
  })
  .strict()
  .describe('拼版报价规则');

/** 报价 by area (large format). */
export const areaOfferSchema = z
  .object({
    Kind: z.literal('area').describe('大幅面按面积报价'),
    MinAreaPerPieceM2: z.number().min(0).max(100).describe('每件最小计价面积（平方米，最多两位小数）'),
    Breaks: z.array(breakSchema).default([]).describe('数量优惠档，MinQuantity 升序'),
    MinChargeFen: fen('整单起步价').default(0),
  })
  .strict()
  .describe('面积报价规则');

const productionDaySchema = z
  .object({ MinQuantity: count('达到此数量起'), Days: z.int().min(0).max(365).describe('生产工作日数') })
  .strict()
  .describe('生产周期档');

/** One product with its choices and price rules. */
export const productSchema = z
  .object({
    Id: count('商品编号（稳定的正整数）', 2_147_483_647),
    CategoryId: count('所属末级分类编号', 2_147_483_647),
    Title: title('商品名称'),
    Aliases: z
      .array(z.string().trim().min(1).max(20))
      .max(20)
      .optional()
      .describe(
        '别名：批量下单按文件名识别商品时，除商品名称与所属分类名称外也认作此商品的叫法，例如 传单、DM单',
      ),
    Summary: z.string().max(500).optional().describe('商品简介'),
    Unit: z.string().min(1).max(4).describe('计量单位，例如 盒、张、本、个'),
    PiecesPerUnit: count('每计量单位的成品件数，例如名片每盒 100 张', 10_000).default(1),
    PriceMode: z
      .enum(['fixed', 'offer', 'fixedOrOffer'])
      .describe('默认计价方式：fixed 一口价，offer 报价，fixedOrOffer 有一口价用一口价否则报价'),
    Sizes: z
      .object({
        Presets: z.array(presetSizeSchema).describe('预设尺寸'),
        Custom: customSizeSchema.optional(),
      })
      .strict()
      .describe('尺寸选项'),
    Styles: z.array(styleSchema).min(1).describe('款式选项'),
    Colours: z.array(colourSchema).min(1).describe('颜色选项'),
    Technologies: z.array(technologySchema).max(30).default([]).describe('工艺选项（最多 30 个）'),
    RequiredGroups: z.array(z.string().min(1).max(20)).default([]).describe('必须从中选一个工艺的互斥组'),
    Pages: pagesSchema.optional(),
    Quantity: quantitySchema,
    SkuBindings: z.array(skuBindingSchema).default([]).describe('SKU 绑定规则'),
    FixedPrices: z.array(fixedPriceSchema).default([]).describe('一口价表'),
    Offer: z.discriminatedUnion('Kind', [sheetOfferSchema, areaOfferSchema]).optional().describe('报价规则'),
    ProductionDays: z.array(productionDaySchema).min(1).describe('生产周期，MinQuantity 升序'),
  })
  .strict()
  .describe('商品');
/** One product of a catalogue. */
export type Product = z.infer<typeof productSchema>;
/** One technology choice of a product. */
export type Technology = Product['Technologies'][number];
/** The 报价 rules of a product. */
export type Offer = NonNullable<Product['Offer']>;
/** 报价 by imposition onto press sheets. */
export type SheetOffer = z.infer<typeof sheetOfferSchema>;
/** A press: sheet size, margins, print rates and spoilage. */
export type Press = SheetOffer['Presses'][number];
/** How a technology is charged. */
export type FinishingPrice = z.infer<typeof finishingPriceSchema>;

/** Shape of a whole merchant catalogue file, before cross-reference checks. */
export const catalogShapeSchema = z
  .object({
    SchemaVersion: z.literal(1).describe('目录文件格式版本'),
    Merchant: z
      .object({
        Code: z
          .string()
          .regex(/^[a-z][a-z0-9-]{1,31}$/)
          .describe('商家代码（子域名）'),
        Name: title('商家名称'),
      })
      .strict()
      .describe('商家'),
    Calendar: merchantCalendarSchema,
    Papers: z.array(paperSchema).min(1).describe('纸张与材料'),
    PressSheets: z.array(pressSheetSchema).default([]).describe('印张规格'),
    Categories: z.array(categoryNodeSchema).min(1).describe('商品分类'),
    Products: z.array(productSchema).min(1).describe('商品'),
  })
  .strict();
/** A whole merchant catalogue (after defaults are applied). */
export type Catalog = z.infer<typeof catalogShapeSchema>;
