import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiCode } from '@inkstone/contracts';
import { merchantIdOf, signInNewCustomers } from '../../test/customer-sessions.ts';
import { TestClient, startTestServer, type TestServer } from '../../test/harness.ts';
import { calculateExpressFee } from './express.service.ts';

let server: TestServer;
let demo: TestClient;
let maple: TestClient;
let companies: Record<'demo' | 'maple', Record<string, number>>;

beforeAll(async () => {
  server = await startTestServer();
  demo = new TestClient(server, 'demo.localhost');
  await demo.start();
  maple = new TestClient(server, 'maple.localhost');
  await maple.start();
  companies = { demo: {}, maple: {} };
  for (const code of ['demo', 'maple'] as const) {
    const rows = await server.context.db
      .selectFrom('express_companies')
      .select(['id', 'code'])
      .where('merchant_id', '=', await merchantIdOf(server, code))
      .execute();
    for (const row of rows) companies[code][row.code] = row.id;
  }
});
afterAll(async () => server.close());

const NANSHAN = ['440000', '440300', '440305'];
const NANJING = ['320000', '320100', '320102'];

describe('s2b.expressinfo.all.post', () => {
  it("lists each merchant's own companies in order, with the default marked", async () => {
    const demoList = await demo.post('/api/v2/s2b.expressinfo.all.post', {});
    expect(demoList.success, demoList.message).toBe(true);
    expect(demoList.data.map((row: any) => [row.Name, row.IsDefault, row.IsSelfPickup])).toEqual([
      ['顺丰速运', true, false],
      ['中通快递', false, false],
      ['圆通速递', false, false],
      ['到店自提', false, true],
    ]);
    expect(demoList.data[0]).toEqual({
      Id: companies.demo.SF,
      Name: '顺丰速运',
      IsDefault: true,
      Code: 'SF',
      IsSelfPickup: false,
      FreeShippingMinFen: 80_000,
      Description: '满800元包邮（偏远地区、港澳除外）',
    });
    expect(demoList.data[2].Description).toBe('按重量和地区计费');
    expect(demoList.data[3].Description).toBe(
      '到店自提，免运费；自提地址：广东省深圳市南山区科技园南区深南大道 9988 号',
    );

    const mapleList = await maple.post('/api/v2/s2b.expressinfo.all.post', {});
    expect(mapleList.data.map((row: any) => [row.Name, row.IsDefault])).toEqual([
      ['顺丰速运', false],
      ['中通快递', true],
      ['圆通速递', false],
      ['门店自提', false],
    ]);
    const demoIds = new Set(demoList.data.map((row: any) => row.Id));
    expect(mapleList.data.some((row: any) => demoIds.has(row.Id))).toBe(false);
  });

  it('hides a company the merchant switched off', async () => {
    const id = companies.demo.YTO!;
    await server.context.db
      .updateTable('express_companies')
      .set({ is_active: 0 })
      .where('id', '=', id)
      .execute();
    try {
      const list = await demo.post('/api/v2/s2b.expressinfo.all.post', {});
      expect(list.data.map((row: any) => row.Id)).not.toContain(id);
      const fee = await demo.post('/api/v2/s2b.expressfee.cal.post', {
        ExpressId: id,
        WeightGrams: 1000,
        ProvinceCode: '110000',
      });
      expect(fee.apiCode).toBe(ApiCode.ExpressNotFound);
    } finally {
      await server.context.db
        .updateTable('express_companies')
        .set({ is_active: 1 })
        .where('id', '=', id)
        .execute();
    }
  });

  it('needs the app token', async () => {
    const bare = new TestClient(server, 'demo.localhost');
    expect((await bare.post('/api/v2/s2b.expressinfo.all.post', {})).apiCode).toBe(ApiCode.AppTokenInvalid);
  });
});

