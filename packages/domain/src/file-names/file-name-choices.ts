/**
 * Matching a file name's sides, ink, finishing and page count against one product (see
 * file-name-fields.ts for size, paper and quantity).
 */
import type { FileNameCues } from './file-name-cues.ts';
import { reading, type FieldReading } from './file-name-fields.ts';
import type { IndexedProduct, IndexedTechnology } from './file-name-index.ts';
import { TECHNOLOGY_FAMILIES } from './file-name-words.ts';

/** The colour the name's sides (单面/双面) and ink (四色/黑白/专色) point to. */
export function resolveColour(
  product: IndexedProduct,
  cues: FileNameCues,
  problems: string[],
): FieldReading<string | null> {
  const colours = product.source.Colours;
  const sides = cues.sides[cues.sides.length - 1];
  const ink = cues.inks[cues.inks.length - 1];
  if (!sides && !ink) {
    if (colours.length === 1) return reading(colours[0]!.Id, 'only', 1);
    return reading(colours[0]?.Id ?? null, 'default', 0);
  }
  // A colour code (4+4) is both the sides and the ink: its text once.
  const text = [...new Set([ink?.text, sides?.text].filter(Boolean))].join('');
  const matches = colours.filter(
    (colour) => (!sides || colour.Sides === sides.value) && (!ink || colour.Ink === ink.value),
  );
  if (matches.length === 0) {
    problems.push(`「${product.title}」不能${text}印刷`);
    return reading(colours[0]?.Id ?? null, 'default', 0, text);
  }
  if (matches.length === 1 || (sides && ink)) return reading(matches[0]!.Id, 'name', 1, text);
  // Only one of the two is named: 双面 is usually 四色, 黑白 usually one side.
  const preferred = sides
    ? matches.find((colour) => colour.Ink === '四色')
    : matches.find((colour) => colour.Sides === 1);
  return reading((preferred ?? matches[0]!).Id, 'name', 0.8, text);
}

/** The product's technology for a finishing word: same finishing, its family, or a name containing it. */
function findTechnology(product: IndexedProduct, key: string, text: string): IndexedTechnology | null {
  const techs = product.technologies;
  const exact = techs.find((tech) => tech.key === key);
  if (exact) return exact;
  const family = TECHNOLOGY_FAMILIES[key];
  const related = techs.filter((tech) => tech.key === family || tech.family === key);
  if (related.length === 1) return related[0]!;
  const containing = techs.filter((tech) => tech.text.includes(text) || text.includes(tech.text));
  return containing.length === 1 ? containing[0]! : null;
}

/** A round sticker is die-cut: the product's 模切, when it has one. */
function roundCut(product: IndexedProduct): IndexedTechnology | null {
  return product.technologies.find((tech) => tech.key === '模切') ?? null;
}

/**
 * The technologies the name asks for (in catalogue order), each checked against its 互斥组: two
 * of one group keep the first and say so. Required groups the name leaves open are filled in by
 * `completeTechnologies`, not here.
 */
export function resolveTechnologies(
  product: IndexedProduct,
  cues: FileNameCues,
  problems: string[],
): FieldReading<string[]> {
  const chosen: IndexedTechnology[] = [];
  const texts: string[] = [];
  let confidence = 1;
  const choose = (tech: IndexedTechnology, text: string) => {
    if (chosen.includes(tech)) return;
    const rival = tech.group === null ? undefined : chosen.find((other) => other.group === tech.group);
    if (rival) {
      problems.push(`「${rival.text}」与「${tech.text}」只能选一个，已按「${rival.text}」识别`);
      confidence = 0.5;
      return;
    }
    chosen.push(tech);
    texts.push(text);
  };
  for (const cue of cues.technologies) {
    const tech = findTechnology(product, cue.key, cue.text);
    if (tech) choose(tech, cue.text);
    else problems.push(`「${product.title}」没有「${cue.text}」工艺`);
  }
  const cut = cues.isRound ? roundCut(product) : null;
  if (cut) choose(cut, '圆形');
  const order = product.technologies.map((tech) => tech.id);
  const ids = chosen.map((tech) => tech.id).sort((a, b) => order.indexOf(a) - order.indexOf(b));
  if (ids.length === 0) return reading(ids, 'default', cues.technologies.length > 0 ? 0 : 1);
  return reading(ids, 'name', confidence, texts.join(''));
}

/** The page count of a booklet (cover included): as named, or the smallest the rules allow. */
export function resolvePages(
  product: IndexedProduct,
  cues: FileNameCues,
  problems: string[],
): FieldReading<number | null> {
  const pages = product.source.Pages;
  if (!pages) return reading(null, 'only', 1);
  let smallest = Math.ceil(pages.Min / pages.Multiple) * pages.Multiple;
  if (smallest > pages.Max) smallest = pages.Min;
  const cue = cues.pages[0];
  if (!cue) return reading(smallest, 'default', 0);
  const isAllowed = cue.value >= pages.Min && cue.value <= pages.Max && cue.value % pages.Multiple === 0;
  if (!isAllowed) {
    problems.push(`页数「${cue.text}」须在${pages.Min}–${pages.Max}页之间且为${pages.Multiple}的倍数`);
    return reading(cue.value, 'name', 0.3, cue.text);
  }
  return reading(cue.value, 'name', 1, cue.text);
}

/**
 * The named technologies plus, for each required group (装订, 成型 …) the name leaves open, the
 * group's first technology the paper and page count allow — as the quote screen's defaults do.
 */
export function completeTechnologies(
  product: IndexedProduct,
  named: readonly string[],
  styleId: string | null,
  pageCount: number | null,
): { ids: string[]; defaulted: string[] } {
  const source = product.source;
  const ids = [...named];
  const defaulted: string[] = [];
  for (const group of source.RequiredGroups) {
    const members = source.Technologies.filter((tech) => tech.Group === group);
    if (members.some((tech) => ids.includes(tech.Id))) continue;
    const fallback = members.find(
      (tech) =>
        !(styleId !== null && tech.ExcludeStyleIds.includes(styleId)) &&
        !(
          tech.PageRange &&
          pageCount !== null &&
          (pageCount < tech.PageRange.Min || pageCount > tech.PageRange.Max)
        ),
    );
    if (fallback) {
      ids.push(fallback.Id);
      defaulted.push(fallback.Id);
    }
  }
  const order = source.Technologies.map((tech) => tech.Id);
  return { ids: ids.sort((a, b) => order.indexOf(a) - order.indexOf(b)), defaulted };
}
