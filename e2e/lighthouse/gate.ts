// The rules of the Lighthouse gate and report (run.ts measures, this file judges): what a run's
// report gives, the best of several runs, what fails a route (judge), and a page's figures against
// its copy without scripts, which are reported (compareWithCopy).
import { median } from './calibration.ts';

export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
export type Category = (typeof CATEGORIES)[number];
/** The categories held at 100 on every route, whatever the host. */
export const ABSOLUTE: Category[] = ['accessibility', 'best-practices', 'seo'];
/** The margins of the report against the scripts-stripped copy. */
export const LCP_WITHIN = 1.05;
export const TBT_WITHIN_MS = 10;
/**
 * What the first round trip of a new connection carries: ten TCP segments of 1,460 bytes, the
 * initial congestion window Lighthouse's simulation (Lantern) gives it. Lantern counts every
 * request that finished before the observed LCP as needed for it (images of low priority aside),
 * so when a page's HTML, its stylesheet, the favicon and the Speculation Rules file (each with its
 * headers) outgrow this, its LCP gains a whole round trip: 150 ms on the mobile profile. A page 557
 * bytes heavier than its copy (the bootstrap) can fall on the wrong side of this line alone, so
 * the table shows both sides' bytes and the report says so (compareWithCopy).
 */
export const FIRST_ROUND_TRIP_BYTES = 10 * 1460;

export interface Audit {
  score: number | null;
  numericValue?: number;
  displayValue?: string;
  title: string;
}
export interface LighthouseResult {
  categories: Record<
    Category,
    { score: number | null; auditRefs: { id: string; weight: number }[] }
  >;
  audits: Record<string, Audit>;
  environment: { benchmarkIndex: number };
  runtimeError?: { code: string; message: string };
}
export interface RunResult {
  run: number;
  benchmarkIndex: number;
  scores: Partial<Record<Category, number>>;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  scriptKb: number;
  /** Bytes transferred (headers included) by the requests that ended before the observed LCP. */
  bytesBeforeLcp: number;
  report: LighthouseResult;
}

interface NetworkRequestItem {
  networkEndTime: number;
  transferSize: number;
}

/** The bytes of a run's requests that ended before its observed LCP (what Lantern counts). */
export function bytesBeforeLcp(report: LighthouseResult): number {
  const details = (audit: string) =>
    (report.audits[audit] as unknown as { details?: { items?: unknown[] } } | undefined)?.details
      ?.items;
  const observedLcp = (
    details('metrics')?.[0] as { observedLargestContentfulPaint?: number } | undefined
  )?.observedLargestContentfulPaint;
  if (observedLcp === undefined) return NaN;
  return ((details('network-requests') ?? []) as NetworkRequestItem[])
    .filter((request) => request.networkEndTime <= observedLcp)
    .reduce((sum, request) => sum + request.transferSize, 0);
}

/** The page with every script taken out: its inline bootstrap and any script or preload. */
export function stripScripts(html: string): string {
  return html
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, '')
    .replace(/<link rel="(?:modulepreload|preload)"[^>]*>/gi, '');
}

/** The audits that cost a category points in a run: what to fix. */
export function lostPoints(result: RunResult, category: Category): string[] {
  return result.report.categories[category].auditRefs
    .filter((ref) => ref.weight > 0)
    .map((ref) => ({ id: ref.id, audit: result.report.audits[ref.id] }))
    .filter(({ audit }) => audit && audit.score !== null && audit.score < 1)
    .map(
      ({ id, audit }) =>
        `${id} (score ${audit!.score}${audit!.displayValue ? `, ${audit!.displayValue}` : ''}): ${audit!.title}`,
    );
}

/**
 * The best of the runs for every figure, the run with the best LCP (its report is kept), and the
 * worst of the figures the gate compares: the copy's worst run is how far the host's noise alone
 * carries a page with no script at all, in this run (judge).
 */
