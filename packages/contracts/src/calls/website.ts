import { z } from 'zod';
import { INT32_MAX, pageIndexSchema } from './commerce-fields.ts';
import { contentImageSchema } from './content-image.ts';

/** POST /api/website/GetWebConfig — what the shell needs to draw the merchant's site. */
export const webConfigSchema = z.object({
  WebSiteName: z.string().describe('网站名称（页面标题）'),
  CompanyName: z.string().describe('商户名称'),
  CompanyCode: z.string().describe('商户代码'),
  ThemePreference: z.number().int().describe('主题偏好：2 为红色，其余为绿色'),
  InterfaceVersion: z.number().int().describe('界面版本 1–4'),
  ServicePhone: z.string().describe('客服电话'),
  ServiceQQ: z.string().describe('客服 QQ'),
  Address: z.string().describe('门店地址'),
  BusinessHours: z.string().describe('营业时间'),
  IcpNumber: z.string().describe('ICP 备案号'),
  Notice: z.string().describe('网站公告'),
  LogoUrl: z.string().nullable().describe('商户 Logo 的地址（本站，WebP）；未上传为 null'),
});
export type WebConfig = z.infer<typeof webConfigSchema>;

// ---------------------------------------------------------------------------------------------
// Site content (docs/website.md): ads, the home page's layout, the navigation menu, the help
// centre and the template centre. Every list is the merchant's own; rich text is sanitised on
// the server with an allow-list before it is stored and again before it is sent.

/** Where a banner, a menu entry or a home item leads. */
export const contentLinkSchema = z.object({
  Type: z
    .enum(['none', 'product', 'category', 'help', 'url', 'route'])
    .describe(
      'none 不跳转；product 商品（Target 为商品 Id）；category 分类（Target 为 一级/二级/三级 Id 路径，用 / 分隔）；help 帮助文章（Target 为文章 Id）；url 外部网址；route 站内页面路径',
    ),
  Target: z.string().describe('跳转目标，含义见 Type'),
});
export type ContentLink = z.infer<typeof contentLinkSchema>;

export const AD_POSITIONS = ['home_carousel', 'home_side', 'login'] as const;
export type AdPosition = (typeof AD_POSITIONS)[number];

/** POST /api/website/QueryAd: the banners of one position showing now, in order. */
export const queryAdBodySchema = z.object({
  Position: z
    .enum(AD_POSITIONS, { error: '广告位置无效' })
    .default('home_carousel')
    .describe('广告位置（home_carousel 首页轮播，home_side 首页侧栏，login 登录页）'),
});
export type QueryAdBody = z.output<typeof queryAdBodySchema>;

export const adSchema = z.object({
  Id: z.number().int(),
  Position: z.enum(AD_POSITIONS),
  Title: z.string().describe('标题（图片说明）'),
  Subtitle: z.string().describe('副标题'),
  Image: contentImageSchema,
  Link: contentLinkSchema,
  SerialNumber: z.number().int().describe('排序，小的在前'),
  StartTime: z.string().nullable().describe('开始展示时间（ISO 8601），空为不限'),
  EndTime: z.string().nullable().describe('结束展示时间（ISO 8601），空为不限'),
});
export type Ad = z.infer<typeof adSchema>;
export const adListSchema = z.array(adSchema);

export const HOME_GROUP_KINDS = [
  'carousel',
  'category_grid',
  'hot_products',
  'new_products',
  'notices',
  'rich_text',
] as const;
export type HomeGroupKind = (typeof HOME_GROUP_KINDS)[number];

/** POST /api/website/QueryHomeLayoutGroup: the home page's groups, in order, without their items. */
export const queryHomeLayoutGroupBodySchema = z.object({
  Version: z
    .number({ error: '界面版本应为 1–4' })
    .int({ error: '界面版本应为 1–4' })
    .min(1, { error: '界面版本应为 1–4' })
    .max(4, { error: '界面版本应为 1–4' })
    .nullish()
    .describe('界面版本（1–4；不传为商户当前版本）'),
});
export type QueryHomeLayoutGroupBody = z.output<typeof queryHomeLayoutGroupBodySchema>;

