/**
 * What file-name analysis knows of one catalogue version, built once per version: every word it
 * looks for (the merchant's product names, aliases, category titles, paper, size and finishing
 * names, and the trade's own words) with what each means, and each product's choices in the
 * form the analysis compares them.
 */
import type { Catalog, Ink, Product } from '../catalog/catalog.schema.ts';
import type { WordList } from './file-name-text.ts';
import { normaliseFileNameText } from './file-name-text.ts';
import {
  INK_WORDS,
  MATERIAL_WORDS,
  NOISE_WORDS,
  PART_WORDS,
  SIDE_WORDS,
  TECHNOLOGY_FAMILIES,
  TECHNOLOGY_WORDS,
} from './file-name-words.ts';

/** Everything one word of a file name may mean (a word may mean several things). */
export interface WordMeaning {
  productIds: number[];
  sizes: { productId: number; sizeId: string }[];
  /** Canonical material (MATERIAL_WORDS key, or a catalogue Material). */
  material: string | null;
  /** Papers whose name (without 克重) is this word. */
  paperIds: string[];
  /** Canonical finishing (TECHNOLOGY_WORDS key, or the catalogue name). */
  technology: string | null;
  sides: 1 | 2 | null;
  ink: Ink | null;
  part: 'cover' | 'inner' | null;
  isNoise: boolean;
}

/** A 款式 with its paper, as compared with paper words. */
export interface IndexedStyle {
  id: string;
  paperId: string;
  gsm: number;
  /** The paper's name without its 克重, normalised (`铜版纸`, `透明pet不干胶`). */
  paperText: string;
  /** The paper's Material, normalised. */
  material: string;
}

/** A technology, as compared with finishing words. */
export interface IndexedTechnology {
  id: string;
  /** Its name without brackets and 封面, normalised (`覆哑膜`). */
  text: string;
  key: string;
  family: string | null;
  group: string | null;
}

/** A product's choices as the analysis uses them. */
export interface IndexedProduct {
  id: number;
  title: string;
  source: Product;
  /** Bleed per side of its artwork (mm): the sheet rules' bleed, else 3. */
  bleedMm: number;
  styles: IndexedStyle[];
  technologies: IndexedTechnology[];
}

/** A catalogue version ready for `analyseFileName`. */
export interface FileNameIndex extends WordList {
  words: ReadonlyMap<string, WordMeaning>;
  products: ReadonlyMap<number, IndexedProduct>;
  /** The products that sell each paper. */
  paperProducts: ReadonlyMap<string, readonly number[]>;
}

const emptyMeaning = (): WordMeaning => ({
  productIds: [],
  sizes: [],
  material: null,
  paperIds: [],
  technology: null,
  sides: null,
  ink: null,
  part: null,
  isNoise: false,
});

function reverse(table: Readonly<Record<string, readonly string[]>>): Map<string, string> {
  const map = new Map<string, string>();
  for (const [key, spellings] of Object.entries(table)) for (const word of spellings) map.set(word, key);
  return map;
}

const TECHNOLOGY_KEYS = reverse(TECHNOLOGY_WORDS);
const MATERIAL_KEYS = reverse(MATERIAL_WORDS);

/** The canonical finishing a word names (itself when the trade has no other spelling for it). */
export function technologyKey(word: string): string {
  return TECHNOLOGY_KEYS.get(word) ?? word;
}

/** A catalogue name as file names write it: brackets' contents, 封面 and spaces dropped. */
function bareName(name: string): string {
  return normaliseFileNameText(name.replace(/[（(][^）)]*[）)]/g, ''))
    .replace(/^封面/, '')
    .replace(/\s+/g, '');
}

/** A paper name without its leading 克重 (`157g铜版纸` → `铜版纸`). */
function paperText(name: string): string {
  return bareName(name).replace(/^\d+(?:g|克)/, '');
}

class WordTable {
  readonly words = new Map<string, WordMeaning>();

  meaningOf(word: string): WordMeaning | null {
    if (word.length === 0) return null;
    let meaning = this.words.get(word);
    if (!meaning) {
      meaning = emptyMeaning();
      this.words.set(word, meaning);
    }
    return meaning;
  }

  add(word: string, change: (meaning: WordMeaning) => void): void {
    const meaning = this.meaningOf(word);
    if (meaning) change(meaning);
  }
}

