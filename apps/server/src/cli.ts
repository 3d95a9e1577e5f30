import { loadConfig } from './config.ts';
import { createDatabase, migrateToLatest } from './db/database.ts';
import { seedDemo } from './db/seed.ts';
import { listOutbox } from './modules/sms/sms-provider.ts';

/** `migrate`, `seed` and `sms-outbox`: the database chores behind the root npm scripts. */
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
        const created = await seedDemo(db);
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
      default:
        console.error('usage: cli.js migrate | seed | sms-outbox');
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
