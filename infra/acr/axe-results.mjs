// The axe-core results the browser suite writes with AXE_RESULTS_DIR set (e2e/support/axe.ts),
// folded into what they say about each WCAG success criterion. axe tags each rule with the
// criteria it tests, `wcag143` for 1.4.3 (https://github.com/dequelabs/axe-core/blob/develop/doc/API.md#axe-core-tags);
// the level tags (`wcag2a`, `wcag21aa`, `wcag22aa`) name no criterion and are ignored.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** `wcag1410` → `1.4.10`; null for a tag that names no success criterion. */
export function criterionOfTag(tag) {
  const match = /^wcag(\d)(\d)(\d{1,2})$/.exec(tag);
  return match ? `${match[1]}.${match[2]}.${match[3]}` : null;
}

/**
 * The operators' console is outside the public statement's scope (its pages are served under
 * /console/ on the console's origin), so its runs are counted but not reported.
 */
function inScope(run) {
  return !new URL(run.url).pathname.startsWith('/console');
}

/** How a run is named in a note: its page, and the state the suite put it in when that differs. */
function pageOf(run) {
  const pathname = new URL(run.url).pathname;
  return run.state === pathname ? pathname : `${pathname} (${run.state})`;
}

/** Reads every run in `dir`; a missing directory is no runs, not an error. */
export function readAxeRuns(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => JSON.parse(readFileSync(path.join(dir, name), 'utf8')));
}

/**
 * Per criterion: the pages where a rule of it was violated (with the rules), where all of its
 * rules passed, and the rules axe could not decide (`incomplete`, left to the manual checks).
 */
export function findingsByCriterion(runs) {
  const scoped = runs.filter(inScope);
  const findings = new Map();
  const entry = (id) => {
    if (!findings.has(id)) {
      findings.set(id, {
        violated: new Map(),
        violatedPaths: new Set(),
        passedRules: new Set(),
        incompleteRules: new Set(),
      });
    }
    return findings.get(id);
  };
  for (const run of scoped) {
    const page = pageOf(run);
    const violated = (f, rule) => {
      f.violated.set(page, [...(f.violated.get(page) ?? []), rule]);
      f.violatedPaths.add(new URL(run.url).pathname);
    };
    for (const [list, record] of [
      [run.violations, violated],
      [run.passes, (f, rule) => f.passedRules.add(rule)],
      [run.incomplete, (f, rule) => f.incompleteRules.add(rule)],
    ]) {
      for (const rule of list) {
        for (const id of rule.tags.map(criterionOfTag).filter(Boolean)) record(entry(id), rule.id);
      }
    }
  }
  const pages = new Set(scoped.map((run) => new URL(run.url).pathname));
  return { findings, pages, runs: scoped.length, skipped: runs.length - scoped.length };
}
