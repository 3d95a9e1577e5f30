/**
 * Express companies and fee templates of the two demo merchants (docs/addresses-express-coupons.md):
 * 墨砚快印 ships from 深圳, 红枫图文 from 上海, so each prices its own city and province cheapest.
 * Prices are a print shop's contract rates in fen; weights in grams.
 */
import type { ExpressFeeTemplateInput } from './express-fee.ts';

/** One demo express company: a stable code, its name, whether it is preselected, its template. */
export interface DemoExpressCompany {
  readonly Code: string;
  readonly Name: string;
  readonly IsDefault: boolean;
  readonly Template: ExpressFeeTemplateInput;
}

const JIANG_ZHE_HU = ['310000', '320000', '330000'];
const XINJIANG_TIBET = ['650000', '540000'];
const HONG_KONG_MACAO = ['810000', '820000'];
const TAIWAN = ['710000'];

/** The demo shops' counters, where 自提 customers collect their prints. */
const DEMO_PICKUP: ExpressFeeTemplateInput = {
  Kind: 'pickup',
  PickupAddress: '广东省深圳市南山区科技园南区深南大道 9988 号',
};
const MAPLE_PICKUP: ExpressFeeTemplateInput = {
  Kind: 'pickup',
  PickupAddress: '上海市徐汇区漕溪北路 398 号',
};

/** 墨砚快印 (深圳). */
const DEMO: readonly DemoExpressCompany[] = [
  {
    Code: 'SF',
    Name: '顺丰速运',
    IsDefault: true,
    Template: {
      Kind: 'delivery',
      FreeShippingMinFen: 80_000,
      Zones: [
        {
          Name: '深圳同城',
          RegionCodes: ['440300'],
          FirstWeightGrams: 1000,
          FirstFeeFen: 1000,
          AdditionalWeightGrams: 1000,
          AdditionalFeeFen: 200,
        },
        {
          Name: '广东省内',
          RegionCodes: ['440000'],
          FirstWeightGrams: 1000,
          FirstFeeFen: 1200,
          AdditionalWeightGrams: 1000,
          AdditionalFeeFen: 300,
        },
        {
          Name: '江浙沪',
          RegionCodes: JIANG_ZHE_HU,
          FirstWeightGrams: 1000,
          FirstFeeFen: 1800,
          AdditionalWeightGrams: 1000,
          AdditionalFeeFen: 600,
        },
        {
          Name: '偏远地区',
          RegionCodes: XINJIANG_TIBET,
          FirstWeightGrams: 1000,
          FirstFeeFen: 3000,
          AdditionalWeightGrams: 1000,
          AdditionalFeeFen: 2000,
          ExcludeFromFreeShipping: true,
        },
        {
          Name: '港澳',
          RegionCodes: HONG_KONG_MACAO,
          FirstWeightGrams: 1000,
          FirstFeeFen: 4000,
          AdditionalWeightGrams: 1000,
          AdditionalFeeFen: 1500,
          ExcludeFromFreeShipping: true,
        },
      ],
      OtherZone: {
        Name: '其他地区',
        FirstWeightGrams: 1000,
        FirstFeeFen: 2200,
        AdditionalWeightGrams: 1000,
        AdditionalFeeFen: 800,
      },
      ExcludedRegionCodes: TAIWAN,
    },
  },
  {
    Code: 'ZTO',
    Name: '中通快递',
    IsDefault: false,
    Template: {
      Kind: 'delivery',
      FreeShippingMinFen: 20_000,
      Zones: [
        {
          Name: '广东省内',
          RegionCodes: ['440000'],
          FirstWeightGrams: 1000,
          FirstFeeFen: 600,
          AdditionalWeightGrams: 1000,
          AdditionalFeeFen: 150,
        },
        {
          Name: '江浙沪',
          RegionCodes: JIANG_ZHE_HU,
          FirstWeightGrams: 1000,
          FirstFeeFen: 800,
          AdditionalWeightGrams: 1000,
          AdditionalFeeFen: 300,
        },
        {
          Name: '偏远地区',
          RegionCodes: XINJIANG_TIBET,
          FirstWeightGrams: 1000,
          FirstFeeFen: 2000,
          AdditionalWeightGrams: 1000,
          AdditionalFeeFen: 1500,
          ExcludeFromFreeShipping: true,
        },
      ],
      OtherZone: {
        Name: '其他地区',
        FirstWeightGrams: 1000,
        FirstFeeFen: 1000,
        AdditionalWeightGrams: 1000,
        AdditionalFeeFen: 400,
      },
      ExcludedRegionCodes: [...HONG_KONG_MACAO, ...TAIWAN],
    },
  },
  {
    Code: 'YTO',
    Name: '圆通速递',
    IsDefault: false,
    Template: {
      Kind: 'delivery',
      Zones: [
        {
          Name: '广东省内',
          RegionCodes: ['440000'],
          FirstWeightGrams: 1000,
          FirstFeeFen: 500,
          AdditionalWeightGrams: 1000,
          AdditionalFeeFen: 150,
        },
        {
          Name: '江浙沪',
          RegionCodes: JIANG_ZHE_HU,
          FirstWeightGrams: 1000,
          FirstFeeFen: 700,
          AdditionalWeightGrams: 1000,
          AdditionalFeeFen: 300,
        },
        {
          Name: '偏远地区',
          RegionCodes: [...XINJIANG_TIBET, '630000'],
          FirstWeightGrams: 1000,
          FirstFeeFen: 1800,
          AdditionalWeightGrams: 1000,
          AdditionalFeeFen: 1200,
        },
      ],
      OtherZone: {
        Name: '其他地区',
        FirstWeightGrams: 1000,
        FirstFeeFen: 900,
        AdditionalWeightGrams: 1000,
        AdditionalFeeFen: 350,
      },
      ExcludedRegionCodes: [...HONG_KONG_MACAO, ...TAIWAN],
    },
  },
  { Code: 'PICKUP', Name: '到店自提', IsDefault: false, Template: DEMO_PICKUP },
];

