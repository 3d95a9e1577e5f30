/**
 * Cross-reference checks of a catalogue that a field-by-field schema cannot express:
 * unique ids, references that must exist, the category tree's shape, price rules that must
 * be complete. Each problem is reported with the path of the offending field.
 */
import type { Catalog, Product } from './catalog.schema.ts';
import { describeQuantityProblem } from './quantity-rule.ts';

type Path = (string | number)[];
/** Receives one problem: where it is and what is wrong (Chinese). */
export type ReportIssue = (path: Path, message: string) => void;

function checkUnique<T>(
  items: readonly T[],
  keyOf: (item: T) => string | number,
  path: Path,
  field: string,
  report: ReportIssue,
): void {
  const seen = new Set<string | number>();
  items.forEach((item, index) => {
    const key = keyOf(item);
    if (seen.has(key)) report([...path, index, field], `编号 ${String(key)} 重复`);
    seen.add(key);
  });
}

function checkAscending(values: readonly number[], path: Path, field: string, report: ReportIssue): void {
  for (let index = 1; index < values.length; index += 1) {
    if ((values[index] ?? 0) <= (values[index - 1] ?? 0))
      report([...path, index, field], `${field} 必须严格升序`);
  }
}

function checkCategories(catalog: Catalog, report: ReportIssue): void {
  const { Categories } = catalog;
  checkUnique(Categories, (node) => node.Id, ['Categories'], 'Id', report);
  const byId = new Map(Categories.map((node) => [node.Id, node]));
  Categories.forEach((node, index) => {
    if (node.ParentId === 0) return;
    if (node.ParentId === node.Id) return report(['Categories', index, 'ParentId'], '分类不能以自己为上级');
    if (!byId.has(node.ParentId))
      return report(['Categories', index, 'ParentId'], `上级分类 ${node.ParentId} 不存在`);
    let depth = 1;
    let parent = byId.get(node.ParentId);
    while (parent && depth <= 3) {
      depth += 1;
      parent = parent.ParentId === 0 ? undefined : byId.get(parent.ParentId);
    }
    if (depth > 3) report(['Categories', index, 'ParentId'], '分类最多三级，且不能成环');
  });
}

function checkCalendar(catalog: Catalog, report: ReportIssue): void {
  const { Calendar } = catalog;
  if (new Set(Calendar.RestWeekdays).size !== Calendar.RestWeekdays.length) {
    report(['Calendar', 'RestWeekdays'], '每周休息日不能重复');
  }
  Calendar.Holidays.forEach((holiday, index) => {
    if (holiday.From > holiday.To) report(['Calendar', 'Holidays', index, 'To'], '结束日期不能早于开始日期');
  });
}

function checkTechnologies(
  product: Product,
  offerKind: string | undefined,
  base: Path,
  report: ReportIssue,
): void {
  const techIds = new Set(product.Technologies.map((tech) => tech.Id));
  const styleIds = new Set(product.Styles.map((style) => style.Id));
  product.Technologies.forEach((tech, index) => {
    const path = [...base, 'Technologies', index];
    tech.ExcludeIds.forEach((id, at) => {
      if (id === tech.Id) report([...path, 'ExcludeIds', at], '工艺不能与自己互斥');
      else if (!techIds.has(id)) report([...path, 'ExcludeIds', at], `工艺 ${id} 不存在`);
    });
    tech.ExcludeStyleIds.forEach((id, at) => {
      if (!styleIds.has(id)) report([...path, 'ExcludeStyleIds', at], `款式 ${id} 不存在`);
    });
    if (tech.PageRange && !product.Pages) report([...path, 'PageRange'], '该商品没有页数选项');
    if (tech.PageRange && tech.PageRange.Min > tech.PageRange.Max)
      report([...path, 'PageRange', 'Min'], '最少页数不能大于最多页数');
    if (tech.Price.Unit === 'sheet' && offerKind !== 'sheet')
      report([...path, 'Price', 'Unit'], '按印张计价的工艺只能用于拼版报价的商品');
  });
  const groups = new Set(product.Technologies.flatMap((tech) => (tech.Group ? [tech.Group] : [])));
  product.RequiredGroups.forEach((group, index) => {
    if (!groups.has(group)) report([...base, 'RequiredGroups', index], `没有属于「${group}」组的工艺`);
  });
}

