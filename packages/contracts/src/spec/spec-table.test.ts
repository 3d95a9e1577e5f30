import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ApiCode } from '../api-codes.ts';
import { renderSpecCoverageDoc } from './spec-coverage-doc.ts';
import {
  PLACEHOLDER_TEXTS,
  SPEC_CALLS,
  SPEC_CALL_SECTIONS,
  SPEC_ROUTES,
  callKey,
  type SampleContext,
} from './spec-table.ts';

const docPath = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../docs/spec-coverage.md',
);

const CONTEXT: SampleContext = {
  appId: 'app',
  appSecret: 'secret',
  account: '13700000000',
  password: 'Print2026',
  helpArticleId: 1,
  productId: 1,
};

/** The value at a dotted path of an object, or undefined. */
function valueAt(object: unknown, dotted: string): unknown {
  return dotted
    .split('.')
    .reduce<unknown>(
      (value, key) =>
        value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined,
      object,
    );
}

describe('the spec-conformance table', () => {
  it('matches docs/spec-coverage.md (npm run docs:spec-coverage)', () => {
    expect(fs.readFileSync(docPath, 'utf8')).toBe(renderSpecCoverageDoc());
  });

  it('has one row per call of spec §7, in its sections', () => {
    const keys = SPEC_CALLS.map(callKey);
    expect(new Set(keys).size).toBe(keys.length);
    for (const row of SPEC_CALLS) {
      expect(SPEC_CALL_SECTIONS).toContain(row.section);
      expect(row.path, row.path).toMatch(/^\/api\//);
    }
  });

  it('gives every implemented call a sample in the spec’s field names, and no other row one', () => {
    for (const row of SPEC_CALLS) {
      const name = callKey(row);
      if (row.state.kind !== 'implemented') {
        expect(row.sample, name).toBeUndefined();
        expect(row.state.plannedIn, name).not.toBe('');
        continue;
      }
      expect(row.sample, name).toBeDefined();
      const sample = row.sample!;
      expect(Object.keys(ApiCode), name).toContain(sample.answers);
      const input = typeof sample.input === 'function' ? sample.input(CONTEXT) : sample.input;
      for (const field of row.fields) expect(valueAt(input, field), `${name}: ${field}`).toBeDefined();
      expect(Boolean(sample.file), name).toBe(Boolean(row.multipart));
    }
  });

  it('has one row per route of spec §2 and version, each guarded as spec §2 says', () => {
    const keys = SPEC_ROUTES.map((row) => `${row.version} ${row.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const row of SPEC_ROUTES) {
      expect(row.path).toMatch(/^\//);
      if (row.redirectsTo) expect(row.guard, row.path).toBe('public');
      if (row.state.kind === 'partial') expect(PLACEHOLDER_TEXTS).toContain(row.state.placeholder);
    }
    // Every version has routes; the protected ones of spec §2 are the quotation and account pages.
    for (const version of [1, 2, 3, 4] as const) {
      const rows = SPEC_ROUTES.filter((row) => row.version === version);
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) {
        const isProtected =
          row.path === '/index' || /^\/(proinfo|quotationCenter|user|batch-upload)\b/.test(row.path);
        expect(row.guard, row.path).toBe(isProtected ? 'login' : 'public');
      }
    }
  });
});
