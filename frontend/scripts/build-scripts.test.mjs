// The build's compression (compress.mjs) and the before-paint byte budget (check-budgets.mjs), on
// a small dist/ of their own. `npm test -w frontend` runs them with node --test.
import assert from 'node:assert/strict';
import { Buffer } from 'node:buffer';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { gunzipSync } from 'node:zlib';
import {
  BUDGETS,
  FIRST_ROUND_TRIP_BYTES,
  RESPONSE_HEADERS_ALLOWANCE,
  beforePaint,
  beforePaintProblem,
  requestedByHtml,
  routeOf,
  sentBytes,
} from './check-budgets.mjs';
import { compressTree, gzipFor } from './compress.mjs';

// Text that compresses (as a page does), and a file too small to gain from it.
const page = `<!doctype html><html><head><link rel="stylesheet" crossorigin href="/assets/site.css"></head><body>${'<p>The same paragraph, again and again.</p>'.repeat(200)}</body></html>`;
const css = `.a{color:red}\n`.repeat(300);
let dist;

before(async () => {
  dist = await mkdtemp(join(tmpdir(), 'budgets-'));
  await mkdir(join(dist, 'assets'));
  await writeFile(join(dist, 'index.html'), page);
  await writeFile(join(dist, 'assets', 'site.css'), css);
  await writeFile(join(dist, 'robots.txt'), 'User-agent: *\n');
  await writeFile(join(dist, 'favicon.png'), page);
});
after(() => rm(dist, { recursive: true, force: true }));

test('every text file gets a .gz (pages included) that decompresses to it, unless it would not be smaller', async () => {
  assert.equal(await compressTree(dist), 2);
  const gz = await readFile(join(dist, 'index.html.gz'));
  assert.equal(gunzipSync(gz).toString(), page);
  assert.equal(gunzipSync(await readFile(join(dist, 'assets', 'site.css.gz'))).toString(), css);
  await assert.rejects(readFile(join(dist, 'robots.txt.gz')), { code: 'ENOENT' });
  await assert.rejects(readFile(join(dist, 'favicon.png.gz')), { code: 'ENOENT' });
});

test('the .gz is gzip -9 and the same bytes for the same input (no time in its header)', () => {
  const first = gzipFor(Buffer.from(page));
  assert.deepEqual(first.subarray(0, 3), Buffer.from([0x1f, 0x8b, 8]));
  assert.equal(first.readUInt32LE(4), 0, 'MTIME is 0');
  assert.equal(first[8], 2, 'XFL says maximum compression');
  assert.deepEqual(gzipFor(Buffer.from(page)), first);
  assert.equal(gzipFor(Buffer.from('tiny')), null);
});

test('what a page fetches before it paints is counted as sent: the .gz when there is one', async () => {
  const { styles } = requestedByHtml(page);
  assert.deepEqual(styles, ['/assets/site.css']);
  const html = (await readFile(join(dist, 'index.html.gz'))).length;
  const sheet = (await readFile(join(dist, 'assets', 'site.css.gz'))).length;
  assert.deepEqual(await beforePaint(dist, 'index.html', styles), {
    html,
    css: sheet,
    total: html + sheet,
  });
  assert.ok(html < page.length / 10);
  // Without a .gz, nginx sends the file itself.
  assert.equal(await sentBytes(dist, '/robots.txt'), 'User-agent: *\n'.length);
  await assert.rejects(sentBytes(dist, '//elsewhere.example/x.css'), /Not a local asset/);
});

test('the budget is the first round trip less the response headers', () => {
  assert.equal(FIRST_ROUND_TRIP_BYTES, 14_600);
  assert.ok(RESPONSE_HEADERS_ALLOWANCE > 1_500 && RESPONSE_HEADERS_ALLOWANCE < 3_000);
  assert.equal(BUDGETS.beforePaintBytes, FIRST_ROUND_TRIP_BYTES - RESPONSE_HEADERS_ALLOWANCE);
});

test('a route over the budget fails with one line naming it and its bytes', () => {
  const within = { html: 4_000, css: 3_000, total: 7_000 };
  assert.equal(beforePaintProblem('/', within), null);
  assert.equal(beforePaintProblem('/', { ...within, total: BUDGETS.beforePaintBytes }), null);
  const over = { html: 10_000, css: 3_200, total: 13_200 };
  const line = beforePaintProblem('/accessibility', over, 12_500);
  assert.match(
    line,
    /^\/accessibility: 13,200 bytes before the first paint \(HTML 10,000 bytes \+ CSS 3,200 bytes, as sent\) > 12,500 bytes/,
  );
  assert.doesNotMatch(line, /\n/);
});

test('routes are named as the prerender step recorded them', () => {
  assert.equal(routeOf('index.html', { path: '/' }), '/');
  assert.equal(routeOf('about.html', { path: '/about' }), '/about');
  assert.equal(routeOf('404.html', { path: null }), 'any unknown path (404.html)');
  // A record from before the prerender step wrote the address.
  assert.equal(routeOf('terms.html', {}), 'terms.html');
});
