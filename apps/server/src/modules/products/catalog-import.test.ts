import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CATALOG_FILES, parseCatalog } from '@inkstone/domain';
import { merchantIdOf } from '../../test/customer-sessions.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { parseCatalogArgs, runCatalogExport, runCatalogImport } from './catalog-cli.ts';
import { readCatalogFile } from './catalog-file.ts';
import { demoCatalogText, exportCatalog, importCatalog } from './catalog-import.service.ts';

let server: TestServer;
let dir: string;
let demoId: number;
beforeAll(async () => {
  server = await startTestServer();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'inkstone-catalog-'));
  demoId = await merchantIdOf(server, 'demo');
});
afterAll(async () => {
  await server.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** The demo catalogue file of the repository, byte for byte. */
const repoDemoFile = fs.readFileSync(
  path.resolve(
    path.dirname(fileURLToPath(import.meta.url)),
    '../../../../../packages/domain/src/catalog/demo/demo.catalog.json',
  ),
  'utf8',
);

/** Every stored row, to prove a refused import changed nothing. */
async function storedCatalogs() {
  return server.context.db.selectFrom('catalogs').selectAll().orderBy('id').execute();
}

function writeFile(name: string, text: string): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, text);
  return file;
}

/** The demo file with one mistake made by `spoil`. */
function spoiledDemo(spoil: (catalog: any) => void): string {
  const catalog = structuredClone(DEMO_CATALOG_FILES.demo) as any;
  spoil(catalog);
  return JSON.stringify(catalog, null, 2);
}

describe('seeding', () => {
  it('gives an empty database both demo merchants their catalogues', async () => {
    const rows = await server.context.db
      .selectFrom('catalogs as c')
      .innerJoin('merchants as m', 'm.id', 'c.merchant_id')
      .select(['m.code', 'c.version', 'c.content'])
      .orderBy('m.code')
      .execute();
    expect(rows.map((row) => [row.code, row.version])).toEqual([
      ['demo', 1],
      ['maple', 1],
    ]);
    expect(rows[0]!.content).toBe(demoCatalogText('demo'));
    expect(parseCatalog(JSON.parse(rows[1]!.content)).ok).toBe(true);
  });
});

describe('a catalogue file with a mistake', () => {
  it('is refused with the JSON path of each bad field, and nothing changes', async () => {
    const before = await storedCatalogs();
    const text = spoiledDemo((catalog) => {
      catalog.Products[0].Technologies[1].ExcludeIds = ['nope'];
      catalog.Products[2].Quantity.Presets = [0];
    });
    const result = await importCatalog(server.context.db, { id: demoId, code: 'demo' }, text, 1);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.issues.map((issue) => issue.path).sort()).toEqual([
      '$.Products[0].Technologies[1].ExcludeIds[0]',
      '$.Products[2].Quantity.Presets[0]',
    ]);
    expect(result.issues.every((issue) => /[\u4e00-\u9fff]/.test(issue.message))).toBe(true);
    expect(await storedCatalogs()).toEqual(before);
  });

  it('is refused through the command-line function too', async () => {
    const before = await storedCatalogs();
    const file = writeFile(
      'bad.json',
      spoiledDemo((catalog) => {
        catalog.Products[3].Pages.CoverStyleIds = ['missing-paper'];
      }),
    );
    const result = await runCatalogImport(server.context.db, { tenant: 'demo', file }, 1);
    expect(result.ok).toBe(false);
    expect(result.lines[0]).toMatch(/未导入/);
    expect(result.lines.join('\n')).toContain('$.Products[3].Pages.CoverStyleIds[0]');
    expect(await storedCatalogs()).toEqual(before);
  });

  it('names the place of a JSON syntax error', () => {
    const result = readCatalogFile('{\n  "SchemaVersion": 1,\n  "Merchant": }\n', 'demo');
    expect(result).toMatchObject({ ok: false, issues: [{ path: '$' }] });
    if (!result.ok) expect(result.issues[0]!.message).toMatch(/^文件不是合法的 JSON：第 3 行/);
  });

  it("refuses another merchant's file", async () => {
    const before = await storedCatalogs();
    const file = writeFile('maple.json', demoCatalogText('maple'));
    const result = await runCatalogImport(server.context.db, { tenant: 'demo', file }, 1);
    expect(result.ok).toBe(false);
    expect(result.lines.join('\n')).toContain('$.Merchant.Code: 目录文件属于商家 maple，不能导入到商家 demo');
    expect(await storedCatalogs()).toEqual(before);
  });

  it('reports an unknown merchant and a missing file without touching the database', async () => {
    const before = await storedCatalogs();
    expect(
      await runCatalogImport(server.context.db, { tenant: 'nobody', file: writeFile('x.json', '{}') }, 1),
    ).toMatchObject({ ok: false, lines: ['商家 nobody 不存在或已停用'] });
    expect(
      await runCatalogImport(server.context.db, { tenant: 'demo', file: path.join(dir, 'absent.json') }, 1),
    ).toMatchObject({ ok: false });
    expect(await storedCatalogs()).toEqual(before);
  });
});