function checkChoices(catalog: Catalog, product: Product, base: Path, report: ReportIssue): void {
  const { Sizes, Styles, Pages, Quantity } = product;
  checkUnique(Sizes.Presets, (size) => size.Id, [...base, 'Sizes', 'Presets'], 'Id', report);
  if (Sizes.Presets.length === 0 && !Sizes.Custom)
    report([...base, 'Sizes'], '至少需要一个预设尺寸或自定义尺寸');
  if (Sizes.Custom && Sizes.Custom.MinWidthMm > Sizes.Custom.MaxWidthMm)
    report([...base, 'Sizes', 'Custom', 'MinWidthMm'], '最小宽不能大于最大宽');
  if (Sizes.Custom && Sizes.Custom.MinHeightMm > Sizes.Custom.MaxHeightMm)
    report([...base, 'Sizes', 'Custom', 'MinHeightMm'], '最小高不能大于最大高');
  checkUnique(Styles, (style) => style.Id, [...base, 'Styles'], 'Id', report);
  const paperIds = new Set(catalog.Papers.map((paper) => paper.Id));
  Styles.forEach((style, index) => {
    if (!paperIds.has(style.PaperId))
      report([...base, 'Styles', index, 'PaperId'], `纸张 ${style.PaperId} 不存在`);
  });
  checkUnique(product.Colours, (colour) => colour.Id, [...base, 'Colours'], 'Id', report);
  checkUnique(product.Technologies, (tech) => tech.Id, [...base, 'Technologies'], 'Id', report);
  const styleIds = new Set(Styles.map((style) => style.Id));
  if (Pages) {
    if (Pages.Min > Pages.Max) report([...base, 'Pages', 'Min'], '最少页数不能大于最多页数');
    if (Pages.Multiple % 4 !== 0)
      report([...base, 'Pages', 'Multiple'], '页数倍数必须是 4 的倍数（按跨页拼版）');
    if (Pages.Min % Pages.Multiple !== 0 || Pages.Min <= 4)
      report([...base, 'Pages', 'Min'], '最少页数必须是页数倍数且大于封面 4 页');
    for (const field of ['CoverStyleIds', 'InnerStyleIds'] as const) {
      Pages[field].forEach((id, index) => {
        if (!styleIds.has(id)) report([...base, 'Pages', field, index], `款式 ${id} 不存在`);
      });
    }
  }
  if (Quantity.Presets.length === 0 && !Quantity.Free)
    report([...base, 'Quantity'], '至少需要预设数量或自由输入规则');
  if (new Set(Quantity.Presets).size !== Quantity.Presets.length)
    report([...base, 'Quantity', 'Presets'], '预设数量不能重复');
  if (Quantity.Free && Quantity.Free.Min > Quantity.Free.Max)
    report([...base, 'Quantity', 'Free', 'Min'], '最小数量不能大于最大数量');
  checkAscending(
    product.ProductionDays.map((row) => row.MinQuantity),
    [...base, 'ProductionDays'],
    'MinQuantity',
    report,
  );
}

function checkSkuAndFixedPrices(product: Product, base: Path, report: ReportIssue): void {
  const ids = {
    SizeId: new Set(product.Sizes.Presets.map((size) => size.Id)),
    StyleId: new Set(product.Styles.map((style) => style.Id)),
    InnerStyleId: new Set(product.Styles.map((style) => style.Id)),
    ColourId: new Set(product.Colours.map((colour) => colour.Id)),
  };
  const techIds = new Set(product.Technologies.map((tech) => tech.Id));
  product.SkuBindings.forEach((rule, index) => {
    for (const field of ['SizeId', 'StyleId', 'InnerStyleId', 'ColourId'] as const) {
      const value = rule[field];
      if (value !== undefined && !ids[field].has(value))
        report([...base, 'SkuBindings', index, field], `选项 ${value} 不存在`);
    }
    rule.TechnologyIds?.forEach((id, at) => {
      if (!techIds.has(id)) report([...base, 'SkuBindings', index, 'TechnologyIds', at], `工艺 ${id} 不存在`);
    });
  });
  const skuCodes = new Set(product.SkuBindings.map((rule) => rule.SkuCode));
  checkUnique(product.FixedPrices, (table) => table.SkuCode, [...base, 'FixedPrices'], 'SkuCode', report);
  product.FixedPrices.forEach((table, index) => {
    const path = [...base, 'FixedPrices', index];
    if (!skuCodes.has(table.SkuCode)) report([...path, 'SkuCode'], `SKU ${table.SkuCode} 没有绑定规则`);
    checkUnique(table.Prices, (row) => row.Quantity, [...path, 'Prices'], 'Quantity', report);
    table.Prices.forEach((row, at) => {
      const problem = describeQuantityProblem(product.Quantity, row.Quantity, product.Unit);
      if (problem) report([...path, 'Prices', at, 'Quantity'], problem);
    });
  });
  if (product.PriceMode === 'fixed' && product.FixedPrices.length === 0)
    report([...base, 'FixedPrices'], '一口价商品至少需要一张一口价表');
  if (product.PriceMode !== 'fixed' && !product.Offer) report([...base, 'Offer'], '报价商品必须有报价规则');
}

