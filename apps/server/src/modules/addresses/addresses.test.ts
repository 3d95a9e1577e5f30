import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiCode, MAX_DELIVERY_ADDRESSES } from '@inkstone/contracts';
import { signInNewCustomers } from '../../test/customer-sessions.ts';
import { TestClient, startTestServer, type TestServer } from '../../test/harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

let nextPrefix = 1360000;
/** A fresh signed-in customer of the merchant (demo by default). */
async function freshCustomer(host = 'demo.localhost'): Promise<TestClient> {
  nextPrefix += 1;
  const [client] = await signInNewCustomers(server, host, String(nextPrefix), 1);
  return client!;
}

const NANSHAN = {
  contacts: '张经理',
  phoneNumber: '13800138000',
  citys: ['440000', '440300', '440305'],
  address: '科技园南区深南大道9988号',
};
const XUHUI = {
  contacts: '李老板',
  phoneNumber: '021-62345678',
  province: '上海市',
  city: '市辖区',
  region: '徐汇区',
  citys: ['310000', '310100', '310104'],
  address: '漕溪北路398号',
};

async function addressRows(customer: TestClient) {
  const list = await customer.post('/api/cust/QueryDeliverGoodsAddress', {});
  expect(list.success, list.message).toBe(true);
  return list.data.List as any[];
}

describe('adding and listing addresses', () => {
  it('stores an address, fills in the region names and makes the first one the default', async () => {
    const customer = await freshCustomer();
    const added = await customer.post('/api/cust/AddDeliverGoodsAddress', {
      ...NANSHAN,
      phoneNumber: ' +86 138-0013-8000 ',
    });
    expect(added).toMatchObject({
      success: true,
      message: '地址已保存',
      data: {
        contacts: '张经理',
        phoneNumber: '13800138000',
        province: '广东省',
        city: '深圳市',
        region: '南山区',
        address: '科技园南区深南大道9988号',
        citys: ['440000', '440300', '440305'],
        IsDefault: true,
        FullAddress: '广东省深圳市南山区科技园南区深南大道9988号',
        CreateTime: new Date(server.clock.now()).toISOString(),
      },
    });

    server.clock.advance(1000);
    const second = await customer.post('/api/cust/AddDeliverGoodsAddress', XUHUI);
    expect(second.data).toMatchObject({
      phoneNumber: '021-62345678',
      IsDefault: false,
      FullAddress: '上海市徐汇区漕溪北路398号',
    });

    const list = await customer.post('/api/cust/QueryDeliverGoodsAddress', {});
    expect(list.data).toMatchObject({
      PageIndex: 1,
      Limit: MAX_DELIVERY_ADDRESSES,
      PageCount: 1,
      TotalCount: 2,
      Attach: { SumAmount: 0, MaxCount: MAX_DELIVERY_ADDRESSES, DefaultId: added.data.Id },
    });
    expect(list.data.List.map((row: any) => row.Id)).toEqual([added.data.Id, second.data.Id]);
  });

  it('makes a new address the default when asked and clears the old default', async () => {
    const customer = await freshCustomer();
    const first = await customer.post('/api/cust/AddDeliverGoodsAddress', NANSHAN);
    const second = await customer.post('/api/cust/AddDeliverGoodsAddress', { ...XUHUI, IsDefault: 1 });
    expect(second.data.IsDefault).toBe(true);
    const rows = await addressRows(customer);
    expect(rows.filter((row) => row.IsDefault).map((row) => row.Id)).toEqual([second.data.Id]);
    expect(rows[0].Id).toBe(second.data.Id);
    expect(rows.find((row) => row.Id === first.data.Id).IsDefault).toBe(false);
  });

  it('accepts the region as names, and the two-level regions of 港澳 and the towns of 东莞', async () => {
    const customer = await freshCustomer();
    const byNames = await customer.post('/api/cust/AddDeliverGoodsAddress', {
      ...XUHUI,
      citys: undefined,
    });
    expect(byNames.data.citys).toEqual(['310000', '310100', '310104']);
    const hongKong = await customer.post('/api/cust/AddDeliverGoodsAddress', {
      contacts: '陈大文',
      phoneNumber: '13800138000',
      citys: ['810000', '810001'],
      address: '皇后大道中99号',
    });
    expect(hongKong.data).toMatchObject({ province: '香港特别行政区', city: '中西區', region: '' });
    const dongguan = await customer.post('/api/cust/AddDeliverGoodsAddress', {
      contacts: '张三',
      phoneNumber: '0769 22123456',
      citys: ['广东省', '东莞市', '东城街道'],
      address: '东纵路1号',
    });
    expect(dongguan.data).toMatchObject({
      phoneNumber: '0769-22123456',
      citys: ['440000', '441900', '441900003'],
      region: '东城街道',
    });
  });

  it('pages the list', async () => {
    const customer = await freshCustomer();
    for (let i = 0; i < 3; i++) {
      server.clock.advance(1000);
      await customer.post('/api/cust/AddDeliverGoodsAddress', { ...NANSHAN, address: `科技园${i}号` });
    }
    const page = await customer.post('/api/cust/QueryDeliverGoodsAddress', { pageindex: 2, limit: 2 });
    expect(page.data).toMatchObject({ PageIndex: 2, Limit: 2, PageCount: 2, TotalCount: 3 });
    expect(page.data.List.map((row: any) => row.address)).toEqual(['科技园1号']);
    const beyond = await customer.post('/api/cust/QueryDeliverGoodsAddress', { pageindex: 9, limit: 2 });
    expect(beyond.data.List).toEqual([]);
  });
});

