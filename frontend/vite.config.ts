import { existsSync, readFileSync, statSync } from 'node:fs';
import { extname, join, resolve } from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

// The contact-service listens here in `make dev`; CONTACT_SERVICE_URL points elsewhere.
const contactServiceUrl = process.env.CONTACT_SERVICE_URL ?? 'http://127.0.0.1:3000';
const apiProxy = { '/api': { target: contactServiceUrl } };

/**
 * `vite preview` answers unknown paths with index.html, which would hydrate the 404 route over
 * the landing page's markup. Like the web tier, answer them with 404.html and a 404.
 */
function notFoundPageInPreview(): Plugin {
  return {
    name: 'not-found-page-in-preview',
    configurePreviewServer(server) {
      const dist = resolve(server.config.root, server.config.build.outDir);
      const isFile = (path: string) => existsSync(path) && statSync(path).isFile();
      server.middlewares.use((req, res, next) => {
        const path = decodeURIComponent(new URL(req.url ?? '/', 'http://preview').pathname);
        const isPageRequest = req.method === 'GET' || req.method === 'HEAD';
        if (!isPageRequest || path.startsWith('/api/') || extname(path) !== '') return next();
        // One URL per page: /about/ redirects to /about, as the canonical links say.
        if (path.length > 1 && path.endsWith('/')) {
          // Leading slashes collapse too, so `//host/` cannot become a redirect to another site.
          const location = `/${path.replace(/^\/+|\/+$/g, '')}`;
          res.writeHead(301, { Location: location }).end();
          return;
        }
        const page = path === '/' ? 'index.html' : `${path}.html`;
        if (isFile(join(dist, page))) return next();
        res.statusCode = 404;
        res.setHeader('Content-Type', 'text/html; charset=utf-8');
        res.end(readFileSync(join(dist, '404.html')));
      });
    },
  };
}

export default defineConfig({
  plugins: [react(), notFoundPageInPreview()],
  build: {
    target: 'es2022',
    // The prerender script reads the manifest to add each route's chunks as modulepreload links.
    manifest: true,
  },
  server: { proxy: apiProxy },
  preview: { proxy: apiProxy },
});
