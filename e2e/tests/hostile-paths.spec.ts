import { readFileSync } from 'node:fs';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { baseUrl, repoRoot } from '../support/stack.ts';
import { expect, test } from '../support/fixtures.ts';

// The shared corpus of paths that try to turn the site into a phishing hop, inject a header or
// break the server (contract/hostile-paths.txt). They are sent byte for byte with node:http:
// Playwright's request client would tidy `//host` and backslashes up before sending.
const paths = readFileSync(`${repoRoot}contract/hostile-paths.txt`, 'utf8')
  .split('\n')
  .filter((line) => line.startsWith('/'));

function rawGet(path: string): Promise<{ status: number; headers: IncomingHttpHeaders }> {
  const { hostname, port, protocol } = new URL(baseUrl);
  const request = protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const outgoing = request({ host: hostname, port, path, method: 'GET' }, (answer) => {
      answer.resume();
      answer.on('end', () => resolve({ status: answer.statusCode ?? 0, headers: answer.headers }));
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

test('every hostile path: no 5xx, no Location off the site, no injected header', async () => {
  expect(paths.length).toBeGreaterThan(30);
  const site = new URL(baseUrl).origin;
  for (const path of paths) {
    const { status, headers } = await rawGet(path);
    expect(status, path).toBeLessThan(500);
    if (headers.location !== undefined) {
      // Resolved as a browser resolves it: a backslash counts as a slash.
      expect(new URL(headers.location, site).origin, `${path} → ${headers.location}`).toBe(site);
    }
    expect(headers['set-cookie'], path).toBeUndefined();
    expect(headers['x-injected'], path).toBeUndefined();
  }
});

test('a followed redirect from a hostile path never leaves the site', async ({ page }) => {
  for (const path of ['/%5Cevil/', '/%5Cevil.example/login/', '/about/']) {
    await page.goto(new URL(path, baseUrl).toString());
    expect(new URL(page.url()).origin).toBe(new URL(baseUrl).origin);
  }
});
