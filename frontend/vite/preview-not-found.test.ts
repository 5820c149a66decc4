import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { notFoundMiddleware } from './preview-not-found.ts';

const SITE_ORIGIN = 'https://site.example';

let dist: string;
let server: Server;
let port: number;

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'preview-dist-'));
  for (const page of ['index', 'about', '404']) writeFileSync(join(dist, `${page}.html`), page);
  const middleware = notFoundMiddleware(dist);
  // As in Vite's connect stack: what the middleware passes on is served (here a 200 that says
  // so), and what it throws becomes a 500.
  server = createServer((req, res) => {
    try {
      middleware(req, res, () => res.end('served by vite'));
    } catch {
      res.writeHead(500).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  rmSync(dist, { recursive: true, force: true });
});

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** Sends the path exactly as written (no URL parser in between to tidy it up). */
function get(path: string, method = 'GET'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

// The shared corpus (contract/hostile-paths.txt), which the smoke test and the browser suite
// send to nginx too.
const HOSTILE_PATHS = readFileSync(join(__dirname, '../../contract/hostile-paths.txt'), 'utf8')
  .split('\n')
  .filter((line) => line.startsWith('/'));

describe('the preview server with hostile paths', () => {
  it('reads the corpus', () => {
    expect(HOSTILE_PATHS.length).toBeGreaterThan(30);
  });

  it.each(HOSTILE_PATHS)(
    '%s: no 5xx, no redirect off the site, no injected header',
    async (path) => {
      for (const method of ['GET', 'HEAD']) {
        const { status, headers } = await get(path, method);
        expect(status).toBeLessThan(500);
        const location = headers.location;
        if (location !== undefined) {
          expect(new URL(location, SITE_ORIGIN).origin).toBe(SITE_ORIGIN);
          expect(location).toMatch(/^\/[^/\\]/);
        }
        expect(headers['set-cookie']).toBeUndefined();
        for (const value of Object.values(headers).flat()) expect(value).not.toMatch(/[\r\n]/);
      }
    },
  );

  it('answers the backslash and encoded-slash paths with the 404 page, not a redirect', async () => {
    for (const path of [
      '/%5Cevil.example/',
      '/%5Cevil.example/login/',
      '/\\evil.example/login/',
      '/%2F%2Fevil.example/login/',
    ]) {
      const answer = await get(path);
      expect([answer.status, answer.body]).toEqual([404, '404']);
    }
  });

  it('answers a malformed percent-encoding with the 404 page', async () => {
    expect(await get('/%E0%A4%A/')).toMatchObject({ status: 404, body: '404' });
    expect(await get('/%E0%A4%A')).toMatchObject({ status: 404, body: '404' });
  });
});

describe('the preview server with ordinary paths', () => {
  it('redirects a trailing slash to the page without it', async () => {
    expect(await get('/about/')).toMatchObject({ status: 301, headers: { location: '/about' } });
    expect(await get('/about//')).toMatchObject({ status: 301, headers: { location: '/about' } });
  });

  it('passes pages, assets and the API on to Vite', async () => {
    for (const path of ['/', '/about', '/about?ref=x', '/assets/index-Ab1.js', '/api/contact']) {
      expect(await get(path)).toMatchObject({ status: 200, body: 'served by vite' });
    }
    expect(await get('/api/contact', 'POST')).toMatchObject({ status: 200 });
  });

  it('answers a path with no page with the 404 page and status', async () => {
    const answer = await get('/no-such-page');
    expect(answer).toMatchObject({ status: 404, body: '404' });
    expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
  });
});
