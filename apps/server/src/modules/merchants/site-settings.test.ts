import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiCode } from '@inkstone/contracts';
import { TestClient, startTestServer, type TestServer } from '../../test/harness.ts';
import { StaffClient } from '../orders/orders.test-support.ts';

let server: TestServer;
let admin: StaffClient;
beforeAll(async () => {
  server = await startTestServer();
  admin = await StaffClient.signIn(server, 'demo.localhost');
});
afterAll(async () => server.close());

/** The settings as read now, with `change` applied, ready to save. */
async function edited(staff: StaffClient, change: Record<string, unknown>) {
  const current = await staff.post('/api/staff/SiteSettings', {});
  expect(current.success, current.message).toBe(true);
  return { ...current.data, ...change };
}

async function companyVersion(host: string): Promise<number> {
  const reply = await new TestClient(server, host).post('/api/common/CheckDomainName', { domainName: host });
  return reply.data.InterfaceVersion;
}

describe('SiteSettings and SaveSiteSettings', () => {
  it("reads the merchant's own settings with a revision", async () => {
    const reply = await admin.post('/api/staff/SiteSettings', {});
    expect(reply.data).toMatchObject({
      Name: '墨砚快印',
      ThemePreference: 1,
      InterfaceVersion: 1,
      ServicePhone: '0755-8888 6666',
      Revision: expect.any(Number),
    });
    const maple = await StaffClient.signIn(server, 'maple.localhost');
    expect((await maple.post('/api/staff/SiteSettings', {})).data).toMatchObject({
      Name: '红枫图文',
      ThemePreference: 2,
      InterfaceVersion: 4,
    });
  });

  it('switches the interface version and colour for the customer site at once, on this merchant only', async () => {
    const saved = await admin.post(
      '/api/staff/SaveSiteSettings',
      await edited(admin, { InterfaceVersion: 3, ThemePreference: 2, WebSiteName: '墨砚快印 · 新版' }),
    );
    expect(saved.success, saved.message).toBe(true);
    expect(saved.message).toBe('网站设置已保存');
    expect(await companyVersion('demo.localhost')).toBe(3);
    const config = await new TestClient(server, 'demo.localhost');
    await config.start();
    expect((await config.post('/api/website/GetWebConfig', {})).data).toMatchObject({
      WebSiteName: '墨砚快印 · 新版',
      ThemePreference: 2,
      InterfaceVersion: 3,
    });
    expect(await companyVersion('maple.localhost')).toBe(4);
    const back = await admin.post(
      '/api/staff/SaveSiteSettings',
      await edited(admin, { InterfaceVersion: 1, ThemePreference: 1 }),
    );
    expect(back.success, back.message).toBe(true);
    expect(await companyVersion('demo.localhost')).toBe(1);
  });

  it('refuses a save from a stale revision: of two saves started together exactly one lands', async () => {
    const base = await edited(admin, {});
    const [first, second] = await Promise.all([
      admin.post('/api/staff/SaveSiteSettings', { ...base, ServiceQQ: '111111' }),
      admin.post('/api/staff/SaveSiteSettings', { ...base, ServiceQQ: '222222' }),
    ]);
    const results = [first, second];
    expect(results.filter((reply) => reply.success)).toHaveLength(1);
    const refused = results.find((reply) => !reply.success)!;
    expect(refused.apiCode).toBe(ApiCode.EditConflict);
    expect(refused.message).toBe('内容已被其他员工修改，请刷新后再保存');
    const winner = results.find((reply) => reply.success)!;
    const now = (await admin.post('/api/staff/SiteSettings', {})).data;
    expect(now.ServiceQQ).toBe(winner.data.ServiceQQ);
    expect(now.Revision).toBe(base.Revision + 1);
  });

  it.each([
    [{ InterfaceVersion: 5 }, '界面版本应为 1–4'],
    [{ ThemePreference: 3 }, '主题色应为 1（绿色）或 2（红色）'],
    [{ Name: '  ' }, '请填写商户名称'],
    [{ Notice: 'x'.repeat(201) }, '网站公告最多 200 个字'],
    [{ Address: '深圳\u202E市' }, '包含不可见的文字方向控制符'],
  ])('refuses %j with a Chinese message and changes nothing', async (change, message) => {
    const before = (await admin.post('/api/staff/SiteSettings', {})).data;
    const reply = await admin.post('/api/staff/SaveSiteSettings', { ...before, ...change });
    expect(reply.success).toBe(false);
    expect(reply.message).toContain(message);
    expect((await admin.post('/api/staff/SiteSettings', {})).data).toEqual(before);
  });

  it('lets only an administrator save, and any signed-in staff member read', async () => {
    const reviewer = await admin.hire('prepress9', ['review']);
    expect((await reviewer.post('/api/staff/SiteSettings', {})).success).toBe(true);
    const denied = await reviewer.post(
      '/api/staff/SaveSiteSettings',
      await edited(reviewer, { InterfaceVersion: 2 }),
    );
    expect(denied.apiCode).toBe(ApiCode.StaffForbidden);
    expect(await companyVersion('demo.localhost')).toBe(1);
    const anonymous = new StaffClient(server, 'demo.localhost');
    expect((await anonymous.post('/api/staff/SiteSettings', {})).apiCode).toBe(ApiCode.StaffLoginRequired);
  });
});
