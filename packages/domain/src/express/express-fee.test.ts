import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEMO_EXPRESS_COMPANIES } from './demo-express-companies.ts';
import {
  MAX_EXPRESS_WEIGHT_GRAMS,
  calculateExpressFeeByTemplate,
  expressFeeTemplateSchema,
  findExpressZone,
  parseExpressFeeTemplate,
  type ExpressFeeTemplate,
} from './express-fee.ts';

function template(merchant: 'demo' | 'maple', code: string): ExpressFeeTemplate {
  const company = DEMO_EXPRESS_COMPANIES[merchant].find((candidate) => candidate.Code === code);
  if (!company) throw new Error(`no demo company ${merchant}/${code}`);
  return parseExpressFeeTemplate(company.Template);
}

const SHENZHEN_NANSHAN = ['440000', '440300', '440305'];
const GUANGZHOU_TIANHE = ['440000', '440100', '440106'];
const SHANGHAI_XUHUI = ['310000', '310100', '310104'];
const BEIJING = ['110000'];
const XINJIANG_URUMQI = ['650000', '650100', '650102'];
const HONG_KONG = ['810000', '810001'];
const TAIWAN = ['710000'];
const NANJING = ['320000', '320100', '320102'];

describe('calculateExpressFeeByTemplate with the demo templates', () => {
  it.each([
    // merchant, company, destination, grams, order fen, fee fen, zone
    ['demo', 'SF', SHENZHEN_NANSHAN, 2500, 10_000, 1400, '深圳同城'],
    ['demo', 'SF', GUANGZHOU_TIANHE, 1000, 10_000, 1200, '广东省内'],
    ['demo', 'SF', GUANGZHOU_TIANHE, 1001, 10_000, 1500, '广东省内'],
    ['demo', 'SF', SHANGHAI_XUHUI, 3200, 10_000, 3600, '江浙沪'],
    ['demo', 'SF', ['310000'], 3200, 10_000, 3600, '江浙沪'],
    ['demo', 'SF', BEIJING, 0, 10_000, 2200, '其他地区'],
    ['demo', 'SF', XINJIANG_URUMQI, 5000, 100_000, 11_000, '偏远地区'],
    ['demo', 'SF', HONG_KONG, 1500, 100_000, 5500, '港澳'],
    ['demo', 'SF', NANJING, 12_000, 79_999, 8400, '江浙沪'],
    ['demo', 'SF', NANJING, 12_000, 80_000, 0, '江浙沪'],
    ['demo', 'ZTO', GUANGZHOU_TIANHE, 4000, 19_999, 1050, '广东省内'],
    ['demo', 'ZTO', GUANGZHOU_TIANHE, 4000, 20_000, 0, '广东省内'],
    ['demo', 'ZTO', XINJIANG_URUMQI, 2000, 50_000, 3500, '偏远地区'],
    ['demo', 'YTO', ['630000'], 1000, 0, 1800, '偏远地区'],
    ['demo', 'YTO', BEIJING, 10_000, 1_000_000, 4050, '其他地区'],
    ['maple', 'ZTO', NANJING, 2000, 0, 600, '江浙沪'],
    ['maple', 'ZTO', SHANGHAI_XUHUI, 2000, 30_000, 0, '江浙沪'],
    ['maple', 'SF', SHANGHAI_XUHUI, 2000, 0, 1400, '上海同城'],
    ['maple', 'SF', ['340000', '340100'], 1200, 0, 1700, '江浙皖'],
    ['maple', 'YTO', BEIJING, 1800, 0, 1200, '其他地区'],
  ] as const)(
    '%s %s to %j, %i g, order %i fen → %i fen (%s)',
    (merchant, code, destination, weightGrams, orderAmountFen, feeFen, zoneName) => {
      const result = calculateExpressFeeByTemplate(template(merchant, code), {
        weightGrams,
        regionCodes: destination,
        orderAmountFen,
      });
      expect(result).toMatchObject({ ok: true, feeFen, zoneName });
    },
  );

  it('shows how a fee is made up', () => {
    const result = calculateExpressFeeByTemplate(template('demo', 'SF'), {
      weightGrams: 3200,
      regionCodes: SHANGHAI_XUHUI,
      orderAmountFen: 10_000,
    });
    expect(result).toEqual({
      ok: true,
      feeFen: 3600,
      baseFeeFen: 3600,
      isSelfPickup: false,
      isFreeShipping: false,
      zoneName: '江浙沪',
      firstWeightGrams: 1000,
      firstFeeFen: 1800,
      additionalWeightGrams: 1000,
      additionalUnits: 3,
      additionalFeeFen: 600,
    });
  });

  it('ships free above the threshold and keeps the base fee for reference', () => {
    const result = calculateExpressFeeByTemplate(template('demo', 'SF'), {
      weightGrams: 12_000,
      regionCodes: NANJING,
      orderAmountFen: 80_000,
    });
    expect(result).toMatchObject({ ok: true, feeFen: 0, baseFeeFen: 8400, isFreeShipping: true });
  });

  it('keeps remote zones out of free shipping', () => {
    const result = calculateExpressFeeByTemplate(template('demo', 'ZTO'), {
      weightGrams: 1000,
      regionCodes: XINJIANG_URUMQI,
      orderAmountFen: 9_999_999,
    });
    expect(result).toMatchObject({ ok: true, feeFen: 2000, isFreeShipping: false });
  });

  it('charges nothing for self-pickup and needs no destination', () => {
    const result = calculateExpressFeeByTemplate(template('demo', 'PICKUP'), {
      weightGrams: 250_000,
      regionCodes: [],
      orderAmountFen: 0,
    });
    expect(result).toMatchObject({ ok: true, feeFen: 0, isSelfPickup: true, zoneName: '' });
  });

  it.each([
    ['demo', 'SF', TAIWAN, 'unreachable', '暂不配送到台湾省'],
    ['demo', 'ZTO', HONG_KONG, 'unreachable', '暂不配送到香港特别行政区'],
    ['maple', 'YTO', ['820000', '820001'], 'unreachable', '暂不配送到澳门特别行政区'],
    ['demo', 'SF', [], 'invalid', '请选择收货地区'],
  ] as const)('%s %s refuses %j (%s): %s', (merchant, code, destination, refusal, reason) => {
    const result = calculateExpressFeeByTemplate(template(merchant, code), {
      weightGrams: 1000,
      regionCodes: destination,
      orderAmountFen: 0,
    });
    expect(result).toEqual({ ok: false, refusal, reason });
  });

  it('refuses a destination no zone covers when the template has no other zone', () => {
    const onlyGuangdong = parseExpressFeeTemplate({
      Kind: 'delivery',
      Zones: [
        {
          Name: '广东省内',
          RegionCodes: ['440000'],
          FirstWeightGrams: 1000,
          FirstFeeFen: 600,
          AdditionalWeightGrams: 1000,
          AdditionalFeeFen: 100,
        },
      ],
    });
    const result = calculateExpressFeeByTemplate(onlyGuangdong, {
      weightGrams: 1,
      regionCodes: NANJING,
      orderAmountFen: 0,
    });
    expect(result).toEqual({ ok: false, refusal: 'unreachable', reason: '暂不配送到玄武区' });
  });

  it.each([
    [-1, '重量应为不小于 0 的整数（克）'],
    [1.5, '重量应为不小于 0 的整数（克）'],
    [MAX_EXPRESS_WEIGHT_GRAMS + 1, '重量超过上限 10 吨，请联系商家安排物流'],
  ])('refuses a weight of %d g', (weightGrams, reason) => {
    const result = calculateExpressFeeByTemplate(template('demo', 'SF'), {
      weightGrams,
      regionCodes: BEIJING,
      orderAmountFen: 0,
    });
    expect(result).toEqual({ ok: false, refusal: 'invalid', reason });
  });

  it('refuses a negative order amount', () => {
    const result = calculateExpressFeeByTemplate(template('demo', 'SF'), {
      weightGrams: 1,
      regionCodes: BEIJING,
      orderAmountFen: -1,
    });
    expect(result).toEqual({ ok: false, refusal: 'invalid', reason: '订单金额应为不小于 0 的整数（分）' });
  });
});

