// Renders every route into the built index.html, so each page is complete HTML before any
// JavaScript runs. Runs after `vite build` (client, with a manifest) and `vite build --ssr`.
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const serverDir = join(dist, '.server');
const manifestPath = join(dist, '.vite', 'manifest.json');
// Which address each page answers and which scripts it loads after its first paint, for the
// budget check (not part of the site).
const pageAssetsPath = join(dist, '..', '.build', 'page-assets.json');

const template = await readFile(join(dist, 'index.html'), 'utf8');
const manifest = JSON.parse(await readFile(manifestPath, 'utf8'));
const server = await import(pathToFileURL(join(serverDir, 'entry-server.js')).href);
const {
  BOOTSTRAP_SCRIPT,
  BOOTSTRAP_SRC_ATTRIBUTE,
  CONTACT_FORM_ISLAND,
  CONTACT_FORM_ISLAND_SOURCE,
  FIELD_MEASUREMENTS_SOURCE,
  PAGE_WITH_ISLANDS_ENTRY,
  renderRoute,
  siteRoutes,
  notFoundRoute,
  exampleConfigVariables,
  LIVE_INCLUDES,
  robotsTxt,
  sitemapXml,
  securityTxt,
  SECURITY_TXT_PATH,
} = server;
// Read by the web tier's image at start, so that a server with example values says so too.
const exampleConfigMarker = join(dist, 'example-config.txt');

/**
 * A chunk and everything it imports statically (and, with `dynamic`, everything it may import
 * later too: an island's steps and the toasts): its JS files and CSS files, as URLs.
 */
function closureOf(keys, { dynamic = false } = {}) {
  const scripts = new Set();
  const styles = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the Vite manifest`);
    if (scripts.has(`/${chunk.file}`)) return;
    scripts.add(`/${chunk.file}`);
    for (const css of chunk.css ?? []) styles.add(`/${css}`);
    for (const imported of chunk.imports ?? []) visit(imported);
    // Not through the entry (the loader), whose own dynamic imports are the other islands.
    if (dynamic && !chunk.isEntry)
      for (const imported of chunk.dynamicImports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return { scripts: [...scripts], styles: [...styles] };
}

// The site's styles are one stylesheet, linked from index.html (src/styles/global.css). A page
// that imported CSS of its own would lose it here, since pages have no code in the browser: the
// server build's manifest says so, and the build stops.
const serverManifest = JSON.parse(
  await readFile(join(serverDir, '.vite', 'manifest.json'), 'utf8'),
);
const pageCss = Object.entries(serverManifest).filter(([, chunk]) => chunk.css?.length);
if (pageCss.length > 0) {
  throw new Error(
    `${pageCss.map(([key]) => key).join(', ')} import CSS: put it in src/styles/global.css`,
  );
}

// The site ships with a strict Content-Security-Policy: script-src 'self' and the bootstrap's hash,
// no inline styles.
function assertCspSafe(file, html, bootstrapTag) {
  const withoutBootstrap = html.replace(bootstrapTag, '');
  if (withoutBootstrap === html) throw new Error(`${file} lacks the islands' bootstrap`);
  const problems = [
    [/<script\b/i, 'a <script> besides the bootstrap'],
    [/\sstyle="/i, 'an inline style attribute'],
    [/\son[a-z]+="/i, 'an inline event handler'],
  ].filter(([pattern]) => pattern.test(withoutBootstrap));
  if (problems.length > 0) {
    throw new Error(`${file} contains ${problems.map(([, what]) => what).join(' and ')}`);
  }
}

/**
 * Islands: a page requests no script before its first paint. Vite's entry script and its module
 * preloads are taken out of the template; the page's inline bootstrap (src/islands/bootstrap.ts,
 * allowed by its hash in the Content-Security-Policy) requests the page's code after the first
 * paint: on a page with an island, the islands' loader (src/main.tsx), which hydrates the page's
 * islands only; on any other page, the field measurements alone (src/measurements-entry.ts).
 * The stylesheets are the only requests the page makes before it paints.
 */
const entries = {
  withIslands: PAGE_WITH_ISLANDS_ENTRY,
  withoutIslands: FIELD_MEASUREMENTS_SOURCE,
};
for (const key of Object.values(entries)) {
  if (!manifest[key]?.isEntry) throw new Error(`${key} is not an entry in the Vite manifest`);
}
const stylesheetLink = /\s*<link rel="stylesheet"[^>]*>/g;
const templateStyles = (template.match(stylesheetLink) ?? []).map((link) => link.trim());
const templateWithoutScripts = template
  .replace(stylesheetLink, '')
  .replace(/\s*<script type="module"[^>]*><\/script>/g, '')
  .replace(/\s*<link rel="modulepreload"[^>]*>/g, '');
const bootstrapTagFor = (entryKey) =>
  `<script ${BOOTSTRAP_SRC_ATTRIBUTE}="/${manifest[entryKey].file}">${BOOTSTRAP_SCRIPT}</script>`;
// What a page fetches after its first paint, and what each island adds (for the budgets).
const vitals = closureOf([FIELD_MEASUREMENTS_SOURCE]);
const islandCode = {
  [CONTACT_FORM_ISLAND]: closureOf([CONTACT_FORM_ISLAND_SOURCE], { dynamic: true }),
};

/**
 * A part nginx fills in per request (src/shared/live-includes.ts): the page's empty
 * <template data-live="name"> becomes a Server Side Include of its address, with an empty stub
 * for when that address answers nothing. A name the site does not know stops the build.
 */
function withLiveIncludes(file, html) {
  return html.replace(/<template data-live="([^"]+)"><\/template>/g, (_tag, name) => {
    const address = LIVE_INCLUDES[name];
    if (!address) throw new Error(`${file}: there is no live include ${name}`);
    return `<!--# block name="none" --><!--# endblock --><!--# include virtual="${address}" stub="none" -->`;
  });
}

