import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { consolePages } from './vite/console-pages.ts';

// The operators' console: a second Vite entry (console/index.html), built apart from the public
// site into dist-console/, so no public page can load its JavaScript and the public budgets do not
// see it. Its URLs are /console/…; the console server of nginx (infra/nginx/console.conf) serves
// this folder, and `make start` previews it on loopback.
const consoleApiUrl = process.env.CONSOLE_API_URL ?? 'http://127.0.0.1:3001';
const apiProxy = { '/api/console': { target: consoleApiUrl } };

export default defineConfig({
  plugins: [react(), consolePages()],
  // The site's public/ (robots.txt, sitemap, icons) is not the console's.
  publicDir: false,
  build: {
    target: 'es2022',
    outDir: 'dist-console',
    assetsDir: 'console/assets',
    rolldownOptions: { input: 'console/index.html' },
  },
  server: { proxy: apiProxy },
  preview: { proxy: apiProxy },
});
