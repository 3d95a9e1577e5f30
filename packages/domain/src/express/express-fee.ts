/**
 * Express (快递) fee templates and the fee of one parcel (spec §3 express company, §7
 * CalExpressFee; docs/addresses-express-coupons.md). Pure: no I/O. Money is integer fen,
 * weight integer grams; no rounding happens anywhere — every fee is a sum of whole fen.
 */
import { z } from 'zod';
import { findRegionName } from '../regions/region-lookup.ts';
import { findRegion } from '../regions/region-table.ts';

/** Largest parcel weight a fee is computed for: 10 t in grams. */
export const MAX_EXPRESS_WEIGHT_GRAMS = 10_000_000;
/** Largest single fee or threshold a template may state: ¥100,000.00 in fen. */
export const MAX_EXPRESS_TEMPLATE_FEN = 10_000_000;

/** How a company hands over the goods: by courier, or the customer collects them (自提, always free). */
export const ExpressKind = { Delivery: 'delivery', Pickup: 'pickup' } as const;
export type ExpressKind = (typeof ExpressKind)[keyof typeof ExpressKind];

const fenSchema = z.number().int().min(0).max(MAX_EXPRESS_TEMPLATE_FEN);
const gramsSchema = z.number().int().min(1).max(MAX_EXPRESS_WEIGHT_GRAMS);
const regionCodeSchema = z
  .string()
  .regex(/^\d{6}(?:\d{3})?$/)
  .refine((code) => findRegion(code) !== undefined, { message: 'unknown region code' });

const zonePriceShape = {
  /** Chinese name shown to the customer, e.g. `江浙沪`, `偏远地区`. */
  Name: z.string().trim().min(1).max(30),
  /** 首重: the first `FirstWeightGrams` cost `FirstFeeFen`. */
  FirstWeightGrams: gramsSchema,
  FirstFeeFen: fenSchema,
  /** 续重: every further started `AdditionalWeightGrams` costs `AdditionalFeeFen`. */
  AdditionalWeightGrams: gramsSchema,
  AdditionalFeeFen: fenSchema,
  /** 偏远地区不包邮: free shipping above the order amount does not reach this zone. */
  ExcludeFromFreeShipping: z.boolean().default(false),
};

/** One price zone of a template: the divisions it covers and its first/additional weight prices. */
export const expressZoneSchema = z.object({
  ...zonePriceShape,
  /** Province, city or district codes of the region table; the most specific match wins. */
  RegionCodes: z.array(regionCodeSchema).min(1).max(500),
});
export type ExpressZone = z.infer<typeof expressZoneSchema>;

/** The zone for every division no other zone lists. */
export const expressOtherZoneSchema = z.object(zonePriceShape);
export type ExpressOtherZone = z.infer<typeof expressOtherZoneSchema>;

/**
 * A company's fee template. `Pickup` templates charge nothing and need no destination.
 * `Delivery` templates price by zone; a destination in `ExcludedRegionCodes`, or covered by no
 * zone while `OtherZone` is null, is not delivered to.
 */
export const expressFeeTemplateSchema = z
  .object({
    Kind: z.enum([ExpressKind.Delivery, ExpressKind.Pickup]),
    /** 满额包邮: an order amount at or above this (fen) ships free; null = never. */
    FreeShippingMinFen: fenSchema.nullable().default(null),
    Zones: z.array(expressZoneSchema).max(100).default([]),
    OtherZone: expressOtherZoneSchema.nullable().default(null),
    ExcludedRegionCodes: z.array(regionCodeSchema).max(500).default([]),
    /** 自提地址: where a pickup company's customers collect their goods ('' = not stated). */
    PickupAddress: z.string().trim().max(120).default(''),
  })
  .superRefine((template, ctx) => {
    const seen = new Set<string>(template.ExcludedRegionCodes);
    template.Zones.forEach((zone, index) => {
      for (const code of zone.RegionCodes) {
        if (seen.has(code)) {
          ctx.addIssue({
            code: 'custom',
            path: ['Zones', index, 'RegionCodes'],
            message: `region ${code} is listed twice`,
          });
        }
        seen.add(code);
      }
    });
    if (template.Kind === ExpressKind.Delivery && template.Zones.length === 0 && !template.OtherZone) {
      ctx.addIssue({ code: 'custom', path: ['Zones'], message: 'a delivery template needs a zone' });
    }
  });
export type ExpressFeeTemplate = z.output<typeof expressFeeTemplateSchema>;
export type ExpressFeeTemplateInput = z.input<typeof expressFeeTemplateSchema>;

/** What the fee of one parcel depends on. */
export interface ExpressFeeInput {
  /** Total weight of the parcel in grams (0 is charged as the first weight). */
  weightGrams: number;
  /**
   * Destination as a path of region codes from the province down (an address's `citys`), or
   * just the province code. May be empty for a pickup template.
   */
  regionCodes: readonly string[];
  /** Order amount in fen, compared with `FreeShippingMinFen`. */
  orderAmountFen: number;
}

