// Lighthouse on every route of the running stack, with Lighthouse's mobile settings (emulated
// phone, simulated slow 4G) and a CPU slowdown calibrated to this host (lighthouse/calibration.ts).
//
// A report and a gate on what the host cannot change. Lighthouse's simulated LCP and TBT follow
// the host's load (a page without any script varied by 100 ms of LCP and 400 ms of TBT between
// runs on these 2-core machines), so they are reported, never gated: each page is measured beside
// its own copy with every script removed (the limit for the page: the same HTML and CSS, served
// by the same nginx), runs alternated, LIGHTHOUSE_RUNS pairs (3 by default, 1 in CI), and the
// table says how far the page's best run is from its copy (gate.ts, compareWithCopy). What fails
// the run does not depend on the host: CLS 0, and accessibility, best practices and SEO at 100.
// The deterministic performance gates are elsewhere: bytes per route and before the first paint
// (`make budget`), no script requested before the first paint, read from the browser's own
// timeline (tests/islands.spec.ts). The 404 page is left out: Lighthouse refuses to measure a 404.
//
// The copies are written into the folder the stack's nginx serves (LIGHTHOUSE_SITE_DIR, set by
// make e2e: frontend/dist), under lighthouse-stripped/, and removed afterwards. Without that
// folder (the container stack's site is inside its image) the page is measured alone.
// Prints a table, keeps the best run's reports, and exits 1 when a route misses the gate.
// Paths given as arguments (`npm run lighthouse -w e2e -- /about`) limit it to those routes.
import { execFile } from 'node:child_process';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { constants, gzipSync } from 'node:zlib';
import { chromiumFlags, chromiumPath } from '../support/chromium.ts';
import { routes } from '../support/site.ts';
import { artifactsDir, baseUrl } from '../support/stack.ts';
import { calibrateCpu, median } from './calibration.ts';
import {
  ABSOLUTE,
  bytesBeforeLcp,
  CATEGORIES,
  FIRST_ROUND_TRIP_BYTES,
  compareWithCopy,
  judge,
  LCP_WITHIN,
  stripScripts,
  summarize,
  TBT_WITHIN_MS,
  type Category,
  type LighthouseResult,
  type RunResult,
} from './gate.ts';

const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
/** Attempts per run when Lighthouse itself fails to record a trace (e.g. NO_NAVSTART). */
const attempts = 3;
const siteDir = process.env.LIGHTHOUSE_SITE_DIR;
const strippedFolder = 'lighthouse-stripped';
const onlyPaths = process.argv.slice(2);
const measuredRoutes = onlyPaths.length
  ? routes.filter((route) => onlyPaths.includes(route.path))
  : routes;
if (measuredRoutes.length !== (onlyPaths.length || routes.length)) {
  console.error(
    `Unknown route among ${onlyPaths.join(' ')}; routes: ${routes.map((r) => r.path).join(' ')}`,
  );
  process.exit(2);
}
const outDir = join(artifactsDir, 'lighthouse');

const require = createRequire(import.meta.url);
const lighthousePackage = require.resolve('lighthouse/package.json');
const { bin } = JSON.parse(await readFile(lighthousePackage, 'utf8')) as {
  bin: Record<string, string>;
};
const lighthouseCli = join(dirname(lighthousePackage), bin.lighthouse ?? 'cli/index.js');

/** The prerendered file of a route (the web tier maps `/about` to `about.html`). */
const fileOf = (route: (typeof routes)[number]) =>
  route.path === '/' ? 'index.html' : `${route.path.slice(1)}.html`;

/**
 * A run whose trace Lighthouse could not record has no scores at all, and Lighthouse's own advice
 * is to run it again; such runs are retried. A page that loads but scores low is never retried.
 */
async function measureWithRetry(
  url: string,
  slug: string,
  run: number,
  categories: readonly Category[],
): Promise<RunResult> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await measure(url, slug, run, categories);
    } catch (error) {
      const reason = (error as { stderr?: string }).stderr?.trim() || (error as Error).message;
      if (attempt >= attempts) {
        throw new Error(`${url}: Lighthouse failed ${attempts} times: ${reason}`, { cause: error });
      }
      console.error(`  ${url} run ${run}: Lighthouse failed (${reason}); retrying`);
    }
  }
}