describe('s2b.expressfee.cal.post', () => {
  it.each([
    // company, destination, grams, order fen → fee fen, free shipping, zone
    ['SF', { citys: NANSHAN }, 2500, 10_000, 1400, false, '深圳同城'],
    ['SF', { ProvinceCode: '440000' }, 1001, 10_000, 1500, false, '广东省内'],
    ['SF', { citys: NANJING }, 12_000, 79_999, 8400, false, '江浙沪'],
    ['SF', { citys: NANJING }, 12_000, 80_000, 0, true, '江浙沪'],
    ['SF', { ProvinceCode: '650000' }, 5000, 100_000, 11_000, false, '偏远地区'],
    ['SF', { ProvinceCode: '110000' }, 0, 0, 2200, false, '其他地区'],
    ['ZTO', { citys: ['440000', '440100'] }, 4000, 19_999, 1050, false, '广东省内'],
    ['ZTO', { ProvinceCode: '440000', citys: ['440000'] }, 4000, 20_000, 0, true, '广东省内'],
    ['YTO', { ProvinceCode: '630000' }, 1000, 0, 1800, false, '偏远地区'],
    ['PICKUP', {}, 250_000, 0, 0, false, ''],
  ] as const)(
    '%s to %j, %i g, order %i fen → %i fen',
    async (code, destination, grams, order, fee, isFree, zone) => {
      const result = await demo.post('/api/v2/s2b.expressfee.cal.post', {
        ExpressId: companies.demo[code],
        WeightGrams: grams,
        OrderAmountFen: order,
        ...destination,
      });
      expect(result.success, result.message).toBe(true);
      expect(result.data).toMatchObject({
        ExpressId: companies.demo[code],
        FeeFen: fee,
        IsFreeShipping: isFree,
        IsSelfPickup: code === 'PICKUP',
        ZoneName: zone,
        WeightGrams: grams,
      });
    },
  );

  it('explains how the fee is made up', async () => {
    const result = await demo.post('/api/v2/s2b.expressfee.cal.post', {
      ExpressId: companies.demo.SF,
      WeightGrams: 3200,
      citys: ['310000', '310100', '310104'],
      OrderAmountFen: 10_000,
    });
    expect(result.data).toEqual({
      ExpressId: companies.demo.SF,
      ExpressName: '顺丰速运',
      FeeFen: 3600,
      BaseFeeFen: 3600,
      IsFreeShipping: false,
      IsSelfPickup: false,
      ZoneName: '江浙沪',
      WeightGrams: 3200,
      FirstWeightGrams: 1000,
      FirstFeeFen: 1800,
      AdditionalWeightGrams: 1000,
      AdditionalUnits: 3,
      AdditionalFeeFen: 600,
      FreeShippingMinFen: 80_000,
      Description: '江浙沪：首重1kg 18元，续重每1kg 6元；运费36元',
    });
  });

  it("uses the merchant's default company when none is named", async () => {
    const demoFee = await demo.post('/api/v2/s2b.expressfee.cal.post', {
      WeightGrams: 2000,
      ProvinceCode: '320000',
    });
    expect(demoFee.data).toMatchObject({ ExpressName: '顺丰速运', FeeFen: 2400 });
    const mapleFee = await maple.post('/api/v2/s2b.expressfee.cal.post', {
      WeightGrams: 2000,
      ProvinceCode: '320000',
    });
    expect(mapleFee.data).toMatchObject({ ExpressName: '中通快递', FeeFen: 600 });
  });

  it('says which company does not deliver where', async () => {
    const result = await demo.post('/api/v2/s2b.expressfee.cal.post', {
      ExpressId: companies.demo.ZTO,
      WeightGrams: 1000,
      citys: ['810000', '810001'],
    });
    expect(result).toMatchObject({
      success: false,
      apiCode: ApiCode.ExpressUnreachable,
      message: '中通快递暂不配送到香港特别行政区',
    });
  });

  it("refuses another merchant's company", async () => {
    const result = await demo.post('/api/v2/s2b.expressfee.cal.post', {
      ExpressId: companies.maple.ZTO,
      WeightGrams: 1000,
      ProvinceCode: '310000',
    });
    expect(result).toMatchObject({ apiCode: ApiCode.ExpressNotFound, message: '快递方式不存在或已停用' });
  });

  it.each([
    [{ ProvinceCode: '440000' }, '请提供重量（克）'],
    [{ WeightGrams: -1, ProvinceCode: '440000' }, '重量不能小于0'],
    [{ WeightGrams: 1.5, ProvinceCode: '440000' }, '重量应为整数（克）'],
    [{ WeightGrams: '1000', ProvinceCode: '440000' }, '重量应为整数（克）'],
    [{ WeightGrams: 10_000_001, ProvinceCode: '440000' }, '重量超过上限 10 吨，请联系商家安排物流'],
    [{ WeightGrams: 1000, ProvinceCode: '440300' }, '省份代码无效'],
    [{ WeightGrams: 1000, ProvinceCode: '990000' }, '省份代码无效'],
    [{ WeightGrams: 1000, citys: ['440000', '320100'] }, '收货地区无效'],
    [{ WeightGrams: 1000, ProvinceCode: '310000', citys: NANSHAN }, '省份代码与收货地区不一致'],
    [{ WeightGrams: 1000, ProvinceCode: '440000', OrderAmountFen: -5 }, '订单金额不能小于0'],
    [{ WeightGrams: 1000, ProvinceCode: '440000', ExpressId: 'x' }, '快递公司编号无效'],
    [{ WeightGrams: 1000 }, '请选择收货地区'],
  ])('refuses %j: %s', async (body, message) => {
    const result = await demo.post('/api/v2/s2b.expressfee.cal.post', body);
    expect(result).toMatchObject({ success: false, apiCode: ApiCode.ValidationFailed, message, data: null });
  });
});