function addTradeWords(table: WordTable): void {
  for (const [word, key] of TECHNOLOGY_KEYS) table.add(word, (m) => (m.technology = key));
  for (const [word, key] of MATERIAL_KEYS) table.add(word, (m) => (m.material = key));
  for (const [sides, words] of Object.entries(SIDE_WORDS)) {
    for (const word of words) table.add(word, (m) => (m.sides = Number(sides) as 1 | 2));
  }
  for (const [ink, words] of Object.entries(INK_WORDS)) {
    for (const word of words) table.add(word, (m) => (m.ink = ink as Ink));
  }
  for (const [part, words] of Object.entries(PART_WORDS)) {
    for (const word of words) table.add(word, (m) => (m.part = part as 'cover' | 'inner'));
  }
  for (const word of NOISE_WORDS) table.add(word, (m) => (m.isNoise = true));
}

/** Category titles that stand for one product: the nodes whose subtree holds exactly one. */
function categoryWords(catalog: Catalog): Map<number, string[]> {
  const parentOf = new Map(catalog.Categories.map((node) => [node.Id, node.ParentId]));
  const productsUnder = new Map<number, number[]>();
  for (const product of catalog.Products) {
    for (let id: number | undefined = product.CategoryId; id; id = parentOf.get(id)) {
      const list = productsUnder.get(id) ?? [];
      list.push(product.Id);
      productsUnder.set(id, list);
    }
  }
  const titles = new Map<number, string[]>();
  for (const node of catalog.Categories) {
    const products = productsUnder.get(node.Id);
    if (products?.length !== 1) continue;
    const list = titles.get(products[0]!) ?? [];
    list.push(node.Title);
    titles.set(products[0]!, list);
  }
  return titles;
}

/** A preset size's name as a word (`易拉宝 80×200cm` → `易拉宝`), or '' when it is only numbers. */
function sizeWord(name: string): string {
  const first = normaliseFileNameText(name).split(' ')[0] ?? '';
  return /\d\s*[x×*]\s*\d/.test(first) ? '' : first;
}

function indexProduct(product: Product, catalog: Catalog, table: WordTable): IndexedProduct {
  const papers = new Map(catalog.Papers.map((paper) => [paper.Id, paper]));
  for (const size of product.Sizes.Presets) {
    table.add(sizeWord(size.Name), (m) => m.sizes.push({ productId: product.Id, sizeId: size.Id }));
  }
  const technologies = product.Technologies.map((tech): IndexedTechnology => {
    const text = bareName(tech.Name);
    const key = technologyKey(text);
    table.add(text, (m) => (m.technology ??= key));
    return { id: tech.Id, text, key, family: TECHNOLOGY_FAMILIES[key] ?? null, group: tech.Group ?? null };
  });
  const styles = product.Styles.map((style): IndexedStyle => {
    const paper = papers.get(style.PaperId);
    return {
      id: style.Id,
      paperId: style.PaperId,
      gsm: paper?.Gsm ?? 0,
      paperText: paper ? paperText(paper.Name) : '',
      material: paper ? bareName(paper.Material) : '',
    };
  });
  const bleedMm = product.Offer?.Kind === 'sheet' ? product.Offer.BleedMm : 3;
  return { id: product.Id, title: product.Title, source: product, bleedMm, styles, technologies };
}

/** The product names: titles, aliases and the category titles that stand for one product. */
function addProductWords(catalog: Catalog, table: WordTable): void {
  const fromCategories = categoryWords(catalog);
  for (const product of catalog.Products) {
    const names = [product.Title, ...(product.Aliases ?? []), ...(fromCategories.get(product.Id) ?? [])];
    for (const name of names) {
      table.add(bareName(name), (m) => {
        if (!m.productIds.includes(product.Id)) m.productIds.push(product.Id);
      });
    }
  }
}

/**
 * Builds the index of a catalogue version (pure; build once per version, it is read-only after).
 */
export function buildFileNameIndex(catalog: Catalog): FileNameIndex {
  const table = new WordTable();
  addTradeWords(table);
  const paperProducts = new Map<string, number[]>();
  for (const paper of catalog.Papers) {
    table.add(paperText(paper.Name), (m) => m.paperIds.push(paper.Id));
    table.add(bareName(paper.Material), (m) => (m.material ??= bareName(paper.Material)));
  }
  const products = new Map<number, IndexedProduct>();
  for (const product of catalog.Products) {
    products.set(product.Id, indexProduct(product, catalog, table));
    for (const style of product.Styles) {
      const list = paperProducts.get(style.PaperId) ?? [];
      if (!list.includes(product.Id)) list.push(product.Id);
      paperProducts.set(style.PaperId, list);
    }
  }
  addProductWords(catalog, table);
  const byFirst = new Map<string, string[]>();
  for (const word of table.words.keys()) {
    const list = byFirst.get(word[0]!) ?? [];
    list.push(word);
    byFirst.set(word[0]!, list);
  }
  for (const list of byFirst.values()) list.sort((left, right) => right.length - left.length);
  return { words: table.words, products, paperProducts, byFirst };
}