const routes = [...siteRoutes, notFoundRoute];
const pageAssets = {};
for (const route of routes) {
  const { html, head } = await renderRoute(route);
  const islandsHere = [...html.matchAll(/data-island="([^"]+)"/g)].map((match) => match[1]);
  for (const name of islandsHere) {
    if (!islandCode[name]) throw new Error(`${route.file}: the site has no island ${name}`);
  }
  const entryKey = islandsHere.length > 0 ? entries.withIslands : entries.withoutIslands;
  const bootstrapTag = bootstrapTagFor(entryKey);
  const page = templateWithoutScripts
    .replace('<!--app-head-->', [head, ...templateStyles].join(''))
    .replace('<!--app-html-->', withLiveIncludes(route.file, html))
    .replace('</body>', `  ${bootstrapTag}\n  </body>`);
  if (page.includes('<!--app-')) throw new Error(`${route.file}: a placeholder was not replaced`);
  assertCspSafe(route.file, page, bootstrapTag);
  const target = join(dist, route.file);
  await mkdir(dirname(target), { recursive: true });
  await writeFile(target, page);
  pageAssets[route.file] = {
    // The address it answers (null: the 404 page, for any unknown one), for the budgets' report.
    path: route.path,
    afterPaint: closureOf([entryKey]).scripts,
    fieldMeasurements: vitals.scripts,
    islands: Object.fromEntries(islandsHere.map((name) => [name, islandCode[name].scripts])),
  };
  console.log(`prerendered ${route.path ?? '(404)'} -> dist/${route.file}`);
}

await mkdir(dirname(pageAssetsPath), { recursive: true });
await writeFile(pageAssetsPath, `${JSON.stringify(pageAssets, null, 2)}\n`);

await writeFile(join(dist, 'sitemap.xml'), sitemapXml());
await writeFile(join(dist, 'robots.txt'), robotsTxt());
const securityTxtFile = join(dist, SECURITY_TXT_PATH);
await mkdir(dirname(securityTxtFile), { recursive: true });
await writeFile(securityTxtFile, securityTxt());
console.log(`wrote dist/sitemap.xml, dist/robots.txt and dist${SECURITY_TXT_PATH}`);

const examples = exampleConfigVariables();
if (examples.length > 0) {
  await writeFile(exampleConfigMarker, `${examples.join('\n')}\n`);
  // On stderr, so that it shows even where the build's own output is discarded.
  console.warn(exampleConfigWarning(examples));
} else {
  await rm(exampleConfigMarker, { force: true });
}

/** A banner no one scrolls past: which variables still hold an example value, and what follows. */
function exampleConfigWarning(variables) {
  const rule = '!'.repeat(78);
  return [
    '',
    rule,
    '!! THIS BUILD USES EXAMPLE VALUES: it is not fit to go live.',
    '!! Still at their example value (site-config.ts; docs/configuration.md,',
    '!! "The site (build time)"):',
    ...variables.map((name) => `!!     ${name}`),
    '!! Every page says <meta name="robots" content="noindex"> and robots.txt disallows',
    '!! everything, so search engines will not list this site. Set the variables above',
    '!! when building, e.g. VITE_SITE_URL=https://www.your-domain.com npm run build -w frontend.',
    '!! dist/example-config.txt names them for the web server, which warns at start.',
    rule,
    '',
  ].join('\n');
}

// The server bundle and the manifest were build inputs only; they are not part of the site.
await rm(serverDir, { recursive: true, force: true });
await rm(join(dist, '.vite'), { recursive: true, force: true });
