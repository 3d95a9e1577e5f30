import type { ExpressCompany, ExpressFee } from '@inkstone/contracts';
import { ExpressKind, formatYuanText, type ExpressFeeQuote, type ExpressFeeTemplate } from '@inkstone/domain';
import type { ExpressCompanyRow } from './express.repository.ts';

/** `1kg`, `2.5kg`, `500g`. */
function formatWeight(grams: number): string {
  return grams % 100 === 0 && grams >= 1000 ? `${grams / 1000}kg` : `${grams}g`;
}

/** What a company's template means for a customer, in one line. */
export function describeTemplate(template: ExpressFeeTemplate): string {
  if (template.Kind === ExpressKind.Pickup) return describePickup(template);
  if (template.FreeShippingMinFen === null) return '按重量和地区计费';
  const excluded = template.Zones.filter((zone) => zone.ExcludeFromFreeShipping).map((zone) => zone.Name);
  const except = excluded.length > 0 ? `（${excluded.join('、')}除外）` : '';
  return `满${formatYuanText(template.FreeShippingMinFen)}元包邮${except}`;
}

/** `到店自提，免运费；自提地址：…` (the address when the merchant gave one). */
function describePickup(template: ExpressFeeTemplate): string {
  return template.PickupAddress
    ? `到店自提，免运费；自提地址：${template.PickupAddress}`
    : '到店自提，免运费';
}

/** How a fee was reached, in one line. */
function describeFee(quote: ExpressFeeQuote, template: ExpressFeeTemplate): string {
  if (quote.isSelfPickup) return describePickup(template);
  const rate =
    `${quote.zoneName}：首重${formatWeight(quote.firstWeightGrams)} ${formatYuanText(quote.firstFeeFen)}元，` +
    `续重每${formatWeight(quote.additionalWeightGrams)} ${formatYuanText(quote.additionalFeeFen)}元`;
  if (quote.isFreeShipping && template.FreeShippingMinFen !== null) {
    return `${rate}；已满${formatYuanText(template.FreeShippingMinFen)}元包邮`;
  }
  return `${rate}；运费${formatYuanText(quote.feeFen)}元`;
}

export function toExpressCompany(row: ExpressCompanyRow, template: ExpressFeeTemplate): ExpressCompany {
  return {
    Id: row.id,
    Name: row.name,
    IsDefault: row.is_default === 1,
    Code: row.code,
    IsSelfPickup: template.Kind === ExpressKind.Pickup,
    FreeShippingMinFen: template.Kind === ExpressKind.Pickup ? null : template.FreeShippingMinFen,
    Description: describeTemplate(template),
  };
}

export function toExpressFee(
  row: ExpressCompanyRow,
  template: ExpressFeeTemplate,
  quote: ExpressFeeQuote,
  weightGrams: number,
): ExpressFee {
  return {
    ExpressId: row.id,
    ExpressName: row.name,
    FeeFen: quote.feeFen,
    BaseFeeFen: quote.baseFeeFen,
    IsFreeShipping: quote.isFreeShipping,
    IsSelfPickup: quote.isSelfPickup,
    ZoneName: quote.zoneName,
    WeightGrams: weightGrams,
    FirstWeightGrams: quote.firstWeightGrams,
    FirstFeeFen: quote.firstFeeFen,
    AdditionalWeightGrams: quote.additionalWeightGrams,
    AdditionalUnits: quote.additionalUnits,
    AdditionalFeeFen: quote.additionalFeeFen,
    FreeShippingMinFen: template.Kind === ExpressKind.Pickup ? null : template.FreeShippingMinFen,
    Description: describeFee(quote, template),
  };
}