describe('validation', () => {
  it.each([
    [{ ...NANSHAN, contacts: undefined }, '请输入联系人'],
    [{ ...NANSHAN, contacts: '   ' }, '请输入联系人'],
    [{ ...NANSHAN, contacts: '张'.repeat(26) }, '联系人不能超过25个字'],
    [{ ...NANSHAN, contacts: 42 }, '联系人应为文本'],
    [{ ...NANSHAN, phoneNumber: undefined }, '请输入手机号码'],
    [{ ...NANSHAN, phoneNumber: '' }, '请输入手机号码'],
    [{ ...NANSHAN, phoneNumber: '12800138000' }, '手机号码格式有误'],
    [{ ...NANSHAN, phoneNumber: '23456789' }, '手机号码格式有误，固定电话请带区号，例如 0755-12345678'],
    [
      { ...NANSHAN, phoneNumber: '400-123-4567' },
      '手机号码不能填 400 电话，请填写手机号码或带区号的固定电话',
    ],
    [{ ...NANSHAN, address: '' }, '请输入详细地址'],
    [{ ...NANSHAN, address: '路'.repeat(121) }, '详细地址不能超过120个字'],
    [{ ...NANSHAN, citys: undefined }, '请选择所在地区'],
    [{ ...NANSHAN, citys: [] }, '请选择所在地区'],
    [{ ...NANSHAN, citys: ['440000', '440300'] }, '所在地区请选择到区/县'],
    [{ ...NANSHAN, citys: ['440000', '440100', '440305'] }, '所在地区无效，请重新选择'],
    [{ ...NANSHAN, citys: ['999999'] }, '所在地区无效，请重新选择'],
    [{ ...NANSHAN, citys: '440000' }, '所在地区无效，请重新选择'],
    [{ ...NANSHAN, citys: ['440000', '440300', '440305', '1'] }, '所在地区无效，请重新选择'],
    [{ ...NANSHAN, province: '广西壮族自治区' }, '省份与所在地区不一致'],
    [{ ...NANSHAN, city: '广州市' }, '城市与所在地区不一致'],
    [{ ...NANSHAN, region: '福田区' }, '区/县与所在地区不一致'],
    [{ ...NANSHAN, IsDefault: 'yes' }, '设为默认地址应为 true/false 或 1/0'],
  ])('refuses %j with its Chinese message and stores nothing', async (body, message) => {
    const customer = await freshCustomer();
    const result = await customer.post('/api/cust/AddDeliverGoodsAddress', body);
    expect(result).toMatchObject({ success: false, apiCode: ApiCode.ValidationFailed, message, data: null });
    expect(await addressRows(customer)).toEqual([]);
  });

  it('refuses an update with a bad field and leaves the address as it was', async () => {
    const customer = await freshCustomer();
    const added = await customer.post('/api/cust/AddDeliverGoodsAddress', NANSHAN);
    const refused = await customer.post('/api/cust/UpdateDeliverGoodsAddress', {
      ...XUHUI,
      Id: added.data.Id,
      citys: ['310000'],
    });
    expect(refused).toMatchObject({ apiCode: ApiCode.ValidationFailed, message: '所在地区请选择到区/县' });
    expect(await addressRows(customer)).toEqual([added.data]);
  });

  it.each([
    [{}, '请指定收货地址编号'],
    [{ Id: 'abc' }, '收货地址编号无效'],
    [{ Id: 0 }, '收货地址编号无效'],
    [{ Id: 1.5 }, '收货地址编号无效'],
  ])('names a bad Id: %j', async (body, message) => {
    const customer = await freshCustomer();
    const result = await customer.post('/api/cust/DeleteDeliverGoodsAddress', body);
    expect(result).toMatchObject({ apiCode: ApiCode.ValidationFailed, message });
  });
});

