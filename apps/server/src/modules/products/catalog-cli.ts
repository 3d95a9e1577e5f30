/**
 * `npm run catalog:import -- --tenant demo FILE` and `npm run catalog:export -- --tenant demo
 * [--out FILE] [--version N]` (docs/catalog.md). The functions return their report as lines and a
 * success flag, so tests drive them without a process; cli.ts prints and sets the exit code.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Db } from '../../db/database.ts';
import { merchantByCode } from '../merchants/index.ts';
import { formatCatalogIssues } from './catalog-file.ts';
import { exportCatalog, importCatalog } from './catalog-import.service.ts';

/** The arguments after the command name. */
export interface CatalogCliArgs {
  tenant: string;
  /** import: the file to read; export: unused (see `out`). */
  file?: string;
  /** export: where to write; standard output when absent. */
  out?: string;
  /** export: which version; the current one when absent. */
  version?: number;
}

/** Outcome of a catalogue command: what to print, and whether it succeeded. */
export interface CatalogCliResult {
  ok: boolean;
  lines: string[];
  /** export without --out: the file text for standard output. */
  output?: string;
}

const USAGE = [
  'usage: cli.js catalog-import --tenant CODE FILE',
  '       cli.js catalog-export --tenant CODE [--out FILE] [--version N]',
];

/** Parses `--tenant CODE`, `--out FILE`, `--version N` (also `--name=value`) and one positional FILE. */
export function parseCatalogArgs(argv: readonly string[]): CatalogCliArgs | { error: string } {
  const options = new Map<string, string>();
  const positional: string[] = [];
  for (let index = 0; index < argv.length; index += 1) {
    const arg = argv[index] as string;
    const match = /^--(tenant|out|version)(?:=(.*))?$/.exec(arg);
    if (match) {
      const value = match[2] ?? argv[(index += 1)];
      if (value === undefined || value === '') return { error: `--${match[1]} 缺少取值` };
      options.set(match[1] as string, value);
    } else if (arg.startsWith('--')) {
      return { error: `未知选项 ${arg}` };
    } else {
      positional.push(arg);
    }
  }
  const tenant = options.get('tenant');
  if (!tenant) return { error: '请用 --tenant 指定商家代码' };
  if (positional.length > 1) return { error: `多余的参数：${positional.slice(1).join(' ')}` };
  const versionText = options.get('version');
  const version = versionText === undefined ? undefined : Number(versionText);
  if (version !== undefined && (!Number.isInteger(version) || version < 1)) {
    return { error: '--version 须为正整数' };
  }
  return {
    tenant: tenant.toLowerCase(),
    ...(positional[0] === undefined ? {} : { file: positional[0] }),
    ...(options.has('out') ? { out: options.get('out') } : {}),
    ...(version === undefined ? {} : { version }),
  };
}

/** Imports a catalogue file for a merchant; a bad file changes nothing and every problem is listed. */
export async function runCatalogImport(db: Db, args: CatalogCliArgs, now: number): Promise<CatalogCliResult> {
  if (!args.file) return { ok: false, lines: ['请指定目录文件', ...USAGE] };
  const merchant = await merchantByCode(db, args.tenant);
  if (!merchant) return { ok: false, lines: [`商家 ${args.tenant} 不存在或已停用`] };
  let text: string;
  try {
    text = fs.readFileSync(path.resolve(args.file), 'utf8');
  } catch {
    return { ok: false, lines: [`无法读取文件 ${args.file}`] };
  }
  const result = await importCatalog(db, { id: merchant.id, code: merchant.code }, text, now);
  if (!result.ok) {
    return {
      ok: false,
      lines: [
        `目录文件有 ${result.issues.length} 处错误，未导入，商家 ${merchant.code} 的目录保持不变：`,
        ...formatCatalogIssues(result.issues).map((line) => `  ${line}`),
      ],
    };
  }
  const counts = `${result.categoryCount} 个分类、${result.productCount} 个商品`;
  return {
    ok: true,
    lines: [
      result.isUnchanged
        ? `与当前版本 ${result.version} 相同，未新增版本（${counts}）`
        : `已导入商家 ${merchant.code} 的目录，版本 ${result.version}（${counts}）`,
    ],
  };
}

/** Writes a merchant's stored catalogue file (current or given version) exactly as imported. */
export async function runCatalogExport(db: Db, args: CatalogCliArgs): Promise<CatalogCliResult> {
  const merchant = await merchantByCode(db, args.tenant);
  if (!merchant) return { ok: false, lines: [`商家 ${args.tenant} 不存在或已停用`] };
  const row = await exportCatalog(db, merchant.id, args.version);
  if (!row) {
    return {
      ok: false,
      lines: [
        args.version === undefined
          ? `商家 ${merchant.code} 还没有导入目录`
          : `商家 ${merchant.code} 没有版本 ${args.version} 的目录`,
      ],
    };
  }
  if (args.out === undefined) return { ok: true, lines: [], output: row.content };
  fs.writeFileSync(path.resolve(args.out), row.content);
  return { ok: true, lines: [`已导出商家 ${merchant.code} 的目录版本 ${row.version} 到 ${args.out}`] };
}
