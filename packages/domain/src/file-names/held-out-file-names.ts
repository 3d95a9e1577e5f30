/**
 * A held-out set of artwork file names for the file-name analysis (docs/batch-ordering.md).
 *
 * Written from the two demo catalogues (product titles, aliases, sizes, papers, colours,
 * technologies, quantity rules) and the description of what the analysis returns, WITHOUT
 * looking at the analyser's code, its word lists or the labelled fixture
 * (`file-name-fixture.json`). Each label is what a print shop's clerk reads from the name under
 * that catalogue: the product id (null: no single product of this merchant is named, so the row
 * must be unrecognised), the size as a preset id or `[width, height]` in mm, the paper (cover
 * paper of a booklet) and inner paper as style ids, the page count, the colour id, the
 * technologies the name asks for and the quantity in the product's unit (名片 in 盒 of 100).
 * A field left out must not be claimed from the name. `mustFlag`: the name asks for something
 * the product cannot give, or says it ambiguously, so the row must never be shown as 已识别.
 *
 * The names follow how customers name files: mixed separators (`_ - space ＋`), full-width
 * letters, quantities such as 5盒, 2千张, 一万张, 1w张, x5 or 2000pcs, sizes such as A4, 210x285,
 * 90*54mm or 大度16开, sides as 双面, 正反 or 4+4, typos (铜板纸, 亚粉纸, 圆脚), extra words
 * (终稿, 最终版, 改3, 张总, dates, 副本, (1)), upper-case extensions, and names that name no product.
 * Do not change a label to suit the analyser; add new names at the end before changing it.
 */
import type { DemoMerchantCode } from '../catalog/demo/demo-catalogs.ts';

/** What a clerk reads from one file name. */
export interface HeldOutExpected {
  product: number | null;
  size?: string | readonly [number, number];
  paper?: string;
  innerPaper?: string;
  pages?: number;
  colour?: string;
  technologies?: readonly string[];
  quantity?: number;
}

/** One held-out file name with its label. */
export interface HeldOutFileName {
  merchant: DemoMerchantCode;
  name: string;
  /** The file's first page in mm, when the name is meant to be read with it. */
  pageSize?: readonly [number, number];
  expected: HeldOutExpected;
  /** The row must not be 已识别 (recognised): something in the name cannot be given or is ambiguous. */
  mustFlag?: true;
  /** Of the second batch, written after reading the analyser (before changing it for them). */
  second?: true;
}

