import type { AnalysisField, AnalysisRow, PreflightReport, ServerFile, Selection } from '@inkstone/contracts';
import type { FieldReading, FileNameAnalysis, Product } from '@inkstone/domain';
import type { PriceOutcome } from '../cart/index.ts';

/** A field reading → the wire field, with the value in words. */
function toField(reading: FieldReading<unknown>, label: string): AnalysisField {
  return {
    Source: reading.source,
    Confidence: Math.round(reading.confidence * 100) / 100,
    Text: reading.text,
    Label: label,
  };
}

function sizeLabel(product: Product, value: FileNameAnalysis['size']['value']): string {
  if (value === null) return '';
  if ('sizeId' in value) return product.Sizes.Presets.find((size) => size.Id === value.sizeId)?.Name ?? '';
  return `自定义 ${value.widthMm}×${value.heightMm}mm`;
}

const styleName = (product: Product, id: string | null) =>
  product.Styles.find((style) => style.Id === id)?.Name ?? '';

function technologiesLabel(product: Product, analysis: FileNameAnalysis): string {
  const ids = analysis.selection?.technologyIds ?? [];
  const names = ids.map((id) => {
    const name = product.Technologies.find((tech) => tech.Id === id)?.Name ?? id;
    return analysis.defaultedTechnologyIds.includes(id) ? `${name}（默认）` : name;
  });
  return names.length > 0 ? names.join('、') : '无';
}

/** The row's fields with their values in words (the product's own names). */
function toFields(product: Product | undefined, analysis: FileNameAnalysis): AnalysisRow['Fields'] {
  const label = (make: (product: Product) => string) => (product ? make(product) : '');
  const { pages, quantity } = analysis;
  return {
    Product: toField(analysis.product, product?.Title ?? '未识别'),
    Size: toField(
      analysis.size,
      label((p) => sizeLabel(p, analysis.size.value)),
    ),
    Paper: toField(
      analysis.paper,
      label((p) => styleName(p, analysis.paper.value)),
    ),
    InnerPaper: toField(
      analysis.innerPaper,
      label((p) => styleName(p, analysis.innerPaper.value)),
    ),
    Pages: toField(pages, pages.value === null ? '' : `${pages.value}页`),
    Colour: toField(
      analysis.colour,
      label((p) => p.Colours.find((colour) => colour.Id === analysis.colour.value)?.Name ?? ''),
    ),
    Technologies: toField(
      analysis.technologies,
      label((p) => technologiesLabel(p, analysis)),
    ),
    Quantity: toField(
      quantity,
      label((p) => (quantity.value === null ? '' : `${quantity.value}${p.Unit}`)),
    ),
  };
}

/** A preflight report, cut to what the table shows: its level, summary and what to look at. */
export function toRowPreflight(report: PreflightReport): NonNullable<AnalysisRow['Preflight']> {
  return {
    Level: report.Level,
    Summary: report.Summary,
    Messages: report.Checks.filter((check) => check.Level === 'warning' || check.Level === 'error').map(
      (check) => check.Message,
    ),
  };
}

export interface RowParts {
  file: ServerFile;
  analysis: FileNameAnalysis;
  product: Product | undefined;
  /** The analysed selection in wire form (null without a product). */
  selection: Selection | null;
  outcome: PriceOutcome | null;
  preflight: PreflightReport | null;
}

/** One analysed file → its row of the AnalysisFileName reply. */
export function toAnalysisRow({
  file,
  analysis,
  product,
  selection,
  outcome,
  preflight,
}: RowParts): AnalysisRow {
  const priced = outcome?.ok ? outcome.line : null;
  return {
    File: file,
    Status: analysis.status,
    ProductId: product?.Id ?? null,
    ProductTitle: product?.Title ?? '',
    Selection: priced?.selection ?? selection,
    Fields: toFields(product, analysis),
    DefaultedTechnologyIds: analysis.defaultedTechnologyIds,
    UnknownWords: analysis.unknownWords,
    Problems: analysis.problems,
    Price: priced
      ? {
          AmountFen: priced.amountFen,
          UnitPriceFen: priced.unitPriceFen,
          Quantity: priced.quantity,
          Unit: priced.unit,
          SpecText: priced.specText,
        }
      : null,
    PriceRefusal: outcome && !outcome.ok ? outcome.reason : '',
    Preflight: preflight ? toRowPreflight(preflight) : null,
  };
}