export function summarize(results: RunResult[]) {
  const best = [...results].sort((a, b) => a.lcpMs - b.lcpMs)[0]!;
  const performances = results.map((r) => r.scores.performance ?? 0);
  return {
    lcpMs: Math.min(...results.map((r) => r.lcpMs)),
    bytesBeforeLcp: median(results.map((r) => r.bytesBeforeLcp)),
    tbtMs: Math.min(...results.map((r) => r.tbtMs)),
    cls: Math.min(...results.map((r) => r.cls)),
    scriptKb: median(results.map((r) => r.scriptKb)),
    performance: Math.max(...performances),
    worst: {
      lcpMs: Math.max(...results.map((r) => r.lcpMs)),
      tbtMs: Math.max(...results.map((r) => r.tbtMs)),
      performance: Math.min(...performances),
    },
    bestRun: best,
  };
}

export type Summary = ReturnType<typeof summarize>;

/**
 * What fails a route, whatever the host: a category below 100 among those that do not depend on
 * its speed (accessibility, best practices, SEO), or a layout shift.
 */
export function judge(site: RunResult[], s: Summary): string[] {
  const problems: string[] = [];
  for (const category of ABSOLUTE) {
    const best = Math.max(...site.map((r) => r.scores[category] ?? 0));
    if (best < 100) {
      const bestRun = site.find((r) => r.scores[category] === best)!;
      problems.push(
        `${category} ${best} < 100:\n      ${lostPoints(bestRun, category).join('\n      ')}`,
      );
    }
  }
  if (s.cls > 0.0005) problems.push(`CLS ${s.cls.toFixed(3)} > 0`);
  return problems;
}

/**
 * How far a page's best run is from its copy without scripts, reported and never gated: the
 * simulated LCP and TBT move with the host's load by more than a script costs a small page. The
 * page's best run is held to the copy's worst plus a margin (LCP 5%, TBT 10 ms, the same
 * performance score); a page over it is "slower", with the likely reason when its bytes before
 * the LCP outgrow the first round trip and its copy's do not.
 */
export function compareWithCopy(s: Summary, c: Summary): string[] {
  const notes: string[] = [];
  const ms = (value: number) => `${Math.round(value)} ms`;
  const lcpLimit = c.worst.lcpMs * LCP_WITHIN;
  if (s.lcpMs > lcpLimit) {
    const bytes = (value: number) => `${Math.round(value).toLocaleString('en-US')} bytes`;
    notes.push(
      `LCP ${ms(s.lcpMs)} > ${ms(lcpLimit)}: the copy's ${ms(c.lcpMs)} to ${ms(c.worst.lcpMs)}, × ${LCP_WITHIN}` +
        (s.bytesBeforeLcp > FIRST_ROUND_TRIP_BYTES && c.bytesBeforeLcp <= FIRST_ROUND_TRIP_BYTES
          ? `\n      the page fetched ${bytes(s.bytesBeforeLcp)} before its LCP, more than the first round trip carries ` +
            `(${bytes(FIRST_ROUND_TRIP_BYTES)}), and its copy ${bytes(c.bytesBeforeLcp)}: make the HTML, or what is ` +
            `fetched with it, smaller`
          : ''),
    );
  }
  const tbtLimit = c.worst.tbtMs + TBT_WITHIN_MS;
  if (s.tbtMs > tbtLimit) {
    notes.push(
      `TBT ${ms(s.tbtMs)} > ${ms(tbtLimit)}: the copy's ${ms(c.tbtMs)} to ${ms(c.worst.tbtMs)}, + ${TBT_WITHIN_MS} ms`,
    );
  }
  if (s.performance < c.worst.performance) {
    notes.push(
      `performance ${s.performance} < ${c.worst.performance} (the copy's ${c.worst.performance} to ${c.performance}):\n      ` +
        lostPoints(s.bestRun, 'performance').join('\n      '),
    );
  }
  return notes;
}
