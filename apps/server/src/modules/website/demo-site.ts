/**
 * What the two demo merchants' sites show (docs/website.md, "Demo content"): banners, side and
 * login pictures, which products are hot and new, the notices, each version's home groups and
 * top-menu routes (spec §2). Products and categories are those of the merchant's demo catalogue.
 */
import { buildCategoryTree, findCategoryPath, type Catalog, type CategoryNode } from '@inkstone/domain';
import type { SiteImageKey } from './site-assets.ts';
import type { LinkType } from './website.mapper.ts';

export type DemoCode = 'demo' | 'maple';
export type Version = 1 | 2 | 3 | 4;
export const VERSIONS: readonly Version[] = [1, 2, 3, 4];

export interface Link {
  type: LinkType;
  target: string;
}

export interface Slide {
  image: SiteImageKey;
  title: string;
  subtitle: string;
  link: Link;
  /** Shown for this many days from the seed on (a promotion); absent: always. */
  forDays?: number;
}

/** What differs between the two demo merchants. */
export interface DemoSite {
  slides: Slide[];
  /** Side ads; a link may name a help article, known once the articles are stored. */
  side: { image: SiteImageKey; title: string; subtitle: string; link: (articles: ArticleIds) => Link }[];
  login: { image: SiteImageKey; title: string; subtitle: string };
  productImages: Record<number, SiteImageKey>;
  hotProductIds: number[];
  newProductIds: number[];
  notices: { title: string; summary: string; article: keyof ArticleIds; daysAgo: number }[];
}

/** Ids of the seeded help articles the layout and menus link to. */
export interface ArticleIds {
  orderFlow: number;
  upload: number;
  faq: number;
  bleed: number;
  delivery: number;
  shipping: number;
  payment: number;
  afterSales: number;
  about: number;
  contact: number;
}

export const help = (id: number): Link => ({ type: 'help', target: String(id) });
export const route = (path: string): Link => ({ type: 'route', target: path });
const product = (id: number): Link => ({ type: 'product', target: String(id) });

export const DEMO_SITES: Record<DemoCode, (catalog: Catalog) => DemoSite> = {
  demo: (catalog) => ({
    slides: [
      {
        image: 'banner-cards',
        title: '商务名片 · 纸张与工艺任选',
        subtitle: '铜版纸、哑粉纸、珠光纸、莱尼纹纸，覆膜、圆角、局部UV、烫金在线报价',
        link: product(1001),
      },
      {
        image: 'banner-flyers',
        title: '宣传单 · 海报 · 画册',
        subtitle: '数码快印与胶印自动择优，数量越多单价越低',
        link: category(catalog, 210),
      },
      {
        image: 'banner-packaging',
        title: '手提袋 · 信封 · 不干胶',
        subtitle: '品牌包装一站印齐，顺丰满 800 元包邮',
        link: category(catalog, 510),
        forDays: 90,
      },
    ],
    side: [
      {
        image: 'side-templates',
        title: '文件制作指南',
        subtitle: '出血、分辨率、色彩模式一次讲清',
        link: (articles) => help(articles.bleed),
      },
      {
        image: 'side-samples',
        title: '下单前必读',
        subtitle: '下单流程、交货周期与售后',
        link: (articles) => help(articles.orderFlow),
      },
    ],
    login: { image: 'login-green', title: '在线报价 · 即时下单', subtitle: '价格透明，专业审稿，准时交货' },
    productImages: {
      1001: 'product-business-card',
      2001: 'product-flyer',
      2002: 'product-poster',
      2003: 'product-brochure',
      3001: 'product-sticker',
      4001: 'product-outdoor-banner',
      4002: 'product-rollup',
      5001: 'product-bag',
      5002: 'product-envelope',
    },
    hotProductIds: [1001, 2001, 2002, 3001],
    newProductIds: [2003, 4002, 5001, 5002],
    notices: [
      {
        title: '每日 17:00 前确认的订单当天排产',
        summary: '周日休息，节假日按公告安排',
        article: 'delivery',
        daysAgo: 2,
      },
      {
        title: '顺丰速运满 800 元包邮',
        summary: '偏远地区及港澳除外，到店自提免运费',
        article: 'shipping',
        daysAgo: 9,
      },
      {
        title: '支持微信、支付宝与余额支付',
        summary: '未付款订单 24 小时后自动取消',
        article: 'payment',
        daysAgo: 20,
      },
    ],
  }),
  maple: (catalog) => ({
    slides: [
      {
        image: 'banner-documents',
        title: '文件打印 · 立等可取',
        subtitle: 'A4/A3 黑白、彩色打印，少量当天完成',
        link: product(9101),
      },
      {
        image: 'banner-signage',
        title: '条幅 · KT板展板',
        subtitle: '开业、活动、展会物料，最快当天出货',
        link: category(catalog, 21),
      },
      {
        image: 'banner-tickets',
        title: '门票 · 代金券',
        subtitle: '250g 铜版卡，可打流水号、压撕口虚线',
        link: product(9301),
        forDays: 90,
      },
    ],
    side: [
      {
        image: 'side-templates',
        title: '免费设计模板',
        subtitle: '带出血线与安全区，下载即用',
        link: () => route('/template-v4'),
      },
      {
        image: 'side-samples',
        title: '常见问题',
        subtitle: '文件、交期、运费与发票',
        link: (articles) => help(articles.faq),
      },
    ],
    login: {
      image: 'login-red',
      title: '图文快印 · 在线下单',
      subtitle: '上传文件、在线付款，到店自提或快递到家',
    },
    productImages: {
      9101: 'product-document',
      9201: 'product-cloth-banner',
      9202: 'product-kt-board',
      9301: 'product-ticket',
    },
    hotProductIds: [9101, 9201, 9202, 9301],
    newProductIds: [9301, 9202],
    notices: [
      {
        title: '每周一店休，16:00 前下单当天制作',
        summary: '春节、国庆闭店，其余节假日照常营业',
        article: 'delivery',
        daysAgo: 3,
      },
      {
        title: '中通快递满 300 元包邮',
        summary: '偏远地区除外，门店自提免运费',
        article: 'shipping',
        daysAgo: 12,
      },
      {
        title: '条幅少量当天出货',
        summary: 'KT 板展板 1 个工作日，加急请先来电确认',
        article: 'delivery',
        daysAgo: 25,
      },
    ],
  }),
};

