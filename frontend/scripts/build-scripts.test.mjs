// The build's compression (compress.mjs), the before-paint byte budget and the count of a page's
// script on load (check-budgets.mjs), on small dist/ directories of their own. `npm test -w frontend` runs them with node --test.
import assert from 'node:assert/strict';
import { Buffer } from 'node:buffer';
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { gunzipSync, gzipSync } from 'node:zlib';
import {
  BOOTSTRAP_SRC_ATTRIBUTE,
  BUDGETS,
  FIRST_ROUND_TRIP_BYTES,
  RESPONSE_HEADERS_ALLOWANCE,
  beforePaint,
  beforePaintProblem,
  importsOf,
  inlineScriptBytes,
  requestedByHtml,
  routeOf,
  scriptOnLoad,
  scriptOnLoadProblem,
  scriptsOfHtml,
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

// What a page without islands makes the browser fetch and run (check-budgets.mjs, scriptOnLoad):
// a small dist/ of its own, whose page names one script through its bootstrap's data-src.
test('a page names its scripts by src, module preload and the bootstrap’s data-src, and inline', async () => {
  const html =
    '<head><link rel="modulepreload" href="/assets/a.js"><link rel="preload" as="font" href="/f.woff2">' +
    '<link rel="stylesheet" href="/assets/site.css"><script type="application/ld+json">{"@type":"Thing"}</script>' +
    '<script type="module" src="/assets/b.js"></script></head>' +
    `<body><script data-src="/assets/c.js">(function(){go()})()</script></body>`;
  assert.deepEqual(scriptsOfHtml(html), {
    files: ['/assets/b.js', '/assets/c.js', '/assets/a.js'],
    inline: ['(function(){go()})()'],
  });
  // The attribute the prerender step writes (Node reads the TypeScript, which has no types).
  const bootstrap = await import('../src/islands/bootstrap.ts');
  assert.equal(BOOTSTRAP_SRC_ATTRIBUTE, bootstrap.BOOTSTRAP_SRC_ATTRIBUTE);
});

test('a script’s imports are its static ones and the dynamic ones that run on load', () => {
  const code = [
    `import { a } from './static.js';`,
    `export * from './reexported.js';`,
    // Vite's preload helper, at the top level: the callback runs.
    `const preload = (load, deps) => Promise.resolve(deps).then(() => load());`,
    `preload(() => import('./on-load.js'), []).catch(() => undefined);`,
    // A function the module declares, called at the top level.
    `function start() { import(\`./from-start.js\`); }`,
    `start();`,
    // Called only on a visitor's action, in a branch, on the right of &&, or never.
    `const island = () => import('./island.js');`,
    `document.addEventListener('focusin', function handler() { island(); }, true);`,
    `if (a) import('./branch.js'); else import('./other-branch.js');`,
    `a && import('./maybe.js');`,
    `for (const x of a) import('./loop.js');`,
    `const stored = { load: () => import('./stored.js') };`,
    // A parameter named like a top-level function is not that function.
    `function later() { import('./later.js'); }`,
    `(function (later) { later(); })(() => undefined);`,
  ].join('\n');
  assert.deepEqual(importsOf(code), [
    './static.js',
    './reexported.js',
    './on-load.js',
    './from-start.js',
  ]);
  // What runs later but surely: a timer, an idle callback, a listener for an event every page
  // load fires.
  for (const call of [
    `setTimeout(() => import('./x.js'), 5000);`,
    `requestIdleCallback(() => import('./x.js'));`,
    `addEventListener('load', () => import('./x.js'));`,
  ]) {
    assert.deepEqual(importsOf(call), ['./x.js'], call);
  }
  assert.throws(() => importsOf(`import(name);`), /computed specifier/);
});

test('what an inline script costs is what it adds to the page as sent', () => {
  const text = "(function(){var d=document;d.head.appendChild(d.createElement('script'))})()";
  const html = `${page.replace('</body>', `<script data-src="/assets/x.js">${text}</script></body>`)}`;
  const gz = (s) => gzipSync(s, { level: 9 }).length;
  assert.equal(inlineScriptBytes(html), gz(html) - gz(html.replace(text, '')));
  assert.ok(inlineScriptBytes(html) < gz(text), 'less than its gzip by itself');
  assert.equal(inlineScriptBytes(page), 0);
});

test('a page whose import chain and inline script are over the budget fails, naming them', async () => {
  const site = await mkdtemp(join(tmpdir(), 'scripts-'));
  try {
    await mkdir(join(site, 'assets'));
    // Text that gzip cannot shrink much, so that each file counts about its own size.
    const noise = (seed, length) => {
      let text = '';
      for (let i = 0; text.length < length; i += 1) {
        text += createHash('sha256').update(`${seed}${i}`).digest('base64');
      }
      return `/*${text.slice(0, length)}*/`;
    };
    const bootstrap = `(function(){var s=document.currentScript.getAttribute('data-src');${noise('b', 300)}})()`;
    const html = `<!doctype html><html><body><p>A page.</p><script data-src="/assets/entry.js">${bootstrap}</script></body></html>`;
    await writeFile(join(site, 'about.html'), html);
    const files = {
      'entry.js': `import{t}from"./shared.js";${noise('e', 1200)}const p=(f)=>f();p(()=>import("./later.js"));if(t)import("./island.js");`,
      'shared.js': `export const t=0;import"./deep.js";${noise('s', 900)}`,
      'deep.js': noise('d', 600),
      'later.js': noise('l', 700),
      'island.js': noise('i', 50_000),
    };
    for (const [name, code] of Object.entries(files)) {
      await writeFile(join(site, 'assets', name), code);
    }
    const counted = await scriptOnLoad(site, 'about.html', html);
    const gz = (name) => gzipSync(files[name], { level: 9 }).length;
    assert.deepEqual(counted.files, [
      { url: '/assets/entry.js', bytes: gz('entry.js') },
      { url: '/assets/shared.js', bytes: gz('shared.js') },
      { url: '/assets/deep.js', bytes: gz('deep.js') },
      { url: '/assets/later.js', bytes: gz('later.js') },
    ]);
    assert.equal(counted.inline, inlineScriptBytes(html));
    assert.ok(counted.inline > 200);
    const chain = gz('entry.js') + gz('shared.js') + gz('deep.js') + gz('later.js');
    assert.equal(counted.total, chain + counted.inline);

    // Within a budget the entry alone (what a check of the HTML's file only saw) meets, over it
    // with its imports and the inline script: one line that names them all.
    const budget = chain + counted.inline - 1;
    assert.ok(gz('entry.js') < budget);
    assert.equal(scriptOnLoadProblem('/about', counted, counted.total), null);
    const line = scriptOnLoadProblem('/about', counted, budget);
    assert.match(line, /^\/about: [\d,]+ bytes of script on load > [\d,]+ bytes \(gzip -9: /);
    for (const name of ['entry.js', 'shared.js', 'deep.js', 'later.js']) {
      assert.ok(line.includes(`/assets/${name} ${gz(name).toLocaleString('en-US')}`), name);
    }
    assert.ok(line.includes(`inline script ${counted.inline}`));
    assert.ok(!line.includes('island.js'));
    assert.doesNotMatch(line, /\n/);
    // The budget the site's pages without islands are held to.
    assert.equal(BUDGETS.fieldMeasurements, 3_584);
  } finally {
    await rm(site, { recursive: true, force: true });
  }
});
