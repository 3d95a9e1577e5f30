import { parseSync, type Plugin } from 'vite';

/**
 * The web makes every call from its registry entry (`api.call(calls.X, body)`) but never
 * validates with the entry's `input` and `output` schemas: the server does. Left in, those
 * schemas tie the start chunk to every schema of every call it names, and with them to zod
 * (about 30 KB gzip of /login, docs/website.md "Performance"). This plugin removes the two
 * properties from each `defineContract({...})` of packages/contracts/src/registry, and the imports
 * that only they used, so a schema reaches the browser only with a page that uses it itself (the
 * profile editor's nickname check). ESLint forbids reading `.input`/`.output` in the web.
 */
export function dropCallSchemas(): Plugin {
  return {
    name: 'inkstone-drop-call-schemas',
    enforce: 'pre',
    transform(code, id) {
      if (!REGISTRY_FILE.test(id)) return null;
      return { code: withoutCallSchemas(code, parseSync(id, code, { lang: 'ts' }).program), map: null };
    },
  };
}

const REGISTRY_FILE = /packages\/contracts\/src\/registry\/[^/]+\.ts$/;
const SCHEMA_KEYS = new Set(['input', 'output']);

/** The parts of an ESTree node this file reads. */
interface AstNode {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

function isNode(value: unknown): value is AstNode {
  return typeof value === 'object' && value !== null && typeof (value as AstNode).type === 'string';
}

function children(node: AstNode): AstNode[] {
  const found: AstNode[] = [];
  for (const [key, value] of Object.entries(node)) {
    if (key === 'parent') continue;
    if (Array.isArray(value)) found.push(...value.filter(isNode));
    else if (isNode(value)) found.push(value);
  }
  return found;
}

function walk(node: AstNode, visit: (node: AstNode) => boolean | void): void {
  if (visit(node) === false) return;
  for (const child of children(node)) walk(child, visit);
}

function propertyName(property: AstNode): string | undefined {
  const key = property.key as AstNode | undefined;
  if (!key || property.computed) return undefined;
  if (key.type === 'Identifier') return key.name as string;
  if (key.type === 'Literal' && typeof key.value === 'string') return key.value;
  return undefined;
}

/**
 * `code` (one registry file, `program` its syntax tree) without the `input` and `output` of its
 * `defineContract` calls, and without the imported names nothing else uses any more.
 */
export function withoutCallSchemas(code: string, program: unknown): string {
  if (!isNode(program)) throw new Error('drop-call-schemas: the parser returned no program');
  const cuts: [number, number][] = [];
  walk(program, (node) => {
    if (node.type !== 'CallExpression') return;
    const callee = node.callee as AstNode;
    const [argument] = node.arguments as AstNode[];
    if (callee.type !== 'Identifier' || callee.name !== 'defineContract') return;
    if (argument?.type !== 'ObjectExpression') return;
    for (const property of argument.properties as AstNode[]) {
      const name = property.type === 'Property' ? propertyName(property) : undefined;
      if (!name || !SCHEMA_KEYS.has(name)) continue;
      let end = property.end;
      const comma = /^\s*,\s*/.exec(code.slice(end));
      if (comma) end += comma[0].length;
      cuts.push([property.start, end]);
    }
  });
  const isCut = (node: AstNode) => cuts.some(([start, end]) => node.start >= start && node.end <= end);

  // Names still read once the schemas are gone (identifiers outside imports and cut properties).
  const used = new Set<string>();
  walk(program, (node) => {
    if (node.type === 'ImportDeclaration' || isCut(node)) return false;
    if (node.type === 'Identifier') used.add(node.name as string);
  });
  const edits: { start: number; end: number; text: string }[] = cuts.map(([start, end]) => ({
    start,
    end,
    text: '',
  }));
  for (const declaration of program.body as AstNode[]) {
    if (declaration.type !== 'ImportDeclaration' || declaration.importKind === 'type') continue;
    const specifiers = declaration.specifiers as AstNode[];
    const kept = specifiers.filter((specifier) => used.has((specifier.local as AstNode).name as string));
    if (kept.length === specifiers.length) continue;
    const source = code.slice((declaration.source as AstNode).start, (declaration.source as AstNode).end);
    const textOf = (specifier: AstNode) => code.slice(specifier.start, specifier.end);
    const named = kept.filter((specifier) => specifier.type === 'ImportSpecifier').map(textOf);
    const clauses = kept.filter((specifier) => specifier.type !== 'ImportSpecifier').map(textOf);
    if (named.length > 0) clauses.push(`{ ${named.join(', ')} }`);
    const text = clauses.length === 0 ? '' : `import ${clauses.join(', ')} from ${source};`;
    edits.push({ start: declaration.start, end: declaration.end, text });
  }

  let result = code;
  for (const edit of edits.sort((a, b) => b.start - a.start)) {
    result = result.slice(0, edit.start) + edit.text + result.slice(edit.end);
  }
  return result;
}
