// The site's byte budgets, per page, from the built HTML and the prerender step's record of what
// each page fetches (.build/page-assets.json):
// - before the first paint: stylesheets only, no script requested (the one inline script is the
//   islands' bootstrap, which costs no request); and the HTML with its stylesheets, as nginx sends
//   them compressed, fit the first round trip of a new connection;
// - on a page without islands, all the script a browser fetches and runs, as the built files say
//   (scriptOnLoad): the files the HTML names (the bootstrap's data-src: src/measurements-entry.ts,
//   web-vitals and the beacon, with the carrying of a visit's attribution on the page's links),
//   what they import on load, followed through the built JS, and the inline bootstrap itself;
// - on a page with an island: the islands' loader (src/main.tsx), the field measurements and the
//   island's code.
// Script and style sizes are gzip at the highest level (scripts/compress.mjs writes the same
// bytes), each file by itself, and an inline script as what it adds to its page's .gz; the
// before-paint bytes are the files nginx sends (the .gz beside a file, or the file).
// Fails, one line per problem, when a budget is exceeded. `npm run budget -w frontend` after a
// build (`make budget` builds first).
import { Buffer } from 'node:buffer';
import { existsSync } from 'node:fs';
import { readFile, readdir, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { constants, gzipSync } from 'node:zlib';
import { parseSync } from 'vite';
import { gzipFor } from './compress.mjs';

const KB = 1024;

const bytes = (count) => `${count.toLocaleString('en-US')} bytes`;

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
   * of a page without islands, counted as a browser receives it (scriptOnLoad): every file it
   * fetches and runs on load and the inline bootstrap that requests them. On a page with an
   * island, the measurements' files besides the loader. Not 2 KB: web-vitals with its five
   * metrics is 2.3 KB (3.5.2) to 3.4 KB (6.2.3) gzip by itself; 5.3.0, the last release without
   * soft-navigation support (a site without a client router has no soft navigations), is 2.4 KB
   * of it (frontend/README.md, "Field measurements"). Measured: 3,538 to 3,543 bytes, one file of
   * 3,239 (2,523 without the attribution: it adds 0.7 KB) and the bootstrap's 299 to 304. It was
   * 3,825 to 3,830 in two files (2,791 and 735) with the bootstrap, which the count left out.
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

/**
 * The attribute of the islands' bootstrap (the page's one inline script) that names the script it
 * requests after the first paint: src/islands/bootstrap.ts, BOOTSTRAP_SRC_ATTRIBUTE.
 */
export const BOOTSTRAP_SRC_ATTRIBUTE = 'data-src';

/** A script element's type that the browser runs (no type, a JavaScript MIME type, or module). */
const RUNS = /^(?:|module|(?:text|application)\/(?:x-)?(?:java|ecma)script)$/i;

const attributeOf = (tag, name) => {
  const match = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s"'>]+))`, 'i').exec(
    tag,
  );
  return match ? (match[1] ?? match[2] ?? match[3]) : undefined;
};

/**
 * What a page's HTML makes the browser fetch and run as script: the files it names (a script's
 * src, a module preload or a script preload, the bootstrap's data-src), as the page's URLs, and
 * the text of its inline scripts. Scripts of a type the browser does not run (JSON, an import
 * map, speculation rules) are data, not counted.
 */
export function scriptsOfHtml(html) {
  const files = [];
  const inline = [];
  for (const [, tag, text] of html.matchAll(/(<script\b[^>]*>)([\s\S]*?)<\/script\s*>/gi)) {
    if (!RUNS.test(attributeOf(tag, 'type')?.trim() ?? '')) continue;
    const src = attributeOf(tag, 'src');
    if (src) files.push(src);
    else if (text.trim()) inline.push(text);
    const requested = attributeOf(tag, BOOTSTRAP_SRC_ATTRIBUTE);
    if (requested) files.push(requested);
  }
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    const rel = attributeOf(tag, 'rel')?.toLowerCase().split(/\s+/) ?? [];
    const href = attributeOf(tag, 'href');
    const script =
      rel.includes('modulepreload') ||
      (rel.includes('preload') && attributeOf(tag, 'as') === 'script');
    if (script && href) files.push(href);
  }
  return { files, inline };
}

