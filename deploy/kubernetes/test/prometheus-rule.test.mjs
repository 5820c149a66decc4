// The PrometheusRules are their rule files, as they are when the tests run: each committed file is
// what scripts/prometheus-rule.mjs writes from its source, and the overlays that list the
// monitoring components carry every alert of those sources. infra/monitoring/alerts.yml is tested
// with promtool by `make alerts`; the database's rules, which only Kubernetes has, are tested here
// with promtool where it is installed (Debian's prometheus package, as CI installs it).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { parse } from 'yaml';
import { PROMETHEUS_RULES, prometheusRule, REGENERATE } from '../scripts/prometheus-rule.mjs';
import { KUBERNETES_DIR, render, REPO_ROOT, skipWithoutKubectl } from './support/manifests.mjs';
import { selects } from './support/policies.mjs';

const skip = skipWithoutKubectl;
const read = (path) => readFileSync(join(REPO_ROOT, path), 'utf8');
const byName = (name) => PROMETHEUS_RULES.find((rule) => rule.name === name);
const alertsOf = (groups) => groups.flatMap((group) => group.rules).map((rule) => rule.alert);

for (const rule of PROMETHEUS_RULES) {
  test(`${rule.output} is what scripts/prometheus-rule.mjs writes from ${rule.source}`, () => {
    const committed = read(rule.output);
    const expected = prometheusRule(rule);
    if (committed === expected) return;
    const [have, want] = [committed, expected].map((text) => text.split('\n'));
    const line = want.findIndex((text, at) => text !== have[at]);
    assert.fail(
      `${rule.output} differs from what ${rule.source} gives (first at line ${line + 1}): ` +
        `run \`${REGENERATE}\` from the repository's root and commit the result`,
    );
  });
}

test('a rule file with anything beside its groups is refused, not half copied', () => {
  assert.throws(
    () => prometheusRule({ name: 'x', source: 'deploy/.yamllint.yaml' }),
    /a list of groups and nothing else/,
  );
});

/** The PrometheusRule of an overlay written from a source, with that source's groups. */
function ruleIn(objects, { name, source }) {
  const rule = objects.find((o) => o.kind === 'PrometheusRule' && o.metadata.name === name);
  return { rule, groups: parse(read(source)).groups };
}

for (const [overlay, names] of [
  ['overlays/monitoring', ['proposal-site-alerts']],
  ['overlays/cloudnative-pg-monitoring', ['proposal-site-alerts', 'contact-db-alerts']],
]) {
  describe(overlay, () => {
    const objects = skip ? [] : render(overlay);
    for (const name of names) {
      const { source } = byName(name);
      test(`carries the PrometheusRule ${name}, with every alert of ${source}`, { skip }, () => {
        const { rule, groups } = ruleIn(objects, byName(name));
        assert.ok(rule, `no PrometheusRule ${name}`);
        const missing = alertsOf(groups).filter((a) => !alertsOf(rule.spec.groups).includes(a));
        assert.deepEqual(missing, [], `alerts of ${source} missing: run \`${REGENERATE}\``);
        assert.deepEqual(rule.spec.groups, groups, `${name}'s groups are not ${source}'s`);
      });
    }
  });
}

// The database's rules watch what the overlay runs: its Cluster's pods are scraped, Prometheus may
// reach them, and the rules name that Cluster.
describe('overlays/cloudnative-pg-monitoring: Prometheus sees the database it alerts on', () => {
  const objects = skip ? [] : render('overlays/cloudnative-pg-monitoring');
  const cluster = () => objects.find((o) => o.kind === 'Cluster');
  const podLabels = () => ({ 'cnpg.io/cluster': cluster().metadata.name });

  test('a PodMonitor scrapes the exporter of each of its instances', { skip }, () => {
    const monitors = objects.filter(
      (o) => o.kind === 'PodMonitor' && selects(o.spec.selector, podLabels()),
    );
    assert.equal(monitors.length, 1, 'one PodMonitor selects the Cluster’s pods');
    // CloudNativePG names its exporter's port `metrics` (9187) in every instance pod.
    assert.deepEqual(
      monitors[0].spec.podMetricsEndpoints.map((endpoint) => endpoint.port),
      ['metrics'],
    );
  });

  test('Prometheus’s pods may reach that port, and no one else by that policy', { skip }, () => {
    const open = objects
      .filter(
        (o) =>
          o.kind === 'NetworkPolicy' &&
          o.spec.policyTypes?.includes('Ingress') &&
          selects(o.spec.podSelector, podLabels()),
      )
      .flatMap((policy) => policy.spec.ingress ?? [])
      .filter((rule) => (rule.ports ?? []).some((port) => port.port === 9187));
    assert.equal(open.length, 1, 'one ingress rule opens 9187');
    assert.deepEqual(
      open[0].from.map((peer) => peer.podSelector?.matchLabels),
      [{ 'app.kubernetes.io/name': 'prometheus' }],
    );
  });

  test('every cluster the rules name is the overlay’s Cluster', { skip }, () => {
    const { groups } = ruleIn(objects, byName('contact-db-alerts'));
    const named = groups
      .flatMap((group) => group.rules)
      .flatMap((rule) => [...String(rule.expr).matchAll(/cluster="([^"]*)"/g)])
      .map((match) => match[1]);
    assert.ok(named.length > 0, 'a rule watches the exporter itself (cnpg_collector_up)');
    for (const name of named) assert.equal(name, cluster().metadata.name);
  });
});

const promtool = spawnSync('promtool', ['--version']).status === 0;

test(
  "the database's rules pass promtool's check and their tests (alerts.test.yml)",
  { skip: !promtool && 'promtool is not installed (apt-get install prometheus)' },
  () => {
    const dir = join(KUBERNETES_DIR, 'components/cloudnative-pg-monitoring');
    for (const args of [
      ['check', 'rules', 'alerts.yml'],
      ['test', 'rules', 'alerts.test.yml'],
    ]) {
      const result = spawnSync('promtool', args, { cwd: dir, encoding: 'utf8' });
      assert.equal(
        result.status,
        0,
        `promtool ${args.join(' ')}:\n${result.stdout}${result.stderr}`,
      );
    }
  },
);
