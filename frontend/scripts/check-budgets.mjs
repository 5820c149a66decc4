// Reads the built HTML of every route, sums the gzip size of the JavaScript and CSS each one
// loads (script src, modulepreload, stylesheet links, plus the chunks the page fetches after its
// first paint, as recorded by the prerender step) and fails when a budget is exceeded.
import { readFile, readdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { constants, gzipSync } from 'node:zlib';

const KB = 1024;
export const BUDGETS = {
  jsWithForm: 130 * KB,
  jsWithoutForm: 90 * KB,
  css: 15 * KB,
};
// The routes that carry the contact form, and with it the API and validation code.
export const FORM_PAGES = new Set(['index.html', 'accessibility.html']);

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const pageAssets = JSON.parse(
  await readFile(join(dist, '..', '.build', 'page-assets.json'), 'utf8'),
);

function assetUrls(html) {
  const scripts = new Set();
  const styles = new Set();
  for (const [tag] of html.matchAll(/<(script|link)\b[^>]*>/gi)) {
    const src = /\bsrc="([^"]+)"/.exec(tag)?.[1];
    const href = /\bhref="([^"]+)"/.exec(tag)?.[1];
    const rel = /\brel="([^"]+)"/.exec(tag)?.[1];
    if (tag.startsWith('<script') && src) scripts.add(src);
    if (rel === 'modulepreload' && href) scripts.add(href);
    if (rel === 'stylesheet' && href) styles.add(href);
  }
  return { scripts: [...scripts], styles: [...styles] };
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
let failed = false;
for (const page of pages) {
  const html = await readFile(join(dist, page), 'utf8');
  const initial = assetUrls(html);
  const deferred = pageAssets[page]?.deferred;
  if (!deferred) throw new Error(`${page} is not in .build/page-assets.json: rebuild the site`);
  const scripts = [...new Set([...initial.scripts, ...deferred.scripts])];
  const styles = [...new Set([...initial.styles, ...deferred.styles])];
  const js = await sum(scripts);
  const css = await sum(styles);
  const hasForm = FORM_PAGES.has(page);
  const jsBudget = hasForm ? BUDGETS.jsWithForm : BUDGETS.jsWithoutForm;
  const ok = js <= jsBudget && css <= BUDGETS.css;
  failed ||= !ok;
  rows.push({
    page,
    form: hasForm ? 'yes' : 'no',
    'JS gz': kb(js),
    'of which deferred': kb(await sum(scripts.filter((url) => !initial.scripts.includes(url)))),
    'JS budget': kb(jsBudget),
    'CSS gz': kb(css),
    'CSS budget': kb(BUDGETS.css),
    files: scripts.length + styles.length,
    result: ok ? 'ok' : 'OVER BUDGET',
  });
}
console.table(rows);
if (failed) {
  console.error('A page exceeds its budget.');
  process.exit(1);
}
console.log('All pages are within budget.');