const FUNCTIONS = new Set(['FunctionDeclaration', 'FunctionExpression', 'ArrowFunctionExpression']);

/**
 * The parts of a node that may not run when the node does: a branch, the right of `&&`, `||`,
 * `??` (and of `&&=`, `||=`, `??=`), a loop's body, a switch's cases, a catch clause.
 */
const SOMETIMES = {
  IfStatement: ['consequent', 'alternate'],
  ConditionalExpression: ['consequent', 'alternate'],
  LogicalExpression: ['right'],
  ForStatement: ['body', 'update'],
  ForInStatement: ['body'],
  ForOfStatement: ['body'],
  WhileStatement: ['body'],
  SwitchStatement: ['cases'],
  TryStatement: ['handler'],
};

/** Events that every page load fires, whose listeners run as surely as the code that adds them. */
const EVERY_LOAD = new Set(['DOMContentLoaded', 'load', 'pageshow']);

/** A call that adds an event listener for an event a page may never fire (a visitor's action). */
function onlyOnAnEvent(call) {
  const callee = call.callee.type === 'MemberExpression' ? call.callee.property : call.callee;
  if (callee.type !== 'Identifier' || callee.name !== 'addEventListener') return false;
  const [type] = call.arguments;
  return !(type?.type === 'Literal' && EVERY_LOAD.has(type.value));
}

/** The names a function binds for its own body: its parameters and what its body declares. */
function boundIn(fn) {
  const names = new Set();
  // `declaring`: node is (part of) a binding pattern, whose identifiers are names it declares.
  const collect = (node, declaring) => {
    if (Array.isArray(node)) {
      for (const child of node) collect(child, declaring);
      return;
    }
    if (!node || typeof node !== 'object') return;
    if (node !== fn && FUNCTIONS.has(node.type)) {
      // A nested function's own names are its own; a declaration binds its name here.
      if (node.type === 'FunctionDeclaration' && node.id) names.add(node.id.name);
      return;
    }
    if (declaring && node.type === 'Identifier') {
      names.add(node.name);
      return;
    }
    if (node.type === 'VariableDeclarator') {
      collect(node.id, true);
      collect(node.init, false);
      return;
    }
    if (declaring && node.type === 'AssignmentPattern') {
      collect(node.left, true);
      collect(node.right, false);
      return;
    }
    if (declaring && node.type === 'Property') {
      collect(node.value, true);
      return;
    }
    if (node.type === 'CatchClause') collect(node.param, true);
    if (node.type === 'ClassDeclaration' && node.id) names.add(node.id.name);
    for (const [key, child] of Object.entries(node)) {
      if (key !== 'type' && key !== 'param') collect(child, declaring);
    }
  };
  collect(fn.params, true);
  collect(fn.body, false);
  return names;
}

/**
 * The modules a built script makes the browser fetch and run when it runs, by their specifiers:
 * every static import (and `export … from`), and every dynamic `import()` that runs on load. One
 * runs on load when it is reached from the module's top level without a branch (see SOMETIMES) and
 * without entering a function that is not called there: a function is entered when it is called
 * at such a point (an IIFE, or a function the module declares at its top level, called by its
 * name), and so is a function passed to such a call as an argument, since the callee may call it
 * at once or later (Vite's preload helper: `__vitePreload(() => import('./chunk.js'), deps)`; a
 * timer, an idle callback), except an event listener for an event a page may never fire (a
 * visitor's action: EVERY_LOAD are the events it does fire). A function that is only stored (a
 * variable, a property, a default value) is not entered until a call that runs on load names it. A dynamic import whose specifier is not a string is an error: its chunk
 * cannot be known.
 */