function checkOffer(catalog: Catalog, product: Product, base: Path, report: ReportIssue): void {
  const offer = product.Offer;
  if (!offer) return;
  const path = [...base, 'Offer'];
  const papers = new Map(catalog.Papers.map((paper) => [paper.Id, paper]));
  checkAscending(
    offer.Breaks.map((row) => row.MinQuantity),
    [...path, 'Breaks'],
    'MinQuantity',
    report,
  );
  offer.Breaks.forEach((row, index) => {
    const previous = offer.Breaks[index - 1];
    if (previous && row.DiscountPercent < previous.DiscountPercent)
      report([...path, 'Breaks', index, 'DiscountPercent'], '优惠百分比不能随数量减少');
  });
  const priceField = offer.Kind === 'sheet' ? 'PricePerTonFen' : 'PricePerM2Fen';
  product.Styles.forEach((style, index) => {
    const paper = papers.get(style.PaperId);
    if (paper && paper[priceField] === undefined)
      report([...base, 'Styles', index, 'PaperId'], `纸张 ${paper.Id} 缺少 ${priceField}`);
  });
  if (offer.Kind === 'area') {
    if (product.Pages) report([...base, 'Pages'], '按面积报价的商品不能有页数');
    const hundredths = offer.MinAreaPerPieceM2 * 100;
    if (Math.abs(hundredths - Math.round(hundredths)) > 1e-9)
      report([...path, 'MinAreaPerPieceM2'], '最多两位小数');
    return;
  }
  const sheetIds = new Set(catalog.PressSheets.map((sheet) => sheet.Id));
  checkUnique(offer.Presses, (press) => press.Id, [...path, 'Presses'], 'Id', report);
  offer.Presses.forEach((press, index) => {
    if (!sheetIds.has(press.PressSheetId))
      report([...path, 'Presses', index, 'PressSheetId'], `印张 ${press.PressSheetId} 不存在`);
    checkUnique(press.Rates, (rate) => rate.Ink, [...path, 'Presses', index, 'Rates'], 'Ink', report);
  });
  product.Colours.forEach((colour, index) => {
    if (!offer.Presses.some((press) => press.Rates.some((rate) => rate.Ink === colour.Ink))) {
      report([...base, 'Colours', index, 'Ink'], `没有机台能印${colour.Ink}`);
    }
  });
}

/** Reports every cross-reference problem of `catalog` through `report`; silent when consistent. */
export function checkCatalogReferences(catalog: Catalog, report: ReportIssue): void {
  checkCategories(catalog, report);
  checkCalendar(catalog, report);
  checkUnique(catalog.Papers, (paper) => paper.Id, ['Papers'], 'Id', report);
  checkUnique(catalog.PressSheets, (sheet) => sheet.Id, ['PressSheets'], 'Id', report);
  checkUnique(catalog.Products, (product) => product.Id, ['Products'], 'Id', report);
  const parentIds = new Set(catalog.Categories.map((node) => node.ParentId));
  const categoryIds = new Set(catalog.Categories.map((node) => node.Id));
  catalog.Products.forEach((product, index) => {
    const base: Path = ['Products', index];
    if (!categoryIds.has(product.CategoryId))
      report([...base, 'CategoryId'], `分类 ${product.CategoryId} 不存在`);
    else if (parentIds.has(product.CategoryId)) report([...base, 'CategoryId'], '商品只能挂在末级分类下');
    checkChoices(catalog, product, base, report);
    checkTechnologies(product, product.Offer?.Kind, base, report);
    checkSkuAndFixedPrices(product, base, report);
    checkOffer(catalog, product, base, report);
  });
}
