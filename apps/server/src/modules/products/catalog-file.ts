/**
 * Reading a merchant catalogue file (docs/catalog.md): JSON text → validated catalogue, or every
 * problem with the JSON path of the bad field. Pure; used by the import and by the cache.
 */
import { parseCatalog, type Catalog, type CatalogIssue } from '@inkstone/domain';

/** Largest catalogue file accepted, in bytes (the demo catalogues are about 30 KB). */
export const MAX_CATALOG_FILE_BYTES = 5 * 1024 * 1024;

/** A catalogue file read: its validated catalogue and the text to store, or its problems. */
export type CatalogFileResult =
  { ok: true; catalog: Catalog; content: string } | { ok: false; issues: CatalogIssue[] };

/** Line and column (from 1) of a character offset. */
function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  return { line, column: offset - before.lastIndexOf('\n') };
}

class JsonSyntaxAt {
  constructor(readonly offset: number) {}
}

const JSON_LITERAL = /^(?:-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null)/;

/**
 * Offset of the first JSON syntax error in `text` (which JSON.parse refused), or -1 when it cannot
 * be placed. Node 20's parser does not always say where the error is; a merchant editing a
 * 1,000-line file needs the line.
 */
function findJsonErrorOffset(text: string): number {
  let at = 0;
  const fail = (): never => {
    throw new JsonSyntaxAt(at);
  };
  const skipSpace = (): void => {
    while (at < text.length && ' \t\n\r'.includes(text[at] as string)) at += 1;
  };
  const readString = (): void => {
    at += 1;
    while (at < text.length) {
      const char = text[at] as string;
      if (char === '"') {
        at += 1;
        return;
      }
      if (char < ' ') fail();
      at += char === '\\' ? 2 : 1;
    }
    fail();
  };
  const readValue = (): void => {
    skipSpace();
    const char = text[at];
    if (char === '{' || char === '[') {
      const close = char === '{' ? '}' : ']';
      at += 1;
      skipSpace();
      if (text[at] === close) {
        at += 1;
        return;
      }
      for (;;) {
        if (char === '{') {
          skipSpace();
          if (text[at] !== '"') fail();
          readString();
          skipSpace();
          if (text[at] !== ':') fail();
          at += 1;
        }
        readValue();
        skipSpace();
        if (text[at] === ',') at += 1;
        else if (text[at] === close) {
          at += 1;
          return;
        } else fail();
      }
    }
    if (char === '"') return readString();
    const literal = JSON_LITERAL.exec(text.slice(at, at + 400));
    if (!literal) fail();
    at += (literal as RegExpExecArray)[0].length;
  };
  try {
    readValue();
    skipSpace();
    return at < text.length ? at : -1;
  } catch (error) {
    return error instanceof JsonSyntaxAt ? error.offset : -1;
  }
}

/** The Chinese message of a JSON syntax error, with the line and column when they can be found. */
function describeSyntaxError(text: string, error: unknown): string {
  const message = error instanceof Error ? error.message : '';
  const position = /position (\d+)/.exec(message);
  const offset = position ? Number(position[1]) : findJsonErrorOffset(text);
  if (offset < 0) return '文件不是合法的 JSON：内容不完整或有语法错误';
  const { line, column } = lineAndColumn(text, offset);
  return `文件不是合法的 JSON：第 ${line} 行第 ${column} 列附近有语法错误`;
}

/**
 * Reads a catalogue file's text. A leading byte-order mark is dropped; a top-level `$schema`
 * string (an editor hint) is allowed and kept in the stored text. When `merchantCode` is given,
 * the file must name that merchant in `Merchant.Code`, so one merchant's file cannot be
 * imported into another by mistake.
 */
export function readCatalogFile(text: string, merchantCode?: string): CatalogFileResult {
  const content = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  if (Buffer.byteLength(content, 'utf8') > MAX_CATALOG_FILE_BYTES) {
    return {
      ok: false,
      issues: [{ path: '$', message: `文件超过 ${MAX_CATALOG_FILE_BYTES / 1024 / 1024} MB，请精简后再导入` }],
    };
  }
  let json: unknown;
  try {
    json = JSON.parse(content);
  } catch (error) {
    return { ok: false, issues: [{ path: '$', message: describeSyntaxError(content, error) }] };
  }
  if (json !== null && typeof json === 'object' && !Array.isArray(json) && '$schema' in json) {
    const { $schema: hint, ...rest } = json as Record<string, unknown>;
    if (typeof hint === 'string') json = rest;
  }
  const parsed = parseCatalog(json);
  if (!parsed.ok) return parsed;
  if (merchantCode !== undefined && parsed.catalog.Merchant.Code !== merchantCode) {
    return {
      ok: false,
      issues: [
        {
          path: '$.Merchant.Code',
          message: `目录文件属于商家 ${parsed.catalog.Merchant.Code}，不能导入到商家 ${merchantCode}`,
        },
      ],
    };
  }
  return { ok: true, catalog: parsed.catalog, content };
}

/** One line per problem, `JSONPath: message`, for the command line and logs. */
export function formatCatalogIssues(issues: readonly CatalogIssue[]): string[] {
  return issues.map((issue) => `${issue.path}: ${issue.message}`);
}
