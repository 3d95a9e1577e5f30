// Writes README.md's configuration table from apps/server/src/config.ts: every variable, its
// default and the comment above it. A test fails when the README is out of step.
import fs from 'node:fs';
import { configSchema, loadConfig } from '../apps/server/src/config.ts';

const source = fs.readFileSync(new URL('../apps/server/src/config.ts', import.meta.url), 'utf8');
const defaults = loadConfig({}) as Record<string, unknown>;

function describe(name: string): string {
  const index = source.indexOf(`\n  ${name}: `);
  const before = source.slice(0, index).trimEnd();
  if (!before.endsWith('*/')) return '';
  return before
    .slice(before.lastIndexOf('/**') + 3, -2)
    .replace(/\s*\n\s*\*\s*/g, ' ')
    .trim();
}

const rows = Object.keys(configSchema.shape).map((name) => {
  const value = defaults[name];
  const shown = value === '' ? '(empty)' : String(value);
  return `| \`${name}\` | \`${shown}\` | ${describe(name).replace(/\|/g, '\\|')} |`;
});

const readmeUrl = new URL('../README.md', import.meta.url);
const readme = fs.readFileSync(readmeUrl, 'utf8');
const start = '<!-- config:start -->';
const end = '<!-- config:end -->';
const table = ['| variable | default | meaning |', '|---|---|---|', ...rows].join('\n');
const updated = readme.replace(new RegExp(`${start}[\\s\\S]*${end}`), `${start}\n${table}\n${end}`);
fs.writeFileSync(readmeUrl, updated);
console.log(`README.md: ${rows.length} settings`);
