/**
 * Text clean-up for address recognition: width, labels, punctuation noise, postcodes, blanks.
 */

const CJK = '\\u3400-\\u4dbf\\u4e00-\\u9fff\\uf900-\\ufaff';

/** Dashes of every width become `-`; zero-width and control characters disappear. */
const DASHES = /[\u2010-\u2015\u2212\ufe58\ufe63\uff0d]/g;
// Control characters are exactly what this pattern is for.
// eslint-disable-next-line no-control-regex
const INVISIBLE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\u200b-\u200f\u2028\u2029\u2060\ufeff]/g;

/** Field labels a pasted line may carry; removed wherever a colon follows, and at a segment's ends. */
const LABEL_WORDS = [
  '收货信息',
  '收件信息',
  '收货人姓名',
  '收件人姓名',
  '收货人',
  '收件人',
  '联系人',
  '姓名',
  '手机号码',
  '手机号',
  '联系手机',
  '手机',
  '联系电话',
  '电话号码',
  '固定电话',
  '固话',
  '座机',
  '电话',
  '联系方式',
  '收货地址',
  '收件地址',
  '详细地址',
  '所在地区',
  '地址',
].join('|');
const LABEL_WITH_COLON = new RegExp(`(?:${LABEL_WORDS})\\s*:`, 'g');
const LEADING_LABEL = new RegExp(`^(?:${LABEL_WORDS})`);
const TRAILING_LABEL = new RegExp(`(?:${LABEL_WORDS})$`);

/** Punctuation that only separates fields; `()#-/.·` stay because they carry meaning in a street part. */
const NOISE = /[,;:!?"'`~|*^=<>{}[\]\\，、；：。！？“”‘’「」『』【】〔〕《》〈〉…]+/g;

const POSTCODE_WITH_LABEL = /[(（]?(?:邮编|邮政编码)\s*:?\s*\d{6}[)）]?/g;
const TRAILING_POSTCODE = /\s\d{6}\s*$/;
const COUNTRY_PREFIX = /^(?:中华人民共和国|中国大陆|中国)/;
const BLANK = /\s/;
const BLANKS = /\s+/;
const CJK_CHARACTER = new RegExp(`[${CJK}]`);

/**
 * Folds full-width letters, digits and punctuation to half width (NFKC), unifies dashes, drops
 * invisible characters. Applied once to the whole pasted line before anything else.
 */
export function normaliseText(text: string): string {
  return text.normalize('NFKC').replace(DASHES, '-').replace(INVISIBLE, '');
}

/** Collapses blank runs to one space, then drops a space next to a Chinese character. */
export function compactBlanks(text: string): string {
  if (!BLANK.test(text)) return text;
  const words = text.trim().split(BLANKS);
  let compacted = words[0] ?? '';
  for (const word of words.slice(1)) {
    const besideCjk =
      CJK_CHARACTER.test(compacted.charAt(compacted.length - 1)) || CJK_CHARACTER.test(word.charAt(0));
    compacted += besideCjk ? word : ` ${word}`;
  }
  return compacted;
}

/** Labels and punctuation noise replaced by blanks, blanks collapsed; the common first step. */
function stripLabelsAndNoise(text: string): string {
  let cleaned = text.replace(LABEL_WITH_COLON, ' ').replace(NOISE, ' ');
  cleaned = compactBlanks(cleaned);
  // A label without a colon counts only at the very start or end of a segment.
  const unlabelled = cleaned.replace(LEADING_LABEL, '').replace(TRAILING_LABEL, '');
  return unlabelled === cleaned ? cleaned : compactBlanks(unlabelled);
}

/** True when the text holds nothing but blanks, labels and punctuation. */
export function isBlankText(text: string): boolean {
  // Labels and noise hold no digit, so a digit is content.
  if (/\d/.test(text)) return false;
  return stripLabelsAndNoise(text.replace(/[-#()/.·_]/g, ' ')) === '';
}

/** The contact name of a segment: labels, punctuation and blanks between Chinese characters removed. */
export function cleanContact(segment: string): string {
  return stripLabelsAndNoise(segment)
    .replace(/^[-#()/._\s]+|[-#()/._\s]+$/g, '')
    .trim();
}

/**
 * The address part of a segment, ready for splitting: labels, noise, postcodes
 * (`邮编 518000`, a lone six-digit number at the end) and a leading `中国` removed.
 */
export function cleanAddress(segment: string): string {
  const spaced = segment.replace(POSTCODE_WITH_LABEL, ' ').replace(LABEL_WITH_COLON, ' ').replace(NOISE, ' ');
  const cleaned = stripLabelsAndNoise(` ${spaced} `.replace(TRAILING_POSTCODE, ' '));
  // A closing bracket left from `张三(13800138000)广东省…` belongs to the phone, not the address.
  return trimSeparators(cleaned.replace(/^[)\]]+/, '').replace(COUNTRY_PREFIX, ''));
}

/** Drops separators left at either end of a street part, e.g. after removing the district. */
export function trimSeparators(text: string): string {
  return text.replace(/^[-/._\s]+|[-/._\s]+$/g, '');
}
