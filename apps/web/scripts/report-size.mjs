// Prints the gzip size of the JavaScript a visitor downloads to see a first page, and fails the
// build when one is over its budget:
// - /login: the entry, its static imports, and the lazy chunks of the route (the login shell layout
//   and the login page) with their static imports;
// - the home page of every version (/home, /index-v2, /index-v3, /index-v4: one public layout and
//   one page, drawn per version): the entry and the lazy chunks of that route, likewise;
// - version 2's home page with the login card it loads right after its first render (React.lazy):
//   all the JavaScript a signed-out visitor of /index-v2 downloads;
// - the merchant console (a build of its own in dist/console, vite.console.config.ts): its sign-in
//   page, its 工作台 (the first page after sign-in), its orders page and its 商品与价格 page, each the console's entry
//   and the page's lazy chunk, likewise.
// Other chunks a page loads later itself (a signed-in customer's account menu, the 短信登录 fields,
// the register form) are not counted. Reads dist/.vite/manifest.json written by `vite build`;
// `routeScripts` is also used by bench/home.ts.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

/** The first pages and the modules React Router loads lazily for them (src/app/routes/*-routes.ts). */
export const FIRST_PAGES = [
  {
    name: '/login',
    // 189 KB when set: the start chunk (175 KB) and the login page's own 11 KB, with a little room.
    budgetBytes: 189 * 1024,
    modules: ['src/app/layouts/auth-layout.tsx', 'src/features/auth/pages/login-page.tsx'],
  },
  {
    name: 'home (v1–v4)',
    budgetBytes: 250 * 1024,
    modules: ['src/app/layouts/public-layout.tsx', 'src/app/pages/site-home-page.tsx'],
  },
  {
    name: 'v2 home with its login card',
    budgetBytes: 250 * 1024,
    modules: [
      'src/app/layouts/public-layout.tsx',
      'src/app/pages/site-home-page.tsx',
      'src/features/auth/components/auth-panel.tsx',
    ],
  },
];

export const DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');

/** The console's build (docs/console.md) and its first pages; it shares no chunk with the site. */
export const CONSOLE_DIST = path.join(DIST, 'console');
export const CONSOLE_PAGES = [
  {
    name: '/console/login',
    budgetBytes: 600 * 1024,
    modules: ['src/console/pages/sign-in-page.tsx'],
  },
  {
    name: '/console/dashboard',
    budgetBytes: 600 * 1024,
    modules: ['src/console/sections/dashboard/dashboard-page.tsx'],
  },
  {
    name: '/console/orders',
    budgetBytes: 600 * 1024,
    modules: ['src/console/sections/orders/orders-page.tsx'],
  },
  {
    name: '/console/catalog',
    budgetBytes: 600 * 1024,
    modules: ['src/console/sections/catalog/catalog-page.tsx'],
  },
  {
    name: '/console/site',
    budgetBytes: 600 * 1024,
    modules: ['src/console/sections/site/site-page.tsx'],
  },
  {
    name: '/console/site/help',
    budgetBytes: 600 * 1024,
    modules: [
      'src/console/sections/site/site-page.tsx',
      'src/console/sections/site/help/help-centre-tab.tsx',
    ],
  },
  {
    // An article opened in 帮助中心: wangEditor comes in its own chunk, only then.
    name: '/console/site/help?article=… (with the rich-text editor)',
    budgetBytes: 800 * 1024,
    modules: [
      'src/console/sections/site/site-page.tsx',
      'src/console/sections/site/help/help-centre-tab.tsx',
      'src/console/components/rich-text-editor.tsx',
    ],
  },
];

export function readManifest(dist = DIST) {
  const manifestPath = path.join(dist, '.vite/manifest.json');
  if (!fs.existsSync(manifestPath)) {
    throw new Error('dist/.vite/manifest.json is missing: run `vite build` first (build.manifest is on).');
  }
  return JSON.parse(fs.readFileSync(manifestPath, 'utf8'));
}

/**
 * The JavaScript files a route needs before it renders: the entry and `modules`, each with its
 * static imports, recursively; each with its raw and gzip (level 9) size, largest first.
 */
export function routeScripts(modules, dist = DIST, manifest = readManifest(dist)) {
  const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
  if (!entryKey) throw new Error('No entry chunk in the manifest.');
  for (const key of modules) {
    if (!manifest[key]) throw new Error(`The manifest has no chunk for ${key}; update FIRST_PAGES.`);
  }
  const chunks = new Set();
  const collect = (key) => {
    if (chunks.has(key)) return;
    chunks.add(key);
    for (const imported of manifest[key].imports ?? []) collect(imported);
  };
  for (const key of [entryKey, ...modules]) collect(key);
  return [...chunks]
    .map((key) => {
      const file = manifest[key].file;
      const bytes = fs.readFileSync(path.join(dist, file));
      return { file, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
    })
    .filter((row) => row.file.endsWith('.js'))
    .sort((a, b) => b.gzip - a.gzip);
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

/** Prints each page's scripts and total; true when one is over its budget. */
function reportPages(pages, dist) {
  const manifest = readManifest(dist);
  let isOver = false;
  for (const page of pages) {
    const rows = routeScripts(page.modules, dist, manifest);
    const totalGzip = rows.reduce((sum, row) => sum + row.gzip, 0);
    const totalRaw = rows.reduce((sum, row) => sum + row.raw, 0);
    console.log(`\nJavaScript loaded by ${page.name} (entry + static imports + the route's lazy chunks):`);
    for (const row of rows)
      console.log(`  ${row.file.padEnd(48)} ${kb(row.raw).padStart(10)}  gzip ${kb(row.gzip).padStart(9)}`);
    console.log(`  ${'total'.padEnd(48)} ${kb(totalRaw).padStart(10)}  gzip ${kb(totalGzip).padStart(9)}`);
    const verdict = totalGzip <= page.budgetBytes ? 'within' : 'OVER';
    console.log(
      `${page.name} JS gzip: ${kb(totalGzip)} of a ${kb(page.budgetBytes)} budget (${verdict} budget)`,
    );
    if (totalGzip > page.budgetBytes) isOver = true;
  }
  return isOver;
}

function report() {
  const isSiteOver = reportPages(FIRST_PAGES, DIST);
  const isConsoleOver = reportPages(CONSOLE_PAGES, CONSOLE_DIST);
  console.log('');
  if (isSiteOver || isConsoleOver) process.exit(1);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    report();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
