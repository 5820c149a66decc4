import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { compressChunk } from './vite/compress-chunk.ts';
import { notFoundPageInPreview } from './vite/preview-not-found.ts';
import { FIELD_MEASUREMENTS_SOURCE } from './src/islands/island-sources.ts';

// The contact-service listens here in `make dev`; CONTACT_SERVICE_URL points elsewhere.
const contactServiceUrl = process.env.CONTACT_SERVICE_URL ?? 'http://127.0.0.1:3000';
const apiProxy = { '/api': { target: contactServiceUrl } };
const fieldMeasurements = fileURLToPath(new URL(FIELD_MEASUREMENTS_SOURCE, import.meta.url));

export default defineConfig({
  plugins: [
    react(),
    notFoundPageInPreview(),
    // The field measurements are the whole script of a page without islands, held to 3.5 KB with
    // the bootstrap (scripts/check-budgets.mjs): swc's pass makes them 42 bytes smaller.
    compressChunk((chunk) => chunk.facadeModuleId === fieldMeasurements),
  ],
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
        measurements: fieldMeasurements,
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
            {
              // The field measurements and everything they import, the beacon and the
              // attribution's reading included, in one file: the whole script of a page without
              // islands, which the contact form island imports too (its funnel, the attribution it
              // sends). In two files (the shared modules in a chunk of their own, as the automatic
              // splitting makes them) they were 241 bytes gzip more: a second request, a second
              // gzip stream and Huffman table, an import and an export between them. A page with
              // the island loads the measurements anyway (src/main.tsx), and the island's import
              // runs them no second time: a module runs once per page. The group takes the entry
              // and, with it, what it imports (includeDependenciesRecursively, the default). After
              // site-shared, so that the loader never imports this chunk for a module the two share.
              name: 'measurements',
              test: (id) => id === fieldMeasurements,
            },
          ],
        },
      },
    },
  },
  server: { proxy: apiProxy },
  preview: { proxy: apiProxy },
});
