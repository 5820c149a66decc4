// The site's byte budgets, per page, from the built HTML and the prerender step's record of what
// each page fetches (.build/page-assets.json):
// - before the first paint: stylesheets only, no script requested (the one inline script is the
//   islands' bootstrap, which costs no request); and the HTML with its stylesheets, as nginx sends
//   them compressed, fit the first round trip of a new connection;
// - after it, on a page without islands: the field measurements alone (src/measurements-entry.ts:
//   web-vitals and the beacon, with the carrying of a visit's attribution on the page's links);
// - on a page with an island: the islands' loader (src/main.tsx), the field measurements and the
//   island's code.
// Script and style sizes are gzip at the highest level (scripts/compress.mjs writes the same
// bytes); the before-paint bytes are the files nginx sends (the .gz beside a file, or the file).
// Fails, one line per problem, when a budget is exceeded. `npm run budget -w frontend` after a
// build (`make budget` builds first).
import { existsSync } from 'node:fs';
import { readFile, readdir, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { constants, gzipSync } from 'node:zlib';

const KB = 1024;

/**
 * What a new connection's first round trip carries: ten TCP segments of 1,460 bytes (RFC 6928's
 * initial window, and what Lighthouse's simulation gives it: docs/development.md, "Browser
 * suite").
 */
export const FIRST_ROUND_TRIP_BYTES = 14_600;
/**
 * The response headers that share that round trip with the bodies: a page's and its stylesheet's.
 * Measured with `curl -s -o /dev/null -D - -H 'Accept-Encoding: gzip'` against `make stack-up`
 * (infra/nginx as shipped; HTTP/1.1, status line and blank line included): `/` 1,122 bytes (a
 * page's headers, security-headers.conf: the Content-Security-Policy alone is 296, the
 * Permissions-Policy 184), its stylesheet 582 (subresource-headers.conf), 1,704 together. Plus
 * about 200 for what that does not show: TLS's framing of the two responses (22 bytes a record
 * in TLS 1.3, a few records each) and digits that grow (Content-Length, ETag, a 404's status
 * line). HTTP/2 sends the same headers compressed (HPACK), so HTTP/1.1 is the larger case. A
 * second stylesheet would add its own 582 (the build keeps one: scripts/prerender.mjs).
 */
export const RESPONSE_HEADERS_ALLOWANCE = 1_900;

export const BUDGETS = {
  /** The islands' loader, which a page with an island fetches after its first paint. */
  loader: 2 * KB,
  /**
   * web-vitals (LCP, INP, CLS, FCP, TTFB) and the beacon, and the carrying of a visit's
   * attribution on the page's links (features/attribution/carry-attribution.ts): all the script
   * of a page without islands. Not 2 KB: web-vitals with its five metrics is 2.3 KB (3.5.2) to
   * 3.4 KB (6.2.3) gzip by itself; 5.3.0, the last release without soft-navigation support (a
   * site without a client router has no soft navigations), is 2.4 KB of it (frontend/README.md,
   * "Field measurements"). The attribution adds 0.8 KB (2,746 bytes before it, 3,526 with it).
   */
  fieldMeasurements: 3.5 * KB,
  /** Everything a page with the contact form island fetches, loader and measurements included. */
  jsWithForm: 130 * KB,
  css: 15 * KB,
  /**
   * The bodies a browser fetches before a page's first paint, as nginx sends them: the page
   * (its .gz, which gzip_static sends: infra/nginx/snippets/static-site.conf) and its
   * render-blocking stylesheets (their .gz), in bytes. With their headers they must fit the first
   * round trip, or the page paints a round trip later.
   */
  beforePaintBytes: FIRST_ROUND_TRIP_BYTES - RESPONSE_HEADERS_ALLOWANCE,
};

/** The scripts and stylesheets a page's HTML requests (its bootstrap's data-src is not one). */
export function requestedByHtml(html) {
  const scripts = [];
  const styles = [];
  for (const [tag] of html.matchAll(/<(script|link)\b[^>]*>/gi)) {
    const src = /\ssrc="([^"]+)"/.exec(tag)?.[1];
    const href = /\bhref="([^"]+)"/.exec(tag)?.[1];
    const rel = /\brel="([^"]+)"/.exec(tag)?.[1];
    if (tag.startsWith('<script') && src) scripts.push(src);
    if (rel === 'modulepreload' || rel === 'preload') scripts.push(href);
    if (rel === 'stylesheet' && href) styles.push(href);
  }
  return { scripts, styles };
}

function localFile(dist, url) {
  if (!url.startsWith('/') || url.startsWith('//')) throw new Error(`Not a local asset: ${url}`);
  return join(dist, url);
}

/** gzip -9 sizes of the site's files, by URL. */
export function gzipSizes(dist) {
  const sizes = new Map();
  return async (url) => {
    if (!sizes.has(url)) {
      const content = await readFile(localFile(dist, url));
      sizes.set(url, gzipSync(content, { level: constants.Z_BEST_COMPRESSION }).length);
    }
    return sizes.get(url);
  };
}

/**
 * The body nginx sends for a file to a browser (which accepts gzip): the .gz beside it when the
 * build wrote one (gzip_static), else the file itself. No .gz means the file as it is: a page is
 * never compressed on the fly, and a stylesheet without its .gz is counted at its full size.
 */