describe('findExpressZone', () => {
  it('prefers the most specific code of the path', () => {
    const sf = template('demo', 'SF');
    expect(findExpressZone(sf, SHENZHEN_NANSHAN)?.Name).toBe('深圳同城');
    expect(findExpressZone(sf, ['440000', '440300'])?.Name).toBe('深圳同城');
    expect(findExpressZone(sf, ['440000'])?.Name).toBe('广东省内');
    expect(findExpressZone(sf, ['110000', '110100', '110105'])?.Name).toBe('其他地区');
  });
});

describe('templates', () => {
  it('parses every demo template', () => {
    for (const companies of Object.values(DEMO_EXPRESS_COMPANIES)) {
      for (const company of companies) {
        expect(expressFeeTemplateSchema.safeParse(company.Template).success, company.Name).toBe(true);
      }
      expect(companies.filter((company) => company.IsDefault)).toHaveLength(1);
    }
  });

  it('refuses an unknown region code, a code in two zones and a delivery template without zones', () => {
    const zone = {
      Name: '甲',
      FirstWeightGrams: 1000,
      FirstFeeFen: 100,
      AdditionalWeightGrams: 1000,
      AdditionalFeeFen: 100,
    };
    expect(
      expressFeeTemplateSchema.safeParse({ Kind: 'delivery', Zones: [{ ...zone, RegionCodes: ['999999'] }] })
        .success,
    ).toBe(false);
    expect(
      expressFeeTemplateSchema.safeParse({
        Kind: 'delivery',
        Zones: [
          { ...zone, RegionCodes: ['440000'] },
          { ...zone, Name: '乙', RegionCodes: ['440000'] },
        ],
      }).success,
    ).toBe(false);
    expect(expressFeeTemplateSchema.safeParse({ Kind: 'delivery' }).success).toBe(false);
    expect(expressFeeTemplateSchema.safeParse({ Kind: 'pickup' }).success).toBe(true);
  });
});