export const HELD_OUT_FILE_NAMES: readonly HeldOutFileName[] = [
  // Two labels were corrected after the first run (marked below); every other label is as written.

  // 商务名片 (1001): std / eu / sq; cb300 yf300 zg300 ln250; 4c1 4c2 k2; lm lg yj uv tj; 盒 of 100.
  {
    merchant: 'demo',
    name: '名片_张总_300g铜版纸_双面_覆哑膜_5盒.pdf',
    expected: { product: 1001, paper: 'cb300', colour: '4c2', technologies: ['lm'], quantity: 5 },
  },
  {
    merchant: 'demo',
    name: '名片-李经理-铜板纸300克-正反-哑膜-2盒(终稿).PDF',
    expected: { product: 1001, paper: 'cb300', colour: '4c2', technologies: ['lm'], quantity: 2 },
  },
  {
    merchant: 'demo',
    name: '【名片】王老板 90*54mm 双面 1000张 最终版.ai',
    expected: { product: 1001, size: 'std', colour: '4c2', quantity: 10 },
  },
  {
    merchant: 'demo',
    name: '名片 亚粉纸 单面 圆角 3盒 v2.cdr',
    expected: { product: 1001, paper: 'yf300', colour: '4c1', technologies: ['yj'], quantity: 3 },
  },
  {
    merchant: 'demo',
    name: '名片＿珠光纸＿双面＿５盒.pdf',
    expected: { product: 1001, paper: 'zg300', colour: '4c2', quantity: 5 },
  },
  {
    merchant: 'demo',
    name: '名片+烫金+局部UV+2盒.pdf',
    // Corrected after the first run (was ['tj']): both are what the name asks for; the row is
    // flagged and does not price until the customer drops one — picking one would be a guess.
    expected: { product: 1001, technologies: ['tj', 'uv'], quantity: 2 },
    mustFlag: true,
  },
  {
    merchant: 'demo',
    name: '卡片 欧式85x54 单面黑白 10盒.pdf',
    expected: { product: 1001, size: 'eu', quantity: 10 },
    mustFlag: true,
  },
  {
    merchant: 'demo',
    name: '名片 双面单黑 90x54 20盒 20261125.pdf',
    expected: { product: 1001, size: 'std', colour: 'k2', quantity: 20 },
  },
  {
    merchant: 'demo',
    name: '名片-方形54x54-莱尼纹纸-双面-1盒.psd',
    expected: { product: 1001, size: 'sq', paper: 'ln250', colour: '4c2', quantity: 1 },
  },
  {
    merchant: 'demo',
    name: '名片 250张 双面.pdf',
    expected: { product: 1001, colour: '4c2' },
    mustFlag: true,
  },
  { merchant: 'demo', name: '公司名片终稿 改3 (1).pdf', expected: { product: 1001 } },
  {
    merchant: 'demo',
    name: '名片 过哑胶 双面 5盒.pdf',
    expected: { product: 1001, colour: '4c2', technologies: ['lm'], quantity: 5 },
  },
  {
    merchant: 'demo',
    name: '名片 4+4 覆光膜 300g铜版 x5.pdf',
    expected: { product: 1001, paper: 'cb300', colour: '4c2', technologies: ['lg'], quantity: 5 },
  },
  {
    merchant: 'demo',
    name: '名片 覆膜 双面 2盒.pdf',
    expected: { product: 1001, colour: '4c2', quantity: 2 },
    mustFlag: true,
  },
  {
    merchant: 'demo',
    name: '名片 圆脚 5盒.pdf',
    expected: { product: 1001, technologies: ['yj'], quantity: 5 },
  },
  {
    merchant: 'demo',
    name: '名片 两盒 双面.pdf',
    expected: { product: 1001, colour: '4c2', quantity: 2 },
  },
  {
    merchant: 'demo',
    name: '名片 5盒.pdf',
    pageSize: [94, 58],
    expected: { product: 1001, size: 'std', quantity: 5 },
  },
  {
    merchant: 'demo',
    name: '名片 11.25 双面 2盒.pdf',
    expected: { product: 1001, colour: '4c2', quantity: 2 },
  },
  {
    merchant: 'demo',
    name: '名片 数量：3盒 双面.pdf',
    expected: { product: 1001, colour: '4c2', quantity: 3 },
  },
  {
    merchant: 'demo',
    name: '名片 单面 五盒.pdf',
    expected: { product: 1001, colour: '4c1', quantity: 5 },
  },
  {
    merchant: 'demo',
    name: '张总-名片(双面)-覆哑膜-5盒-20261125终稿.pdf',
    expected: { product: 1001, colour: '4c2', technologies: ['lm'], quantity: 5 },
  },
  {
    merchant: 'demo',
    name: '名片 双面 覆哑膜 5盒（1）.pdf',
    expected: { product: 1001, colour: '4c2', technologies: ['lm'], quantity: 5 },
  },

  // 宣传单页 (2001): d16 a4 d32 a5, custom 50–580 × 50–860; cb157 cb200 cb250 yf157;
  // 4c1 4c2 k1 k2 s1; lm lg yh zy2 zy3 dk; 张, from 50 in steps of 50.
  {
    merchant: 'demo',
    name: '宣传单_A4_双面_157g铜版纸_1000张.pdf',
    expected: { product: 2001, size: 'a4', paper: 'cb157', colour: '4c2', quantity: 1000 },
  },
  {
    merchant: 'demo',
    name: 'DM单 大度16开 单面 2千张 终稿.pdf',
    expected: { product: 2001, size: 'd16', colour: '4c1', quantity: 2000 },
  },
  {
    merchant: 'demo',
    name: '彩页-210x285-双面-覆哑膜-5000张-20261125.ai',
    expected: { product: 2001, size: 'd16', colour: '4c2', technologies: ['lm'], quantity: 5000 },
  },
  {
    merchant: 'demo',
    name: '传单 A5 单面 一万张.pdf',
    expected: { product: 2001, size: 'a5', colour: '4c1', quantity: 10000 },
  },
  {
    merchant: 'demo',
    name: '宣传单页 A4 三折 双面 200g铜版 500张.pdf',
    expected: {
      product: 2001,
      size: 'a4',
      paper: 'cb200',
      colour: '4c2',
      technologies: ['zy3'],
      quantity: 500,
    },
  },
  {
    merchant: 'demo',
    name: '三折页_A4_双面_1000张_V3.pdf',
    expected: { product: 2001, size: 'a4', colour: '4c2', technologies: ['zy3'], quantity: 1000 },
  },
  {
    merchant: 'demo',
    name: '单页 对折 压痕 250克铜版纸 2000张.CDR',
    expected: { product: 2001, paper: 'cb250', technologies: ['zy2', 'yh'], quantity: 2000 },
  },
  {
    merchant: 'demo',
    name: '宣传单 正反 黑白 A4 3000张.pdf',
    expected: { product: 2001, size: 'a4', colour: 'k2', quantity: 3000 },
  },
  {
    merchant: 'demo',
    name: '传单 专色 单面 大32开 1万张.pdf',
    expected: { product: 2001, size: 'd32', colour: 's1', quantity: 10000 },
  },
  {
    merchant: 'demo',
    name: '宣传单 A4 双面 1w张.pdf',
    expected: { product: 2001, size: 'a4', colour: '4c2', quantity: 10000 },
  },
  {
    merchant: 'demo',
    name: '彩页 a4 哑粉纸 双面 500份.pdf',
    expected: { product: 2001, size: 'a4', paper: 'yf157', colour: '4c2', quantity: 500 },
  },
  {
    merchant: 'demo',
    name: '宣传单_双面_1000张.pdf',
    pageSize: [216, 303],
    expected: { product: 2001, size: 'a4', colour: '4c2', quantity: 1000 },
  },
  {
    merchant: 'demo',
    name: '传单 A3 双面 1000张.pdf',
    expected: { product: 2001, size: [297, 420], colour: '4c2', quantity: 1000 },
  },
  {
    merchant: 'demo',
    name: 'DM单 正度16开 双面 2000张.pdf',
    expected: { product: 2001, size: [185, 260], colour: '4c2', quantity: 2000 },
  },
  {
    merchant: 'demo',
    name: '宣传单 A4 双面 1000张 打孔.pdf',
    expected: { product: 2001, size: 'a4', colour: '4c2', technologies: ['dk'], quantity: 1000 },
  },
  {
    merchant: 'demo',
    name: '宣传单A4双面1000张.pdf',
    expected: { product: 2001, size: 'a4', colour: '4c2', quantity: 1000 },
  },
  {
    merchant: 'demo',
    name: '宣传单 Ａ４ 双面 ２０００张（最终版）.pdf',
    expected: { product: 2001, size: 'a4', colour: '4c2', quantity: 2000 },
  },
  {
    merchant: 'demo',
    name: '单页 4+0 A5 5000张.pdf',
    expected: { product: 2001, size: 'a5', colour: '4c1', quantity: 5000 },
  },
  {
    merchant: 'demo',
    name: '宣传单页-20261125-双面-500张.pdf',
    expected: { product: 2001, colour: '4c2', quantity: 500 },
  },
  {
    merchant: 'demo',
    name: '宣传单 A4 双面 2000pcs.pdf',
    expected: { product: 2001, size: 'a4', colour: '4c2', quantity: 2000 },
  },
  {
    merchant: 'demo',
    name: '单页 A4 单面 共1000张.pdf',
    expected: { product: 2001, size: 'a4', colour: '4c1', quantity: 1000 },
  },
  {
    merchant: 'demo',
    name: '宣传单 A4 双面 157g 1000张 2026.11.25.pdf',
    expected: { product: 2001, size: 'a4', colour: '4c2', quantity: 1000 },
    mustFlag: true,
  },
  {
    merchant: 'demo',
    name: '宣传单（A4 双面）1000张 - 最终版(2).pdf',
    expected: { product: 2001, size: 'a4', colour: '4c2', quantity: 1000 },
  },

  // 海报 (2002): a3 d4 d2, custom 200–860 × 200–1170; cb157 cb200 yf157; only 4c1; lm lg.
  {
    merchant: 'demo',
    name: '海报_A3_200张.pdf',
    expected: { product: 2002, size: 'a3', quantity: 200 },
  },
  {
    merchant: 'demo',
    name: '海报 大4开 157g哑粉 覆光膜 50张.pdf',
    expected: { product: 2002, size: 'd4', paper: 'yf157', technologies: ['lg'], quantity: 50 },
  },
  {
    merchant: 'demo',
    name: '招贴 57x84cm 20张 终稿.ai',
    expected: { product: 2002, size: 'd2', quantity: 20 },
  },
  {
    merchant: 'demo',
    name: '海报 双面 A3 100张.pdf',
    expected: { product: 2002, size: 'a3', quantity: 100 },
    mustFlag: true,
  },
  {
    merchant: 'demo',
    name: '海报 600x900mm 10张.pdf',
    expected: { product: 2002, size: [600, 900], quantity: 10 },
  },
  {
    merchant: 'demo',
    name: '海报-42*57cm-200g铜版纸-覆亚膜-x50.PDF',
    expected: { product: 2002, size: 'd4', paper: 'cb200', technologies: ['lm'], quantity: 50 },
  },
  {
    merchant: 'demo',
    name: '海报印刷 A2 100张.pdf',
    expected: { product: 2002, size: [420, 594], quantity: 100 },
  },
  {
    merchant: 'demo',
    name: '海报 50张.pdf',
    pageSize: [426, 576],
    expected: { product: 2002, size: 'd4', quantity: 50 },
  },

  // 企业画册 (2003): a4 d16 a5 sq; cover cb200 cb250 cb300, inner cb157 cb200 yf157; 4c2;
  // qmd (8–48 pages) jz (24–120) fmlm fmlg fmuv fmtj; pages a multiple of 4; 本.
  {
    merchant: 'demo',
    name: '企业画册_A4_32P_骑马钉_封面250g_内页157g_200本.pdf',
    expected: {
      product: 2003,
      size: 'a4',
      pages: 32,
      paper: 'cb250',
      innerPaper: 'cb157',
      technologies: ['qmd'],
      quantity: 200,
    },
  },
  {
    merchant: 'demo',
    name: '宣传册 大16开 胶装 60页 封面300g铜版 内页157g哑粉 覆哑膜 500本.pdf',
    expected: {
      product: 2003,
      size: 'd16',
      pages: 60,
      paper: 'cb300',
      innerPaper: 'yf157',
      technologies: ['jz', 'fmlm'],
      quantity: 500,
    },
  },
  {
    merchant: 'demo',
    name: '画册 A5 16P 100本 V2.pdf',
    expected: { product: 2003, size: 'a5', pages: 16, quantity: 100 },
  },
  {
    merchant: 'demo',
    name: '册子 210*210 骑马钉 24页 50本.pdf',
    expected: { product: 2003, size: 'sq', pages: 24, technologies: ['qmd'], quantity: 50 },
  },
  {
    merchant: 'demo',
    name: '画册 A4 胶装 20P 100本.pdf',
    expected: { product: 2003, size: 'a4', pages: 20, technologies: ['jz'], quantity: 100 },
    mustFlag: true,
  },
  {
    merchant: 'demo',
    name: '样本册 A4 40P 骑马钉 封面覆光膜 烫金 300本.pdf',
    expected: {
      product: 2003,
      size: 'a4',
      pages: 40,
      technologies: ['qmd', 'fmlg', 'fmtj'],
      quantity: 300,
    },
  },
  {
    merchant: 'demo',
    name: '画册 A4 34页 骑马钉 100本.pdf',
    // Corrected after the first run (was without pages): 34 is what the name says, read and
    // flagged as a count the product cannot take, as a quantity out of the product's rule is.
    expected: { product: 2003, size: 'a4', pages: 34, technologies: ['qmd'], quantity: 100 },
    mustFlag: true,
  },

  // 不干胶贴纸 (3001): s5050 s6040 s9054 s10070, custom 20–300 × 20–420; bgj pet; 4c1;
  // mq qd (成型, required) lg lm; 张 from 100 in steps of 100. A round sticker is die-cut.
  {
    merchant: 'demo',
    name: '不干胶 圆形 直径50mm 1000张.ai',
    expected: { product: 3001, size: 's5050', technologies: ['mq'], quantity: 1000 },
  },
  {
    merchant: 'demo',
    name: '贴纸_Φ30_透明PET_2000张.pdf',
    expected: { product: 3001, size: [30, 30], paper: 'pet', technologies: ['mq'], quantity: 2000 },
  },
  {
    merchant: 'demo',
    name: '标签 60*40mm 铜版纸不干胶 直切 5000张.pdf',
    expected: { product: 3001, size: 's6040', paper: 'bgj', technologies: ['qd'], quantity: 5000 },
  },
  {
    merchant: 'demo',
    name: '不干胶贴 100x70 覆光膜 模切 1万张.cdr',
    expected: { product: 3001, size: 's10070', technologies: ['lg', 'mq'], quantity: 10000 },
  },
  {
    merchant: 'demo',
    name: '透明不干胶 圆形5cm 500张.pdf',
    expected: { product: 3001, size: 's5050', paper: 'pet', technologies: ['mq'], quantity: 500 },
  },
  {
    merchant: 'demo',
    name: '不干胶 90x54mm 模切 2千张 客户：张三.pdf',
    expected: { product: 3001, size: 's9054', technologies: ['mq'], quantity: 2000 },
  },
  {
    merchant: 'demo',
    name: 'logo贴纸 40x40mm 直切 1000张.PNG',
    expected: { product: 3001, size: [40, 40], technologies: ['qd'], quantity: 1000 },
  },

  // 户外喷绘 (4001): m1x2 m2x3 m3x6, custom 200–3200 × 200–50000; pbu hdb; dk hq; 张.
  {
    merchant: 'demo',
    name: '喷绘 3x6米 打扣眼 1张.jpg',
    expected: { product: 4001, size: 'm3x6', technologies: ['dk'], quantity: 1 },
  },
  {
    merchant: 'demo',
    name: '户外喷绘 6米x3米 灯布 2张.tif',
    expected: { product: 4001, size: 'm3x6', paper: 'hdb', quantity: 2 },
  },
  {
    merchant: 'demo',
    name: '喷画_2.5x1.2m_喷绘布_1张_终稿.pdf',
    expected: { product: 4001, size: [2500, 1200], paper: 'pbu', quantity: 1 },
  },
  {
    merchant: 'demo',
    name: '喷绘 300*200cm 热切包边 1张.pdf',
    expected: { product: 4001, size: 'm2x3', technologies: ['hq'], quantity: 1 },
  },

  // 室内写真 (4002): p6090 ylb xzj, custom 100–1500 × 100–30000; ppbj xzz dp; lm lg kt; 张.
  {
    merchant: 'demo',
    name: '易拉宝 80x200 PP背胶 覆哑膜 2张.pdf',
    expected: { product: 4002, size: 'ylb', paper: 'ppbj', technologies: ['lm'], quantity: 2 },
  },
  {
    merchant: 'demo',
    name: 'X展架_60x160cm_写真相纸_1张.psd',
    expected: { product: 4002, size: 'xzj', paper: 'xzz', quantity: 1 },
  },
  {
    merchant: 'demo',
    name: '写真 60*90cm 裱KT板 5张.jpg',
    expected: { product: 4002, size: 'p6090', technologies: ['kt'], quantity: 5 },
  },
  {
    merchant: 'demo',
    name: '写真画面 灯片 1.2x0.8m 1张.pdf',
    expected: { product: 4002, size: [1200, 800], paper: 'dp', quantity: 1 },
  },
  {
    merchant: 'demo',
    name: '易拉宝 2个.pdf',
    expected: { product: 4002, size: 'ylb', quantity: 2 },
  },
  {
    merchant: 'demo',
    name: '写真 PP背胶 易拉宝画面 80*200cm 1张 - 副本.pdf',
    expected: { product: 4002, size: 'ylb', paper: 'ppbj', quantity: 1 },
  },

  // 手提袋 (5001): s m l (named by finished 宽×高×侧宽); bk250 bk300 nz120; 4c1 s1;
  // lm lg mq sg jd (制袋, required); 个 from 100 in steps of 100.
  {
    merchant: 'demo',
    name: '手提袋 中号 300g白卡 覆哑膜 手工穿绳 1000个.ai',
    expected: { product: 5001, size: 'm', paper: 'bk300', technologies: ['lm', 'sg'], quantity: 1000 },
  },
  {
    merchant: 'demo',
    name: '牛皮纸袋 25x33x8cm 机器糊袋 2000个.pdf',
    expected: { product: 5001, size: 's', paper: 'nz120', technologies: ['jd'], quantity: 2000 },
  },
  {
    merchant: 'demo',
    name: '礼品袋_横版_250g白卡纸_覆光膜_500个.CDR',
    expected: { product: 5001, size: 'l', paper: 'bk250', technologies: ['lg'], quantity: 500 },
  },
  {
    merchant: 'demo',
    name: '纸袋 30*40*10cm 单面专色 5000个.pdf',
    expected: { product: 5001, size: 'm', colour: 's1', quantity: 5000 },
  },

  // 信封 (5002): no5 no7 no9 (named by finished size, priced by the unfolded one); sj120 nz120;
  // k1 4c1 s1; hk (糊口, required) kc fk; 个 from 500 in steps of 500.
  {
    merchant: 'demo',
    name: '5号信封 120g双胶纸 单黑 2000个.pdf',
    expected: { product: 5002, size: 'no5', paper: 'sj120', colour: 'k1', quantity: 2000 },
  },
  {
    merchant: 'demo',
    name: '信封_7号_牛皮纸_开窗_1000只.pdf',
    expected: { product: 5002, size: 'no7', paper: 'nz120', technologies: ['kc'], quantity: 1000 },
  },
  {
    merchant: 'demo',
    name: '信封袋 9号 四色 模切糊口 封口条 5000个.pdf',
    expected: { product: 5002, size: 'no9', colour: '4c1', technologies: ['hk', 'fk'], quantity: 5000 },
  },
  {
    merchant: 'demo',
    name: '信封 220x110 单面彩色 1万个.pdf',
    expected: { product: 5002, size: 'no5', colour: '4c1', quantity: 10000 },
  },

  // Names of no single product of 墨砚快印: unrecognised, never guessed.
  { merchant: 'demo', name: 'IMG_20261125_093012.JPG', expected: { product: null } },
  { merchant: 'demo', name: '新建 Microsoft Word 文档 (2).docx', expected: { product: null } },
  { merchant: 'demo', name: '报价单-张总-20261125.xlsx', expected: { product: null } },
  { merchant: 'demo', name: 'logo终稿改3.ai', expected: { product: null } },
  { merchant: 'demo', name: '名片和海报合集.pdf', expected: { product: null } },
  { merchant: 'demo', name: '菜单 A4 双面 500张.pdf', expected: { product: null } },
  { merchant: 'demo', name: '2000张 双面 A4.pdf', expected: { product: null } },
  { merchant: 'demo', name: '条幅 0.7x5米 2条.pdf', expected: { product: null } },
  { merchant: 'demo', name: '门票 500张.pdf', expected: { product: null } },

  // 红枫图文 (maple): 文件打印 9101, 条幅 9201, KT板展板 9202, 联单门票 9301.
  {
    merchant: 'maple',
    name: '打印 A4 黑白 100张.pdf',
    expected: { product: 9101, size: 'a4', colour: 'bw', quantity: 100 },
  },
  {
    merchant: 'maple',
    name: '文件打印_A3_彩色_10张_终稿.docx',
    expected: { product: 9101, size: 'a3', colour: 'cl', quantity: 10 },
  },
  {
    merchant: 'maple',
    name: '横幅 0.7*10米 红底白字 3条.cdr',
    expected: { product: 9201, size: 's10', colour: 'wt', quantity: 3 },
  },
  {
    merchant: 'maple',
    name: '拉条 70cm x 5m 四角打扣 2条.pdf',
    expected: { product: 9201, size: 's5', technologies: ['dk'], quantity: 2 },
  },
  {
    merchant: 'maple',
    name: '展板 A1 覆膜 2块.pdf',
    expected: { product: 9202, size: 'a1', technologies: ['fm'], quantity: 2 },
  },
  {
    merchant: 'maple',
    name: 'KT板 60x90cm 铝合金包边 5块.pdf',
    expected: { product: 9202, size: 'p6090', technologies: ['bb'], quantity: 5 },
  },
  {
    merchant: 'maple',
    name: '门票 双面 打流水号 1000张.pdf',
    expected: { product: 9301, size: 'mp', colour: 'c2', technologies: ['dh'], quantity: 1000 },
  },
  {
    merchant: 'maple',
    name: '代金券 150x70 压撕口虚线 打号 500张.pdf',
    expected: { product: 9301, size: 'djq', technologies: ['yx', 'dh'], quantity: 500 },
  },
  { merchant: 'maple', name: '名片 双面 5盒.pdf', expected: { product: null } },
  { merchant: 'maple', name: '不干胶 1000张.pdf', expected: { product: null } },
  { merchant: 'maple', name: '海报 A3 10张.pdf', expected: { product: null } },

  // ——— Second batch: written after the first run and after reading the analyser, before it was
  // changed for them, in the same customers' styles (phone numbers, glued text, no 克 sign, ㎜,
  // A2*2张, 2k, 1.5万, copy numbers, options the product does not have). Tag: second.
  {
    merchant: 'demo',
    name: '名片 300克铜版纸 双面 覆哑膜 10盒 张总 13800138000.pdf',
    expected: { product: 1001, paper: 'cb300', colour: '4c2', technologies: ['lm'], quantity: 10 },
    second: true,
  },
  {
    merchant: 'demo',
    name: '名片2盒双面哑膜.pdf',
    expected: { product: 1001, colour: '4c2', technologies: ['lm'], quantity: 2 },
    second: true,
  },
  {
    merchant: 'demo',
    name: '名片（欧式）双面覆光膜3盒.ai',
    expected: { product: 1001, size: 'eu', colour: '4c2', technologies: ['lg'], quantity: 3 },
    second: true,
  },
  {
    merchant: 'demo',
    name: '名片 标准尺寸 双面 5盒.pdf',
    expected: { product: 1001, size: 'std', colour: '4c2', quantity: 5 },
    second: true,
  },
  {
    merchant: 'demo',
    name: '名片 9*5.4cm 双面 5盒.pdf',
    expected: { product: 1001, size: 'std', colour: '4c2', quantity: 5 },
    second: true,
  },
  {
    merchant: 'demo',
    name: '名片 单面 500张 300g哑粉纸.pdf',
    expected: { product: 1001, paper: 'yf300', colour: '4c1', quantity: 5 },
    second: true,
  },
  {
    merchant: 'demo',
    name: '名片 300G铜版纸 单面 5盒.PDF',
    expected: { product: 1001, paper: 'cb300', colour: '4c1', quantity: 5 },
    second: true,
  },
  {
    merchant: 'demo',
    name: '名片-双面-覆哑膜-5盒-副本(3).pdf',
    expected: { product: 1001, colour: '4c2', technologies: ['lm'], quantity: 5 },
    second: true,
  },
  {
    merchant: 'demo',
    name: '名片 圆角 烫金 双面 10盒.pdf',
    expected: { product: 1001, colour: '4c2', technologies: ['yj', 'tj'], quantity: 10 },
    second: true,
  },
  {
    merchant: 'demo',
    name: '名片 uv 双面 5盒.pdf',
    expected: { product: 1001, colour: '4c2', technologies: ['uv'], quantity: 5 },
    second: true,
  },
  {
    merchant: 'demo',
    name: '名片_90x50_双面_5盒.pdf',
    expected: { product: 1001, size: [90, 50], colour: '4c2', quantity: 5 },
    second: true,
  },
  {
    merchant: 'demo',
    name: '名片 双面 5 盒.pdf',
    expected: { product: 1001, colour: '4c2', quantity: 5 },
    second: true,
  },
  {
    merchant: 'demo',
    name: '名片 双面 5盒 急.pdf',
    expected: { product: 1001, colour: '4c2', quantity: 5 },
    second: true,
  },
  {
    merchant: 'demo',
    name: '名片 双面 5盒 ＋ 烫金.pdf',
    expected: { product: 1001, colour: '4c2', technologies: ['tj'], quantity: 5 },
    second: true,
  },
  {
    merchant: 'demo',
    name: '名片 双面 5盒 王总 李总 合集.pdf',
    expected: { product: 1001, colour: '4c2', quantity: 5 },
    second: true,
  },
  { merchant: 'demo', name: '卡片设计稿.psd', expected: { product: 1001 }, second: true },
  {
    merchant: 'demo',
    name: '传单 双面彩印 A4 157g铜版纸 1000张.pdf',
    expected: { product: 2001, size: 'a4', paper: 'cb157', colour: '4c2', quantity: 1000 },
    second: true,
  },
  {
    merchant: 'demo',
    name: '宣传单 A4 正反面 157铜版 1000张.pdf',
    expected: { product: 2001, size: 'a4', paper: 'cb157', colour: '4c2', quantity: 1000 },
    second: true,
  },
  {
    merchant: 'demo',
    name: 'DM单 A4 双面 200克 铜版 3千张.pdf',
    expected: { product: 2001, size: 'a4', paper: 'cb200', colour: '4c2', quantity: 3000 },
    second: true,
  },
  {
    merchant: 'demo',
    name: '单页 A4 双面 1000 张.pdf',
    expected: { product: 2001, size: 'a4', colour: '4c2', quantity: 1000 },
    second: true,
  },
  {
    merchant: 'demo',
    name: '单页 A4 双面 数量1000.pdf',
    expected: { product: 2001, size: 'a4', colour: '4c2', quantity: 1000 },
    second: true,
  },
  {
    merchant: 'demo',
    name: '宣传单 A4 双面 1000张 对折 覆光膜.pdf',
    expected: { product: 2001, size: 'a4', colour: '4c2', technologies: ['lg', 'zy2'], quantity: 1000 },
    second: true,
  },
  {
    merchant: 'demo',
    name: '宣传单 a4 双面 覆哑膜 1000张 (2).pdf',
    expected: { product: 2001, size: 'a4', colour: '4c2', technologies: ['lm'], quantity: 1000 },
    second: true,
  },
  {
    merchant: 'demo',
    name: '宣传单 A4 双面 一千张.pdf',
    expected: { product: 2001, size: 'a4', colour: '4c2', quantity: 1000 },
    second: true,
  },
  {
    merchant: 'demo',
    name: '宣传单 A4 双面 1.5万张.pdf',
    expected: { product: 2001, size: 'a4', colour: '4c2', quantity: 15000 },
    second: true,
  },
  {
    merchant: 'demo',
    name: '宣传单 A4 双面 2k.pdf',
    expected: { product: 2001, size: 'a4', colour: '4c2', quantity: 2000 },
    second: true,
  },
  {
    merchant: 'demo',
    name: '海报 A3 157克哑粉 单面 30张.PDF',
    expected: { product: 2002, size: 'a3', paper: 'yf157', colour: '4c1', quantity: 30 },
    second: true,
  },
  {
    merchant: 'demo',
    name: '海报A2*2张.pdf',
    expected: { product: 2002, size: [420, 594], quantity: 2 },
    second: true,
  },
  {
    merchant: 'demo',
    name: '海报 84*57 100张.pdf',
    expected: { product: 2002, size: 'd2', quantity: 100 },
    second: true,
  },
  {
    merchant: 'demo',
    name: '海报 A1 10张.pdf',
    expected: { product: 2002, size: [594, 841], quantity: 10 },
    second: true,
  },
  {
    merchant: 'demo',
    name: '海报 A0 5张.pdf',
    expected: { product: 2002, quantity: 5 },
    mustFlag: true,
    second: true,
  },
  {
    merchant: 'demo',
    name: '画册 A4 封面300g 内页200g 胶装 48P 200本.pdf',
    expected: {
      product: 2003,
      size: 'a4',
      paper: 'cb300',
      innerPaper: 'cb200',
      pages: 48,
      technologies: ['jz'],
      quantity: 200,
    },
    second: true,
  },
  {
    merchant: 'demo',
    name: '画册 A4 横版 28P 骑马钉 500本.pdf',
    expected: { product: 2003, size: 'a4', pages: 28, technologies: ['qmd'], quantity: 500 },
    second: true,
  },
  {
    merchant: 'demo',
    name: '画册 A4 32P 骑马钉 封面200g铜版纸 内页157g铜版纸 覆光膜 1000本.pdf',
    expected: {
      product: 2003,
      size: 'a4',
      paper: 'cb200',
      innerPaper: 'cb157',
      pages: 32,
      technologies: ['qmd', 'fmlg'],
      quantity: 1000,
    },
    second: true,
  },
  {
    merchant: 'demo',
    name: '画册 A4 P40 胶装 300本.pdf',
    expected: { product: 2003, size: 'a4', pages: 40, technologies: ['jz'], quantity: 300 },
    second: true,
  },
  {
    merchant: 'demo',
    name: '不干胶 5x5cm 1000张 模切.pdf',
    expected: { product: 3001, size: 's5050', technologies: ['mq'], quantity: 1000 },
    second: true,
  },
  {
    merchant: 'demo',
    name: '不干胶标签 圆形 直径4cm 透明 3000张.pdf',
    expected: { product: 3001, size: [40, 40], paper: 'pet', technologies: ['mq'], quantity: 3000 },
    second: true,
  },
  {
    merchant: 'demo',
    name: '贴纸 异形 1000张 铜版纸.pdf',
    expected: { product: 3001, paper: 'bgj', technologies: ['mq'], quantity: 1000 },
    second: true,
  },
  {
    merchant: 'demo',
    name: '贴纸 60×40㎜ 1000张.pdf',
    expected: { product: 3001, size: 's6040', quantity: 1000 },
    second: true,
  },
  {
    merchant: 'demo',
    name: '不干胶 3x3cm 圆角 2000张.pdf',
    expected: { product: 3001, size: [30, 30], quantity: 2000 },
    mustFlag: true,
    second: true,
  },
  {
    merchant: 'demo',
    name: '喷绘布 3*2m 1张.pdf',
    expected: { product: 4001, size: 'm2x3', paper: 'pbu', quantity: 1 },
    second: true,
  },
  {
    merchant: 'demo',
    name: '门头喷绘 5.6x1.2米 灯布.pdf',
    expected: { product: 4001, size: [1200, 5600], paper: 'hdb' },
    second: true,
  },
  {
    merchant: 'demo',
    name: '喷绘 3m×6m 1张.pdf',
    expected: { product: 4001, size: 'm3x6', quantity: 1 },
    second: true,
  },
  {
    merchant: 'demo',
    name: '写真 80*180cm PP背胶 覆膜 2张.pdf',
    expected: { product: 4002, size: [800, 1800], paper: 'ppbj', quantity: 2 },
    mustFlag: true,
    second: true,
  },
  {
    merchant: 'demo',
    name: 'X展架画面 60*160 2张.pdf',
    expected: { product: 4002, size: 'xzj', quantity: 2 },
    second: true,
  },
  {
    merchant: 'demo',
    name: '易拉宝80*200 相纸 1张.pdf',
    expected: { product: 4002, size: 'ylb', paper: 'xzz', quantity: 1 },
    second: true,
  },
  {
    merchant: 'demo',
    name: '写真 1.5米*3米 PP背胶 1张.pdf',
    expected: { product: 4002, size: [1500, 3000], paper: 'ppbj', quantity: 1 },
    second: true,
  },
  {
    merchant: 'demo',
    name: '手提袋 小号 白卡250g 单面四色 覆光膜 机器糊袋 3000个.pdf',
    expected: {
      product: 5001,
      size: 's',
      paper: 'bk250',
      colour: '4c1',
      technologies: ['lg', 'jd'],
      quantity: 3000,
    },
    second: true,
  },
  {
    merchant: 'demo',
    name: '手提袋 牛皮纸 覆哑膜 500个.pdf',
    expected: { product: 5001, paper: 'nz120', technologies: ['lm'], quantity: 500 },
    mustFlag: true,
    second: true,
  },
  {
    merchant: 'demo',
    name: '信封 DL 220*110 双胶纸 1000个.pdf',
    expected: { product: 5002, size: 'no5', paper: 'sj120', quantity: 1000 },
    second: true,
  },
  {
    merchant: 'demo',
    name: '7号信封 牛皮 单面黑白 5000只.pdf',
    expected: { product: 5002, size: 'no7', paper: 'nz120', colour: 'k1', quantity: 5000 },
    second: true,
  },
  {
    merchant: 'demo',
    name: '信封 单色 9号 1000个.pdf',
    expected: { product: 5002, size: 'no9', colour: 'k1', quantity: 1000 },
    second: true,
  },
  { merchant: 'demo', name: '微信图片_20261125093012.jpg', expected: { product: null }, second: true },
  { merchant: 'demo', name: '扫描全能王 2026-11-25 09.30.pdf', expected: { product: null }, second: true },
  { merchant: 'demo', name: '营业执照.pdf', expected: { product: null }, second: true },
  { merchant: 'demo', name: 'A4 双面 1000张 宣传.pdf', expected: { product: null }, second: true },
  { merchant: 'demo', name: '台卡 A5 双面 100张.pdf', expected: { product: null }, second: true },
  { merchant: 'demo', name: '横幅 0.7*5m 红底黄字 1条.pdf', expected: { product: null }, second: true },
  {
    merchant: 'maple',
    name: '横幅 0.7*5m 红底黄字 1条.pdf',
    expected: { product: 9201, size: 's5', quantity: 1 },
    mustFlag: true,
    second: true,
  },
  {
    merchant: 'maple',
    name: '打印 A4 双面 黑白 50张.pdf',
    expected: { product: 9101, size: 'a4', quantity: 50 },
    mustFlag: true,
    second: true,
  },
  {
    merchant: 'maple',
    name: '复印 A4 100份.pdf',
    expected: { product: 9101, size: 'a4', quantity: 100 },
    second: true,
  },
  {
    merchant: 'maple',
    name: 'KT板 90*60 2张.pdf',
    expected: { product: 9202, size: 'p6090', quantity: 2 },
    second: true,
  },
  {
    merchant: 'maple',
    name: '展板 120x240cm 1块.pdf',
    expected: { product: 9202, size: [1200, 2400], quantity: 1 },
    second: true,
  },
  {
    merchant: 'maple',
    name: '代金券 彩色双面 1000张 打号.pdf',
    expected: { product: 9301, size: 'djq', colour: 'c2', technologies: ['dh'], quantity: 1000 },
    second: true,
  },
  {
    merchant: 'maple',
    name: '联单 500张.pdf',
    expected: { product: 9301, quantity: 500 },
    second: true,
  },
];
