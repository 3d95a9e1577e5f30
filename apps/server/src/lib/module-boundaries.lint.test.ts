import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { afterAll, describe, expect, it } from 'vitest';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const eslint = new ESLint({ cwd: repoRoot });

/** The rule ids that fire on `code` as if it were the file `file` of the repository. */
async function problems(code: string, file: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(repoRoot, file) });
  return result!.messages.map((m) => `${m.ruleId}: ${m.message}`);
}

describe('the lint rules that keep server modules apart', () => {
  it('refuses a module reaching into another module’s repository, mapper or service', async () => {
    for (const target of ['orders.repository.ts', 'orders.service.ts', 'orders.mapper.ts']) {
      const code = `import { x } from '../orders/${target}';\nexport const y = x;\n`;
      const found = await problems(code, 'apps/server/src/modules/payments/probe.ts');
      expect(found.join('\n'), target).toMatch(/no-restricted-imports: .*only through its index\.ts/);
    }
  });

  it('lets a module use another through its index.ts, and its own files freely', async () => {
    const code =
      "import { OrderStatus } from '../orders/index.ts';\nimport { x } from './payments.repository.ts';\n" +
      'export const y = [OrderStatus, x];\n';
    const found = await problems(code, 'apps/server/src/modules/payments/probe.ts');
    expect(found.filter((p) => p.startsWith('no-restricted-imports'))).toEqual([]);
  });

  it('refuses the composition root and plugins reaching past a module’s index.ts', async () => {
    const root = "import { x } from './modules/orders/orders.service.ts';\nexport const y = x;\n";
    expect((await problems(root, 'apps/server/src/probe.ts')).join('\n')).toMatch(/index\.ts/);
    const plugin = "import { x } from '../modules/orders/orders.service.ts';\nexport const y = x;\n";
    expect((await problems(plugin, 'apps/server/src/plugins/probe.ts')).join('\n')).toMatch(/index\.ts/);
  });

  it('refuses a front door that exports its repository or mapper', async () => {
    for (const source of ['./orders.repository.ts', './orders.mapper.ts']) {
      const code = `export { findOrder } from '${source}';\nexport * from '${source}';\n`;
      const found = await problems(code, 'apps/server/src/modules/orders/index.ts');
      expect(
        found.filter((p) => p.includes('does not export its repository or mapper')),
        source,
      ).toHaveLength(2);
    }
    const service = "export { OrdersService } from './orders.service.ts';\n";
    expect(await problems(service, 'apps/server/src/modules/orders/index.ts')).toEqual([]);
  });

  describe('import cycles', () => {
    const dir = path.join(repoRoot, 'apps/server/src/modules/lint-cycle-probe');
    afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

    it('refuses two files that import each other', async () => {
      fs.mkdirSync(dir, { recursive: true });
      fs.writeFileSync(path.join(dir, 'a.ts'), "import { b } from './b.ts';\nexport const a = () => b;\n");
      fs.writeFileSync(path.join(dir, 'b.ts'), "import { a } from './a.ts';\nexport const b = () => a;\n");
      const [result] = await eslint.lintFiles([path.join(dir, 'a.ts')]);
      expect(result!.messages.map((m) => m.ruleId)).toContain('import-x/no-cycle');
    });
  });
});
