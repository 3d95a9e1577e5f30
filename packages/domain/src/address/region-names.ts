/**
 * The ways an address may write a division's name with its suffix: the table name itself, plus
 * aliases such as `延边州` for 延边朝鲜族自治州 or `石柱县` for 石柱土家族自治县.
 * Every alias keeps a division suffix, so a name without one is never matched (spec §5); the one
 * exception is 香港/澳门, which have no 省/市 form.
 */

/** Ethnic-group names of two or more characters; in the table they may stand without 族. */
const LONG_ETHNIC_NAMES = [
  '乌孜别克',
  '柯尔克孜',
  '维吾尔',
  '达斡尔',
  '鄂伦春',
  '鄂温克',
  '俄罗斯',
  '塔吉克',
  '塔塔尔',
  '哈萨克',
  '蒙古',
  '布依',
  '朝鲜',
  '土家',
  '哈尼',
  '傈僳',
  '高山',
  '拉祜',
  '东乡',
  '纳西',
  '景颇',
  '仫佬',
  '布朗',
  '撒拉',
  '毛南',
  '仡佬',
  '锡伯',
  '阿昌',
  '普米',
  '德昂',
  '保安',
  '裕固',
  '独龙',
  '赫哲',
  '门巴',
  '珞巴',
  '基诺',
];
/** Ethnic-group names of one character; only stripped together with 族, e.g. 大理白族自治州. */
const SHORT_ETHNIC_NAMES = '汉回藏苗彝壮满侗瑶白傣黎佤畲水土羌京怒';
const ETHNIC_TAIL = new RegExp(`(?:(?:${LONG_ETHNIC_NAMES.join('|')})族?|[${SHORT_ETHNIC_NAMES}]族|各族)$`);

/** Traditional characters of the 香港/澳门 names, mapped to simplified ones. */
const SIMPLIFIED: Readonly<Record<string, string>> = {
  區: '区',
  灣: '湾',
  東: '东',
  龍: '龙',
  黃: '黄',
  觀: '观',
  門: '门',
  貢: '贡',
  離: '离',
  島: '岛',
  瑪: '玛',
  風: '风',
  順: '顺',
  聖: '圣',
  濟: '济',
  別: '别',
};
const TRADITIONAL: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(SIMPLIFIED).map(([traditional, simplified]) => [simplified, traditional]),
);

/** Table names of cities that are placeholders, not places: never matched in an address. */
export const PLACEHOLDER_NAMES: ReadonlySet<string> = new Set([
  '市辖区',
  '县',
  '省直辖县级行政区划',
  '自治区直辖县级行政区划',
]);

/** Strips trailing ethnic-group names (`壮族`, `土家族苗族`, `蒙古`), keeping at least two characters. */
export function stripEthnicNames(base: string): string {
  let current = base;
  for (;;) {
    const tail = ETHNIC_TAIL.exec(current);
    if (tail === null || current.length - tail[0].length < 2) return current;
    current = current.slice(0, current.length - tail[0].length);
  }
}

function mapCharacters(name: string, table: Readonly<Record<string, string>>): string {
  return Array.from(name, (character) => table[character] ?? character).join('');
}

/** Unique, non-empty names, the table's own first. */
function uniqueNames(names: readonly string[]): string[] {
  return [...new Set(names)].filter((name) => name.length > 1);
}

/** Names a province may be written as: `广西壮族自治区`, `广西自治区`, `广西省`, `香港`, `香港特区`. */
export function listProvinceNames(name: string): string[] {
  const specialRegion = /^(.+)特别行政区$/.exec(name);
  if (specialRegion?.[1] !== undefined) {
    // 香港 and 澳门 have no 省/市 form: the bare name is how addresses write them.
    const base = specialRegion[1];
    const simplified = [name, `${base}特区`, base];
    return uniqueNames([...simplified, ...simplified.map((alias) => mapCharacters(alias, TRADITIONAL))]);
  }
  const autonomous = /^(.+)自治区$/.exec(name);
  if (autonomous?.[1] !== undefined) {
    const base = stripEthnicNames(autonomous[1]);
    return uniqueNames([name, `${base}自治区`, `${base}省`]);
  }
  return [name];
}

/** Names a city may be written as: `延边朝鲜族自治州`, `延边自治州`, `延边州`. */
export function listCityNames(name: string): string[] {
  const autonomous = /^(.+)自治州$/.exec(name);
  if (autonomous?.[1] !== undefined) {
    const base = stripEthnicNames(autonomous[1]);
    return uniqueNames([name, `${base}自治州`, `${base}州`]);
  }
  return uniqueNames([name, mapCharacters(name, SIMPLIFIED)]);
}

/**
 * Names a district, county or town may be written as: `石柱县` for 石柱土家族自治县, `鄂伦春旗` for
 * 鄂伦春自治旗; for the streets (街道) that 东莞/中山 list directly, the district form people write,
 * `东城区` for 东城街道 and `东区` for 东区街道.
 */
export function listDistrictNames(name: string, isTownLevel: boolean): string[] {
  const autonomous = /^(.+)自治(县|旗)$/.exec(name);
  if (autonomous?.[1] !== undefined && autonomous[2] !== undefined) {
    const base = stripEthnicNames(autonomous[1]);
    return uniqueNames([name, `${base}自治${autonomous[2]}`, `${base}${autonomous[2]}`]);
  }
  const street = /^(.+)街道$/.exec(name);
  if (isTownLevel && street?.[1] !== undefined) {
    const base = street[1];
    return uniqueNames([name, base.endsWith('区') ? base : `${base}区`]);
  }
  return [name];
}
