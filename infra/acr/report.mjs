// The OpenACR report (the package's schema/openacr-0.1.0.json) from each criterion's level and
// note, the release, the site's company values and how each input was gathered.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

/**
 * The company values the site is built with: VITE_* from the environment, then from .env (as
 * the Makefile reads .env). Unset, the report says so rather than name the example company of
 * frontend/src/shared/site-config.ts.
 */
export function siteValues(env = process.env, envFile = path.join(root, '.env')) {
  const file = existsSync(envFile) ? readFileSync(envFile, 'utf8') : '';
  const read = (name) =>
    env[name]?.trim() || new RegExp(`^${name}=(.*)$`, 'm').exec(file)?.[1]?.trim() || '';
  return {
    VITE_BRAND_NAME: read('VITE_BRAND_NAME'),
    VITE_SITE_URL: read('VITE_SITE_URL').replace(/\/+$/, ''),
    VITE_ACCESSIBILITY_EMAIL: read('VITE_ACCESSIBILITY_EMAIL'),
  };
}

function methods({ statement, manual, axe, axeDir, statementSource }) {
  const automated = axe
    ? `axe-core results of the browser suite (${axeDir}): ${axe.runs} runs on ${axe.pages.size} pages, ${[...axe.pages].join(', ')}.`
    : `No axe-core results were given (${axeDir} is empty or missing), so the automated checks add nothing to this report; run the browser suite with AXE_RESULTS_DIR set to include them.`;
  const reports = statementSource
    ? `Known limitations and confirmed, unresolved reports from ${statementSource}.`
    : 'Known limitations from the accessibility statement; confirmed reports were not read.';
  return [
    statement.method,
    `Manual checks (${manual.checkedBy}, ${manual.checkedOn}): ${manual.method}`,
    automated,
    reports,
  ].join(' ');
}

export function reportOf(input) {
  const { criteria, results, manual, statement, release, date, catalogName } = input;
  const site = siteValues();
  const company = site.VITE_BRAND_NAME || 'The company (VITE_BRAND_NAME is not set)';
  const contact = {
    company_name: company,
    email: site.VITE_ACCESSIBILITY_EMAIL || 'VITE_ACCESSIBILITY_EMAIL is not set',
    ...(site.VITE_SITE_URL && { website: site.VITE_SITE_URL }),
  };
  const byNum = new Map(results.map((result) => [result.id, result]));
  const chapters = {};
  for (const criterion of criteria) {
    const chapter = input.chapterOf(criterion);
    const { level, note } = byNum.get(criterion.id);
    chapters[chapter] ??= { criteria: [] };
    chapters[chapter].criteria.push({
      num: input.numOf(criterion),
      components: [
        {
          name: chapter === 'support_documentation_and_services' ? 'none' : 'web',
          adherence: { level, notes: note },
        },
      ],
    });
  }
  const newIn22 = criteria.filter((c) => c.standard === 'WCAG 2.2' && !c.en301549);
  const clause9 = `Each criterion is also the clause of ${statement.en301549} numbered 9. and its number (1.4.3 is 9.1.4.3), except ${newIn22.map((c) => c.id).join(', ')}, new in WCAG 2.2.`;
  chapters.success_criteria_level_a.notes = clause9;
  chapters.success_criteria_level_aa.notes = clause9;
  return {
    title: `${company} Accessibility Conformance Report`,
    product: {
      name: `${company} website`,
      version: release.version,
      description: input.product,
    },
    author: contact,
    vendor: contact,
    report_date: date,
    notes: `Conformance target: ${statement.standard} and ${statement.en301549}; the statement's status is "${statement.status}". ${manual.scope}`,
    evaluation_methods_used: methods(input),
    legal_disclaimer:
      'The information herein is provided in good faith based on the review of the website at the date of this report and does not represent a legally binding claim. Report any accessibility barrier or error in this report to the email address above for re-evaluation and correction.',
    catalog: catalogName,
    chapters,
  };
}