export function importsOf(code, file = 'script.js') {
  const { program, errors } = parseSync(file, code, { sourceType: 'module', lang: 'js' });
  if (errors.length > 0) throw new Error(`${file}: ${errors[0].message}`);
  const specifiers = [];
  const add = (source) => {
    const value =
      source?.type === 'Literal' && typeof source.value === 'string'
        ? source.value
        : source?.type === 'TemplateLiteral' && source.expressions.length === 0
          ? source.quasis[0].value.cooked
          : undefined;
    if (value === undefined) throw new Error(`${file}: an import() of a computed specifier`);
    if (!specifiers.includes(value)) specifiers.push(value);
  };
  // The functions the module declares at its top level, by name.
  const topLevel = new Map();
  for (const node of program.body) {
    if (node.type === 'FunctionDeclaration' && node.id) topLevel.set(node.id.name, node);
    const declarations = node.type === 'VariableDeclaration' ? node.declarations : [];
    for (const { id, init } of declarations) {
      if (id.type === 'Identifier' && init && FUNCTIONS.has(init.type)) topLevel.set(id.name, init);
    }
    const exportFrom = ['ExportAllDeclaration', 'ExportNamedDeclaration'].includes(node.type);
    if ((node.type === 'ImportDeclaration' || exportFrom) && node.source) add(node.source);
  }
  const entered = new Set();
  // Runs a function's body; `outer`: the names that hide the top level's where it is written.
  const enter = (fn, outer) => {
    if (entered.has(fn)) return;
    entered.add(fn);
    run(fn.body, new Set([...outer, ...boundIn(fn)]));
  };
  const enterCalled = (node, shadowed) => {
    if (FUNCTIONS.has(node.type)) enter(node, shadowed);
    else if (node.type === 'Identifier' && !shadowed.has(node.name) && topLevel.has(node.name)) {
      enter(topLevel.get(node.name), new Set());
    }
  };
  // Walks what runs when `node` runs.
  const run = (node, shadowed) => {
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) {
      for (const child of node) run(child, shadowed);
      return;
    }
    // A function declared or stored is not run by being written.
    if (FUNCTIONS.has(node.type)) return;
    if (node.type === 'ImportExpression') add(node.source);
    if (node.type === 'CallExpression' || node.type === 'NewExpression') {
      enterCalled(node.callee, shadowed);
      if (!node.optional && !onlyOnAnEvent(node)) {
        for (const argument of node.arguments) {
          if (FUNCTIONS.has(argument.type)) enter(argument, shadowed);
        }
      }
      run(node.callee, shadowed);
      if (!node.optional) run(node.arguments, shadowed);
      return;
    }
    if (node.type === 'AssignmentExpression' && ['&&=', '||=', '??='].includes(node.operator)) {
      run(node.left, shadowed);
      return;
    }
    if (node.type === 'ClassBody') {
      // Only the static blocks and static fields run as the class is defined.
      for (const member of node.body) {
        if (member.type === 'StaticBlock') run(member.body, shadowed);
        if (member.type === 'PropertyDefinition' && member.static) run(member.value, shadowed);
        if (member.computed) run(member.key, shadowed);
      }
      return;
    }
    const sometimes = SOMETIMES[node.type] ?? [];
    for (const [key, child] of Object.entries(node)) {
      if (key !== 'type' && !sometimes.includes(key)) run(child, shadowed);
    }
  };
  run(program.body, new Set());
  return specifiers;
}

/** A URL the page's own origin serves, from a reference in `base` (a page's or a script's URL). */
function resolveLocal(reference, base) {
  const origin = 'https://site.invalid';
  const url = new URL(reference, new URL(base, origin));
  if (url.origin !== origin) throw new Error(`Not a local asset: ${reference} (from ${base})`);
  return url.pathname;
}

