/**
 * File-name analysis for batch ordering (`AnalysisFileName`, docs/batch-ordering.md): the product,
 * size, paper, sides and ink, finishing, page count and quantity a customer wrote into an artwork
 * file's name (`名片-300g铜版纸-双面-覆哑膜-5盒.pdf`), read against one merchant's catalogue, with
 * the file's page size as a hint for the size. Pure and fast: the index is built once per
 * catalogue version, then each name costs a few regular-expression passes and one dictionary scan.
 */
import type { QuoteSelection } from '../pricing/quote.types.ts';
import { collectCues, type FileNameCues, type PaperCue } from './file-name-cues.ts';
import {
  completeTechnologies,
  resolveColour,
  resolvePages,
  resolveTechnologies,
} from './file-name-choices.ts';
import {
  reading,
  resolvePaperCue,
  resolveQuantity,
  resolveSize,
  type FieldReading,
  type PageSizeHint,
  type SizeValue,
} from './file-name-fields.ts';
import type { FileNameIndex, IndexedProduct } from './file-name-index.ts';
import { normaliseFileNameText, readFileNameTokens } from './file-name-text.ts';

/** Below this a field is shown for the customer to check. */
export const FILE_NAME_REVIEW_CONFIDENCE = 0.75;

/**
 * `recognised`: a product and every field read with confidence, no problem and no word left
 * over; `review`: a product, but some field was not stated (a default) or is doubtful, or some
 * word was not understood; `unrecognised`: no product — the row waits for the customer's choice.
 */
export type FileNameStatus = 'recognised' | 'review' | 'unrecognised';

/** What one file name says, field by field, against one catalogue. */
export interface FileNameAnalysis {
  fileName: string;
  status: FileNameStatus;
  product: FieldReading<number | null>;
  size: FieldReading<SizeValue | null>;
  /** The 款式 (paper); a booklet's cover paper. */
  paper: FieldReading<string | null>;
  /** A booklet's inner paper (null otherwise). */
  innerPaper: FieldReading<string | null>;
  /** A booklet's page count, cover included (null otherwise). */
  pages: FieldReading<number | null>;
  colour: FieldReading<string | null>;
  /** The technologies the name asks for. */
  technologies: FieldReading<string[]>;
  quantity: FieldReading<number | null>;
  /** Technologies of required groups the name leaves open, filled in by the product's default. */
  defaultedTechnologyIds: string[];
  /** The whole configuration with the defaults filled in, ready to price; null without a product. */
  selection: QuoteSelection | null;
  /** Words of the name that were not understood. */
  unknownWords: string[];
  /** What the name asks for that could not be read or given, in Chinese. */
  problems: string[];
}

function mergePaperCues(cues: readonly PaperCue[]): PaperCue | undefined {
  if (cues.length <= 1) return cues[0];
  return {
    gsm: cues.find((cue) => cue.gsm !== null)?.gsm ?? null,
    material: cues.find((cue) => cue.material !== null)?.material ?? null,
    paperIds: cues.find((cue) => cue.paperIds !== null)?.paperIds ?? null,
    part: cues[0]!.part,
    text: cues.map((cue) => cue.text).join(''),
    lastToken: cues[cues.length - 1]!.lastToken,
  };
}

/** The paper cues for the cover (or the only paper) and for a booklet's inner pages. */
function paperCues(product: IndexedProduct, cues: FileNameCues) {
  if (!product.source.Pages) return { cover: mergePaperCues(cues.papers), inner: undefined };
  const unmarked = cues.papers.filter((cue) => cue.part === null);
  const cover = cues.papers.filter((cue) => cue.part === 'cover');
  const inner = cues.papers.filter((cue) => cue.part === 'inner');
  if (cover.length === 0 && unmarked[0]) cover.push(unmarked.shift()!);
  if (inner.length === 0 && unmarked[0]) inner.push(unmarked.shift()!);
  return { cover: mergePaperCues(cover), inner: mergePaperCues(inner) };
}

/**
 * A product named by no word of its own: the one product a paper, a size name or a finishing
 * (written in three characters or more) belongs to.
 */
function inferProduct(cues: FileNameCues, index: FileNameIndex): { id: number; text: string } | null {
  const found = new Map<number, string>();
  for (const cue of cues.papers) {
    const ids = new Set((cue.paperIds ?? []).flatMap((paperId) => index.paperProducts.get(paperId) ?? []));
    if (ids.size === 1) found.set([...ids][0]!, cue.text);
  }
  for (const cue of cues.papers) {
    if (cue.paperIds || !cue.material) continue;
    const material = cue.material;
    // Only a paper's own name counts: a class of paper (铜版纸) is sold for many products.
    const ids = [...index.products.values()].filter((product) =>
      product.styles.some((style) => style.paperText.includes(material)),
    );
    if (ids.length === 1) found.set(ids[0]!.id, cue.text);
  }
  for (const cue of cues.sizes) {
    if (cue.kind !== 'named' || cue.text.length < 3) continue;
    const ids = new Set(cue.sizes.map((size) => size.productId));
    if (ids.size === 1) found.set([...ids][0]!, cue.text);
  }
  // A finishing only one product offers names it (`三折页` is a folded leaflet).
  for (const cue of cues.technologies) {
    if (cue.text.length < 3) continue;
    const ids = [...index.products.values()].filter((product) =>
      product.technologies.some((tech) => tech.key === cue.key),
    );
    if (ids.length === 1) found.set(ids[0]!.id, cue.text);
  }
  if (found.size !== 1) return null;
  const [id, text] = [...found][0]!;
  return { id, text };
}

