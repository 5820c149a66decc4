import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, type TestInfo } from '@playwright/test';

export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

type AxeResults = Awaited<ReturnType<AxeBuilder['analyze']>>;

/** Runs axe with the WCAG 2.2 AA tags and expects no violation; the full result is attached. */
export async function expectNoAxeViolations(
  page: Page,
  testInfo: TestInfo,
  state: string,
): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  await testInfo.attach(`axe-${state}.json`, {
    body: JSON.stringify(results, null, 2),
    contentType: 'application/json',
  });
  // Before the expectations: a run with violations is the one the report most needs.
  writeAxeSummary(results, testInfo, state);
  const summary = results.violations.map((violation) => ({
    rule: violation.id,
    impact: violation.impact,
    help: violation.help,
    nodes: violation.nodes.map((node) => `${node.target.join(' ')}: ${node.failureSummary}`),
  }));
  expect(summary, `axe violations (${state})`).toEqual([]);
  expect(results.passes.length, 'axe ran its checks').toBeGreaterThan(0);
}

/**
 * With AXE_RESULTS_DIR set, each run's rules and their WCAG tags go there as one JSON file, the
 * input of `make acr`'s conformance report (infra/acr/axe-results.mjs reads this shape). Unset,
 * nothing is written. The test's id keeps two tests with the same state name apart.
 */
function writeAxeSummary(results: AxeResults, testInfo: TestInfo, state: string): void {
  const dir = process.env.AXE_RESULTS_DIR?.trim();
  if (!dir) return;
  const rules = (list: AxeResults['passes']) =>
    list.map((rule) => ({ id: rule.id, tags: rule.tags, nodes: rule.nodes.length }));
  const summary = {
    state,
    url: results.url,
    project: testInfo.project.name,
    test: testInfo.title,
    axeVersion: results.testEngine.version,
    timestamp: results.timestamp,
    violations: rules(results.violations),
    incomplete: rules(results.incomplete),
    passes: rules(results.passes),
  };
  const slug = state.replace(/[^a-z0-9]+/gi, '-').toLowerCase();
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    path.join(dir, `${slug}--${testInfo.testId}.json`),
    `${JSON.stringify(summary, null, 2)}\n`,
  );
}