/** The fee and how it was reached; `feeFen` is what the customer pays for shipping. */
export interface ExpressFeeQuote {
  ok: true;
  feeFen: number;
  /** Fee before free shipping: first fee plus additional units × additional fee. */
  baseFeeFen: number;
  isSelfPickup: boolean;
  isFreeShipping: boolean;
  /** Name of the zone priced (empty for pickup). */
  zoneName: string;
  firstWeightGrams: number;
  firstFeeFen: number;
  additionalWeightGrams: number;
  /** Started additional-weight steps beyond the first weight. */
  additionalUnits: number;
  additionalFeeFen: number;
}

/**
 * Outcome of {@link calculateExpressFeeByTemplate}: the fee, or why the parcel cannot go —
 * `unreachable` (the destination is not served; `reason` is `暂不配送到台湾省`) or `invalid`
 * (a weight, amount or missing destination the caller should have refused).
 */
export type ExpressFeeResult =
  ExpressFeeQuote | { ok: false; refusal: 'unreachable' | 'invalid'; reason: string };

/** Validates a stored or written template; throws a ZodError naming the first problem. */
export function parseExpressFeeTemplate(value: unknown): ExpressFeeTemplate {
  return expressFeeTemplateSchema.parse(value);
}

/**
 * The zone that prices a destination: the zone listing the most specific code of the path
 * (district before city before province), else the template's `OtherZone`; `undefined` when
 * neither covers it. Exclusions are not looked at here.
 */
export function findExpressZone(
  template: ExpressFeeTemplate,
  regionCodes: readonly string[],
): ExpressZone | ExpressOtherZone | undefined {
  for (let depth = regionCodes.length - 1; depth >= 0; depth -= 1) {
    const code = regionCodes[depth]!;
    const zone = template.Zones.find((candidate) => candidate.RegionCodes.includes(code));
    if (zone) return zone;
  }
  return template.OtherZone ?? undefined;
}

/**
 * The shipping fee of one parcel by a company's template (spec §7 CalExpressFee):
 * `FirstFeeFen + ceil((weight − FirstWeightGrams) / AdditionalWeightGrams) × AdditionalFeeFen`,
 * where the weight beyond the first weight counts in started steps; 0 when the template is a
 * pickup, or when `orderAmountFen ≥ FreeShippingMinFen` and the zone is not excluded from free
 * shipping. A destination the template does not serve is a reason, not an exception.
 */
export function calculateExpressFeeByTemplate(
  template: ExpressFeeTemplate,
  input: ExpressFeeInput,
): ExpressFeeResult {
  const { weightGrams, regionCodes, orderAmountFen } = input;
  if (!Number.isSafeInteger(weightGrams) || weightGrams < 0) {
    return { ok: false, refusal: 'invalid', reason: '重量应为不小于 0 的整数（克）' };
  }
  if (weightGrams > MAX_EXPRESS_WEIGHT_GRAMS) {
    return {
      ok: false,
      refusal: 'invalid',
      reason: `重量超过上限 ${MAX_EXPRESS_WEIGHT_GRAMS / 1_000_000} 吨，请联系商家安排物流`,
    };
  }
  if (!Number.isSafeInteger(orderAmountFen) || orderAmountFen < 0) {
    return { ok: false, refusal: 'invalid', reason: '订单金额应为不小于 0 的整数（分）' };
  }
  if (template.Kind === ExpressKind.Pickup) {
    return {
      ok: true,
      feeFen: 0,
      baseFeeFen: 0,
      isSelfPickup: true,
      isFreeShipping: false,
      zoneName: '',
      firstWeightGrams: 0,
      firstFeeFen: 0,
      additionalWeightGrams: 0,
      additionalUnits: 0,
      additionalFeeFen: 0,
    };
  }
  if (regionCodes.length === 0) return { ok: false, refusal: 'invalid', reason: '请选择收货地区' };
  const excluded = regionCodes.find((code) => template.ExcludedRegionCodes.includes(code));
  if (excluded !== undefined) {
    return { ok: false, refusal: 'unreachable', reason: `暂不配送到${findRegionName(excluded) ?? '该地区'}` };
  }
  const zone = findExpressZone(template, regionCodes);
  if (!zone) {
    const name = findRegionName(regionCodes[regionCodes.length - 1]!) ?? '该地区';
    return { ok: false, refusal: 'unreachable', reason: `暂不配送到${name}` };
  }
  const beyondFirst = Math.max(0, weightGrams - zone.FirstWeightGrams);
  const additionalUnits = Math.ceil(beyondFirst / zone.AdditionalWeightGrams);
  const baseFeeFen = zone.FirstFeeFen + additionalUnits * zone.AdditionalFeeFen;
  const isFreeShipping =
    template.FreeShippingMinFen !== null &&
    orderAmountFen >= template.FreeShippingMinFen &&
    !zone.ExcludeFromFreeShipping;
  return {
    ok: true,
    feeFen: isFreeShipping ? 0 : baseFeeFen,
    baseFeeFen,
    isSelfPickup: false,
    isFreeShipping,
    zoneName: zone.Name,
    firstWeightGrams: zone.FirstWeightGrams,
    firstFeeFen: zone.FirstFeeFen,
    additionalWeightGrams: zone.AdditionalWeightGrams,
    additionalUnits,
    additionalFeeFen: zone.AdditionalFeeFen,
  };
}
