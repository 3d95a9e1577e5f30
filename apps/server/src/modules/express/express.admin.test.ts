import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiCode,
  type OrderPreview,
  type StaffExpressCompany,
  type StaffExpressCompanyList,
} from '@inkstone/contracts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { SHENZHEN, Shopper, StaffClient } from '../orders/orders.test-support.ts';

let server: TestServer;
let admin: StaffClient;
let mapleAdmin: StaffClient;
let shopper: Shopper;

beforeAll(async () => {
  server = await startTestServer();
  admin = await StaffClient.signIn(server, 'demo.localhost');
  mapleAdmin = await StaffClient.signIn(server, 'maple.localhost');
  shopper = await Shopper.register(server, 'demo.localhost', '13700002001', '10.78.0.1');
});
afterAll(async () => server.close());

const WUHAN = ['420000', '420100', '420102'];

async function companies(staff = admin): Promise<StaffExpressCompany[]> {
  const list = await staff.post<StaffExpressCompanyList>('/api/staff/QueryExpressCompanies', {});
  expect(list.success, list.message).toBe(true);
  return list.data.List;
}

async function company(code: string, staff = admin): Promise<StaffExpressCompany> {
  return (await companies(staff)).find((row) => row.Code === code)!;
}

/** The company as the console saves it after reading it, with `change` applied. */
function edited(
  row: StaffExpressCompany,
  change: Record<string, unknown> = {},
  template: Record<string, unknown> = {},
) {
  return {
    Id: row.Id,
    Revision: row.Revision,
    Code: row.Code,
    Name: row.Name,
    IsActive: row.IsActive,
    IsDefault: row.IsDefault,
    SortOrder: row.SortOrder,
    ...change,
    Template: { ...row.Template, ...template },
  };
}

async function save(body: unknown, staff = admin) {
  return staff.post<StaffExpressCompany>('/api/staff/SaveExpressCompany', body);
}

/** What the customer's order confirmation charges for one 商务名片 to 深圳南山 by the company. */
async function previewExpressFen(expressId: number): Promise<{ ExpressFen: number; GoodsFen: number }> {
  const line = await shopper.addToCart(1001);
  const preview = await shopper.post<OrderPreview>('/api/order/PreviewOrder', {
    CartIds: [line.Id],
    AddressId: await shopper.address(),
    ExpressCompanyId: expressId,
  });
  expect(preview.success, preview.message).toBe(true);
  return { ExpressFen: preview.data.ExpressFen, GoodsFen: preview.data.GoodsFen };
}

async function feeTo(citys: string[], expressId: number, weightGrams = 1000, orderAmountFen = 0) {
  return shopper.post('/api/order/CalExpressFee', {
    ExpressId: expressId,
    WeightGrams: weightGrams,
    citys,
    OrderAmountFen: orderAmountFen,
  });
}

