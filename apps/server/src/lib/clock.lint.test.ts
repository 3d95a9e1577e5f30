import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const eslint = new ESLint({ cwd: repoRoot });

/** The messages of the clock rule for `code` as if it were the file `file` of the repository. */
async function clockProblems(code: string, file: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(repoRoot, file) });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.message);
}

describe('the lint rule that keeps the real clock out of production code', () => {
  it.each([
    ['Date.now()', 'export const t = Date.now();\n'],
    ['new Date() without arguments', 'export const t = new Date();\n'],
    ['Date() called as a function', 'export const t = Date();\n'],
    ['performance.now()', 'export const t = performance.now();\n'],
  ])('refuses %s in a server module and in the domain package', async (_name, code) => {
    for (const file of ['apps/server/src/modules/orders/new-file.ts', 'packages/domain/src/new-file.ts']) {
      expect(await clockProblems(code, file), file).toEqual([
        'read the time from the injected Clock (lib/clock.ts), not the real clock',
      ]);
    }
  });

  it('allows dates made from a given time, the clock module itself, tests and benchmarks', async () => {
    const fromTime = 'export const d = (now: number) => new Date(now).toISOString();\n';
    expect(await clockProblems(fromTime, 'apps/server/src/modules/orders/new-file.ts')).toEqual([]);
    const reads = 'export const t = Date.now();\n';
    for (const file of [
      'apps/server/src/lib/clock.ts',
      'apps/server/src/modules/orders/new-file.test.ts',
      'apps/server/src/bench-new.ts',
    ]) {
      expect(await clockProblems(reads, file), file).toEqual([]);
    }
  });
});
