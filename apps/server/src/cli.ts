import { loadConfig } from './config.ts';
import { createDatabase, migrateToLatest, type Db } from './db/database.ts';
import { seedDemo } from './db/seed.ts';
import { systemClock } from './lib/clock.ts';
import { merchantByCode, saveSiteSettings, siteSettings } from './modules/merchants/index.ts';
import { listOutbox } from './modules/sms/index.ts';
import {
  parseCatalogArgs,
  runCatalogExport,
  runCatalogImport,
  type CatalogCliResult,
} from './modules/products/index.ts';

/** Prints a catalogue command's report; a failure sets exit code 1. */
function reportCatalogCommand(result: CatalogCliResult): void {
  for (const line of result.lines) (result.ok ? console.log : console.error)(line);
  if (result.output !== undefined) process.stdout.write(result.output);
  if (!result.ok) process.exitCode = 1;
}

/**
 * Switches merchant `code` to interface version `value` (1–4) through the same save as the
 * console's site settings. A running server serves it within its merchant cache's 30 s.
 */
async function setInterfaceVersion(db: Db, code: string, value: string): Promise<string> {
  const merchant = await merchantByCode(db, code);
  const version = Number(value);
  if (!merchant || !Number.isInteger(version) || version < 1 || version > 4) {
    process.exitCode = 2;
    return 'usage: site-version <merchant code> <1-4>';
  }
  const current = await siteSettings(db, merchant.id);
  const noCache = {
    resolve: () => Promise.resolve({ mismatch: false }),
    resolveCached: () => undefined,
    clear: () => undefined,
  };
  await saveSiteSettings(db, noCache, merchant.id, { ...current, InterfaceVersion: version });
  return `${code}: interface version ${version}`;
}

/**
 * `migrate`, `seed`, `sms-outbox`, `catalog-import`, `catalog-export` and `site-version`: the chores
 * behind the root npm scripts.
 */
async function main(command: string | undefined): Promise<void> {
  const config = loadConfig();
  const db = createDatabase({ url: config.DATABASE_URL, file: config.DATABASE_FILE });
  try {
    switch (command) {
      case 'migrate': {
        const applied = await migrateToLatest(db);
        console.log(applied.length ? `applied: ${applied.join(', ')}` : 'database is up to date');
        break;
      }
      case 'seed': {
        await migrateToLatest(db);
        const created = await seedDemo(db, systemClock.now());
        console.log(
          created.length ? `seeded merchants: ${created.join(', ')}` : 'demo merchants already present',
        );
        break;
      }
      case 'sms-outbox': {
        await migrateToLatest(db);
        const rows = await listOutbox(db, 20);
        if (rows.length === 0) console.log('短信发件箱为空 (the SMS outbox is empty)');
        for (const row of rows) {
          console.log(
            `${new Date(row.created_at).toISOString()}  [${row.code}]  ${row.mobile_no}  ${row.content}`,
          );
        }
        break;
      }
      case 'catalog-import':
      case 'catalog-export': {
        const args = parseCatalogArgs(process.argv.slice(3));
        if ('error' in args) {
          console.error(args.error);
          process.exitCode = 2;
          break;
        }
        await migrateToLatest(db);
        reportCatalogCommand(
          command === 'catalog-import'
            ? await runCatalogImport(db, args, systemClock.now())
            : await runCatalogExport(db, args),
        );
        break;
      }
      case 'site-version': {
        await migrateToLatest(db);
        console.log(await setInterfaceVersion(db, process.argv[3] ?? '', process.argv[4] ?? ''));
        break;
      }
      default:
        console.error(
          'usage: cli.js migrate | seed | sms-outbox | catalog-import | catalog-export | site-version <code> <1-4>',
        );
        process.exitCode = 2;
    }
  } finally {
    await db.destroy();
  }
}

main(process.argv[2]).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