/** The link to a leaf category: its three-level id path (`200/210/210`). */
export function category(catalog: Catalog, leafId: number): Link {
  const path = findCategoryPath(buildCategoryTree(catalog.Categories), leafId);
  if (path.length === 0) throw new Error(`demo category ${leafId} is not in the catalogue`);
  return { type: 'category', target: path.join('/') };
}

/** Each first-level category with its first leaf that has a product, in catalogue order. */
export function categoryGrid(catalog: Catalog): { node: CategoryNode; leafId: number; productId: number }[] {
  const tree = buildCategoryTree(catalog.Categories);
  const grid: { node: CategoryNode; leafId: number; productId: number }[] = [];
  for (const root of tree) {
    const first = catalog.Products.find(
      (candidate) => findCategoryPath([root], candidate.CategoryId).length > 0,
    );
    const node = catalog.Categories.find((candidate) => candidate.Id === root.Id);
    if (first && node) grid.push({ node, leafId: first.CategoryId, productId: first.Id });
  }
  return grid;
}

/** Each version's home, order list and other top-menu routes (spec §2). */
export const MENU_ROUTES: Record<Version, { home: string; order: string; extra: [string, string][] }> = {
  1: { home: '/home', order: '/user/order/1', extra: [['在线下单', '/index']] },
  2: {
    home: '/index-v2',
    order: '/user-v2/order/1',
    extra: [
      ['报价中心', '/quotationCenter'],
      ['批量上传', '/batch-upload'],
    ],
  },
  3: {
    home: '/index-v3',
    order: '/user-v3/order/1',
    extra: [
      ['报价中心', '/quotationCenter-v3'],
      ['批量上传', '/batch-upload-v3'],
    ],
  },
  4: {
    home: '/index-v4',
    order: '/user-v4/order/1',
    extra: [
      ['产品中心', '/productIntro-v4'],
      ['模板中心', '/template-v4'],
      ['报价中心', '/quotationCenter-v4'],
      ['批量上传', '/batch-upload-v4'],
    ],
  },
};

/** Which groups each version's home page shows, in order. */
export const LAYOUTS: Record<
  Version,
  readonly ('carousel' | 'category_grid' | 'hot_products' | 'new_products' | 'notices' | 'rich_text')[]
> = {
  1: ['carousel', 'category_grid', 'hot_products', 'notices'],
  2: ['carousel', 'hot_products', 'new_products', 'rich_text', 'notices'],
  3: ['category_grid', 'hot_products', 'new_products'],
  4: ['carousel', 'category_grid', 'hot_products', 'new_products', 'notices', 'rich_text'],
};

/** The rich-text group's content. */
export const PROMISES_HTML = `<ul>
<li><strong>价格透明</strong>：纸张、印刷、工艺逐项列出，下单价即结算价。</li>
<li><strong>专业审稿</strong>：每份文件核对尺寸、出血、分辨率，有问题先沟通再印刷。</li>
<li><strong>准时交货</strong>：下单时就能看到预计发货日期。</li>
<li><strong>售后无忧</strong>：质量问题免费重印。</li>
</ul>`;

/** Title and subtitle of each kind of home group. */
export const GROUP_TITLES = {
  carousel: { title: '精选推荐', subtitle: '' },
  category_grid: { title: '商品分类', subtitle: '按分类在线报价' },
  hot_products: { title: '热销商品', subtitle: '最多人下单的印刷品' },
  new_products: { title: '新品上架', subtitle: '更多材料与工艺' },
  notices: { title: '网站公告', subtitle: '' },
  rich_text: { title: '我们的服务', subtitle: '' },
} as const;
