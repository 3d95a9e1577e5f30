/**
 * Reading a file name into tokens: the name is normalised (full-width to half-width, lower case,
 * extension dropped, brackets and separators `- _ + , 、` to spaces, colour codes such as 4+4
 * kept), then sizes, quantities, page counts and 克重 are taken by pattern, then the merchant's and
 * the trade's words by longest match, and whatever is left is a word not understood.
 */

/** A length unit as written; null when the numbers stand alone. */
export type LengthUnit = 'mm' | 'cm' | 'm' | null;

interface TokenBase {
  /** The text it was read from (normalised). */
  text: string;
  /** Where it starts in the normalised name (tokens come back in this order). */
  start: number;
}

/** One thing read from a file name. */
export type NameToken = TokenBase &
  (
    | { kind: 'dims'; a: number; b: number; unit: LengthUnit }
    | { kind: 'dims3'; a: number; b: number; c: number }
    | { kind: 'round'; diameter: number; unit: LengthUnit }
    | { kind: 'roundShape' }
    | { kind: 'paperSize'; widthMm: number; heightMm: number }
    | { kind: 'quantity'; value: number; unit: string | null }
    | { kind: 'pages'; value: number }
    | { kind: 'gsm'; value: number }
    | { kind: 'print'; sides: 1 | 2; ink: '四色' | '单黑' }
    | { kind: 'noise' }
    | { kind: 'word'; word: string }
    | { kind: 'unknown' }
  );

/** The words to look for, by their first character, longest first. */
export interface WordList {
  byFirst: ReadonlyMap<string, readonly string[]>;
}

/** A colour code: front and back colours, 4 (四色) or 1 (单黑), the back the same or 0 (none). */
const PRINT_CODE = /(?<![\d.])([14])\s*[+/]\s*(0|\1)(?![\d.])/g;