describe('invariants', () => {
  const companies = Object.entries(DEMO_EXPRESS_COMPANIES).flatMap(([merchant, list]) =>
    list.map((company) => ({ merchant, company, template: parseExpressFeeTemplate(company.Template) })),
  );
  const destinations = [
    SHENZHEN_NANSHAN,
    GUANGZHOU_TIANHE,
    SHANGHAI_XUHUI,
    BEIJING,
    XINJIANG_URUMQI,
    NANJING,
  ];

  it('never lowers the fee when the weight rises, and free shipping never raises it', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...companies),
        fc.constantFrom(...destinations),
        fc.nat({ max: 200_000 }),
        fc.nat({ max: 200_000 }),
        fc.nat({ max: 200_000 }),
        ({ template: current }, regionCodes, a, b, orderAmountFen) => {
          const [lighter, heavier] = a <= b ? [a, b] : [b, a];
          const light = calculateExpressFeeByTemplate(current, {
            weightGrams: lighter,
            regionCodes,
            orderAmountFen: 0,
          });
          const heavy = calculateExpressFeeByTemplate(current, {
            weightGrams: heavier,
            regionCodes,
            orderAmountFen: 0,
          });
          const withAmount = calculateExpressFeeByTemplate(current, {
            weightGrams: heavier,
            regionCodes,
            orderAmountFen,
          });
          expect(light.ok).toBe(heavy.ok);
          if (light.ok && heavy.ok && withAmount.ok) {
            expect(heavy.feeFen).toBeGreaterThanOrEqual(light.feeFen);
            expect(withAmount.feeFen).toBeLessThanOrEqual(heavy.feeFen);
            expect(heavy.baseFeeFen).toBe(heavy.firstFeeFen + heavy.additionalUnits * heavy.additionalFeeFen);
            expect(Number.isSafeInteger(heavy.feeFen)).toBe(true);
          }
        },
      ),
    );
  });
});