export const homeLayoutGroupSchema = z.object({
  Id: z.number().int(),
  Kind: z
    .enum(HOME_GROUP_KINDS)
    .describe(
      'carousel 轮播，category_grid 分类宫格，hot_products 热销商品，new_products 新品，notices 公告，rich_text 自定义图文',
    ),
  Title: z.string(),
  Subtitle: z.string(),
  SerialNumber: z.number().int(),
});
export type HomeLayoutGroup = z.infer<typeof homeLayoutGroupSchema>;
export const homeLayoutGroupListSchema = z.array(homeLayoutGroupSchema);

/** POST /api/website/QueryHomeLayout: one group with its items, or every group when GroupId is absent. */
export const queryHomeLayoutBodySchema = queryHomeLayoutGroupBodySchema.extend({
  GroupId: z
    .number({ error: '分组无效' })
    .int({ error: '分组无效' })
    .min(1, { error: '分组无效' })
    .max(INT32_MAX, { error: '分组无效' })
    .nullish()
    .describe('分组（Id；不传为全部分组）'),
});
export type QueryHomeLayoutBody = z.output<typeof queryHomeLayoutBodySchema>;

export const homeLayoutItemSchema = z.object({
  Id: z.number().int(),
  Title: z.string(),
  Summary: z.string().describe('一句话说明（公告为发布日期之外的摘要）'),
  Image: contentImageSchema.nullable(),
  Link: contentLinkSchema,
  ProductId: z.number().int().nullable().describe('商品项的商品 Id'),
  FromPriceFen: z
    .number()
    .int()
    .nullable()
    .describe('商品“起”价（分），由报价引擎按最便宜的有效配置算出；非商品为空'),
  Html: z.string().describe('自定义图文的内容、公告的正文（已净化的 HTML）；其余为空'),
  PublishedAt: z.string().nullable().describe('公告的发布时间（ISO 8601）'),
});
export type HomeLayoutItem = z.infer<typeof homeLayoutItemSchema>;

export const homeLayoutSchema = z.array(
  homeLayoutGroupSchema.extend({ Items: z.array(homeLayoutItemSchema) }),
);
export type HomeLayout = z.infer<typeof homeLayoutSchema>;

/** POST /api/website/queryhomemenu: the navigation menu of one version and position. */
export const queryHomeMenuBodySchema = queryHomeLayoutGroupBodySchema.extend({
  Position: z
    .enum(['top', 'side', 'footer'], { error: '菜单位置无效' })
    .default('top')
    .describe('菜单位置（top 顶部导航，side 侧栏，footer 页脚）'),
});
export type QueryHomeMenuBody = z.output<typeof queryHomeMenuBodySchema>;

export interface HomeMenuEntry {
  Id: number;
  Title: string;
  Link: ContentLink;
  Children: HomeMenuEntry[];
}
export const homeMenuEntrySchema: z.ZodType<HomeMenuEntry> = z.lazy(() =>
  z.object({
    Id: z.number().int(),
    Title: z.string(),
    Link: contentLinkSchema,
    Children: z.array(homeMenuEntrySchema),
  }),
);
export const homeMenuSchema = z.array(homeMenuEntrySchema);

/** POST /api/website/QueryHelperMenu: the help centre's categories and their article titles. */
export const queryHelperMenuBodySchema = z.object({
  Keyword: z
    .string({ error: '搜索词应为文字' })
    .trim()
    .max(50, { error: '搜索词最多 50 个字' })
    .default('')
    .describe('搜索词（只列标题或正文含此词的文章）'),
});
export type QueryHelperMenuBody = z.output<typeof queryHelperMenuBodySchema>;

export const helpArticleRefSchema = z.object({ Id: z.number().int(), Title: z.string() });
export type HelpArticleRef = z.infer<typeof helpArticleRefSchema>;

