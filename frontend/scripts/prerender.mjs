// Renders every route into the built index.html, so each page is complete HTML before any
// JavaScript runs. Runs after `vite build` (client, with a manifest) and `vite build --ssr`.
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const serverDir = join(dist, '.server');
const manifestPath = join(dist, '.vite', 'manifest.json');
// Which files each page loads after its first paint, for the budget check (not part of the site).
const pageAssetsPath = join(dist, '..', '.build', 'page-assets.json');

const template = await readFile(join(dist, 'index.html'), 'utf8');
const manifest = JSON.parse(await readFile(manifestPath, 'utf8'));
const server = await import(pathToFileURL(join(serverDir, 'entry-server.js')).href);
const {
  renderRoute,
  siteRoutes,
  notFoundRoute,
  exampleConfigVariables,
  robotsTxt,
  sitemapXml,
  securityTxt,
  SECURITY_TXT_PATH,
} = server;
// Read by the web tier's image at start, so that a server with example values says so too.
const exampleConfigMarker = join(dist, 'example-config.txt');

/**
 * The JS chunks and CSS a page module needs at load (its static imports, beyond what index.html
 * already loads), and those it fetches later through dynamic imports (a deferred form, the
 * toasts), transitively.
 */
function assetsOf(source) {
  const seen = new Set();
  const dynamicImports = [];
  // The static closure from `roots`, into `into`; dynamic imports are noted for a later pass, so
  // a chunk that is also imported statically counts as loaded at once.
  const collect = (roots, into) => {
    const visit = (key) => {
      const chunk = manifest[key];
      if (!chunk || chunk.isEntry || seen.has(key)) return;
      seen.add(key);
      into.scripts.add(chunk.file);
      for (const css of chunk.css ?? []) into.styles.add(css);
      for (const imported of chunk.imports ?? []) visit(imported);
      dynamicImports.push(...(chunk.dynamicImports ?? []));
    };
    roots.forEach(visit);
    return into;
  };
  if (!manifest[source]) throw new Error(`${source} is not in the Vite manifest`);
  const initial = collect([source], { scripts: new Set(), styles: new Set() });
  const deferred = { scripts: new Set(), styles: new Set() };
  while (dynamicImports.length > 0) collect(dynamicImports.splice(0), deferred);
  const urls = (set) => [...set].map((file) => `/${file}`);
  return {
    scripts: [...initial.scripts],
    styles: [...initial.styles],
    deferred: { scripts: urls(deferred.scripts), styles: urls(deferred.styles) },
  };
}

// The site ships with a strict Content-Security-Policy (script-src 'self', no inline styles).
function assertCspSafe(file, html) {
  const problems = [
    [/<script(?![^>]*\bsrc=)[^>]*>/i, 'an inline <script>'],
    [/\sstyle="/i, 'an inline style attribute'],
    [/\son[a-z]+="/i, 'an inline event handler'],
  ].filter(([pattern]) => pattern.test(html));
  if (problems.length > 0) {
    throw new Error(`${file} contains ${problems.map(([, what]) => what).join(' and ')}`);
  }
}

/**
 * Loading order, for a page that paints before any JavaScript arrives: the stylesheets come first
 * (they are the only render-blocking requests), and every script and module preload is fetched
 * with low priority, so that on a slow connection it does not take bandwidth from the document
 * and the stylesheet. The page is complete HTML; the scripts only hydrate it.
 */
const stylesheetLink = /\s*<link rel="stylesheet"[^>]*>/g;
const templateStyles = (template.match(stylesheetLink) ?? []).map((link) => link.trim());
const templateWithoutStyles = template.replace(stylesheetLink, '');
const lowPriority = (html) =>
  html.replace(/<(script type="module"|link rel="modulepreload")/g, '<$1 fetchpriority="low"');

const routes = [...siteRoutes, notFoundRoute];
const pageAssets = {};
for (const route of routes) {
  const { html, head } = await renderRoute(route);
  const { scripts, styles, deferred } = assetsOf(route.source);
  // The entry's own chunks are already linked by Vite in the template.
  const fresh = (file) => !template.includes(`"/${file}"`);
  const links = [
    ...templateStyles,
    ...styles.filter(fresh).map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
    ...scripts
      .filter(fresh)
      .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
  ];
  const page = lowPriority(
    templateWithoutStyles
      .replace('<!--app-head-->', [head, ...links].join('\n    '))
      .replace('<!--app-html-->', html),
  );
  if (page.includes('<!--app-')) throw new Error(`${route.file}: a placeholder was not replaced`);
  assertCspSafe(route.file, page);
  const target = join(dist, route.file);
  await mkdir(dirname(target), { recursive: true });
  await writeFile(target, page);
  pageAssets[route.file] = { deferred };
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
