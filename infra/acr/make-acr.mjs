// `make acr`: the accessibility conformance report (an OpenACR, rendered as a VPAT-style page)
// from three inputs: the manual checks (docs/accessibility/manual-checks.yaml), the browser
// suite's axe-core results (AXE_RESULTS_DIR, e2e/support/axe.ts) when there are any, and the
// statement's known limitations with the confirmed reports the contact-service adds to them
// (/accessibility.json) when given. docs/development.md, "Accessibility conformance report".
//
//   node infra/acr/make-acr.mjs [--axe DIR] [--statement URL-or-file] [--manual FILE]
//                               [--out DIR] [--date YYYY-MM-DD]
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import YAML from 'yaml';
import { TOAST_DURATION_MS } from '../../frontend/src/features/toasts/toast-timings.ts';
import { findingsByCriterion, readAxeRuns } from './axe-results.mjs';
import { buildCatalog, CATALOG_NAME, chapterOf, numOf } from './catalog.mjs';
import { conformance } from './conformance.mjs';
import { render, validate } from './openacr.mjs';
import { reportOf, siteValues } from './report.mjs';

const root = path.resolve(import.meta.dirname, '../..');
const readJson = (file) => JSON.parse(readFileSync(path.join(root, file), 'utf8'));

const { values: options } = parseArgs({
  options: {
    axe: { type: 'string', default: '.artifacts/axe' },
    statement: { type: 'string' },
    manual: { type: 'string', default: 'docs/accessibility/manual-checks.yaml' },
    out: { type: 'string', default: '.artifacts/acr' },
    date: { type: 'string', default: new Date().toISOString().slice(0, 10) },
  },
});

function fail(message) {
  console.error(`make acr: ${message}`);
  process.exit(1);
}

/** The statement the service answers, from its URL or a saved copy of it. */
async function readStatement(source) {
  if (!/^https?:\/\//.test(source)) return JSON.parse(readFileSync(source, 'utf8'));
  const response = await fetch(source, { headers: { accept: 'application/json' } });
  if (!response.ok) fail(`${source} answered ${response.status}; is the contact-service up?`);
  return response.json();
}

const criteria = readJson('contract/accessibility-criteria.json').criteria;
const contractStatement = readJson('contract/accessibility-statement.json');
const statement = options.statement ? await readStatement(options.statement) : contractStatement;
const manualFile = path.resolve(root, options.manual);
const manual = YAML.parse(readFileSync(manualFile, 'utf8'));
const axeDir = path.resolve(root, options.axe);
const runs = readAxeRuns(axeDir);
const axe = runs.length ? findingsByCriterion(runs) : null;
// Without the service's statement, the contract's limitations are the ones the site states.
const limitations = statement.limitations ?? [];
const reports = limitations.filter((limitation) => limitation.source === 'report');

console.log(`make acr: manual checks   ${path.relative(root, manualFile)} (${manual.checkedOn})`);
console.log(
  axe
    ? `make acr: axe-core        ${path.relative(root, axeDir)}: ${axe.runs} runs on ${axe.pages.size} pages` +
        (axe.skipped ? ` (${axe.skipped} console runs left out: not in scope)` : '')
    : `make acr: axe-core        none (no results in ${path.relative(root, axeDir)})`,
);
console.log(
  `make acr: statement       ${options.statement ?? 'contract/accessibility-statement.json'}: ` +
    `${limitations.length} limitations, ${reports.length} confirmed reports`,
);

const unset = Object.entries(siteValues()).filter(([, value]) => !value);
if (unset.length) {
  console.log(
    `make acr: company         ${unset.map(([name]) => name).join(', ')} not set: the report says so (set them in .env as for the site's build)`,
  );
}

let results;
try {
  results = conformance({
    criteria,
    manual: manual.criteria ?? {},
    axe,
    limitations,
    toastSeconds: TOAST_DURATION_MS / 1000,
  });
} catch (error) {
  fail(error.message);
}

const catalog = buildCatalog(criteria, contractStatement.en301549);
const report = reportOf({
  criteria,
  results,
  manual,
  axe,
  axeDir: path.relative(root, axeDir),
  statement,
  statementSource: options.statement,
  release: readJson('contract/release.json'),
  product: readJson('package.json').description,
  date: options.date,
  catalogName: CATALOG_NAME,
  chapterOf,
  numOf,
});

const out = path.resolve(root, options.out);
mkdirSync(out, { recursive: true });
// No anchors, no folded lines: a person reads and diffs these files. YAML 1.1, as the package's
// js-yaml reads it: a date or a yes left unquoted would come back as a Date or a boolean.
const yamlOptions = { version: '1.1', aliasDuplicateObjects: false, lineWidth: 0 };
const catalogYaml = YAML.stringify(catalog, yamlOptions);
const reportYaml = YAML.stringify(report, yamlOptions);
writeFileSync(path.join(out, `${CATALOG_NAME}.yaml`), catalogYaml);
writeFileSync(path.join(out, 'acr.yaml'), reportYaml);

const validation = validate(reportYaml, catalogYaml);
if (!validation.result) fail(`the report is not a valid OpenACR: ${validation.message}`);
render(report, catalog, path.join(out, 'acr.html'));
render(report, catalog, path.join(out, 'acr.md'));

const counts = Object.entries(Object.groupBy(results, (result) => result.level)).map(
  ([level, list]) => `${list.length} ${level}`,
);
console.log(
  `make acr: @openacr/openacr: ${validation.message} ${results.length} criteria: ${counts.join(', ')}`,
);
for (const file of ['acr.yaml', 'acr.html', 'acr.md', `${CATALOG_NAME}.yaml`]) {
  if (existsSync(path.join(out, file)))
    console.log(`  ${path.relative(root, path.join(out, file))}`);
}
