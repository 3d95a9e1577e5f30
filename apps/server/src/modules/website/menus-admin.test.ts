import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiCode } from '@inkstone/contracts';
import { TestClient, startTestServer, type TestServer } from '../../test/harness.ts';
import { StaffClient } from '../orders/orders.test-support.ts';

let server: TestServer;
let admin: StaffClient;
let maple: StaffClient;
let visitor: TestClient;

interface Entry {
  Id: number;
  Version: number | null;
  ParentId: number | null;
  Title: string;
  Revision: number;
  Position: string;
}
interface TreeEntry {
  Id: number;
  Title: string;
  Children: TreeEntry[];
}

beforeAll(async () => {
  server = await startTestServer();
  admin = await StaffClient.signIn(server, 'demo.localhost');
  maple = await StaffClient.signIn(server, 'maple.localhost');
  visitor = new TestClient(server, 'demo.localhost');
  await visitor.start();
});
afterAll(async () => server.close());

const entries = async (staff: StaffClient, position = 'top'): Promise<Entry[]> => {
  const reply = await staff.post('/api/staff/QueryMenuEntries', { Position: position });
  expect(reply.success, reply.message).toBe(true);
  return reply.data.List;
};
const shown = async (version: number, position = 'top'): Promise<TreeEntry[]> =>
  (await visitor.post('/api/website/queryhomemenu', { Version: version, Position: position })).data;
const save = (staff: StaffClient, body: Record<string, unknown>) =>
  staff.post('/api/staff/SaveMenuEntry', { Position: 'top', Version: 1, ...body });

