import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * The customer site. `vite build` writes apps/web/dist (served by the API server in production);
 * the dev server proxies /api to the API server and keeps the Host header, so merchant
 * sub-domains such as demo.localhost work in development too.
 */
export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsDir: 'assets',
    manifest: true,
    target: 'es2022',
    chunkSizeWarningLimit: 600,
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
