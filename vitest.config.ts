import os from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Three suites:
 * - unit: pure packages and web components (fast, no I/O beyond memory);
 * - api: the server through real HTTP handling on a fresh database per file
 *   (SQLite by default, PostgreSQL when TEST_DB=postgres), as two projects: `api`, whose files
 *   share each worker's loaded modules (every file starts its own servers on its own database,
 *   so only the modules' code is shared; loading the server's modules again for each file cost
 *   more than half of the suite's time), and `api-own-process`, the files that check what the
 *   process itself has loaded and so need a process of their own; `--project 'api*'` runs both;
 *   each file's database starts as a copy of the demo data the run seeded once
 *   (apps/server/src/test/seeded-template.ts);
 * - e2e: real Chromium against the real built server.
 */

/** API test files that look at the whole process (its loaded modules), not only their servers. */
const OWN_PROCESS_API_FILES = ['apps/server/src/modules/uploads/analysis/file-analyser.test.ts'];
const API_TEST_SETTINGS: {
  environment: 'node';
  testTimeout: number;
  hookTimeout: number;
  globalSetup: string[];
} = {
  environment: 'node',
  testTimeout: 30_000,
  hookTimeout: 60_000,
  // The demo data seeded once for the run, each test file's database a copy of it.
  globalSetup: ['apps/server/src/test/seeded-template.setup.ts'],
};
export default defineConfig({
  test: {
    // One test file per core at a time. Vitest's own default is one fewer than the cores (the
    // main process's share), which on a two-core machine runs every file one after another with
    // the second core mostly idle.
    maxWorkers: os.availableParallelism(),
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'packages/*/src/**/*.test.ts',
            'apps/web/src/**/*.test.{ts,tsx}',
            'apps/web/build/**/*.test.ts',
          ],
          environment: 'node',
          // The first route test loads the app's lazy route modules, transforming them on demand:
          // about 4 s on a quiet machine, more while other suites run beside it.
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/server/src/**/*.test.ts'],
          exclude: OWN_PROCESS_API_FILES,
          isolate: false,
          ...API_TEST_SETTINGS,
        },
      },
      {
        test: {
          name: 'api-own-process',
          include: OWN_PROCESS_API_FILES,
          ...API_TEST_SETTINGS,
        },
      },
      {
        test: {
          name: 'e2e',
          // The files share each worker's loaded modules (Playwright's client, sharp, the support
          // code) and Chromium, as the API files share theirs: each file still starts its own server
          // and browser contexts (support/browser.ts). Loading the modules again for each file cost
          // about a minute of the suite's CPU (docs/performance.md).
          isolate: false,
          include: ['apps/web/e2e/**/*.e2e.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // The built server's first start seeds the demo data once for the run; each file's server
          // starts on a copy of it (e2e/support/seeded-database.setup.ts).
          globalSetup: ['apps/web/e2e/support/seeded-database.setup.ts'],
          // One file per core, as the other suites. The steps that timed out once with files side
          // by side (each after a click on a confirmation dialog's button or a Select's option) now
          // check that the click took and click again if it did not (support/ui.ts).
        },
      },
    ],
  },
});