describe('import and export', () => {
  it('round-trips a file exactly and keeps every version', async () => {
    const file = writeFile('demo.catalog.json', repoDemoFile);
    const imported = await runCatalogImport(server.context.db, { tenant: 'demo', file }, 1_000);
    expect(imported).toMatchObject({ ok: true });
    expect(imported.lines[0]).toMatch(/版本 2（16 个分类、9 个商品）/);

    const exported = await runCatalogExport(server.context.db, { tenant: 'demo' });
    expect(exported).toMatchObject({ ok: true, output: repoDemoFile });

    const out = path.join(dir, 'exported.json');
    expect((await runCatalogExport(server.context.db, { tenant: 'demo', out })).ok).toBe(true);
    expect(fs.readFileSync(out, 'utf8')).toBe(repoDemoFile);

    const again = await runCatalogImport(server.context.db, { tenant: 'demo', file: out }, 2_000);
    expect(again.lines[0]).toMatch(/与当前版本 2 相同，未新增版本/);

    const first = await runCatalogExport(server.context.db, { tenant: 'demo', version: 1 });
    expect(first.output).toBe(demoCatalogText('demo'));
    expect((await exportCatalog(server.context.db, demoId))?.version).toBe(2);
    expect((await runCatalogExport(server.context.db, { tenant: 'demo', version: 9 })).ok).toBe(false);
  });

  it('accepts an editor $schema hint and a byte-order mark', async () => {
    const catalog = {
      $schema: 'https://demo.example.com/api/public/catalog-schema.json',
      ...(DEMO_CATALOG_FILES.demo as object),
    };
    const text = JSON.stringify(catalog);
    const result = await importCatalog(
      server.context.db,
      { id: demoId, code: 'demo' },
      `\uFEFF${text}`,
      3_000,
    );
    expect(result).toMatchObject({ ok: true, version: 3, isUnchanged: false });
    expect((await exportCatalog(server.context.db, demoId))?.content).toBe(text);
  });
});

describe('command-line arguments', () => {
  it('reads --tenant, --out, --version and one file', () => {
    expect(parseCatalogArgs(['--tenant', 'demo', 'a.json'])).toEqual({ tenant: 'demo', file: 'a.json' });
    expect(parseCatalogArgs(['--tenant=Demo', '--out', 'b.json', '--version', '2'])).toEqual({
      tenant: 'demo',
      out: 'b.json',
      version: 2,
    });
    expect(parseCatalogArgs(['a.json'])).toEqual({ error: '请用 --tenant 指定商家代码' });
    expect(parseCatalogArgs(['--tenant'])).toEqual({ error: '--tenant 缺少取值' });
    expect(parseCatalogArgs(['--tenant', 'demo', '--version', '0'])).toEqual({
      error: '--version 须为正整数',
    });
    expect(parseCatalogArgs(['--tenant', 'demo', '--force'])).toEqual({ error: '未知选项 --force' });
    expect(parseCatalogArgs(['--tenant', 'demo', 'a', 'b'])).toEqual({ error: '多余的参数：b' });
  });
});
