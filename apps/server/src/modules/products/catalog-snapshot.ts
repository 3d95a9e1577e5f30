/**
 * One version of a merchant's catalogue, compiled for quoting (docs/pricing.md) with the wire
 * views the calls serve, each built once on first use. Immutable: a new import makes a new one.
 */
import type { CategoryTreeNodeWire } from '@inkstone/contracts';
import {
  buildCategoryTree,
  compileCatalog,
  excludedTechnologies,
  findCategoryPath,
  type Catalog,
  type CategoryNode,
  suggestSelection,
  type CategoryTreeNode,
  type CompiledProduct,
} from '@inkstone/domain';
import {
  type CatalogCategoryListItem,
  type CatalogProductInfo,
  type CatalogProductSummary,
  toCategoryListItem,
  toExcludedTechnologies,
  toProductDetail,
  toProductSummary,
  toTreeNode,
} from './products.mapper.ts';
import { toSelection } from './selection.ts';

/** Stored nodes in tree order (each root, then its subtree; siblings by SerialNumber) with levels. */
function walkTree(tree: readonly CategoryTreeNode[]): { node: CategoryNode; level: number }[] {
  const walked: { node: CategoryNode; level: number }[] = [];
  const visit = (nodes: readonly CategoryTreeNode[], level: number, parentId: number): void => {
    for (const node of nodes) {
      // A SourceType 2 self-child repeats its parent; it is not a stored node.
      if (node.Id === parentId) continue;
      walked.push({ node, level });
      visit(node.children, level + 1, node.Id);
    }
  };
  visit(tree, 1, 0);
  return walked;
}

export class CatalogSnapshot {
  /** Compiled products by id. */
  readonly products: ReadonlyMap<number, CompiledProduct>;
  private readonly engineTree: CategoryTreeNode[];
  private readonly papers: ReadonlyMap<string, { Material: string }>;
  private views?: {
    tree: CategoryTreeNodeWire[];
    list: CatalogCategoryListItem[];
    summaries: CatalogProductSummary[];
    paths: Map<number, number[]>;
  };
  private readonly infos = new Map<number, CatalogProductInfo>();

  constructor(
    readonly merchantId: number,
    readonly version: number,
    readonly importedAt: number,
    readonly catalog: Catalog,
  ) {
    this.products = compileCatalog(catalog);
    this.engineTree = buildCategoryTree(catalog.Categories);
    this.papers = new Map(catalog.Papers.map((paper) => [paper.Id, paper]));
  }

  private get view() {
    if (this.views) return this.views;
    const paths = new Map<number, number[]>();
    const summariesByCategory = new Map<number, CatalogProductSummary[]>();
    for (const product of this.catalog.Products) {
      let path = paths.get(product.CategoryId);
      if (!path) {
        path = findCategoryPath(this.engineTree, product.CategoryId);
        paths.set(product.CategoryId, path);
      }
      const summary = toProductSummary(product, path);
      const siblings = summariesByCategory.get(product.CategoryId);
      if (siblings) siblings.push(summary);
      else summariesByCategory.set(product.CategoryId, [summary]);
    }
    const list = walkTree(this.engineTree).map(({ node, level }) =>
      toCategoryListItem(node, level, summariesByCategory.get(node.Id) ?? []),
    );
    this.views = {
      tree: this.engineTree.map(toTreeNode),
      list,
      summaries: list.flatMap((item) => item.Products),
      paths,
    };
    return this.views;
  }

  /** The three-level tree of spec §3. */
  get tree(): CategoryTreeNodeWire[] {
    return this.view.tree;
  }

  /** Stored category nodes in tree order, with level and products (without pictures and 起价). */
  get categoryList(): CatalogCategoryListItem[] {
    return this.view.list;
  }

  /** Every product, in tree order (without pictures and 起价). */
  get productSummaries(): CatalogProductSummary[] {
    return this.view.summaries;
  }

  /** The first product (catalogue order) of a category, if it has one. */
  findFirstProductOf(categoryId: number): CompiledProduct | undefined {
    const first = this.catalog.Products.find((product) => product.CategoryId === categoryId);
    return first ? this.products.get(first.Id) : undefined;
  }

  /** GetCompanyProductInfo's reply for a product of this catalogue (built once), before its picture and 起价. */
  productInfo(product: CompiledProduct): CatalogProductInfo {
    const cached = this.infos.get(product.id);
    if (cached) return cached;
    const path = this.view.paths.get(product.source.CategoryId) ?? [];
    const suggested = suggestSelection(product);
    const info: CatalogProductInfo = {
      CatalogVersion: this.version,
      Product: toProductDetail(product, this.papers, path),
      DefaultSelection: toSelection(suggested),
      ExcludedTechnologies: toExcludedTechnologies(excludedTechnologies(product, suggested)),
      CategoryProducts: this.catalog.Products.filter(
        (item) => item.CategoryId === product.source.CategoryId,
      ).map((item) => ({ Id: item.Id, Title: item.Title })),
      CutoffTime: this.catalog.Calendar.CutoffTime,
    };
    this.infos.set(product.id, info);
    return info;
  }
}