async function measure(
  url: string,
  slug: string,
  run: number,
  categories: readonly Category[],
): Promise<RunResult> {
  const base = join(outDir, `${slug}-run${run}`);
  await promisify(execFile)(
    process.execPath,
    [
      lighthouseCli,
      url,
      '--quiet',
      '--output=json',
      '--output=html',
      `--output-path=${base}`,
      `--only-categories=${categories.join(',')}`,
      `--chrome-flags=${chromiumFlags.join(' ')}`,
      `--throttling.cpuSlowdownMultiplier=${cpu.multiplier}`,
    ],
    {
      env: { ...process.env, CHROME_PATH: chromiumPath },
      timeout: 180_000,
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  const report = JSON.parse(await readFile(`${base}.report.json`, 'utf8')) as LighthouseResult;
  if (report.runtimeError) {
    throw new Error(`${url}: ${report.runtimeError.code} ${report.runtimeError.message}`);
  }
  const scores = Object.fromEntries(
    categories.map((category) => [
      category,
      Math.round((report.categories[category].score ?? 0) * 100),
    ]),
  ) as Partial<Record<Category, number>>;
  const scriptBytes =
    (
      report.audits['resource-summary'] as unknown as {
        details?: { items?: { resourceType: string; transferSize: number }[] };
      }
    )?.details?.items?.find((item) => item.resourceType === 'script')?.transferSize ?? 0;
  return {
    run,
    bytesBeforeLcp: bytesBeforeLcp(report),
    benchmarkIndex: report.environment.benchmarkIndex,
    scores,
    lcpMs: report.audits['largest-contentful-paint']?.numericValue ?? NaN,
    cls: report.audits['cumulative-layout-shift']?.numericValue ?? NaN,
    tbtMs: report.audits['total-blocking-time']?.numericValue ?? NaN,
    scriptKb: scriptBytes / 1024,
    report,
  };
}

await rm(outDir, { recursive: true, force: true });
await mkdir(outDir, { recursive: true });
const cpu = await calibrateCpu(new URL('/robots.txt', baseUrl).href);
console.error(`  ${cpu.description}`);

if (siteDir) {
  await mkdir(join(siteDir, strippedFolder), { recursive: true });
  for (const route of measuredRoutes) {
    const html = await readFile(join(siteDir, fileOf(route)), 'utf8');
    const copy = stripScripts(html);
    await writeFile(join(siteDir, strippedFolder, fileOf(route)), copy);
    // Sent as the page is: precompressed (gzip_static), as the build compresses pages.
    await writeFile(
      join(siteDir, strippedFolder, `${fileOf(route)}.gz`),
      gzipSync(copy, { level: constants.Z_BEST_COMPRESSION }),
    );
  }
} else {
  console.error(
    '  LIGHTHOUSE_SITE_DIR is not set: no scripts-stripped copies, so each page is measured alone.',
  );
}

const rows: string[][] = [];
const failures: string[] = [];
const reported: string[] = [];
const summary: unknown[] = [];
const indexes: number[] = [];
try {
  for (const route of measuredRoutes) {
    const siteUrl = new URL(route.path, baseUrl).href;
    const strippedUrl = new URL(`/${strippedFolder}/${fileOf(route)}`, baseUrl).href;
    const site: RunResult[] = [];
    const stripped: RunResult[] = [];
    const measurePairs = async (count: number) => {
      for (let i = 0; i < count; i += 1) {
        const run = site.length + 1;
        // Alternated, so that a slow moment of the host falls on both alike.
        site.push(await measureWithRetry(siteUrl, route.slug, run, CATEGORIES));
        if (siteDir) {
          stripped.push(
            await measureWithRetry(strippedUrl, `${route.slug}-stripped`, run, ['performance']),
          );
        }
        indexes.push(site.at(-1)!.benchmarkIndex);
        console.error(
          `  ${route.path} run ${run}: LCP ${Math.round(site.at(-1)!.lcpMs)} ms` +
            (siteDir ? ` (stripped ${Math.round(stripped.at(-1)!.lcpMs)} ms)` : '') +
            `, TBT ${Math.round(site.at(-1)!.tbtMs)} ms, performance ${site.at(-1)!.scores.performance}`,
        );
      }
    };
    await measurePairs(runs);
    const s = summarize(site);
    const c = siteDir ? summarize(stripped) : undefined;
    const problems = judge(site, s);
    const notes = c ? compareWithCopy(s, c) : [];
    failures.push(...problems.map((problem) => `${route.path}: ${problem}`));
    reported.push(...notes.map((note) => `${route.path}: ${note}`));
    const keep = new Set([s.bestRun.run]);
    for (const result of site) {
      if (!keep.has(result.run)) {
        await rm(join(outDir, `${route.slug}-run${result.run}.report.json`), { force: true });
        await rm(join(outDir, `${route.slug}-run${result.run}.report.html`), { force: true });
      }
    }
    const ms = (value: number) => `${Math.round(value).toLocaleString('en-US')} ms`;
    rows.push([
      route.path,
      ms(s.lcpMs),
      c ? `${ms(c.lcpMs)} (worst ${ms(c.worst.lcpMs)})` : '-',
      c ? `${(((s.lcpMs - c.lcpMs) / c.lcpMs) * 100).toFixed(1)} %` : '-',
      `${ms(s.tbtMs)}${c ? ` vs ${ms(c.tbtMs)} (worst ${ms(c.worst.tbtMs)})` : ''}`,
      s.cls.toFixed(3),
      `${s.performance}${c ? ` vs ${c.performance} (worst ${c.worst.performance})` : ''}`,
      `${s.scriptKb.toFixed(1)} KB`,
      `${(s.bytesBeforeLcp / 1024).toFixed(1)}${c ? ` vs ${(c.bytesBeforeLcp / 1024).toFixed(1)}` : ''} KB`,
      ABSOLUTE.map((category) => Math.max(...site.map((r) => r.scores[category] ?? 0))).join('/'),
      problems.length ? 'FAIL' : notes.length ? 'slower' : 'ok',
    ]);
    summary.push({
      path: route.path,
      site: site.map(({ report: _report, ...rest }) => rest),
      stripped: stripped.map(({ report: _report, ...rest }) => rest),
      problems,
      notes,
      report: `${route.slug}-run${s.bestRun.run}.report.html`,
    });
  }
} finally {
  if (siteDir) await rm(join(siteDir, strippedFolder), { recursive: true, force: true });
}

const header = [
  'route',
  'LCP',
  'LCP, no scripts',
  'LCP over',
  'TBT',
  'CLS',
  'performance',
  'script transferred',
  'before LCP',
  'a11y/bp/SEO',
  '',
];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
const line = (cells: string[]) => cells.map((cell, i) => cell.padEnd(widths[i]!)).join('  ');
const table = [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');

const title = [
  `Lighthouse, mobile, the best of ${runs} run${runs === 1 ? '' : 's'} per route` +
    (siteDir ? ', alternated with the same page without its scripts (same nginx)' : '') +
    `, ${baseUrl}`,
  `Gate: CLS 0; accessibility, best practices, SEO 100. Reported, not gated (the host's load moves them): LCP, TBT and performance against the copy ("slower": LCP over ${Math.round((LCP_WITHIN - 1) * 100)}% or TBT over ${TBT_WITHIN_MS} ms past the copy's worst run, or a lower score)`,
  `Before LCP: the bytes of the requests that ended before the observed LCP (median of the runs), page vs copy; Lighthouse adds a round trip when they pass ${(FIRST_ROUND_TRIP_BYTES / 1024).toFixed(1)} KB, the first round trip of a new connection`,
  cpu.description,
  `benchmarkIndex during the runs: median ${Math.round(median(indexes))}, ${Math.round(Math.min(...indexes))}-${Math.round(Math.max(...indexes))}`,
].join('\n');
console.log(`\n${title}\n`);
console.log(table);
await writeFile(join(outDir, 'summary.txt'), `${title}\n\n${table}\n`);
await writeFile(join(outDir, 'summary.json'), `${JSON.stringify(summary, null, 2)}\n`);
console.log(`\nReports: ${outDir}`);
if (reported.length) {
  console.log(
    `\nSlower than the copy without scripts (reported, not gated):\n  ${reported.join('\n  ')}`,
  );
}
if (failures.length) {
  console.log(`\nMissed:\n  ${failures.join('\n  ')}`);
  process.exit(1);
}
console.log('\nEvery route is within the gate (CLS 0; accessibility, best practices, SEO 100).');
