/**
 * The print-shop words a file name may use besides the merchant's own catalogue names: other
 * spellings of finishing (工艺), papers, sides and inks, and words that say nothing about the job
 * (终稿, 最终版). Keys are canonical: a catalogue technology whose name reads as any spelling of a
 * key is that key. All words are written as `normaliseFileNameText` leaves them (lower case).
 */
import type { Ink } from '../catalog/catalog.schema.ts';

/** Canonical finishing → every spelling customers write for it. */
export const TECHNOLOGY_WORDS: Readonly<Record<string, readonly string[]>> = {
  哑膜: [
    '覆哑膜',
    '哑膜',
    '覆哑',
    '覆亚膜',
    '亚膜',
    '哑光膜',
    '覆哑光膜',
    '覆膜哑光',
    '哑光覆膜',
    '磨砂膜',
    '过哑膜',
    '哑胶',
    '过哑胶',
  ],
  光膜: [
    '覆光膜',
    '光膜',
    '覆光',
    '覆亮膜',
    '覆亮',
    '亮膜',
    '亮光膜',
    '覆亮光膜',
    '覆膜亮光',
    '亮光覆膜',
    '过光膜',
    '过亮膜',
    '亮胶',
    '过亮胶',
  ],
  覆膜: ['覆膜', '过膜', '过胶'],
  圆角: ['圆角', '切圆角', '倒圆角', '倒角', '圆脚'],
  uv: ['局部uv', 'uv', '局部光油', '局部上光'],
  烫金: ['烫金', '烫印', '烫金工艺'],
  模切: ['模切', '异形', '异型', '异形模切', '刀模'],
  直切: ['直切', '方切', '直角切'],
  压痕: ['压痕', '压线', '压折线'],
  对折: ['对折', '二折', '两折', '二折页', '对折页'],
  三折: ['三折', '三折页'],
  打孔: ['打孔', '穿孔'],
  骑马钉: ['骑马钉', '骑钉'],
  胶装: ['胶装', '无线胶装', '胶订'],
  扣眼: ['打扣眼', '扣眼', '打扣', '四角打扣', '打四角扣', '打鸡眼', '鸡眼'],
  热切包边: ['热切包边', '热切'],
  铝合金包边: ['铝合金包边', '铝边', '包铝边'],
  包边: ['包边'],
  裱kt板: ['裱kt板', '裱板', '裱kt', 'kt板'],
  手工袋: ['手工粘袋穿绳', '手工粘袋', '手工袋', '手工穿绳', '穿绳', '手工'],
  机器袋: ['机器糊袋', '机器袋', '机糊'],
  糊口: ['模切糊口', '糊口'],
  开窗: ['开窗贴膜', '开窗'],
  封口条: ['不干胶封口条', '封口条', '封口贴'],
  流水号: ['打流水号', '流水号', '编号', '打号'],
  撕口: ['压撕口虚线', '撕口', '虚线', '撕线', '易撕线'],
};

/** A finishing that is a kind of another (哑膜 is a 覆膜), tried when the exact one is not sold. */
export const TECHNOLOGY_FAMILIES: Readonly<Record<string, string>> = {
  哑膜: '覆膜',
  光膜: '覆膜',
  热切包边: '包边',
  铝合金包边: '包边',
};

/**
 * Paper and material words: a canonical material → its spellings. A paper matches a material
 * when its name (without the 克重) or its Material contains the canonical word.
 */
export const MATERIAL_WORDS: Readonly<Record<string, readonly string[]>> = {
  铜版纸: ['铜版纸', '铜版', '双铜纸', '双铜', '铜板纸', '铜板'],
  哑粉纸: ['哑粉纸', '哑粉', '哑光铜版纸', '无光铜版纸', '亚粉纸', '亚粉'],
  珠光纸: ['珠光纸', '珠光'],
  莱尼纹: ['莱尼纹纸', '莱尼纹', '莱尼'],
  白卡纸: ['白卡纸', '白卡'],
  牛皮纸: ['牛皮纸', '牛皮'],
  双胶纸: ['双胶纸', '双胶', '胶版纸', '道林纸'],
  特种纸: ['特种纸'],
  pet: ['pet', '透明'],
  喷绘布: ['喷绘布'],
  灯布: ['灯布', '灯箱布'],
  背胶: ['pp背胶', '背胶', 'pp纸'],
  相纸: ['相纸', '写真相纸'],
  灯片: ['灯片'],
  复印纸: ['复印纸'],
  铜版卡: ['铜版卡'],
  条幅布: ['条幅布'],
};

/** Words of the sides printed. */
export const SIDE_WORDS: Readonly<Record<1 | 2, readonly string[]>> = {
  1: ['单面', '单面印刷', '单面印', '一面'],
  2: ['双面', '双面印刷', '双面印', '正反面', '正反', '两面'],
};

/** Words of the inks. */
export const INK_WORDS: Readonly<Record<Ink, readonly string[]>> = {
  四色: ['四色', '4色', '彩色', '全彩', '彩印', 'cmyk'],
  单黑: ['单黑', '黑白', '黑色', '单色', '纯黑'],
  专色: ['专色'],
};

/** Words that start the part of a booklet the next paper is for. */
export const PART_WORDS: Readonly<Record<'cover' | 'inner', readonly string[]>> = {
  cover: ['封面', '封皮'],
  inner: ['内页', '内文', '内芯'],
};

/** Words that say nothing about the print job: read, and not counted as not understood. */
export const NOISE_WORDS: readonly string[] = [
  '终稿',
  '定稿',
  '最终版',
  '最终稿',
  '最终',
  '修改版',
  '修改稿',
  '修改',
  '改稿',
  '确认稿',
  '确认版',
  '印刷稿',
  '印刷文件',
  '印刷版',
  '印刷',
  '文件',
  '设计稿',
  '设计',
  '稿件',
  '新版',
  '最新版',
  '最新',
  '副本',
  'copy',
  'final',
  '正稿',
  '成品',
  '含出血',
  '带出血',
  '出血',
  '已转曲',
  '转曲',
  '正面',
  '反面',
  '加急',
  '急件',
  '打样',
  '样稿',
  '版',
  '稿',
  '的',
];

/** Units a quantity may be written in; `generic` ones stand for the product's own unit. */
export const QUANTITY_UNITS = {
  counted: ['盒', '张', '本', '个', '条', '块', '套', '册', '只', '枚', '幅'],
  generic: ['份', '件', 'pcs', 'pc'],
} as const;
