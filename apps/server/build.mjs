// Bundles the server and the workspace packages it imports into dist/; every npm package stays
// external and is loaded from node_modules at run time, except JSON data files, which are bundled.
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

/**
 * Bare imports other than our own workspace packages are left to Node. A JSON file of a package
 * (e.g. the region table's `china-area-data/data.json`) is bundled instead: left external, its
 * import would lose its `with { type: 'json' }` attribute and Node would refuse to start.
 */
const externalNpmPackages = {
  name: 'external-npm-packages',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@inkstone/') || args.path.endsWith('.json')
        ? undefined
        : { path: args.path, external: true },
    );
  },
};

const result = await build({
  entryPoints: [
    'src/main.ts',
    'src/cli.ts',
    'src/bench-api.ts',
    'src/bench-upload.ts',
    'src/bench-price.ts',
    'src/bench-checkout.ts',
    'src/bench-excel.ts',
    // The analysis thread's script (FileAnalyser starts it from the bundle's folder).
    { in: 'src/modules/uploads/analysis/analysis-thread.ts', out: 'analysis-thread' },
  ],
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  // CommonJS rather than ES modules: loading the npm packages through require() spares Node's ES
  // module machinery (module records, and the lexing of every CommonJS package an ES module imports
  // by name), which held 3–5 MB more of the idle server's memory (docs/performance.md). Packages
  // loaded on first use stay dynamic import()s. dist/package.json marks the folder as CommonJS.
  format: 'cjs',
  banner: {
    // Strict mode, as the ES module was: the directive must come before the banner's statements.
    js: [
      "'use strict';",
      "const __importMetaUrl = require('node:url').pathToFileURL(__filename).href;",
      "const __importMetaResolve = (specifier) => require('node:url').pathToFileURL(require.resolve(specifier)).href;",
    ].join('\n'),
  },
  define: {
    'import.meta.url': '__importMetaUrl',
    'import.meta.dirname': '__dirname',
    'import.meta.resolve': '__importMetaResolve',
  },
  target: 'node20',
  sourcemap: true,
  plugins: [externalNpmPackages],
  logLevel: 'warning',
  write: false,
});

/**
 * V8 keeps a script's source text in memory for as long as the script runs, one byte a character
 * when it is all ASCII and two bytes a character otherwise. esbuild escapes non-ASCII characters
 * in strings but leaves them in comments and regular expressions, so one Chinese comment doubles
 * the 1.4 MB bundle's resident source (docs/performance.md). Escaping what is left as `\uXXXX`
 * keeps every character's meaning: in a comment it is only text, in a regular expression the
 * escape matches the same UTF-16 unit.
 */
const asciiOnly = (text) =>
  text.replace(/[\u0080-\uffff]/g, (unit) => `\\u${unit.charCodeAt(0).toString(16).padStart(4, '0')}`);

fs.mkdirSync('dist', { recursive: true });
fs.writeFileSync('dist/package.json', `${JSON.stringify({ type: 'commonjs' })}\n`);
for (const file of result.outputFiles) {
  fs.mkdirSync(path.dirname(file.path), { recursive: true });
  fs.writeFileSync(file.path, file.path.endsWith('.js') ? asciiOnly(file.text) : file.contents);
}
