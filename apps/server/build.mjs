// Bundles the server and the workspace packages it imports into dist/; every npm package stays
// external and is loaded from node_modules at run time.
import { build } from 'esbuild';

/** Bare imports other than our own workspace packages are left to Node. */
const externalNpmPackages = {
  name: 'external-npm-packages',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@inkstone/') ? undefined : { path: args.path, external: true },
    );
  },
};

await build({
  entryPoints: ['src/main.ts', 'src/cli.ts', 'src/bench-api.ts'],
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  plugins: [externalNpmPackages],
  logLevel: 'warning',
});
