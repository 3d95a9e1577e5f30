import type { SaveExpressCompanyInput, StaffExpressCompany } from '@inkstone/contracts';

/** A price zone as the form holds it: weights in kg, money in yuan. */
export interface ZoneFormValues {
  Name: string;
  RegionCodes: string[];
  FirstWeightKg: number | null;
  FirstFeeYuan: number | null;
  AdditionalWeightKg: number | null;
  AdditionalFeeYuan: number | null;
  ExcludeFromFreeShipping: boolean;
}

/** What the 物流 form holds. */
export interface ExpressFormValues {
  Name: string;
  Code: string;
  IsActive: boolean;
  IsDefault: boolean;
  SortOrder: number | null;
  Kind: 'delivery' | 'pickup';
  PickupAddress: string;
  HasFreeShipping: boolean;
  FreeShippingMinYuan: number | null;
  Zones: ZoneFormValues[];
  HasOtherZone: boolean;
  OtherZone: Omit<ZoneFormValues, 'RegionCodes'>;
  ExcludedRegionCodes: string[];
}

const toFen = (yuan: number | null | undefined) => Math.round((yuan ?? 0) * 100);
const toGrams = (kg: number | null | undefined) => Math.round((kg ?? 0) * 1000);

const DEFAULT_PRICE = {
  Name: '其他地区',
  FirstWeightKg: 1,
  FirstFeeYuan: 10,
  AdditionalWeightKg: 1,
  AdditionalFeeYuan: 5,
  ExcludeFromFreeShipping: false,
};

/** A new zone row. */
export function newZoneValues(): ZoneFormValues {
  return { ...DEFAULT_PRICE, Name: '', RegionCodes: [] };
}

/** A new company: delivery, on, with an 其他地区 price. */
export function newExpressValues(): ExpressFormValues {
  return {
    Name: '',
    Code: '',
    IsActive: true,
    IsDefault: false,
    SortOrder: 0,
    Kind: 'delivery',
    PickupAddress: '',
    HasFreeShipping: false,
    FreeShippingMinYuan: null,
    Zones: [],
    HasOtherZone: true,
    OtherZone: DEFAULT_PRICE,
    ExcludedRegionCodes: [],
  };
}

type Price = StaffExpressCompany['Template']['Zones'][number];

function priceValues(zone: Omit<Price, 'RegionCodes'>): Omit<ZoneFormValues, 'RegionCodes'> {
  return {
    Name: zone.Name,
    FirstWeightKg: zone.FirstWeightGrams / 1000,
    FirstFeeYuan: zone.FirstFeeFen / 100,
    AdditionalWeightKg: zone.AdditionalWeightGrams / 1000,
    AdditionalFeeYuan: zone.AdditionalFeeFen / 100,
    ExcludeFromFreeShipping: zone.ExcludeFromFreeShipping,
  };
}

/** The form of a company as read. */
export function companyToValues(company: StaffExpressCompany): ExpressFormValues {
  const template = company.Template;
  return {
    Name: company.Name,
    Code: company.Code,
    IsActive: company.IsActive,
    IsDefault: company.IsDefault,
    SortOrder: company.SortOrder,
    Kind: template.Kind,
    PickupAddress: template.PickupAddress,
    HasFreeShipping: template.FreeShippingMinFen !== null,
    FreeShippingMinYuan: template.FreeShippingMinFen === null ? null : template.FreeShippingMinFen / 100,
    Zones: template.Zones.map((zone) => ({ ...priceValues(zone), RegionCodes: [...zone.RegionCodes] })),
    HasOtherZone: template.OtherZone !== null,
    OtherZone: template.OtherZone ? priceValues(template.OtherZone) : DEFAULT_PRICE,
    ExcludedRegionCodes: [...template.ExcludedRegionCodes],
  };
}

function pricePart(zone: Omit<ZoneFormValues, 'RegionCodes'>) {
  return {
    Name: zone.Name,
    FirstWeightGrams: toGrams(zone.FirstWeightKg),
    FirstFeeFen: toFen(zone.FirstFeeYuan),
    AdditionalWeightGrams: toGrams(zone.AdditionalWeightKg),
    AdditionalFeeFen: toFen(zone.AdditionalFeeYuan),
    ExcludeFromFreeShipping: zone.ExcludeFromFreeShipping ?? false,
  };
}

/** The SaveExpressCompany body of the form; `editing` is the company as read (id and revision). */
export function valuesToBody(
  values: ExpressFormValues,
  editing: StaffExpressCompany | null,
): SaveExpressCompanyInput {
  const head = {
    ...(editing ? { Id: editing.Id, Revision: editing.Revision } : {}),
    Code: values.Code,
    Name: values.Name,
    IsActive: values.IsActive,
    IsDefault: values.IsDefault,
    SortOrder: values.SortOrder ?? 0,
  };
  if (values.Kind === 'pickup') {
    return { ...head, Template: { Kind: 'pickup', PickupAddress: values.PickupAddress ?? '' } };
  }
  return {
    ...head,
    Template: {
      Kind: 'delivery',
      FreeShippingMinFen: values.HasFreeShipping ? toFen(values.FreeShippingMinYuan) : null,
      Zones: (values.Zones ?? []).map((zone) => ({
        ...pricePart(zone),
        RegionCodes: zone.RegionCodes ?? [],
      })),
      OtherZone: values.HasOtherZone ? pricePart(values.OtherZone) : null,
      ExcludedRegionCodes: values.ExcludedRegionCodes ?? [],
    },
  };
}
