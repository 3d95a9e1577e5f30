/**
 * The cues of a file name: its tokens sorted by what they say (product, size, paper, sides and
 * ink, finishing, quantity, pages), before any is matched against a product.
 */
import type { Ink } from '../catalog/catalog.schema.ts';
import type { FileNameIndex, WordMeaning } from './file-name-index.ts';
import type { NameToken } from './file-name-text.ts';

/** A size as written: numbers with their unit, a named paper size, a round sticker, a size name. */
export type SizeCue =
  | { kind: 'dims'; a: number; b: number; unit: 'mm' | 'cm' | 'm' | null; text: string }
  | { kind: 'dims3'; a: number; b: number; c: number; text: string }
  | { kind: 'named'; sizes: WordMeaning['sizes']; text: string };

/** A paper as written: 克重, material or a paper's own name, and the booklet part it is for. */
export interface PaperCue {
  gsm: number | null;
  material: string | null;
  paperIds: readonly string[] | null;
  part: 'cover' | 'inner' | null;
  text: string;
  /** Index of the token it ended at (a 克重 and a material next to each other are one paper). */
  lastToken: number;
}

export interface FileNameCues {
  products: { productIds: readonly number[]; text: string }[];
  sizes: SizeCue[];
  isRound: boolean;
  papers: PaperCue[];
  sides: { value: 1 | 2; text: string }[];
  inks: { value: Ink; text: string }[];
  technologies: { key: string; text: string }[];
  quantities: { value: number; unit: string | null; text: string }[];
  pages: { value: number; text: string }[];
  unknown: string[];
}

function addPaper(cues: FileNameCues, part: PaperCue['part'], index: number, change: Partial<PaperCue>) {
  const last = cues.papers[cues.papers.length - 1];
  const isNext = last !== undefined && last.lastToken === index - 1;
  const fills =
    isNext &&
    ((change.gsm !== undefined && last.gsm === null) ||
      (change.gsm === undefined && last.material === null && last.paperIds === null));
  if (fills && last) {
    Object.assign(last, change, { text: `${last.text}${change.text ?? ''}`, lastToken: index });
    return;
  }
  cues.papers.push({
    gsm: null,
    material: null,
    paperIds: null,
    part,
    text: '',
    ...change,
    lastToken: index,
  });
}

interface WordContext {
  cues: FileNameCues;
  part: PaperCue['part'];
  index: number;
}

/** What a dictionary word adds; a product name's other meanings are not read as well. */
function readWord(context: WordContext, meaning: WordMeaning, text: string): PaperCue['part'] {
  const { cues, index } = context;
  if (meaning.productIds.length > 0) cues.products.push({ productIds: meaning.productIds, text });
  if (meaning.sizes.length > 0) cues.sizes.push({ kind: 'named', sizes: meaning.sizes, text });
  if (meaning.productIds.length > 0) return context.part;
  if (meaning.part) return meaning.part;
  if (meaning.paperIds.length > 0 || meaning.material) {
    const ids = meaning.paperIds.length > 0 ? meaning.paperIds : null;
    addPaper(cues, context.part, index, { material: meaning.material, paperIds: ids, text });
  } else if (meaning.technology) cues.technologies.push({ key: meaning.technology, text });
  if (meaning.sides) cues.sides.push({ value: meaning.sides, text });
  if (meaning.ink) cues.inks.push({ value: meaning.ink, text });
  const isUnderstood =
    meaning.isNoise ||
    meaning.sizes.length > 0 ||
    meaning.paperIds.length > 0 ||
    meaning.material ||
    meaning.technology ||
    meaning.sides ||
    meaning.ink;
  if (!isUnderstood) cues.unknown.push(text);
  return context.part;
}

const emptyCues = (): FileNameCues => ({
  products: [],
  sizes: [],
  isRound: false,
  papers: [],
  sides: [],
  inks: [],
  technologies: [],
  quantities: [],
  pages: [],
  unknown: [],
});

/** Sorts the tokens of a name into cues. */
export function collectCues(tokens: readonly NameToken[], index: FileNameIndex): FileNameCues {
  const cues = emptyCues();
  let part: PaperCue['part'] = null;
  tokens.forEach((token, position) => {
    switch (token.kind) {
      case 'dims':
        cues.sizes.push({ kind: 'dims', a: token.a, b: token.b, unit: token.unit, text: token.text });
        break;
      case 'dims3':
        cues.sizes.push({ kind: 'dims3', a: token.a, b: token.b, c: token.c, text: token.text });
        break;
      case 'round':
        cues.isRound = true;
        cues.sizes.push({
          kind: 'dims',
          a: token.diameter,
          b: token.diameter,
          unit: token.unit,
          text: token.text,
        });
        break;
      case 'roundShape':
        cues.isRound = true;
        break;
      case 'paperSize':
        cues.sizes.push({ kind: 'dims', a: token.widthMm, b: token.heightMm, unit: 'mm', text: token.text });
        break;
      case 'quantity':
        cues.quantities.push({ value: token.value, unit: token.unit, text: token.text });
        break;
      case 'print':
        cues.sides.push({ value: token.sides, text: token.text });
        cues.inks.push({ value: token.ink, text: token.text });
        break;
      case 'pages':
        cues.pages.push({ value: token.value, text: token.text });
        break;
      case 'gsm':
        addPaper(cues, part, position, { gsm: token.value, text: token.text });
        break;
      case 'word': {
        const meaning = index.words.get(token.word);
        if (meaning) part = readWord({ cues, part, index: position }, meaning, token.text);
        break;
      }
      case 'unknown':
        cues.unknown.push(token.text);
        break;
      case 'noise':
        break;
    }
  });
  return cues;
}
