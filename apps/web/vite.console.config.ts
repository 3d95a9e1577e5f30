import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const root = path.dirname(fileURLToPath(import.meta.url));

/**
 * The merchant console (docs/console.md): a build of its own, so nothing of it enters the customer
 * site's chunks and the site's budgets (scripts/report-size.mjs) are untouched. It writes
 * dist/console (after the site's build, which empties dist), served by the API server at
 * /console on each merchant's host; `/zod-jitless.js` comes from the site's build.
 */
export default defineConfig({
  root,
  base: '/console/',
  publicDir: false,
  plugins: [react()],
  build: {
    outDir: 'dist/console',
    emptyOutDir: true,
    assetsDir: 'assets',
    manifest: true,
    target: 'es2022',
    // antd's table, form, drawer and menu come with the console's start chunk.
    chunkSizeWarningLimit: 1600,
    rollupOptions: {
      input: path.join(root, 'console.html'),
      output: {
        // As the site does (vite.config.ts): what the entry imports statically is one chunk.
        codeSplitting: { groups: [{ name: 'console-start', tags: ['$initial'] }] },
      },
    },
  },
});
