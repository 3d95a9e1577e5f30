// Bundles the server and the workspace packages it imports into dist/; every npm package stays
// external and is loaded from node_modules at run time, except JSON data files, which are bundled.
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

await build({
  entryPoints: [
    'src/main.ts',
    'src/cli.ts',
    'src/bench-api.ts',
    'src/bench-upload.ts',
    'src/bench-price.ts',
    'src/bench-checkout.ts',
    'src/bench-excel.ts',
  ],
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  plugins: [externalNpmPackages],
  logLevel: 'warning',
});
