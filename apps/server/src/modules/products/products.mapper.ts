/**
 * Catalogue and engine values → wire shapes of packages/contracts/src/calls/products.ts (the
 * selection's own two forms are in selection.ts). Merchant costs (ton prices, press rates,
 * technology rates, SKU tables) never leave the server except as lines of a computed quote.
 */
import type {
  CategoryListItem,
  CategoryTreeNodeWire,
  ProductDetail,
  ProductInfo,
  ProductSummary,
  Quote,
} from '@inkstone/contracts';
import type {
  CategoryTreeNode,
  CompiledProduct,
  ExcludedTechnology,
  Product,
  QuoteSuccess,
} from '@inkstone/domain';

/**
 * The fields a product's summary and detail get at call time, not from its catalogue version:
 * its pictures (stored apart, may change any time) and its 起价 (ProductsService.fromPrices).
 */
type LiveFields = 'Image' | 'Images' | 'FromPriceFen';
/** A product summary as one catalogue version states it, before its picture and 起价. */
export type CatalogProductSummary = Omit<ProductSummary, LiveFields>;
export type CatalogCategoryListItem = Omit<CategoryListItem, 'Products'> & {
  Products: CatalogProductSummary[];
};
/** Product info as one catalogue version states it, before the product's picture and 起价. */
export type CatalogProductInfo = Omit<ProductInfo, 'Product'> & { Product: Omit<ProductDetail, LiveFields> };

export function toExcludedTechnologies(excluded: readonly ExcludedTechnology[]) {
  return excluded.map((item) => ({ TechnologyId: item.technologyId, Reason: item.reason }));
}

/** A tree node without the engine's object identity (plain data for the wire). */
export function toTreeNode(node: CategoryTreeNode): CategoryTreeNodeWire {
  return {
    Id: node.Id,
    ParentId: node.ParentId,
    Title: node.Title,
    SerialNumber: node.SerialNumber,
    ShowType: node.ShowType,
    Icon: node.Icon,
    SourceType: node.SourceType,
    label: node.label,
    value: node.value,
    children: node.children.map(toTreeNode),
    isSelected: node.isSelected,
  };
}

export function toProductSummary(product: Product, categoryPath: number[]): CatalogProductSummary {
  return {
    Id: product.Id,
    CategoryId: product.CategoryId,
    CategoryPath: categoryPath,
    Title: product.Title,
    Summary: product.Summary ?? '',
    Unit: product.Unit,
    PriceMode: product.PriceMode,
  };
}

export function toCategoryListItem(
  node: Omit<CategoryListItem, 'Level' | 'Products'>,
  level: number,
  products: CatalogProductSummary[],
): CatalogCategoryListItem {
  return {
    Id: node.Id,
    ParentId: node.ParentId,
    Title: node.Title,
    SerialNumber: node.SerialNumber,
    ShowType: node.ShowType,
    Icon: node.Icon,
    SourceType: node.SourceType,
    Level: level,
    Products: products,
  };
}