describe('editing menus from the console', () => {
  it("lists every version's entries of a position, and the shared ones, the merchant's own", async () => {
    const top = await entries(admin);
    expect(new Set(top.map((entry) => entry.Version))).toEqual(new Set([1, 2, 3, 4]));
    const side = await entries(admin, 'side');
    expect(side.every((entry) => entry.Version === null)).toBe(true);
    const ids = new Set(top.map((entry) => entry.Id));
    expect((await entries(maple)).some((entry) => ids.has(entry.Id))).toBe(false);
  });

  it('adds an entry with children for one version; the site shows it on that version only', async () => {
    const article = (await admin.post('/api/staff/HelpCentre', {})).data.Articles[0];
    const parent = await save(admin, { Title: '服务保障', SerialNumber: 90 });
    expect(parent.success, parent.message).toBe(true);
    expect(parent.message).toBe('菜单已保存');
    const child = await save(admin, {
      Title: '售后说明',
      ParentId: parent.data.Id,
      Link: { Type: 'help', Target: String(article.Id) },
    });
    expect(child.success, child.message).toBe(true);
    const grandchild = await save(admin, { Title: '退换流程', ParentId: child.data.Id });
    expect(grandchild.success, grandchild.message).toBe(true);
    const tooDeep = await save(admin, { Title: '第四级', ParentId: grandchild.data.Id });
    expect(tooDeep.message).toBe('菜单最多 3 级，不能再往下加');

    const v1 = (await shown(1)).find((entry) => entry.Id === parent.data.Id)!;
    expect(v1.Children).toMatchObject([
      {
        Title: '售后说明',
        Link: { Type: 'help', Target: String(article.Id) },
        Children: [{ Title: '退换流程' }],
      },
    ]);
    expect((await shown(2)).some((entry) => entry.Id === parent.data.Id)).toBe(false);

    // A parent cannot go under its own child, nor an entry with children be deleted.
    const loop = await save(admin, { ...parent.data, ParentId: grandchild.data.Id });
    expect(loop.message).toBe('不能把菜单放到它自己或它的下级菜单下面');
    const full = await admin.post('/api/staff/DeleteMenuEntry', {
      Id: parent.data.Id,
      Revision: parent.data.Revision,
    });
    expect(full.message).toBe('「服务保障」下还有下级菜单，请先删除或移走它们');
    // Switched off, it leaves the site with its children.
    const off = await save(admin, { ...parent.data, IsActive: false });
    expect(off.success, off.message).toBe(true);
    expect((await shown(1)).some((entry) => entry.Id === parent.data.Id)).toBe(false);
    const leaf = await admin.post('/api/staff/DeleteMenuEntry', {
      Id: grandchild.data.Id,
      Revision: grandchild.data.Revision,
    });
    expect(leaf).toMatchObject({ success: true, message: '删除成功' });
  });

  it('refuses the second of two saves made from the same revision', async () => {
    const entry = (await entries(admin)).find(
      (candidate) => candidate.Version === 1 && candidate.ParentId === null,
    )!;
    const [a, b] = await Promise.all([
      admin.post('/api/staff/SaveMenuEntry', { ...entry, Title: '甲的名称' }),
      admin.post('/api/staff/SaveMenuEntry', { ...entry, Title: '乙的名称' }),
    ]);
    expect([a, b].filter((reply) => reply.success)).toHaveLength(1);
    expect([a, b].find((reply) => !reply.success)).toMatchObject({
      apiCode: ApiCode.EditConflict,
      message: '内容已被其他员工修改，请刷新后再保存',
    });
    const winner = [a, b].find((reply) => reply.success)!;
    expect((await shown(1)).find((candidate) => candidate.Id === entry.Id)!.Title).toBe(winner.data.Title);
  });

  it.each([
    ['a blank title', { Title: '  ' }, '请填写菜单名称'],
    ['a version 5', { Title: '新菜单', Version: 5 }, '界面版本应为 1–4'],
    ['an unknown position', { Title: '新菜单', Position: 'header' }, '菜单位置无效'],
    [
      'a javascript: link',
      { Title: '新菜单', Link: { Type: 'url', Target: 'javascript:alert(1)' } },
      '链接目标与链接类型不符',
    ],
    [
      'a link to a missing article',
      { Title: '新菜单', Link: { Type: 'help', Target: '999999' } },
      '链接的帮助文章（999999）不存在',
    ],
    ['a parent that does not exist', { Title: '新菜单', ParentId: 999_999 }, '上级菜单不存在'],
  ])('refuses %s with a Chinese message and stores nothing', async (_name, change, message) => {
    const before = (await entries(admin)).length;
    const reply = await save(admin, change);
    expect(reply.success).toBe(false);
    expect(reply.message).toContain(message);
    expect((await entries(admin)).length).toBe(before);
  });

  it('refuses a parent of another version', async () => {
    const v2 = (await entries(admin)).find((entry) => entry.Version === 2 && entry.ParentId === null)!;
    const reply = await save(admin, { Title: '跨版本', ParentId: v2.Id });
    expect(reply.message).toBe('上级菜单属于另一个界面版本，请选择同一版本的上级菜单');
  });

  it("keeps each merchant's menus its own, and is the administrator's alone", async () => {
    const entry = (await entries(admin))[0]!;
    expect((await maple.post('/api/staff/SaveMenuEntry', { ...entry, Title: '别家改的' })).apiCode).toBe(
      ApiCode.ContentNotFound,
    );
    expect(
      (await maple.post('/api/staff/DeleteMenuEntry', { Id: entry.Id, Revision: entry.Revision })).apiCode,
    ).toBe(ApiCode.ContentNotFound);
    const mapleTop = (await entries(maple)).find((candidate) => candidate.Version === 4)!;
    const underOurs = await maple.post('/api/staff/SaveMenuEntry', {
      ...mapleTop,
      Id: undefined,
      Revision: undefined,
      ParentId: entry.Id,
    });
    expect(underOurs.message).toContain('上级菜单不存在');
    const shipper = await admin.hire('shipper5', ['shipping']);
    for (const [url, body] of [
      ['/api/staff/QueryMenuEntries', {}],
      ['/api/staff/SaveMenuEntry', { ...entry, Title: '发货员改的' }],
      ['/api/staff/DeleteMenuEntry', { Id: entry.Id, Revision: entry.Revision }],
    ] as const) {
      expect((await shipper.post(url, body)).apiCode, url).toBe(ApiCode.StaffForbidden);
    }
    expect((await entries(admin))[0]).toEqual(entry);
  });
});