export const helpCategorySchema = z.object({
  Id: z.number().int(),
  Key: z
    .string()
    .describe('分类的固定标识：about 为“关于我们”（v2 的 /about 页显示该分类的第一篇文章）；普通分类为空'),
  Title: z.string(),
  SerialNumber: z.number().int(),
  Articles: z.array(helpArticleRefSchema),
});
export type HelpCategory = z.infer<typeof helpCategorySchema>;
export const helperMenuSchema = z.array(helpCategorySchema);

/** POST /api/website/HelperInfo: one help article. */
export const helperInfoBodySchema = z.object({
  Id: z
    .number({ error: '请指定文章' })
    .int({ error: '文章无效' })
    .min(1, { error: '文章无效' })
    .max(INT32_MAX, { error: '文章无效' })
    .describe('文章（Id）'),
});
export type HelperInfoBody = z.output<typeof helperInfoBodySchema>;

export const helpArticleSchema = z.object({
  Id: z.number().int(),
  Title: z.string(),
  CategoryId: z.number().int(),
  CategoryTitle: z.string(),
  Html: z.string().describe('正文（已净化的 HTML）'),
  UpdatedAt: z.string(),
  Previous: helpArticleRefSchema.nullable().describe('同一分类的上一篇'),
  Next: helpArticleRefSchema.nullable().describe('同一分类的下一篇'),
});
export type HelpArticle = z.infer<typeof helpArticleSchema>;

export const TEMPLATE_FORMATS = ['PDF', 'AI', 'CDR', 'PSD'] as const;

/** POST /api/Website/QueryTemplate: design templates, paged, filterable. */
export const queryTemplateBodySchema = z.object({
  CategoryId: z
    .number({ error: '模板分类无效' })
    .int({ error: '模板分类无效' })
    .min(1, { error: '模板分类无效' })
    .max(INT32_MAX, { error: '模板分类无效' })
    .nullish()
    .describe('模板分类（Id）'),
  ProductId: z
    .number({ error: '商品无效' })
    .int({ error: '商品无效' })
    .min(1, { error: '商品无效' })
    .max(INT32_MAX, { error: '商品无效' })
    .nullish()
    .describe('商品（Id）'),
  Keyword: z
    .string({ error: '搜索词应为文字' })
    .trim()
    .max(50, { error: '搜索词最多 50 个字' })
    .default('')
    .describe('搜索词（只列标题含此词的模板）'),
  pageindex: pageIndexSchema,
  limit: z
    .number({ error: '每页条数应为整数' })
    .int({ error: '每页条数应为整数' })
    .min(1, { error: '每页至少 1 条' })
    .max(60, { error: '每页最多 60 条' })
    .default(12)
    .describe('每页（条数 1–60，默认 12）'),
});
export type QueryTemplateBody = z.output<typeof queryTemplateBodySchema>;

export const designTemplateSchema = z.object({
  Id: z.number().int(),
  Title: z.string(),
  CategoryId: z.number().int(),
  CategoryTitle: z.string(),
  ProductId: z.number().int().nullable(),
  FinishedWidthMm: z.number().describe('成品宽（mm）'),
  FinishedHeightMm: z.number().describe('成品高（mm）'),
  BleedMm: z.number().describe('每边出血（mm）'),
  Preview: contentImageSchema,
  Files: z.array(
    z.object({
      Format: z.enum(TEMPLATE_FORMATS),
      Url: z.string().describe('下载地址'),
      FileName: z.string().describe('下载文件名'),
      SizeBytes: z.number().int(),
    }),
  ),
});
export type DesignTemplate = z.infer<typeof designTemplateSchema>;

export const templatePageSchema = z.object({
  List: z.array(designTemplateSchema),
  PageIndex: z.number().int().describe('页码（从 1 开始）'),
  Limit: z.number().int(),
  PageCount: z.number().int(),
  TotalCount: z.number().int(),
  Categories: z
    .array(z.object({ Id: z.number().int(), Title: z.string(), Count: z.number().int() }))
    .describe('模板分类及其模板数（筛选用）'),
});
export type TemplatePage = z.infer<typeof templatePageSchema>;