describe('CalExpressFee', () => {
  it("prices to one of the customer's addresses, and to nobody else's", async () => {
    const [owner, other] = await signInNewCustomers(server, 'demo.localhost', '1350000', 2);
    const address = await owner!.post('/api/cust/AddDeliverGoodsAddress', {
      contacts: '王五',
      phoneNumber: '13912345678',
      citys: NANSHAN,
      address: '科技园',
    });
    const fee = await owner!.post('/api/order/CalExpressFee', {
      ExpressId: companies.demo.SF,
      WeightGrams: 2500,
      AddressId: address.data.Id,
      OrderAmountFen: 10_000,
    });
    expect(fee.data).toMatchObject({ FeeFen: 1400, ZoneName: '深圳同城' });
    const byCodes = await owner!.post('/api/order/CalExpressFee', {
      WeightGrams: 2500,
      ProvinceCode: '440000',
    });
    expect(byCodes.data).toMatchObject({ FeeFen: 1800, ZoneName: '广东省内' });

    const stranger = await other!.post('/api/order/CalExpressFee', {
      WeightGrams: 2500,
      AddressId: address.data.Id,
    });
    expect(stranger).toMatchObject({ success: false, apiCode: ApiCode.AddressNotFound });
  });

  it('needs a signed-in customer', async () => {
    const result = await demo.post('/api/order/CalExpressFee', { WeightGrams: 1000, ProvinceCode: '440000' });
    expect(result.apiCode).toBe(ApiCode.LoginRequired);
  });
});

describe('calculateExpressFee (service for checkout)', () => {
  it('returns the fee in fen of one of the merchant’s companies', async () => {
    const merchantId = await merchantIdOf(server, 'maple');
    const fee = await calculateExpressFee(server.context, merchantId, {
      companyId: companies.maple.ZTO,
      weightGrams: 2000,
      provinceCode: '320000',
      orderAmountFen: 29_999,
    });
    expect(fee).toMatchObject({ FeeFen: 600, IsFreeShipping: false, ExpressName: '中通快递' });
    const free = await calculateExpressFee(server.context, merchantId, {
      companyId: companies.maple.ZTO,
      weightGrams: 2000,
      provinceCode: '320000',
      orderAmountFen: 30_000,
    });
    expect(free).toMatchObject({ FeeFen: 0, BaseFeeFen: 600, IsFreeShipping: true });
    await expect(
      calculateExpressFee(server.context, merchantId, {
        companyId: companies.demo.SF,
        weightGrams: 1,
        provinceCode: '320000',
        orderAmountFen: 0,
      }),
    ).rejects.toMatchObject({ apiCode: ApiCode.ExpressNotFound });
  });
});
