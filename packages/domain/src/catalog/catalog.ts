/**
 * The validated catalogue: schema with cross-reference checks, parsing with JSON paths in
 * errors, and the JSON Schema for catalogue authors.
 */
import { z } from 'zod';
import { catalogShapeSchema, type Catalog } from './catalog.schema.ts';
import { checkCatalogReferences } from './catalog-refine.ts';

/** Full catalogue schema: field shapes plus cross-reference checks (ids, references, tree). */
export const catalogSchema = catalogShapeSchema
  .superRefine((catalog, ctx) => {
    checkCatalogReferences(catalog, (path, message) => ctx.addIssue({ code: 'custom', path, message }));
  })
  .meta({
    title: '印刷商家商品目录',
    description: '一个商家一份：分类、纸张、印张、商品、计价规则与生产日历',
  });

/** One problem found in a catalogue file: JSON path of the bad field and a Chinese message. */
export interface CatalogIssue {
  /** JSONPath of the field, e.g. `$.Products[0].Technologies[2].ExcludeIds[0]`. */
  path: string;
  message: string;
}

/** Result of `parseCatalog`: the catalogue with defaults applied, or every problem found. */
export type ParseCatalogResult = { ok: true; catalog: Catalog } | { ok: false; issues: CatalogIssue[] };

/** JSONPath (`$.A[0].B`) of a zod issue path. */
export function formatJsonPath(path: readonly PropertyKey[]): string {
  let text = '$';
  for (const key of path) {
    if (typeof key === 'number') text += `[${key}]`;
    else if (typeof key === 'string' && /^[A-Za-z_$][\w$]*$/.test(key)) text += `.${key}`;
    else text += `[${JSON.stringify(String(key))}]`;
  }
  return text;
}

const chineseErrors = z.locales.zhCN().localeError;

/**
 * Validates a catalogue file's parsed JSON. Never throws for bad input: problems come back as
 * values, each with the JSON path of the bad field and a Chinese message.
 */
export function parseCatalog(input: unknown): ParseCatalogResult {
  const result = catalogSchema.safeParse(input, { error: chineseErrors });
  if (result.success) return { ok: true, catalog: result.data };
  return {
    ok: false,
    issues: result.error.issues.map((issue) => ({
      path: formatJsonPath(issue.path),
      message: issue.message,
    })),
  };
}

/**
 * JSON Schema (draft 2020-12) of a catalogue file as authors write it (fields with defaults are
 * optional). Cross-reference rules are not expressible there; `parseCatalog` checks them.
 */
export function catalogJsonSchema(): Record<string, unknown> {
  return z.toJSONSchema(catalogSchema, { io: 'input' }) as Record<string, unknown>;
}