/**
 * Every script file a page makes the browser fetch and run, in the order it finds them: the
 * files its HTML names, and, transitively, what each imports (importsOf).
 */
export async function loadedScripts(dist, page, files) {
  const found = [];
  const visit = async (url) => {
    if (found.includes(url)) return;
    found.push(url);
    const code = await readFile(localFile(dist, url), 'utf8');
    for (const specifier of importsOf(code, url)) await visit(resolveLocal(specifier, url));
  };
  for (const file of files) await visit(resolveLocal(file, `/${page}`));
  return found;
}

/** The bytes nginx sends for a text: its gzip -9 when that is smaller (scripts/compress.mjs). */
const sentLength = (text) => (gzipFor(Buffer.from(text)) ?? Buffer.from(text)).length;

/**
 * What a page's inline scripts add to the page as sent: the page's .gz less the .gz of the same
 * page without their text. They travel in the page's compressed stream, so this is the bytes a
 * browser receives for them (their own gzip would count a gzip header and a dictionary of their
 * own again, about 30 bytes more for the bootstrap).
 */
export function inlineScriptBytes(html, inline = scriptsOfHtml(html).inline) {
  if (inline.length === 0) return 0;
  const without = inline.reduce((page, text) => page.replace(text, ''), html);
  return Math.max(0, sentLength(html) - sentLength(without));
}

/**
 * All the script a page makes the browser fetch and run, as a browser receives it: each file
 * (scripts above) at gzip -9 by itself, and the inline scripts as they add to the page's .gz.
 */
export async function scriptOnLoad(dist, page, html, gzipSize = gzipSizes(dist)) {
  const { files, inline } = scriptsOfHtml(html);
  const scripts = await loadedScripts(dist, page, files);
  const sizes = await Promise.all(
    scripts.map(async (url) => ({ url, bytes: await gzipSize(url) })),
  );
  const inlineBytes = inlineScriptBytes(html, inline);
  return {
    files: sizes,
    inline: inlineBytes,
    total: sizes.reduce((sum, { bytes }) => sum + bytes, inlineBytes),
  };
}

/** The one line that says what a page without islands runs is over its budget, or null. */
export function scriptOnLoadProblem(route, counted, budget = BUDGETS.fieldMeasurements) {
  if (counted.total <= budget) return null;
  const parts = [
    ...counted.files.map(({ url, bytes }) => `${url} ${bytes.toLocaleString('en-US')}`),
    `inline script ${counted.inline.toLocaleString('en-US')}`,
  ];
  return (
    `${route}: ${bytes(counted.total)} of script on load > ${bytes(budget)} ` +
    `(gzip -9: ${parts.join(' + ')})`
  );
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
    // What the page runs once it has painted, as the built files say: on a page without islands,
    // the field measurements and the bootstrap that requests them.
    const onLoad = await scriptOnLoad(dist, page, html, gzipSize);
    const found = new Set(onLoad.files.map(({ url }) => url));
    const unfound = assets.afterPaint.filter((url) => !found.has(url));
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
      unfound.length > 0 &&
        `${page}: the prerender step records ${unfound.join(', ')} after the first paint, ` +
          `which the page's HTML and scripts do not load`,
      loader > BUDGETS.loader && `${page}: loader ${kb(loader)} > ${kb(BUDGETS.loader)}`,
      islands.length > 0 &&
        measurements > BUDGETS.fieldMeasurements &&
        `${page}: field measurements ${kb(measurements)} > ${kb(BUDGETS.fieldMeasurements)}`,
      islands.length === 0 && scriptOnLoadProblem(route, onLoad),
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
      'on load bytes': onLoad.total,
      'inline bytes': onLoad.inline,
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
      `${kb(BUDGETS.fieldMeasurements)} (on a page without islands, all its script on load, ` +
      `${bytes(BUDGETS.fieldMeasurements)}); all JS on a page with an island ` +
      `${kb(BUDGETS.jsWithForm)}; ` +
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
