import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { notFoundPageInPreview } from './vite/preview-not-found.ts';
import { FIELD_MEASUREMENTS_SOURCE } from './src/islands/island-sources.ts';

// The contact-service listens here in `make dev`; CONTACT_SERVICE_URL points elsewhere.
const contactServiceUrl = process.env.CONTACT_SERVICE_URL ?? 'http://127.0.0.1:3000';
const apiProxy = { '/api': { target: contactServiceUrl } };

export default defineConfig({
  plugins: [react(), notFoundPageInPreview()],
  build: {
    target: 'es2022',
    // The prerender script reads the manifest for what each page fetches (the budgets).
    manifest: true,
    // Every browser the site supports follows modulepreload; the polyfill would only make the
    // islands' loader larger.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // Two entries: the islands' loader (src/main.tsx, through index.html) for a page with an
      // island, and the field measurements alone for a page without one (scripts/prerender.mjs
      // names one of them in each page's bootstrap).
      input: {
        index: fileURLToPath(new URL('index.html', import.meta.url)),
        measurements: fileURLToPath(new URL(FIELD_MEASUREMENTS_SOURCE, import.meta.url)),
      },
      output: {
        // The small modules that the entry and the page chunks share (configuration, copy and
        // constants) travel in one chunk instead of one request each: every request before the
        // first paint costs a round trip in Lighthouse's simulated mobile network, and / is held
        // to performance 100.
        codeSplitting: {
          groups: [
            {
              name: 'site-shared',
              test: new RegExp(
                [
                  'shared/(?:site-config|content|chunk-load-error)\\.ts',
                  'shared/ui/MailtoLink\\.tsx',
                  'features/toasts/toast-timings\\.ts',
                  'features/contact-form/contact-form-copy\\.ts',
                ]
                  .map((path) => `/src/${path}$`)
                  .join('|'),
              ),
            },
          ],
        },
      },
    },
  },
  server: { proxy: apiProxy },
  preview: { proxy: apiProxy },
});