/** Everything the quote screen needs about a product; no prices, rates or SKU tables. */
export function toProductDetail(
  compiled: CompiledProduct,
  papers: ReadonlyMap<string, { Material: string }>,
  categoryPath: number[],
): Omit<ProductDetail, LiveFields> {
  const product = compiled.source;
  const offer = product.Offer;
  return {
    Id: product.Id,
    CategoryId: product.CategoryId,
    CategoryPath: categoryPath,
    Title: product.Title,
    Summary: product.Summary ?? '',
    Unit: product.Unit,
    PiecesPerUnit: product.PiecesPerUnit,
    PriceMode: product.PriceMode,
    HasFixedPrices: product.FixedPrices.length > 0,
    OfferKind: offer?.Kind ?? null,
    Sizes: {
      Presets: product.Sizes.Presets.map((size) => ({
        Id: size.Id,
        Name: size.Name,
        WidthMm: size.WidthMm,
        HeightMm: size.HeightMm,
      })),
      Custom: product.Sizes.Custom ? { ...product.Sizes.Custom } : null,
    },
    Styles: product.Styles.map((style) => {
      const compiledStyle = compiled.styles.get(style.Id);
      return {
        Id: style.Id,
        Name: style.Name,
        PaperName: compiledStyle?.paper.name ?? '',
        Material: papers.get(style.PaperId)?.Material ?? '',
        Gsm: compiledStyle?.paper.gsm ?? 0,
      };
    }),
    Pages: product.Pages
      ? {
          Min: product.Pages.Min,
          Max: product.Pages.Max,
          Multiple: product.Pages.Multiple,
          CoverStyleIds: [...product.Pages.CoverStyleIds],
          InnerStyleIds: [...product.Pages.InnerStyleIds],
        }
      : null,
    Colours: product.Colours.map((colour) => ({
      Id: colour.Id,
      Name: colour.Name,
      Sides: colour.Sides,
      Ink: colour.Ink,
    })),
    Technologies: compiled.technologies.map((tech) => {
      const source = product.Technologies.find((item) => item.Id === tech.id);
      return {
        Id: tech.id,
        Name: tech.name,
        Kind: source?.Kind ?? '其他',
        Group: tech.group ?? null,
        ConflictIds: compiled.technologies
          .filter((other) => (tech.conflictMask & other.bit) !== 0)
          .map((other) => other.id),
        ExcludeStyleIds: [...tech.excludedStyleIds],
        PageRange: tech.pageRange ? { Min: tech.pageRange.min, Max: tech.pageRange.max } : null,
        ExtraDays: tech.extraDays,
      };
    }),
    RequiredGroups: [...product.RequiredGroups],
    Quantity: {
      Presets: [...product.Quantity.Presets],
      Free: product.Quantity.Free ? { ...product.Quantity.Free } : null,
    },
    Breaks: (offer?.Breaks ?? []).map((row) => ({
      MinQuantity: row.MinQuantity,
      DiscountPercent: row.DiscountPercent,
    })),
    MinChargeFen: offer?.MinChargeFen ?? 0,
    ProductionDays: product.ProductionDays.map((row) => ({ MinQuantity: row.MinQuantity, Days: row.Days })),
  };
}

/** A successful engine quote on the wire. */
export function toQuote(
  catalogVersion: number,
  unit: string,
  quote: QuoteSuccess,
  excluded: readonly ExcludedTechnology[],
): Quote {
  return {
    CatalogVersion: catalogVersion,
    ProductId: quote.productId,
    Method: quote.method,
    Quantity: quote.quantity,
    Unit: unit,
    TotalFen: quote.totalFen,
    UnitPriceFen: quote.unitPriceFen,
    Lines: quote.lines.map((line) => ({
      Kind: line.kind,
      Label: line.label,
      AmountFen: line.amountFen,
      Detail: line.publicDetail ?? line.detail,
      TechnologyId: line.technologyId ?? null,
    })),
    WeightGrams: quote.weightGrams,
    ProductionDays: quote.productionDays,
    SkuCode: quote.skuCode ?? null,
    Imposition: (quote.imposition ?? []).map((part) => ({
      Part: part.part,
      PressName: part.pressName,
      PressSheetName: part.pressSheetName,
      SheetWidthMm: part.sheetWidthMm,
      SheetHeightMm: part.sheetHeightMm,
      PieceWidthMm: part.pieceWidthMm,
      PieceHeightMm: part.pieceHeightMm,
      Across: part.across,
      Down: part.down,
      Rotated: part.rotated,
      PiecesPerSheet: part.piecesPerSheet,
      Pieces: part.pieces,
      NetSheets: part.netSheets,
      SpoilageSheets: part.spoilageSheets,
      TotalSheets: part.totalSheets,
    })),
    ExcludedTechnologies: toExcludedTechnologies(excluded),
  };
}
