/**
 * The demo design templates (模板中心): what each one is, its finished size and bleed, and which
 * demo product it is for. scripts/generate-site-images.ts draws each template's PDF and preview
 * from this list; the demo seed stores it for both demo merchants. Sizes and bleeds are those of
 * the demo catalogues' products (packages/domain/src/catalog/demo).
 */

/** How a template's artwork is drawn (the preview) and whether its PDF is a flat page or a die-line. */
export type DemoTemplateArt =
  | 'card'
  | 'card-vertical'
  | 'flyer'
  | 'poster'
  | 'sticker-round'
  | 'sticker-label'
  | 'brochure'
  | 'bag'
  | 'envelope'
  | 'ticket'
  | 'board'
  | 'document';

export interface DemoTemplate {
  /** File names: `<slug>.pdf`, and the preview image `template-<slug>`. */
  slug: string;
  title: string;
  /** Template category title (one category per title, per merchant). */
  category: string;
  /** Words of English for the PDF's labels (its standard fonts have no Chinese). */
  label: string;
  art: DemoTemplateArt;
  /** The flat (for a die-line: the unfolded) sheet without bleed, in mm. */
  widthMm: number;
  heightMm: number;
  bleedMm: number;
  /** Distance of the safe area inside the trim, in mm. */
  safeMm: number;
  /** The product of each demo merchant's catalogue the template is for; absent: none. */
  productIds: { demo?: number; maple?: number };
  /** Only for these merchants; absent: both. */
  merchants?: readonly ('demo' | 'maple')[];
}

export const DEMO_TEMPLATES: readonly DemoTemplate[] = [
  {
    slug: 'card-classic',
    title: '商务名片 · 经典横版',
    category: '名片',
    label: 'Business card, landscape',
    art: 'card',
    widthMm: 90,
    heightMm: 54,
    bleedMm: 2,
    safeMm: 3,
    productIds: { demo: 1001 },
  },
  {
    slug: 'card-vertical',
    title: '商务名片 · 简约竖版',
    category: '名片',
    label: 'Business card, portrait',
    art: 'card-vertical',
    widthMm: 54,
    heightMm: 90,
    bleedMm: 2,
    safeMm: 3,
    productIds: { demo: 1001 },
  },
  {
    slug: 'card-euro',
    title: '商务名片 · 欧式 85×54',
    category: '名片',
    label: 'Business card, European size',
    art: 'card',
    widthMm: 85,
    heightMm: 54,
    bleedMm: 2,
    safeMm: 3,
    productIds: { demo: 1001 },
  },
  {
    slug: 'flyer-a4',
    title: '宣传单 · A4 单页',
    category: '宣传单',
    label: 'Flyer A4',
    art: 'flyer',
    widthMm: 210,
    heightMm: 297,
    bleedMm: 2,
    safeMm: 5,
    productIds: { demo: 2001 },
  },
  {
    slug: 'flyer-a5',
    title: '宣传单 · A5 促销单',
    category: '宣传单',
    label: 'Flyer A5',
    art: 'flyer',
    widthMm: 148,
    heightMm: 210,
    bleedMm: 2,
    safeMm: 5,
    productIds: { demo: 2001 },
  },
  {
    slug: 'poster-a3',
    title: '海报 · A3 活动海报',
    category: '海报',
    label: 'Poster A3',
    art: 'poster',
    widthMm: 297,
    heightMm: 420,
    bleedMm: 3,
    safeMm: 10,
    productIds: { demo: 2002 },
  },
  {
    slug: 'poster-d4',
    title: '海报 · 大4开 420×570',
    category: '海报',
    label: 'Poster 420 x 570',
    art: 'poster',
    widthMm: 420,
    heightMm: 570,
    bleedMm: 3,
    safeMm: 10,
    productIds: { demo: 2002 },
  },
  {
    slug: 'sticker-round',
    title: '不干胶 · 圆形 50mm',
    category: '不干胶',
    label: 'Round sticker 50 mm',
    art: 'sticker-round',
    widthMm: 50,
    heightMm: 50,
    bleedMm: 2,
    safeMm: 3,
    productIds: { demo: 3001 },
  },
  {
    slug: 'sticker-label',
    title: '不干胶 · 方形标签 60×40',
    category: '不干胶',
    label: 'Label 60 x 40',
    art: 'sticker-label',
    widthMm: 60,
    heightMm: 40,
    bleedMm: 2,
    safeMm: 3,
    productIds: { demo: 3001 },
  },
  {
    slug: 'brochure-a4',
    title: '画册 · A4 企业画册封面',
    category: '画册',
    label: 'Brochure cover A4',
    art: 'brochure',
    widthMm: 210,
    heightMm: 297,
    bleedMm: 3,
    safeMm: 5,
    productIds: { demo: 2003 },
  },
  {
    slug: 'brochure-square',
    title: '画册 · 方形 210×210',
    category: '画册',
    label: 'Brochure cover 210 x 210',
    art: 'brochure',
    widthMm: 210,
    heightMm: 210,
    bleedMm: 3,
    safeMm: 5,
    productIds: { demo: 2003 },
  },
  {
    slug: 'bag-medium',
    title: '手提袋 · 中号 30×40×10cm 展开图',
    category: '手提袋',
    label: 'Paper bag 300 x 400 x 100 mm, die-line',
    art: 'bag',
    widthMm: 830,
    heightMm: 510,
    bleedMm: 3,
    safeMm: 10,
    productIds: { demo: 5001 },
  },
  {
    slug: 'envelope-no5',
    title: '信封 · 5号 220×110 展开图',
    category: '信封',
    label: 'Envelope No.5 220 x 110 mm, die-line',
    art: 'envelope',
    widthMm: 240,
    heightMm: 255,
    bleedMm: 2,
    safeMm: 5,
    productIds: { demo: 5002 },
  },
  {
    slug: 'ticket-admission',
    title: '门票 · 180×60 带副券',
    category: '票券',
    label: 'Admission ticket 180 x 60 with stub',
    art: 'ticket',
    widthMm: 180,
    heightMm: 60,
    bleedMm: 2,
    safeMm: 3,
    productIds: { maple: 9301 },
  },
  {
    slug: 'voucher',
    title: '代金券 · 150×70',
    category: '票券',
    label: 'Voucher 150 x 70',
    art: 'ticket',
    widthMm: 150,
    heightMm: 70,
    bleedMm: 2,
    safeMm: 3,
    productIds: { maple: 9301 },
    merchants: ['maple'],
  },
  {
    slug: 'board-a1',
    title: 'KT板展板 · A1 竖版',
    category: '展板',
    label: 'Display board A1',
    art: 'board',
    widthMm: 594,
    heightMm: 841,
    bleedMm: 0,
    safeMm: 20,
    productIds: { maple: 9202 },
    merchants: ['maple'],
  },
  {
    slug: 'document-a4',
    title: '文件打印 · A4 报告排版',
    category: '文件打印',
    label: 'Document A4, margins',
    art: 'document',
    widthMm: 210,
    heightMm: 297,
    bleedMm: 0,
    safeMm: 20,
    productIds: { maple: 9101 },
    merchants: ['maple'],
  },
];