describe('changing addresses', () => {
  it('updates every field and keeps the default flag when IsDefault is left out', async () => {
    const customer = await freshCustomer();
    const added = await customer.post('/api/cust/AddDeliverGoodsAddress', NANSHAN);
    server.clock.advance(5000);
    const updated = await customer.post('/api/cust/UpdateDeliverGoodsAddress', {
      ...XUHUI,
      Id: String(added.data.Id),
    });
    expect(updated).toMatchObject({
      success: true,
      data: {
        Id: added.data.Id,
        contacts: '李老板',
        province: '上海市',
        region: '徐汇区',
        IsDefault: true,
        CreateTime: added.data.CreateTime,
        UpdateTime: new Date(server.clock.now()).toISOString(),
      },
    });
    const cleared = await customer.post('/api/cust/UpdateDeliverGoodsAddress', {
      ...XUHUI,
      Id: added.data.Id,
      IsDefault: false,
    });
    expect(cleared.data.IsDefault).toBe(false);
    const list = await customer.post('/api/cust/QueryDeliverGoodsAddress', {});
    expect(list.data.Attach.DefaultId).toBeNull();
  });

  it('moves the default with UpdateDeliverGoodsAddress and SetDefaultDeliverGoodsAddress', async () => {
    const customer = await freshCustomer();
    const first = await customer.post('/api/cust/AddDeliverGoodsAddress', NANSHAN);
    const second = await customer.post('/api/cust/AddDeliverGoodsAddress', XUHUI);
    const viaUpdate = await customer.post('/api/cust/UpdateDeliverGoodsAddress', {
      ...XUHUI,
      Id: second.data.Id,
      IsDefault: true,
    });
    expect(viaUpdate.data.IsDefault).toBe(true);
    expect((await addressRows(customer)).filter((row) => row.IsDefault).map((row) => row.Id)).toEqual([
      second.data.Id,
    ]);
    const viaSet = await customer.post('/api/cust/SetDefaultDeliverGoodsAddress', { Id: first.data.Id });
    expect(viaSet).toMatchObject({ success: true, message: '已设为默认地址', data: { IsDefault: true } });
    expect((await addressRows(customer)).filter((row) => row.IsDefault).map((row) => row.Id)).toEqual([
      first.data.Id,
    ]);
  });

  it('deletes an address; deleting the default leaves none', async () => {
    const customer = await freshCustomer();
    const first = await customer.post('/api/cust/AddDeliverGoodsAddress', NANSHAN);
    const second = await customer.post('/api/cust/AddDeliverGoodsAddress', XUHUI);
    const removedOther = await customer.post('/api/cust/DeleteDeliverGoodsAddress', { Id: second.data.Id });
    expect(removedOther).toMatchObject({
      success: true,
      message: '删除成功',
      data: { Id: second.data.Id, DefaultId: first.data.Id },
    });
    const removedDefault = await customer.post('/api/cust/DeleteDeliverGoodsAddress', { Id: first.data.Id });
    expect(removedDefault.data).toEqual({ Id: first.data.Id, DefaultId: null });
    expect(await addressRows(customer)).toEqual([]);
    const again = await customer.post('/api/cust/DeleteDeliverGoodsAddress', { Id: first.data.Id });
    expect(again).toMatchObject({ apiCode: ApiCode.AddressNotFound, message: '收货地址不存在或已删除' });
  });
});

