// The site's script and style budgets, per page, from the built HTML and the prerender step's
// record of what each page fetches (.build/page-assets.json):
// - before the first paint: stylesheets only, no script requested (the one inline script is the
//   islands' bootstrap, which costs no request);
// - after it, on a page without islands: the field measurements alone (src/measurements-entry.ts:
//   web-vitals and the beacon);
// - on a page with an island: the islands' loader (src/main.tsx), the field measurements and the
//   island's code.
// Sizes are gzip at the highest level; fails when a budget is exceeded.
import { readFile, readdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { constants, gzipSync } from 'node:zlib';

const KB = 1024;
export const BUDGETS = {
  /** The islands' loader, which a page with an island fetches after its first paint. */
  loader: 2 * KB,
  /**
   * web-vitals (LCP, INP, CLS, FCP, TTFB) and the beacon: all the script of a page without
   * islands. Not 2 KB: web-vitals with its five metrics is 2.3 KB (3.5.2) to 3.4 KB (6.2.3) gzip
   * by itself; 5.3.0, the last release without soft-navigation support (a site without a client
   * router has no soft navigations), is 2.4 KB of it (frontend/README.md, "Field measurements").
   */
  fieldMeasurements: 3 * KB,
  /** Everything a page with the contact form island fetches, loader and measurements included. */
  jsWithForm: 130 * KB,
  css: 15 * KB,
};

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const pageAssets = JSON.parse(
  await readFile(join(dist, '..', '.build', 'page-assets.json'), 'utf8'),
);

function requestedByHtml(html) {
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

const gzipSizes = new Map();
async function gzipSize(url) {
  if (!url.startsWith('/') || url.startsWith('//')) throw new Error(`Not a local asset: ${url}`);
  if (!gzipSizes.has(url)) {
    const content = await readFile(join(dist, url));
    gzipSizes.set(url, gzipSync(content, { level: constants.Z_BEST_COMPRESSION }).length);
  }
  return gzipSizes.get(url);
}
const sum = async (urls) => (await Promise.all(urls.map(gzipSize))).reduce((a, b) => a + b, 0);
const kb = (bytes) => `${(bytes / KB).toFixed(1)} KB`;

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
  const problems = [
    before.scripts.length > 0 && `requests ${before.scripts.join(', ')} before its first paint`,
    loader > BUDGETS.loader && `loader ${kb(loader)} > ${kb(BUDGETS.loader)}`,
    measurements > BUDGETS.fieldMeasurements &&
      `field measurements ${kb(measurements)} > ${kb(BUDGETS.fieldMeasurements)}`,
    islands.length > 0 && js > BUDGETS.jsWithForm && `JS ${kb(js)} > ${kb(BUDGETS.jsWithForm)}`,
    css > BUDGETS.css && `CSS ${kb(css)} > ${kb(BUDGETS.css)}`,
  ].filter(Boolean);
  failures.push(...problems.map((problem) => `${page}: ${problem}`));
  rows.push({
    page,
    islands: islands.join(', ') || '-',
    'JS before paint': before.scripts.length,
    'loader gz': kb(loader),
    'measurements gz': kb(measurements),
    'islands gz': kb(js - loader - measurements),
    'JS gz in all': kb(js),
    'CSS gz': kb(css),
    result: problems.length ? 'OVER BUDGET' : 'ok',
  });
}
console.table(rows);
console.log(
  `Budgets: no script before the first paint; loader ${kb(BUDGETS.loader)}; field measurements ` +
    `${kb(BUDGETS.fieldMeasurements)}; all JS on a page with an island ${kb(BUDGETS.jsWithForm)}; CSS ${kb(BUDGETS.css)}.`,
);
if (failures.length) {
  console.error(`Over budget:\n  ${failures.join('\n  ')}`);
  process.exit(1);
}
console.log('All pages are within budget.');