export async function sentBytes(dist, url) {
  const file = localFile(dist, url);
  const compressed = `${file}.gz`;
  return (await stat(existsSync(compressed) ? compressed : file)).size;
}

/** What a page fetches before its first paint, as sent: its HTML and its stylesheets. */
export async function beforePaint(dist, page, styles) {
  const html = await sentBytes(dist, `/${page}`);
  const css = (await Promise.all(styles.map((url) => sentBytes(dist, url)))).reduce(
    (a, b) => a + b,
    0,
  );
  return { html, css, total: html + css };
}

const bytes = (count) => `${count.toLocaleString('en-US')} bytes`;

/** The one line that says a route's first paint is over its budget, or null. */
export function beforePaintProblem(route, { html, css, total }, budget = BUDGETS.beforePaintBytes) {
  if (total <= budget) return null;
  return (
    `${route}: ${bytes(total)} before the first paint (HTML ${bytes(html)} + CSS ${bytes(css)}, ` +
    `as sent) > ${bytes(budget)} (${bytes(FIRST_ROUND_TRIP_BYTES)}, the first round trip, less ` +
    `${bytes(RESPONSE_HEADERS_ALLOWANCE)} of response headers)`
  );
}

/** The route a prerendered file answers, as its prerender step recorded it. */
export const routeOf = (page, assets) =>
  assets.path === null ? `any unknown path (${page})` : (assets.path ?? page);

async function main() {
  const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
  const pageAssets = JSON.parse(
    await readFile(join(dist, '..', '.build', 'page-assets.json'), 'utf8'),
  );
  const gzipSize = gzipSizes(dist);
  const sum = async (urls) => (await Promise.all(urls.map(gzipSize))).reduce((a, b) => a + b, 0);
  const kb = (count) => `${(count / KB).toFixed(1)} KB`;

  const pages = (await readdir(dist)).filter((file) => file.endsWith('.html')).sort();
  if (pages.length === 0) {
    console.error('No HTML in dist/. Run `npm run build` first.');
    process.exit(1);
  }

  const rows = [];
  const failures = [];
  for (const page of pages) {
    const html = await readFile(join(dist, page), 'utf8');
    const assets = pageAssets[page];
    if (!assets) throw new Error(`${page} is not in .build/page-assets.json: rebuild the site`);
    const route = routeOf(page, assets);
    const before = requestedByHtml(html);
    const islands = Object.keys(assets.islands);
    // On a page without islands, the page's code is the field measurements.
    const loader = islands.length > 0 ? await sum(assets.afterPaint) : 0;
    const measurements = await sum(
      islands.length > 0
        ? assets.fieldMeasurements.filter((u) => !assets.afterPaint.includes(u))
        : assets.fieldMeasurements,
    );
    const everything = [
      ...new Set([
        ...assets.afterPaint,
        ...assets.fieldMeasurements,
        ...Object.values(assets.islands).flat(),
      ]),
    ];
    const js = await sum(everything);
    const css = await sum(before.styles);
    const firstPaint = await beforePaint(dist, page, before.styles);
    const problems = [
      before.scripts.length > 0 &&
        `${page}: requests ${before.scripts.join(', ')} before its first paint`,
      loader > BUDGETS.loader && `${page}: loader ${kb(loader)} > ${kb(BUDGETS.loader)}`,
      measurements > BUDGETS.fieldMeasurements &&
        `${page}: field measurements ${kb(measurements)} > ${kb(BUDGETS.fieldMeasurements)}`,
      islands.length > 0 &&
        js > BUDGETS.jsWithForm &&
        `${page}: JS ${kb(js)} > ${kb(BUDGETS.jsWithForm)}`,
      css > BUDGETS.css && `${page}: CSS ${kb(css)} > ${kb(BUDGETS.css)}`,
      beforePaintProblem(route, firstPaint),
    ].filter(Boolean);
    failures.push(...problems);
    rows.push({
      route,
      islands: islands.join(', ') || '-',
      'JS before paint': before.scripts.length,
      'loader gz': kb(loader),
      'measurements gz': kb(measurements),
      'islands gz': kb(js - loader - measurements),
      'JS gz in all': kb(js),
      'CSS gz': kb(css),
      'HTML raw': (await stat(join(dist, page))).size,
      'HTML sent': firstPaint.html,
      'before paint': firstPaint.total,
      result: problems.length ? 'OVER BUDGET' : 'ok',
    });
  }
  console.table(Object.fromEntries(rows.map(({ route, ...row }) => [route, row])));
  console.log(
    `Budgets: no script before the first paint; loader ${kb(BUDGETS.loader)}; field measurements ` +
      `${kb(BUDGETS.fieldMeasurements)}; all JS on a page with an island ${kb(BUDGETS.jsWithForm)}; ` +
      `CSS ${kb(BUDGETS.css)}; before paint (HTML and CSS as sent, bytes) ` +
      `${bytes(BUDGETS.beforePaintBytes)}.`,
  );
  if (failures.length) {
    console.error(`Over budget:\n  ${failures.join('\n  ')}`);
    process.exit(1);
  }
  console.log('All pages are within budget.');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