/** 红枫图文 (上海). */
const MAPLE: readonly DemoExpressCompany[] = [
  {
    Code: 'SF',
    Name: '顺丰速运',
    IsDefault: false,
    Template: {
      Kind: 'delivery',
      Zones: [
        {
          Name: '上海同城',
          RegionCodes: ['310000'],
          FirstWeightGrams: 1000,
          FirstFeeFen: 1200,
          AdditionalWeightGrams: 1000,
          AdditionalFeeFen: 200,
        },
        {
          Name: '江浙皖',
          RegionCodes: ['320000', '330000', '340000'],
          FirstWeightGrams: 1000,
          FirstFeeFen: 1300,
          AdditionalWeightGrams: 1000,
          AdditionalFeeFen: 400,
        },
        {
          Name: '偏远地区',
          RegionCodes: XINJIANG_TIBET,
          FirstWeightGrams: 1000,
          FirstFeeFen: 3000,
          AdditionalWeightGrams: 1000,
          AdditionalFeeFen: 2000,
        },
        {
          Name: '港澳',
          RegionCodes: HONG_KONG_MACAO,
          FirstWeightGrams: 1000,
          FirstFeeFen: 4000,
          AdditionalWeightGrams: 1000,
          AdditionalFeeFen: 1500,
        },
      ],
      OtherZone: {
        Name: '其他地区',
        FirstWeightGrams: 1000,
        FirstFeeFen: 2200,
        AdditionalWeightGrams: 1000,
        AdditionalFeeFen: 800,
      },
      ExcludedRegionCodes: TAIWAN,
    },
  },
  {
    Code: 'ZTO',
    Name: '中通快递',
    IsDefault: true,
    Template: {
      Kind: 'delivery',
      FreeShippingMinFen: 30_000,
      Zones: [
        {
          Name: '江浙沪',
          RegionCodes: JIANG_ZHE_HU,
          FirstWeightGrams: 1000,
          FirstFeeFen: 500,
          AdditionalWeightGrams: 1000,
          AdditionalFeeFen: 100,
        },
        {
          Name: '偏远地区',
          RegionCodes: XINJIANG_TIBET,
          FirstWeightGrams: 1000,
          FirstFeeFen: 1800,
          AdditionalWeightGrams: 1000,
          AdditionalFeeFen: 1200,
          ExcludeFromFreeShipping: true,
        },
      ],
      OtherZone: {
        Name: '其他地区',
        FirstWeightGrams: 1000,
        FirstFeeFen: 900,
        AdditionalWeightGrams: 1000,
        AdditionalFeeFen: 400,
      },
      ExcludedRegionCodes: [...HONG_KONG_MACAO, ...TAIWAN],
    },
  },
  {
    Code: 'YTO',
    Name: '圆通速递',
    IsDefault: false,
    Template: {
      Kind: 'delivery',
      Zones: [
        {
          Name: '江浙沪',
          RegionCodes: JIANG_ZHE_HU,
          FirstWeightGrams: 1000,
          FirstFeeFen: 500,
          AdditionalWeightGrams: 1000,
          AdditionalFeeFen: 150,
        },
        {
          Name: '偏远地区',
          RegionCodes: XINJIANG_TIBET,
          FirstWeightGrams: 1000,
          FirstFeeFen: 1800,
          AdditionalWeightGrams: 1000,
          AdditionalFeeFen: 1200,
        },
      ],
      OtherZone: {
        Name: '其他地区',
        FirstWeightGrams: 1000,
        FirstFeeFen: 850,
        AdditionalWeightGrams: 1000,
        AdditionalFeeFen: 350,
      },
      ExcludedRegionCodes: [...HONG_KONG_MACAO, ...TAIWAN],
    },
  },
  { Code: 'PICKUP', Name: '门店自提', IsDefault: false, Template: MAPLE_PICKUP },
];

/** The demo merchants' express companies by company code, in display order. */
export const DEMO_EXPRESS_COMPANIES: Readonly<Record<'demo' | 'maple', readonly DemoExpressCompany[]>> = {
  demo: DEMO,
  maple: MAPLE,
};
