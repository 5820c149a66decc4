import { existsSync, readFileSync, statSync } from 'node:fs';
import { extname, join, resolve } from 'node:path';
import type { Connect, Plugin } from 'vite';

/**
 * The path of a page the trailing-slash redirect may point to: segments of letters, digits and
 * `._~-` only. Checked on the raw path, before any decoding, so that nothing a browser would read
 * as another host (`//host`, `/\host`, `/%5Chost`, `/%2F%2Fhost`: https://url.spec.whatwg.org/#url-parsing
 * treats `\` as `/`) and no control character or CR/LF can reach the Location header.
 */
const SAFE_PAGE_PATH = /^(?:\/[\w.~-]+)+$/;

/** The decoded path, or null when its percent-encoding is malformed (`/%E0%A4%A`). */
function decodedPath(rawPath: string): string | null {
  try {
    return decodeURIComponent(rawPath);
  } catch {
    return null;
  }
}

/**
 * The preview server's answer for pages, as the web tier gives it: `/about/` redirects to
 * `/about` (one URL per page, as the canonical links say), a path with no page gets 404.html with
 * a 404, and everything else (the pages, assets, `/api`) goes on to Vite.
 */
export function notFoundMiddleware(dist: string): Connect.NextHandleFunction {
  const notFoundPage = join(dist, '404.html');
  const isFile = (path: string) => existsSync(path) && statSync(path).isFile();
  const notFound = (res: Parameters<Connect.NextHandleFunction>[1]) => {
    res.statusCode = 404;
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.end(readFileSync(notFoundPage));
  };

  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const rawPath = (req.url ?? '/').replace(/[?#].*$/s, '');
    if (rawPath.startsWith('/api/')) return next();

    if (rawPath.length > 1 && rawPath.endsWith('/')) {
      const target = rawPath.replace(/\/+$/, '');
      if (!SAFE_PAGE_PATH.test(target)) return notFound(res);
      res.writeHead(301, { Location: target }).end();
      return;
    }

    const path = decodedPath(rawPath);
    if (path === null || !path.startsWith('/') || path.includes('\0')) return notFound(res);
    if (extname(path) !== '') return next();
    const page = path === '/' ? 'index.html' : `${path}.html`;
    if (isFile(join(dist, page))) return next();
    notFound(res);
  };
}

/**
 * `vite preview` answers unknown paths with index.html, which would hydrate the 404 route over
 * the landing page's markup. Like the web tier, answer them with 404.html and a 404.
 */
export function notFoundPageInPreview(): Plugin {
  return {
    name: 'not-found-page-in-preview',
    configurePreviewServer(server) {
      const dist = resolve(server.config.root, server.config.build.outDir);
      server.middlewares.use(notFoundMiddleware(dist));
    },
  };
}
