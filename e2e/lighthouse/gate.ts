// The rules of the Lighthouse gate (run.ts measures, this file judges): what a run's report
// gives, the best of several runs, and a page's figures against its copy without scripts.
import { median } from './calibration.ts';

export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
export type Category = (typeof CATEGORIES)[number];
/** The categories held at 100 on every route, whatever the host. */
export const ABSOLUTE: Category[] = ['accessibility', 'best-practices', 'seo'];
/** The gate against the scripts-stripped copy. */
export const LCP_WITHIN = 1.05;
export const TBT_WITHIN_MS = 10;

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
  report: LighthouseResult;
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

/** The best of the runs for every figure, and the run with the best LCP (its report is kept). */
export function summarize(results: RunResult[]) {
  const best = [...results].sort((a, b) => a.lcpMs - b.lcpMs)[0]!;
  return {
    lcpMs: Math.min(...results.map((r) => r.lcpMs)),
    tbtMs: Math.min(...results.map((r) => r.tbtMs)),
    cls: Math.min(...results.map((r) => r.cls)),
    scriptKb: median(results.map((r) => r.scriptKb)),
    performance: Math.max(...results.map((r) => r.scores.performance ?? 0)),
    bestRun: best,
  };
}

export type Summary = ReturnType<typeof summarize>;

/**
 * What keeps a page from passing (failing the run): `absolute`, a category below 100 or a layout
 * shift; `againstCopy`, a figure worse than the copy's without scripts (LCP more than 5% over it,
 * TBT more than 10 ms over it, a lower performance score), which run.ts looks at again with more
 * runs before failing, since the host's noise can fall on either page.
 */
export function judge(
  site: RunResult[],
  s: Summary,
  c: Summary | undefined,
): { absolute: string[]; againstCopy: string[] } {
  const absolute: string[] = [];
  for (const category of ABSOLUTE) {
    const best = Math.max(...site.map((r) => r.scores[category] ?? 0));
    if (best < 100) {
      const bestRun = site.find((r) => r.scores[category] === best)!;
      absolute.push(
        `${category} ${best} < 100:\n      ${lostPoints(bestRun, category).join('\n      ')}`,
      );
    }
  }
  if (s.cls > 0.0005) absolute.push(`CLS ${s.cls.toFixed(3)} > 0`);
  const againstCopy: string[] = [];
  if (c) {
    if (s.lcpMs > c.lcpMs * LCP_WITHIN) {
      againstCopy.push(
        `LCP ${Math.round(s.lcpMs)} ms > ${Math.round(c.lcpMs)} ms × ${LCP_WITHIN} (the copy without scripts)`,
      );
    }
    if (s.tbtMs > c.tbtMs + TBT_WITHIN_MS) {
      againstCopy.push(
        `TBT ${Math.round(s.tbtMs)} ms > ${Math.round(c.tbtMs)} + ${TBT_WITHIN_MS} ms`,
      );
    }
    if (s.performance < c.performance) {
      againstCopy.push(
        `performance ${s.performance} < ${c.performance} (the copy without scripts):\n      ` +
          lostPoints(s.bestRun, 'performance').join('\n      '),
      );
    }
  }
  return { absolute, againstCopy };
}