describe('ownership and merchant isolation', () => {
  it("lets nobody else see or change a customer's address", async () => {
    const owner = await freshCustomer();
    const other = await freshCustomer();
    const maple = await freshCustomer('maple.localhost');
    const added = await owner.post('/api/cust/AddDeliverGoodsAddress', NANSHAN);
    const id = added.data.Id;

    for (const stranger of [other, maple]) {
      expect(await addressRows(stranger)).toEqual([]);
      for (const [url, body] of [
        ['/api/cust/UpdateDeliverGoodsAddress', { ...XUHUI, Id: id }],
        ['/api/cust/DeleteDeliverGoodsAddress', { Id: id }],
        ['/api/cust/SetDefaultDeliverGoodsAddress', { Id: id }],
      ] as const) {
        const result = await stranger.post(url, body);
        expect(result, `${url}`).toMatchObject({ success: false, apiCode: ApiCode.AddressNotFound });
      }
    }
    // The demo customer's token is worthless on the other merchant's host.
    const crossHost = new TestClient(server, 'maple.localhost');
    await crossHost.start();
    crossHost.accesstoken = owner.accesstoken;
    expect((await crossHost.post('/api/cust/QueryDeliverGoodsAddress', {})).apiCode).toBe(
      ApiCode.LoginRevoked,
    );

    expect(await addressRows(owner)).toEqual([added.data]);
  });

  it('needs a signed-in customer', async () => {
    const anonymous = new TestClient(server, 'demo.localhost');
    await anonymous.start();
    for (const url of [
      '/api/cust/QueryDeliverGoodsAddress',
      '/api/cust/AddDeliverGoodsAddress',
      '/api/cust/UpdateDeliverGoodsAddress',
      '/api/cust/DeleteDeliverGoodsAddress',
      '/api/cust/SetDefaultDeliverGoodsAddress',
    ]) {
      expect((await anonymous.post(url, NANSHAN)).apiCode, url).toBe(ApiCode.LoginRequired);
    }
  });
});

describe('limits under parallel requests', () => {
  it(`keeps at most ${MAX_DELIVERY_ADDRESSES} addresses when many are added at once`, async () => {
    const customer = await freshCustomer();
    const results = await Promise.all(
      Array.from({ length: MAX_DELIVERY_ADDRESSES + 10 }, (_, i) =>
        customer.post('/api/cust/AddDeliverGoodsAddress', {
          ...NANSHAN,
          address: `科技园${i}号`,
          IsDefault: i % 7 === 0,
        }),
      ),
    );
    expect(results.filter((result) => result.success)).toHaveLength(MAX_DELIVERY_ADDRESSES);
    const refused = results.filter((result) => !result.success);
    expect(refused).toHaveLength(10);
    for (const result of refused) {
      expect(result).toMatchObject({
        apiCode: ApiCode.AddressLimitReached,
        message: '收货地址最多保存50个，请删除不用的地址后再添加',
      });
    }
    const rows = await addressRows(customer);
    expect(rows).toHaveLength(MAX_DELIVERY_ADDRESSES);
    expect(rows.filter((row) => row.IsDefault)).toHaveLength(1);
  });

  it('leaves exactly one default when the default is moved by many requests at once', async () => {
    const customer = await freshCustomer();
    const ids: number[] = [];
    for (let i = 0; i < 12; i++) {
      ids.push(
        (await customer.post('/api/cust/AddDeliverGoodsAddress', { ...NANSHAN, address: `${i}号` })).data.Id,
      );
    }
    const results = await Promise.all([
      ...ids.map((Id) => customer.post('/api/cust/SetDefaultDeliverGoodsAddress', { Id })),
      ...ids.map((Id) =>
        customer.post('/api/cust/UpdateDeliverGoodsAddress', { ...XUHUI, Id, IsDefault: true }),
      ),
    ]);
    expect(results.every((result) => result.success)).toBe(true);
    const defaults = (await addressRows(customer)).filter((row) => row.IsDefault);
    expect(defaults).toHaveLength(1);
    const stored = await server.context.db
      .selectFrom('delivery_addresses')
      .select('id')
      .where('id', 'in', ids)
      .where('is_default', '=', 1)
      .execute();
    expect(stored).toHaveLength(1);
  });
});
