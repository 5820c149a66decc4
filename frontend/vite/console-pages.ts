import type { Connect, Plugin } from 'vite';

/**
 * The console's response headers, as the console server of nginx sends them
 * (infra/nginx/snippets/console-headers.conf; console-pages.spec.ts holds the two equal): a CSP
 * that allows only this origin's scripts and styles and no framing, no referrer, nothing cached.
 */
export const CONSOLE_HEADERS: Record<string, string> = {
  'Content-Security-Policy':
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
  'Cache-Control': 'no-store',
  'Referrer-Policy': 'no-referrer',
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'X-Robots-Tag': 'noindex, nofollow',
  'Cross-Origin-Opener-Policy': 'same-origin',
};

const PAGE = '/console/index.html';

/**
 * Every console address is the one page (the app routes in the browser): `/` goes to
 * `/console/`, a path under /console/ without a file extension is console/index.html, and every
 * answer carries the console's headers.
 */
export function consolePagesMiddleware(): Connect.NextHandleFunction {
  return (req, res, next) => {
    for (const [name, value] of Object.entries(CONSOLE_HEADERS)) res.setHeader(name, value);
    const path = (req.url ?? '/').replace(/[?#].*$/s, '');
    if (path === '/' || path === '/console') {
      res.writeHead(302, { Location: '/console/' }).end();
      return;
    }
    if (path.startsWith('/console/') && !/\.[a-z0-9]+$/i.test(path)) req.url = PAGE;
    next();
  };
}

export function consolePages(): Plugin {
  return {
    name: 'console-pages',
    configureServer(server) {
      server.middlewares.use(consolePagesMiddleware());
    },
    configurePreviewServer(server) {
      server.middlewares.use(consolePagesMiddleware());
    },
  };
}
