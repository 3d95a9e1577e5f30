import { defineConfig } from 'vitest/config';

/**
 * Three suites:
 * - unit: pure packages and web components (fast, no I/O beyond memory);
 * - api: the server through real HTTP handling on a fresh database per file
 *   (SQLite by default, PostgreSQL when TEST_DB=postgres);
 * - e2e: real Chromium against the real built server.
 */
export default defineConfig({
  test: {
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
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['apps/web/e2e/**/*.e2e.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
