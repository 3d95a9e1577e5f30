import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { dropCallSchemas } from './build/drop-call-schemas.ts';

/**
 * In development only: every address under /console gets console.html, so the merchant console
 * (built on its own by vite.console.config.ts, docs/console.md) runs on this dev server too.
 */
function consolePagesInDevelopment(): Plugin {
  return {
    name: 'inkstone-console-pages',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use((request, _response, next) => {
        const accepts = request.headers.accept ?? '';
        if (request.url && /^\/console(?:[/?]|$)/.test(request.url) && accepts.includes('text/html')) {
          request.url = '/console.html';
        }
        next();
      });
    },
  };
}

/**
 * The customer site. `vite build` writes apps/web/dist (served by the API server in production);
 * the dev server proxies /api to the API server and keeps the Host header, so merchant
 * sub-domains such as demo.localhost work in development too.
 */
export default defineConfig({
  plugins: [react(), dropCallSchemas(), consolePagesInDevelopment()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsDir: 'assets',
    manifest: true,
    target: 'es2022',
    // The start chunk below holds everything the first page needs before any route (React, the
    // router, antd's core, the call entries it makes, the start sequence): about 530 KB, 175 KB
    // gzip. zod is not in it (dropCallSchemas).
    chunkSizeWarningLimit: 700,
    rollupOptions: {
      // Building a zod schema has no effect outside it, so one that nothing reads is left out (the
      // call entries' schemas, once dropCallSchemas has taken them away; docs/website.md).
      treeshake: { manualPureFunctions: ['z'] },
      output: {
        // Every module the entry imports statically goes into one chunk instead of a dozen shared
        // ones: fewer requests before the first render and about 8 KB less gzip (one dictionary).
        // Lazy routes keep their automatic chunks (docs/website.md, Performance).
        codeSplitting: { groups: [{ name: 'start', tags: ['$initial'] }] },
      },
    },
  },
  server: {
    port: 5173,
    allowedHosts: ['.localhost'],
    proxy: {
      '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false },
      // Site pictures and template files are served by the API server (docs/website.md).
      '/site-assets': { target: 'http://127.0.0.1:3000', changeOrigin: false },
    },
  },
});