describe('物流: express companies and fee templates in the console', () => {
  it('lists every company of the merchant with the template checkout prices by', async () => {
    const list = await companies();
    expect(list.map((row) => [row.Code, row.Name, row.IsDefault, row.IsActive])).toEqual([
      ['SF', '顺丰速运', true, true],
      ['ZTO', '中通快递', false, true],
      ['YTO', '圆通速递', false, true],
      ['PICKUP', '到店自提', false, true],
    ]);
    expect(list[0]!.Template).toMatchObject({
      Kind: 'delivery',
      FreeShippingMinFen: 80_000,
      OtherZone: { Name: '其他地区', FirstFeeFen: 2200 },
    });
    expect(list[0]!.Template.Zones[0]).toMatchObject({
      Name: '深圳同城',
      RegionCodes: ['440300'],
      FirstFeeFen: 1000,
    });
    expect(list[3]!.Template).toMatchObject({
      Kind: 'pickup',
      PickupAddress: expect.stringContaining('深南大道'),
    });
    expect((await companies(mapleAdmin)).map((row) => row.Name)).toEqual([
      '顺丰速运',
      '中通快递',
      '圆通速递',
      '门店自提',
    ]);
  });

  it("changes a customer's fee and order confirmation at once: a zone's price, a new zone, the free-shipping threshold", async () => {
    const sf = await company('SF');
    const before = await previewExpressFen(sf.Id);
    expect(before.ExpressFen).toBe(1000);

    const zones = sf.Template.Zones.map((zone) =>
      zone.Name === '深圳同城' ? { ...zone, FirstFeeFen: 1500 } : zone,
    );
    const dearer = await save(
      edited(
        sf,
        {},
        {
          Zones: [
            ...zones,
            {
              Name: '华中',
              RegionCodes: ['420000', '430000'],
              FirstWeightGrams: 1000,
              FirstFeeFen: 1600,
              AdditionalWeightGrams: 500,
              AdditionalFeeFen: 250,
            },
          ],
        },
      ),
    );
    expect(dearer.success, dearer.message).toBe(true);
    expect(dearer.message).toBe('快递设置已保存');
    expect(dearer.data.Revision).toBe(sf.Revision + 1);
    expect((await previewExpressFen(sf.Id)).ExpressFen).toBe(1500);
    const wuhan = await feeTo(WUHAN, sf.Id, 2200);
    expect(wuhan.data).toMatchObject({ ZoneName: '华中', FeeFen: 1600 + 3 * 250 });

    const free = await save(edited(dearer.data, {}, { FreeShippingMinFen: before.GoodsFen }));
    expect(free.success, free.message).toBe(true);
    expect((await previewExpressFen(sf.Id)).ExpressFen).toBe(0);
    const list = await shopper.post('/api/v2/s2b.expressinfo.all.post', {});
    expect(list.data[0]).toMatchObject({ FreeShippingMinFen: before.GoodsFen });
    const placed = await shopper.placeOrder(1001);
    expect(placed.ExpressFen).toBe(0);

    const noFree = await save(edited(free.data, {}, { FreeShippingMinFen: null }));
    expect(noFree.success, noFree.message).toBe(true);
    expect((await previewExpressFen(sf.Id)).ExpressFen).toBe(1500);
    expect((await feeTo(SHENZHEN, sf.Id, 1000, 10_000_000)).data).toMatchObject({
      FeeFen: 1500,
      IsFreeShipping: false,
    });
  });

  it('adds a company, moves the default, switches a company off and keeps at least one on', async () => {
    const added = await save({
      Code: 'JD',
      Name: '京东物流',
      IsActive: true,
      IsDefault: true,
      SortOrder: 5,
      Template: {
        Kind: 'delivery',
        FreeShippingMinFen: null,
        Zones: [],
        OtherZone: {
          Name: '全国',
          FirstWeightGrams: 1000,
          FirstFeeFen: 1300,
          AdditionalWeightGrams: 1000,
          AdditionalFeeFen: 500,
        },
        ExcludedRegionCodes: ['710000'],
      },
    });
    expect(added.success, added.message).toBe(true);
    expect(added.data).toMatchObject({
      Code: 'JD',
      IsDefault: true,
      Revision: 1,
      Description: '按重量和地区计费',
    });
    const list = await shopper.post('/api/v2/s2b.expressinfo.all.post', {});
    expect(
      list.data
        .filter((row: { IsDefault: boolean }) => row.IsDefault)
        .map((row: { Name: string }) => row.Name),
    ).toEqual(['京东物流']);
    expect((await feeTo(WUHAN, added.data.Id)).data.FeeFen).toBe(1300);
    expect((await feeTo(['710000'], added.data.Id)).apiCode).toBe(ApiCode.ExpressUnreachable);

    const yto = await company('YTO');
    const off = await save(edited(yto, { IsActive: false }));
    expect(off.success, off.message).toBe(true);
    const customerList = await shopper.post('/api/v2/s2b.expressinfo.all.post', {});
    expect(customerList.data.map((row: { Name: string }) => row.Name)).not.toContain('圆通速递');
    expect((await feeTo(SHENZHEN, yto.Id)).apiCode).toBe(ApiCode.ExpressNotFound);

    const mapleList = await companies(mapleAdmin);
    for (const row of mapleList.slice(1)) {
      const saved = await save(edited(row, { IsActive: false, IsDefault: false }), mapleAdmin);
      expect(saved.success, saved.message).toBe(true);
    }
    const last = await save(edited(mapleList[0]!, { IsActive: false }), mapleAdmin);
    expect(last.success).toBe(false);
    expect(last.message).toBe('至少要保留一个启用的快递方式，顾客才能下单');
  });

  it('keeps a pickup address and shows it to the customer', async () => {
    const pickup = await company('PICKUP');
    const saved = await save(
      edited(pickup, { Name: '门店自提' }, { PickupAddress: '深圳市南山区科技园 1 号门店' }),
    );
    expect(saved.success, saved.message).toBe(true);
    const list = await shopper.post('/api/v2/s2b.expressinfo.all.post', {});
    expect(list.data.find((row: { Id: number }) => row.Id === pickup.Id)).toMatchObject({
      Name: '门店自提',
      IsSelfPickup: true,
      Description: '到店自提，免运费；自提地址：深圳市南山区科技园 1 号门店',
    });
  });

  it('reads a pickup company stored before pickup addresses, and asks for the address at its next save', async () => {
    const pickup = await company('PICKUP', mapleAdmin);
    await server.context.db
      .updateTable('express_companies')
      .set({ template_json: JSON.stringify({ Kind: 'pickup' }) })
      .where('id', '=', pickup.Id)
      .execute();
    const read = await company('PICKUP', mapleAdmin);
    expect(read.Template).toMatchObject({ Kind: 'pickup', PickupAddress: '' });
    expect(read.Description).toBe('到店自提，免运费');
    const saved = await save(edited(read), mapleAdmin);
    expect(saved.message).toBe('请填写自提地址');
  });

  it('refuses invalid templates with a Chinese message naming what is wrong, and writes nothing', async () => {
    const zto = await company('ZTO');
    const zone = zto.Template.Zones.find((candidate) => candidate.Name === '江浙沪')!;
    const cases: [Record<string, unknown>, Record<string, unknown>, string][] = [
      [{ Name: '' }, {}, '请填写快递名称'],
      [{ Code: '中通' }, {}, '快递代码应为1–20位字母、数字、- 或 _，如 SF'],
      [{ Code: 'sf' }, {}, '快递代码 sf 已被「顺丰速运」使用，请换一个'],
      [{ IsDefault: true, IsActive: false }, {}, '默认快递不能停用，请先把其他快递设为默认'],
      [{}, { Zones: [{ ...zone, FirstFeeFen: -1 }] }, '首重价格不能小于0'],
      [{}, { Zones: [{ ...zone, AdditionalFeeFen: 1.5 }] }, '续重价格应为整数（分）'],
      [{}, { Zones: [{ ...zone, AdditionalWeightGrams: 0 }] }, '续重每份重量至少1克'],
      [{}, { Zones: [{ ...zone, RegionCodes: [] }] }, '请为区域选择至少一个地区'],
      [{}, { Zones: [{ ...zone, RegionCodes: ['999999'] }] }, '地区代码 999999 不在全国行政区划表中'],
      [{}, { Zones: [{ ...zone, Name: ' ' }] }, '请填写区域名称，如 江浙沪'],
      [
        {},
        { Zones: [zone, { ...zone, Name: '重复区', RegionCodes: ['320000'] }] },
        '地区「江苏省」同时在「江浙沪」和「重复区」中，请只选一处',
      ],
      [
        {},
        { Zones: [zone], ExcludedRegionCodes: ['310000'] },
        '地区「上海市」同时在「不配送地区」和「江浙沪」中，请只选一处',
      ],
      [{}, { Zones: [], OtherZone: null }, '请至少设置一个计费区域或“其他地区”的价格'],
      [{}, { FreeShippingMinFen: 100_000_001 }, '包邮门槛不能超过10万元'],
      [{}, { Kind: 'pickup', PickupAddress: '' }, '请填写自提地址'],
      [{}, { Kind: 'boat' }, '配送方式应为 快递 或 自提'],
    ];
    const before = JSON.stringify(await companies());
    for (const [change, template, message] of cases) {
      const reply = await save(edited(zto, change, template));
      expect(reply.success, JSON.stringify({ change, template })).toBe(false);
      expect(reply.message).toBe(message);
    }
    expect(JSON.stringify(await companies())).toBe(before);
  });

  it('refuses the stale one of two edits started together from one revision', async () => {
    const zto = await company('ZTO');
    const [first, second] = await Promise.all([
      save(edited(zto, {}, { FreeShippingMinFen: 10_000 })),
      save(edited(zto, {}, { FreeShippingMinFen: 30_000 })),
    ]);
    const results = [first, second];
    expect(results.filter((reply) => reply.success)).toHaveLength(1);
    const refused = results.find((reply) => !reply.success)!;
    expect(refused.apiCode).toBe(ApiCode.EditConflict);
    expect(refused.message).toBe('内容已被其他员工修改，请刷新后再保存');
    const winner = results.find((reply) => reply.success)!;
    expect((await company('ZTO')).Template.FreeShippingMinFen).toBe(winner.data.Template.FreeShippingMinFen);
  });

  it('is for 管理员 only, and each merchant edits only its own', async () => {
    const zto = await company('ZTO');
    for (const account of ['finance', 'service', 'shipper', 'reviewer', 'producer']) {
      const member = await StaffClient.signIn(server, 'demo.localhost', account, 'DemoStaff2026');
      expect((await member.post('/api/staff/QueryExpressCompanies', {})).apiCode, account).toBe(
        ApiCode.StaffForbidden,
      );
      expect((await save(edited(zto, { Name: '被改了' }), member)).apiCode, account).toBe(
        ApiCode.StaffForbidden,
      );
    }
    const visitor = new StaffClient(server, 'demo.localhost');
    expect((await visitor.post('/api/staff/QueryExpressCompanies', {})).apiCode).toBe(
      ApiCode.StaffLoginRequired,
    );
    const foreign = await save(edited(zto, { Name: '被改了' }), mapleAdmin);
    expect(foreign.apiCode).toBe(ApiCode.ExpressNotFound);
    expect((await companies(mapleAdmin)).map((row) => row.Id)).not.toContain(zto.Id);
    expect(await company('ZTO')).toEqual(zto);
  });
  it('tells the 操作日志 which fields of a company a save changed', async () => {
    const yto = await company('YTO');
    const saved = await save(edited(yto, { Name: '圆通速递（日志）' }));
    expect(saved.success, saved.message).toBe(true);
    const page = await admin.post('/api/staff/QueryAuditLog', { limit: 100 });
    expect(page.success, page.message).toBe(true);
    const row = page.data.List.find(
      (entry: { Call: string; TargetId: string }) =>
        entry.Call === 'SaveExpressCompany' && entry.TargetId === String(yto.Id),
    );
    expect(row).toMatchObject({
      TargetType: 'express',
      TargetLabel: '圆通速递（日志）',
      Before: { Name: yto.Name },
      After: { Name: '圆通速递（日志）' },
    });
    expect(Object.keys(row.After)).toEqual(['Name']);
  });
});
