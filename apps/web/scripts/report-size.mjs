// Prints the gzip size of the JavaScript a visitor downloads to see /login: the entry, its static
// imports, and the lazy chunks of the /login route (the login shell layout and the login page)
// with their static imports. Reads dist/.vite/manifest.json written by `vite build`.
// Exits non-zero when the total is over budget, so a build that bloats the first page fails.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const BUDGET_BYTES = 300 * 1024;
/** The modules React Router loads lazily for /login (see src/app/routes/v1-routes.ts). */
const LOGIN_ROUTE_MODULES = ['src/app/layouts/auth-layout.tsx', 'src/features/auth/pages/login-page.tsx'];

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');
const manifestPath = path.join(dist, '.vite/manifest.json');
if (!fs.existsSync(manifestPath)) {
  console.error('dist/.vite/manifest.json is missing: run `vite build` first (build.manifest is on).');
  process.exit(1);
}
const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8'));

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
if (!entryKey) {
  console.error('No entry chunk in the manifest.');
  process.exit(1);
}
for (const key of LOGIN_ROUTE_MODULES) {
  if (!manifest[key]) {
    console.error(`The manifest has no chunk for ${key}; update LOGIN_ROUTE_MODULES.`);
    process.exit(1);
  }
}

/** Every chunk `key` needs before it runs: itself and its static imports, recursively. */
function collect(key, seen) {
  if (seen.has(key)) return;
  seen.add(key);
  for (const imported of manifest[key].imports ?? []) collect(imported, seen);
}

const chunks = new Set();
for (const key of [entryKey, ...LOGIN_ROUTE_MODULES]) collect(key, chunks);

const rows = [...chunks]
  .map((key) => {
    const file = manifest[key].file;
    const bytes = fs.readFileSync(path.join(dist, file));
    return { file, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
  })
  .filter((row) => row.file.endsWith('.js'))
  .sort((a, b) => b.gzip - a.gzip);

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const totalGzip = rows.reduce((sum, row) => sum + row.gzip, 0);
const totalRaw = rows.reduce((sum, row) => sum + row.raw, 0);

console.log("\nJavaScript loaded by /login (entry + static imports + the route's lazy chunks):");
for (const row of rows)
  console.log(`  ${row.file.padEnd(48)} ${kb(row.raw).padStart(10)}  gzip ${kb(row.gzip).padStart(9)}`);
console.log(`  ${'total'.padEnd(48)} ${kb(totalRaw).padStart(10)}  gzip ${kb(totalGzip).padStart(9)}`);
const verdict = totalGzip <= BUDGET_BYTES ? 'within' : 'OVER';
console.log(`/login JS gzip: ${kb(totalGzip)} of a ${kb(BUDGET_BYTES)} budget (${verdict} budget)\n`);
if (totalGzip > BUDGET_BYTES) process.exit(1);
