import fs from 'node:fs';
import path from 'node:path';
import { parseSync } from 'vite';
import { describe, expect, it } from 'vitest';
import { withoutCallSchemas } from './drop-call-schemas.ts';

const strip = (code: string) =>
  withoutCallSchemas(code, parseSync('registry.ts', code, { lang: 'ts' }).program);

describe('withoutCallSchemas', () => {
  it('drops the input and output of each entry and the imports only they used', () => {
    const code = [
      "import { z } from 'zod';",
      "import { defineContract, emptyInputSchema } from '../call-contract.ts';",
      "import { bodySchema, replySchema, LIMIT } from '../calls/orders.ts';",
      '',
      'export const ordersCalls = {',
      '  QueryOrders: defineContract({',
      "    method: 'POST',",
      "    summary: '订单查询（分页）',",
      '    input: bodySchema,',
      '    output: z.object({ Total: z.number().max(LIMIT) }),',
      "    path: '/api/order/QueryOrders',",
      '  }),',
      '  Cancel: defineContract({ input: emptyInputSchema, output: replySchema, rateLimit: { max: LIMIT } }),',
      '};',
    ].join('\n');
    const stripped = strip(code);
    expect(stripped).not.toMatch(/\binput:|\boutput:|zod|Schema/);
    expect(stripped).toContain("import { defineContract } from '../call-contract.ts';");
    expect(stripped).toContain("import { LIMIT } from '../calls/orders.ts';");
    expect(stripped).toContain("summary: '订单查询（分页）',");
    expect(stripped).toContain("path: '/api/order/QueryOrders',");
    expect(stripped).toContain('Cancel: defineContract({ rateLimit: { max: LIMIT } }),');
  });

  it('leaves every registry file valid, with its paths and without its schemas', () => {
    const registry = path.resolve(import.meta.dirname, '../../../packages/contracts/src/registry');
    for (const file of fs.readdirSync(registry).filter((name) => /^[a-z-]+\.ts$/.test(name))) {
      const code = fs.readFileSync(path.join(registry, file), 'utf8');
      const stripped = strip(code);
      expect(parseSync(file, stripped, { lang: 'ts' }).errors, file).toEqual([]);
      expect(stripped.match(/path: '/g)?.length ?? 0, file).toBe(code.match(/path: '/g)?.length ?? 0);
      expect(stripped, file).not.toMatch(/^\s*(?:input|output):/m);
    }
  });
});