/** A file name as it is read: NFKC, lower case, no extension, separators as single spaces. */
export function normaliseFileNameText(name: string): string {
  return (
    name
      .normalize('NFKC')
      .toLowerCase()
      .replace(/\.[a-z0-9]{1,5}$/, '')
      .replace(/[()[\]{}【】《》<>「」『』〔〕]/g, ' ')
      // The trade's colour codes keep their sign: 4+4 (双面四色), 4+0 (单面四色), 1+1, 1/0 …
      .replace(PRINT_CODE, ' $1+$2 ')
      .replace(/[-_,，、;；|/\\:：~～#@!！?？'"“”‘’&=。]/g, ' ')
      .replace(/(?<!(?:^|\s)[14])\+|\+(?![014](?:\s|$))/g, ' ')
      .replace(/(?<!\d)\.|\.(?!\d)/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()
  );
}

const LENGTH_UNITS: Readonly<Record<string, LengthUnit>> = {
  mm: 'mm',
  毫米: 'mm',
  cm: 'cm',
  厘米: 'cm',
  m: 'm',
  米: 'm',
};

/** Paper sizes written by name: ISO A sizes and the 开 of 大度 and 正度 sheets (mm, short side first). */
const NAMED_SIZES: Readonly<Record<string, readonly [number, number]>> = {
  a0: [841, 1189],
  a1: [594, 841],
  a2: [420, 594],
  a3: [297, 420],
  a4: [210, 297],
  a5: [148, 210],
  a6: [105, 148],
  b4: [250, 353],
  b5: [176, 250],
  大对开: [570, 840],
  大4开: [420, 570],
  大8开: [285, 420],
  大16开: [210, 285],
  大32开: [142, 210],
  对开: [520, 740],
  '4开': [370, 520],
  '8开': [260, 370],
  '16开': [185, 260],
  '32开': [130, 185],
};

/** Whether `w` × `h` mm (either way round, within 1.5 mm) is a paper size known by name (A4, 大16开 …). */
export function isNamedPaperSize(w: number, h: number): boolean {
  const [short, long] = w <= h ? [w, h] : [h, w];
  return Object.values(NAMED_SIZES).some(([a, b]) => Math.abs(a - short) <= 1.5 && Math.abs(b - long) <= 1.5);
}

const CHINESE_DIGITS: Readonly<Record<string, number>> = {
  一: 1,
  二: 2,
  两: 2,
  三: 3,
  四: 4,
  五: 5,
  六: 6,
  七: 7,
  八: 8,
  九: 9,
};
const CHINESE_POWERS: Readonly<Record<string, number>> = { 十: 10, 百: 100, 千: 1000, 万: 10_000 };

/** A number written in Chinese numerals (五, 十二, 两千, 三万), or null. */
export function parseChineseNumber(text: string): number | null {
  let total = 0;
  let section = 0;
  let digit = 0;
  for (const char of text) {
    if (char in CHINESE_DIGITS) {
      digit = CHINESE_DIGITS[char]!;
      continue;
    }
    const power = CHINESE_POWERS[char];
    if (power === undefined) return null;
    if (power === 10_000) {
      total += (section + digit) * power;
      section = 0;
    } else section += (digit || 1) * power;
    digit = 0;
  }
  const value = total + section + digit;
  return value > 0 ? value : null;
}

const MULTIPLIERS: Readonly<Record<string, number>> = { 万: 10_000, w: 10_000, 千: 1000, k: 1000 };
const UNIT_PATTERN = '盒|张|本|个|条|块|套|册|只|枚|幅|份|件|pcs|pc';

type Reader = (match: RegExpExecArray) => Omit<NameToken, 'text' | 'start'> | null;

const num = (text: string | undefined) => Number(text);

/** The patterns, in the order they take text: a later one never reads what an earlier one took. */
const PASSES: readonly { pattern: RegExp; read: Reader }[] = [
  {
    pattern: /(?<!\d)20\d{2}(?:[.年]\d{1,2}(?:[.月]\d{1,2}日?)?|\d{4})(?!\d)|\d{1,2}月\d{1,2}日?/g,
    read: () => ({ kind: 'noise' }),
  },
  {
    pattern: /(?<![a-z])v\d+(?:\.\d+)*(?![a-z])|第\d+版|出血\s*\d+\s*(?:mm|毫米)/g,
    read: () => ({ kind: 'noise' }),
  },
  {
    // Not when the third number is a count (`90x54x5盒` is a size and five boxes).
    pattern: new RegExp(
      `(?<![a-z\\d.])(\\d+(?:\\.\\d+)?)\\s*[x×*]\\s*(\\d+(?:\\.\\d+)?)\\s*[x×*]\\s*(\\d+(?:\\.\\d+)?)(?![\\d.]|\\s*(?:${UNIT_PATTERN}))\\s*(?:mm|cm|毫米|厘米)?`,
      'g',
    ),
    read: (m) => ({ kind: 'dims3', a: num(m[1]), b: num(m[2]), c: num(m[3]) }),
  },
  {
    // A number glued to letters is not a size's (`a2*2张` is A2, two of them).
    pattern:
      /(?<![a-z\d.])(\d+(?:\.\d+)?)\s*(mm|cm|毫米|厘米|米|m(?![a-z]))?\s*[x×*]\s*(\d+(?:\.\d+)?)\s*(mm|cm|毫米|厘米|米|m(?![a-z]))?/g,
    read: (m) => ({
      kind: 'dims',
      a: num(m[1]),
      b: num(m[3]),
      unit: LENGTH_UNITS[m[4] ?? m[2] ?? ''] ?? null,
    }),
  },
  {
    pattern:
      /宽\s*(\d+(?:\.\d+)?)\s*(mm|cm|毫米|厘米|米|m(?![a-z]))?\s*高\s*(\d+(?:\.\d+)?)\s*(mm|cm|毫米|厘米|米|m(?![a-z]))?/g,
    read: (m) => ({
      kind: 'dims',
      a: num(m[1]),
      b: num(m[3]),
      unit: LENGTH_UNITS[m[4] ?? m[2] ?? ''] ?? null,
    }),
  },
  {
    pattern: /(?:圆形|圆(?!角)|直径|φ|ø|⌀)\s*(\d+(?:\.\d+)?)\s*(mm|cm|毫米|厘米)?/g,
    read: (m) => ({ kind: 'round', diameter: num(m[1]), unit: LENGTH_UNITS[m[2] ?? ''] ?? null }),
  },
  {
    pattern: /(\d+(?:\.\d+)?)\s*(mm|cm|毫米|厘米)?\s*(?:圆形|圆(?!角))/g,
    read: (m) => ({ kind: 'round', diameter: num(m[1]), unit: LENGTH_UNITS[m[2] ?? ''] ?? null }),
  },
  { pattern: /圆形|圆贴|圆标/g, read: () => ({ kind: 'roundShape' }) },
  {
    pattern: new RegExp(
      `(?:[x×*]\\s*)?(\\d+(?:\\.\\d+)?)\\s*(万|千|k|w)?\\s*(${UNIT_PATTERN})(?![a-z])`,
      'g',
    ),
    read: (m) => {
      const value = Math.round(num(m[1]) * (MULTIPLIERS[m[2] ?? ''] ?? 1));
      return value > 0 ? { kind: 'quantity', value, unit: m[3]! } : null;
    },
  },
  {
    pattern: /([一二两三四五六七八九十百千万]+)\s*(盒|张|本|个|条|块|套|册|只|份)/g,
    read: (m) => {
      const value = parseChineseNumber(m[1]!);
      return value === null ? null : { kind: 'quantity', value, unit: m[2]! };
    },
  },
  {
    pattern: /数量\s*(\d+)/g,
    read: (m) => ({ kind: 'quantity', value: num(m[1]), unit: null }),
  },
  {
    // A count written as a multiplication standing alone (`x500`, `×5`): sizes were taken above.
    pattern: /(?<![\da-z.])[x×*]\s*(\d+)(?![\d.a-z×*])/g,
    read: (m) => (num(m[1]) > 0 ? { kind: 'quantity', value: num(m[1]), unit: null } : null),
  },
  {
    pattern: /(?<![\d.])([14])\+(0|\1)(?![\d.])/g,
    read: (m) => ({ kind: 'print', sides: m[2] === '0' ? 1 : 2, ink: m[1] === '4' ? '四色' : '单黑' }),
  },
  {
    // 开 is also written k (16k, 大16K).
    pattern: /(?<![a-z0-9])[ab][0-6](?![0-9])|(?:大度|正度|大)?(?<!\d)(?:对|32|16|8|4)(?:开|k(?![a-z]))/g,
    read: (m) => {
      const size =
        NAMED_SIZES[
          m[0]
            .replace(/k$/, '开')
            .replace(/^(大度)/, '大')
            .replace(/^正度/, '')
        ];
      return size ? { kind: 'paperSize', widthMm: size[0], heightMm: size[1] } : null;
    },
  },
  {
    // A count in thousands or ten thousands without its unit (2k, 1.5万): after the 开 sizes (16k).
    pattern: /(?<![a-z\d.])(\d+(?:\.\d+)?)\s*(万|千|k|w)(?![a-z\d])/g,
    read: (m) => {
      const value = Math.round(num(m[1]) * MULTIPLIERS[m[2]!]!);
      return value > 0 ? { kind: 'quantity', value, unit: null } : null;
    },
  },
  {
    pattern: /(?<![a-z\d])(\d+)\s*(?:pp|p|页)(?![a-z])|(?<![a-z])p\s*(\d+)(?![\d])/g,
    read: (m) => ({ kind: 'pages', value: num(m[1] ?? m[2]) }),
  },
  { pattern: /(\d{2,4})\s*(?:gsm|g|克)(?![a-z])/g, read: (m) => ({ kind: 'gsm', value: num(m[1]) }) },
];

const isLatin = (char: string | undefined) => char !== undefined && /[a-z]/.test(char);

/** Marks `text[start, end)` taken; false (nothing marked) when any of it was taken already. */
function take(taken: Uint8Array, start: number, end: number): boolean {
  for (let i = start; i < end; i += 1) if (taken[i]) return false;
  taken.fill(1, start, end);
  return true;
}

function readPatterns(text: string, taken: Uint8Array, tokens: NameToken[]): void {
  for (const { pattern, read } of PASSES) {
    pattern.lastIndex = 0;
    for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
      const token = read(match);
      const start = match.index;
      const end = start + match[0].length;
      if (token && take(taken, start, end)) {
        tokens.push({ ...token, text: match[0].trim(), start } as NameToken);
      }
    }
  }
}

/**
 * The longest word of `words` at `at`, not cutting into a run of Latin letters — unless a shorter
 * one lets the next word be read where the longest leaves a character no word starts with
 * (`牛皮纸袋` is 牛皮 + 纸袋, not 牛皮纸 + 袋).
 */
function wordAt(text: string, at: number, words: WordList, taken: Uint8Array): string | null {
  const longest = fittingWordAt(text, at, words, taken, 0);
  if (!longest || continues(text, at + longest.length, words, taken)) return longest;
  for (let skip = 1; ; skip += 1) {
    const shorter = fittingWordAt(text, at, words, taken, skip);
    if (!shorter) return longest;
    if (shorter.length < longest.length && continues(text, at + shorter.length, words, taken)) {
      const next = fittingWordAt(text, at + shorter.length, words, taken, 0);
      if (next && at + shorter.length + next.length > at + longest.length) return shorter;
    }
  }
}

/** Whether reading can go on at `at`: the end, a separator, text already read, or a word. */
function continues(text: string, at: number, words: WordList, taken: Uint8Array): boolean {
  if (at >= text.length || text[at] === ' ' || taken[at]) return true;
  return fittingWordAt(text, at, words, taken, 0) !== null;
}

/** The `skip`-th longest word of `words` that fits at `at`, or null. */
function fittingWordAt(
  text: string,
  at: number,
  words: WordList,
  taken: Uint8Array,
  skip: number,
): string | null {
  const candidates = words.byFirst.get(text[at]!);
  if (!candidates) return null;
  let skipped = 0;
  for (const word of candidates) {
    if (!text.startsWith(word, at)) continue;
    const end = at + word.length;
    if (isLatin(word[0]) && isLatin(text[at - 1])) continue;
    if (isLatin(word[word.length - 1]) && isLatin(text[end])) continue;
    let isFree = true;
    for (let i = at; i < end; i += 1) if (taken[i]) isFree = false;
    if (!isFree) continue;
    if (skipped === skip) return word;
    skipped += 1;
  }
  return null;
}

function readWords(text: string, taken: Uint8Array, words: WordList, tokens: NameToken[]): void {
  let unknownStart = -1;
  const closeUnknown = (end: number) => {
    if (unknownStart < 0) return;
    const raw = text.slice(unknownStart, end);
    const trimmed = raw.trim();
    if (trimmed) tokens.push({ kind: 'unknown', text: trimmed, start: unknownStart + raw.indexOf(trimmed) });
    unknownStart = -1;
  };
  let at = 0;
  while (at < text.length) {
    if (taken[at] || text[at] === ' ') {
      closeUnknown(at);
      at += 1;
      continue;
    }
    const word = wordAt(text, at, words, taken);
    if (word) {
      closeUnknown(at);
      tokens.push({ kind: 'word', word, text: word, start: at });
      taken.fill(1, at, at + word.length);
      at += word.length;
      continue;
    }
    if (unknownStart < 0) unknownStart = at;
    at += 1;
  }
  closeUnknown(text.length);
}

/** The tokens of a normalised file name, in the order they appear. */
export function readFileNameTokens(text: string, words: WordList): NameToken[] {
  const taken = new Uint8Array(text.length);
  const tokens: NameToken[] = [];
  readPatterns(text, taken, tokens);
  readWords(text, taken, words, tokens);
  return tokens.sort((left, right) => left.start - right.start);
}