function resolveProduct(
  cues: FileNameCues,
  index: FileNameIndex,
  problems: string[],
): FieldReading<number | null> {
  const named = cues.products;
  if (named.length > 0) {
    const singles = new Set(named.flatMap((cue) => (cue.productIds.length === 1 ? cue.productIds : [])));
    const ids =
      singles.size > 0
        ? [...singles]
        : named.reduce<readonly number[]>(
            (common, cue) => common.filter((id) => cue.productIds.includes(id)),
            named[0]!.productIds,
          );
    const text = [...new Set(named.map((cue) => cue.text))].join('·');
    if (ids.length === 1) return reading(ids[0]!, 'name', 1, text);
    const words = [...new Set(named.map((cue) => `「${cue.text}」`))].join('');
    problems.push(`文件名中的${words}可以是不同的产品，请选择产品`);
    return reading(null, 'name', 0, text);
  }
  const inferred = inferProduct(cues, index);
  if (inferred) return reading(inferred.id, 'name', 0.8, inferred.text);
  problems.push('未能从文件名识别产品，请选择产品');
  return reading(null, 'default', 0);
}

function selectionOf(
  product: IndexedProduct,
  fields: Pick<FileNameAnalysis, 'size' | 'paper' | 'innerPaper' | 'pages' | 'colour' | 'quantity'>,
  technologyIds: string[],
): QuoteSelection {
  const size = fields.size.value;
  const isBooklet = product.source.Pages !== undefined;
  return {
    ...(size === null ? {} : 'sizeId' in size ? { sizeId: size.sizeId } : size),
    ...(fields.paper.value === null ? {} : { styleId: fields.paper.value }),
    ...(isBooklet && fields.innerPaper.value !== null ? { innerStyleId: fields.innerPaper.value } : {}),
    ...(isBooklet && fields.pages.value !== null ? { pageCount: fields.pages.value } : {}),
    ...(fields.colour.value === null ? {} : { colourId: fields.colour.value }),
    technologyIds,
    quantity: fields.quantity.value ?? 1,
  };
}

function unrecognised(
  fileName: string,
  product: FieldReading<number | null>,
  cues: FileNameCues,
  problems: string[],
): FileNameAnalysis {
  const none = reading(null, 'default', 0);
  return {
    fileName,
    status: 'unrecognised',
    product,
    size: none,
    paper: none,
    innerPaper: none,
    pages: none,
    colour: none,
    technologies: reading<string[]>([], 'default', 0),
    quantity: none,
    defaultedTechnologyIds: [],
    selection: null,
    unknownWords: cues.unknown,
    problems,
  };
}

/**
 * Reads one file name against a catalogue (`buildFileNameIndex`). `pageSize` (the file's first
 * page, from preflight) chooses the size when the name gives none. Never throws; a name that
 * names no product is `unrecognised`, and nothing is filled in for it.
 */
export function analyseFileName(
  index: FileNameIndex,
  fileName: string,
  pageSize: PageSizeHint | null = null,
): FileNameAnalysis {
  const cues = collectCues(readFileNameTokens(normaliseFileNameText(fileName), index), index);
  const problems: string[] = [];
  const product = resolveProduct(cues, index, problems);
  const indexed = product.value === null ? undefined : index.products.get(product.value);
  if (!indexed) return unrecognised(fileName, product, cues, problems);
  const pages = indexed.source.Pages;
  const { cover, inner } = paperCues(indexed, cues);
  const styleIds = indexed.styles.map((style) => style.id);
  const fields = {
    size: resolveSize(indexed, cues, pageSize, problems),
    paper: resolvePaperCue(indexed, pages ? pages.CoverStyleIds : styleIds, cover, problems),
    innerPaper: pages
      ? resolvePaperCue(indexed, pages.InnerStyleIds, inner, problems)
      : reading(null, 'only', 1),
    pages: resolvePages(indexed, cues, problems),
    colour: resolveColour(indexed, cues, problems),
    technologies: resolveTechnologies(indexed, cues, problems),
    quantity: resolveQuantity(indexed, cues, problems),
  };
  const completed = completeTechnologies(
    indexed,
    fields.technologies.value,
    fields.paper.value,
    fields.pages.value,
  );
  const isSure =
    problems.length === 0 &&
    cues.unknown.length === 0 &&
    completed.defaulted.length === 0 &&
    [product, ...Object.values(fields)].every((field) => field.confidence >= FILE_NAME_REVIEW_CONFIDENCE);
  return {
    fileName,
    status: isSure ? 'recognised' : 'review',
    product,
    ...fields,
    defaultedTechnologyIds: completed.defaulted,
    selection: selectionOf(indexed, fields, completed.ids),
    unknownWords: cues.unknown,
    problems,
  };
}
