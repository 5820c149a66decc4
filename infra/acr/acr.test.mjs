// make-acr's rules, and the report it writes run through @openacr/openacr's own validator.
// Run by `make test` (the e2e workspace's test script).
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import YAML from 'yaml';
import { criterionOfTag, findingsByCriterion } from './axe-results.mjs';
import { conformance } from './conformance.mjs';
import { validate } from './openacr.mjs';

const root = path.resolve(import.meta.dirname, '../..');
const criteria = JSON.parse(
  readFileSync(path.join(root, 'contract/accessibility-criteria.json'), 'utf8'),
).criteria;
const manual = YAML.parse(
  readFileSync(path.join(root, 'docs/accessibility/manual-checks.yaml'), 'utf8'),
);

const run = (pathname, state, violations = [], passes = []) => ({
  state,
  url: `https://proposals.test${pathname}`,
  violations,
  passes,
  incomplete: [],
});
const contrast = { id: 'color-contrast', tags: ['cat.color', 'wcag2aa', 'wcag143'], nodes: 2 };
const lang = { id: 'html-has-lang', tags: ['wcag2a', 'wcag311'], nodes: 1 };

const levelOf = (results, id) => results.find((result) => result.id === id);
const judge = (input) =>
  conformance({
    criteria,
    manual: manual.criteria,
    axe: null,
    limitations: [],
    toastSeconds: 5,
    ...input,
  });

test('axe tags name criteria; level tags and categories name none', () => {
  assert.equal(criterionOfTag('wcag143'), '1.4.3');
  assert.equal(criterionOfTag('wcag1410'), '1.4.10');
  assert.equal(criterionOfTag('wcag2411'), '2.4.11');
  for (const tag of ['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa', 'cat.color', 'best-practice']) {
    assert.equal(criterionOfTag(tag), null, tag);
  }
});

test('a violation on some pages partially supports, on every page does not support, naming them', () => {
  const some = judge({
    axe: findingsByCriterion([
      run('/', 'home', [], [contrast]),
      run('/about', 'about', [contrast]),
    ]),
  });
  assert.equal(levelOf(some, '1.4.3').level, 'partially-supports');
  assert.match(
    levelOf(some, '1.4.3').note,
    /axe-core found violations on \/about \(about\): color-contrast/,
  );

  const every = judge({
    axe: findingsByCriterion([run('/', 'home', [contrast]), run('/about', 'about', [contrast])]),
  });
  assert.equal(levelOf(every, '1.4.3').level, 'does-not-support');
});

test('passes are noted, the manual level stands, and the console is left out', () => {
  const axe = findingsByCriterion([
    run('/', 'home', [], [lang]),
    run('/console/sign-in', 'code', [contrast]),
  ]);
  assert.equal(axe.skipped, 1);
  const results = judge({ axe });
  assert.equal(levelOf(results, '3.1.1').level, 'supports');
  assert.match(levelOf(results, '3.1.1').note, /no violation of html-has-lang on the 1 pages/);
  assert.equal(levelOf(results, '1.4.3').level, 'supports');
});

test('a confirmed report makes its criteria partially supported and is quoted', () => {
  const results = judge({
    limitations: [
      {
        text: 'The grey footer text on /about is too light.',
        criteria: ['1.4.3'],
        page: '/about',
        reported: '2026-11-28',
        plannedFor: '2026-12-05',
        source: 'report',
      },
    ],
  });
  const contrastResult = levelOf(results, '1.4.3');
  assert.equal(contrastResult.level, 'partially-supports');
  assert.match(
    contrastResult.note,
    /Confirmed report on \/about, reported 2026-11-28; fix planned for 2026-12-05: The grey footer text on \/about is too light\./,
  );
  assert.equal(levelOf(results, '1.4.4').level, 'supports');
});

test('a criterion without a note fails, naming it', () => {
  const { ['2.4.7']: _dropped, ...rest } = manual.criteria;
  assert.throws(() => judge({ manual: rest }), /^Error: 2\.4\.7: no conformance level and note/);
  assert.throws(
    () => judge({ manual: { ...manual.criteria, '1.4.3': { level: 'supports', note: ' ' } } }),
    /^Error: 1\.4\.3: /,
  );
});

function makeAcr(args) {
  return spawnSync(process.execPath, [path.join(root, 'infra/acr/make-acr.mjs'), ...args], {
    encoding: 'utf8',
  });
}

test('make-acr exits 1 with one line naming a criterion the manual checks leave out', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'acr-'));
  const { ['EN 12.2.3']: _dropped, ...rest } = manual.criteria;
  writeFileSync(path.join(dir, 'manual.yaml'), YAML.stringify({ ...manual, criteria: rest }));
  const result = makeAcr(['--manual', path.join(dir, 'manual.yaml'), '--out', dir]);
  assert.equal(result.status, 1);
  assert.equal(
    result.stderr.trim(),
    'make acr: EN 12.2.3: no conformance level and note in the manual checks',
  );
});

test('the report make-acr writes passes @openacr/openacr validator, which rejects a wrong term', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'acr-'));
  mkdirSync(path.join(dir, 'axe'));
  writeFileSync(
    path.join(dir, 'axe', 'home.json'),
    JSON.stringify(run('/', 'home', [], [contrast, lang])),
  );
  const statement = JSON.parse(
    readFileSync(path.join(root, 'contract/accessibility-statement.json'), 'utf8'),
  );
  statement.limitations.push({
    text: 'A report.',
    criteria: ['2.4.7'],
    page: null,
    reported: '2026-11-28',
    plannedFor: null,
    source: 'report',
  });
  writeFileSync(path.join(dir, 'statement.json'), JSON.stringify(statement));
  const output = execFileSync(process.execPath, [
    path.join(root, 'infra/acr/make-acr.mjs'),
    ...['--axe', path.join(dir, 'axe'), '--statement', path.join(dir, 'statement.json')],
    ...['--out', path.join(dir, 'out'), '--date', '2026-11-28'],
  ]).toString();
  assert.match(output, /axe-core .*: 1 runs on 1 pages/);
  assert.match(output, /1 confirmed reports/);
  assert.match(output, /@openacr\/openacr: Valid! 60 criteria: /);

  const reportYaml = readFileSync(path.join(dir, 'out/acr.yaml'), 'utf8');
  const catalogYaml = readFileSync(path.join(dir, 'out/wcag-2.2-en-301-549.yaml'), 'utf8');
  assert.deepEqual(validate(reportYaml, catalogYaml), { result: true, message: 'Valid!' });
  const report = YAML.parse(reportYaml);
  const focus = report.chapters.success_criteria_level_aa.criteria.find((c) => c.num === '2.4.7');
  assert.equal(focus.components[0].adherence.level, 'partially-supports');
  assert.match(readFileSync(path.join(dir, 'out/acr.html'), 'utf8'), /Partially Supports/);

  const wrong = reportYaml.replace('level: partially-supports', 'level: partly');
  assert.match(
    validate(wrong, catalogYaml).message,
    /term 'partly' in criteria '2.2.1' has no definition/,
  );
});
