// The container stack's day-two promises as the Kubernetes manifests keep them (deploy/README.md,
// "Day-two promises on Kubernetes"): the CloudNativePG database backs up every day and archives
// every WAL segment, compressed, to an object store it may reach; a recovery reads the very store
// the Cluster writes to; and the README's backup of the console's sealing key names the Secret
// the service reads it from. The custom resources' schemas accept fields they do not know, so these
// tests name the fields that matter: a misspelt one fails here.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { KUBERNETES_DIR, render, skipWithoutKubectl } from './support/manifests.mjs';
import { selects, workloads } from './support/policies.mjs';

const skip = skipWithoutKubectl;

const clusterOf = (objects) => objects.find((o) => o.kind === 'Cluster');

/** The port an object store's endpoint is reached on (AWS S3 itself, without endpointURL: 443). */
function endpointPort(store) {
  if (!store.endpointURL) return 443;
  const url = new URL(store.endpointURL);
  return Number(url.port) || (url.protocol === 'http:' ? 80 : 443);
}

/** The egress ports ("TCP/443") that the NetworkPolicies give a Cluster's instance pods. */
function databaseEgress(objects, cluster) {
  const labels = { 'cnpg.io/cluster': cluster.metadata.name };
  const rules = objects
    .filter(
      (o) =>
        o.kind === 'NetworkPolicy' &&
        o.spec.policyTypes?.includes('Egress') &&
        selects(o.spec.podSelector, labels),
    )
    .flatMap((policy) => policy.spec.egress ?? []);
  return {
    everyPort: rules.some((rule) => (rule.ports ?? []).length === 0),
    ports: [
      ...new Set(
        rules.flatMap((rule) => (rule.ports ?? []).map((p) => `${p.protocol ?? 'TCP'}/${p.port}`)),
      ),
    ].sort(),
  };
}

/**
 * Base backups and the WAL go to an object store, compressed and kept a retention window; the
 * store's keys come from a Secret; the instances may reach the store's port and, by the database's
 * policies, only what else they need: DNS, each other (5432, 8000) and the Kubernetes API.
 */
function checkBackups(objects) {
  const problems = [];
  const cluster = clusterOf(objects);
  if (!cluster) return ['no CloudNativePG Cluster'];
  const backup = cluster.spec.backup ?? {};
  const store = backup.barmanObjectStore;
  if (!store) return ['Cluster: spec.backup.barmanObjectStore is not set'];
  if (!/^s3:\/\/[^/]+\//.test(store.destinationPath ?? '')) {
    problems.push(`Cluster: destinationPath ${store.destinationPath} is not s3://bucket/…`);
  }
  if (!store.wal?.compression) problems.push('Cluster: the WAL is archived uncompressed');
  if (!store.data?.compression) problems.push('Cluster: base backups are uncompressed');
  if (!/^[1-9][0-9]*[dwm]$/.test(backup.retentionPolicy ?? '')) {
    problems.push('Cluster: no retentionPolicy: the object store would only grow');
  }
  for (const key of ['accessKeyId', 'secretAccessKey']) {
    const ref = store.s3Credentials?.[key];
    if (!ref?.name || !ref?.key) problems.push(`Cluster: s3Credentials.${key} names no Secret key`);
  }
  if (!cluster.spec.postgresql?.parameters?.archive_timeout) {
    problems.push('Cluster: archive_timeout is left to the operator (5min, not the minute)');
  }
  const daily = objects.filter(
    (o) =>
      o.kind === 'ScheduledBackup' &&
      o.spec.cluster?.name === cluster.metadata.name &&
      (o.spec.method ?? 'barmanObjectStore') === 'barmanObjectStore' &&
      !o.spec.suspend,
  );
  if (daily.length !== 1) {
    problems.push(`${daily.length} ScheduledBackups of the Cluster to its object store, not 1`);
  }
  for (const scheduled of daily) {
    // Six fields, seconds first: a fixed second, minute and hour, every day of every month.
    const fields = String(scheduled.spec.schedule).trim().split(/\s+/);
    const once = fields.length === 6 && fields.slice(0, 3).every((f) => /^\d+$/.test(f));
    if (!once || fields.slice(3).some((field) => !['*', '?'].includes(field))) {
      problems.push(
        `ScheduledBackup ${scheduled.metadata.name}: "${scheduled.spec.schedule}" is not daily`,
      );
    }
  }
  const port = `TCP/${endpointPort(store)}`;
  const egress = databaseEgress(objects, cluster);
  const expected = ['UDP/53', 'TCP/53', 'TCP/5432', 'TCP/8000', 'TCP/6443', port];
  if (egress.everyPort) problems.push('an egress rule of the database opens every port');
  if (!egress.ports.includes(port)) {
    problems.push(`the database's pods may not reach the object store's ${port}`);
  }
  const unexpected = egress.ports.filter((p) => !expected.includes(p) && p !== 'TCP/443');
  if (unexpected.length > 0) problems.push(`the database's pods may also reach ${unexpected}`);
  return problems;
}

describe('overlays/cloudnative-pg: backups and WAL archiving to an object store', () => {
  const objects = () => render('overlays/cloudnative-pg');

  test(
    'a daily ScheduledBackup, WAL archived compressed with a retention window, and the egress for it',
    { skip },
    () => {
      assert.deepEqual(checkBackups(objects()), []);
    },
  );

  const broken = {
    'WAL archived uncompressed': (o) => delete clusterOf(o).spec.backup.barmanObjectStore.wal,
    'no retention policy': (o) => delete clusterOf(o).spec.backup.retentionPolicy,
    'no ScheduledBackup': (o) =>
      o.splice(
        o.findIndex((x) => x.kind === 'ScheduledBackup'),
        1,
      ),
    'a ScheduledBackup once a week': (o) =>
      (o.find((x) => x.kind === 'ScheduledBackup').spec.schedule = '0 30 2 * * 0'),
    'a five-field (CronJob) schedule': (o) =>
      (o.find((x) => x.kind === 'ScheduledBackup').spec.schedule = '30 2 * * *'),
    'an endpoint on a port the policies keep closed': (o) =>
      (clusterOf(o).spec.backup.barmanObjectStore.endpointURL = 'https://minio.example.com:9000'),
    'the database opened to every port': (o) =>
      o.find((x) => x.metadata.name === 'contact-db-egress').spec.egress.push({ to: [] }),
  };
  for (const [what, breakIt] of Object.entries(broken)) {
    test(`notices ${what}`, { skip }, () => {
      const broke = objects();
      breakIt(broke);
      assert.notDeepEqual(checkBackups(broke), []);
    });
  }
});

// The recovered cluster reads the bucket, endpoint and keys the backups were written with, under
// the server name they were written under, and writes its own under another: its archive must
// start empty, and the one recovered from must stay as it was.
describe('overlays/cloudnative-pg-recovery: a Cluster recovered from its own backups', () => {
  const objects = skip ? [] : render('overlays/cloudnative-pg-recovery');

  test(
    'bootstraps by recovery from the object store it backs up to, as its own server',
    { skip },
    () => {
      const cluster = clusterOf(objects);
      const { bootstrap, backup, externalClusters = [] } = cluster.spec;
      assert.equal(bootstrap.initdb, undefined, 'initdb and recovery both set');
      const source = externalClusters.find((c) => c.name === bootstrap.recovery?.source);
      assert.ok(source?.barmanObjectStore, 'the recovery source is no object store');
      const { serverName: from = source.name, ...read } = source.barmanObjectStore;
      const { serverName: to = cluster.metadata.name, ...written } = backup.barmanObjectStore;
      assert.deepEqual(read, written, 'the recovery reads another store than the backups go to');
      assert.notEqual(to, from, 'the recovered cluster would archive into the archive it reads');
      const { initdb } = clusterOf(render('overlays/cloudnative-pg')).spec.bootstrap;
      assert.deepEqual(
        [bootstrap.recovery.database, bootstrap.recovery.owner],
        [initdb.database, initdb.owner],
        'recovery assumes app/app unless told the database and its owner',
      );
      const target = bootstrap.recovery.recoveryTarget?.targetTime;
      if (target !== undefined) {
        assert.ok(!Number.isNaN(Date.parse(target)), `targetTime ${target} is not a time`);
      }
    },
  );

  test('keeps everything else of the overlay it recovers, backups included', { skip }, () => {
    assert.deepEqual(checkBackups(objects), []);
  });
});

// The key is created and backed up by hand (nothing secret is committed); what ties the README's
// commands to the manifests is the Secret's name and key.
test(
  'the README backs up and restores the sealing key from the Secret the service reads',
  { skip },
  () => {
    const service = workloads(render('base')).find(
      (w) => w.object.kind === 'Deployment' && w.object.metadata.name === 'contact-service',
    );
    const variable = service.pod.containers[0].env.find((v) => v.name === 'CONSOLE_SECRET_KEY');
    const { name, key } = variable.valueFrom.secretKeyRef;
    const readme = readFileSync(join(KUBERNETES_DIR, '..', 'README.md'), 'utf8');
    for (const command of [
      `create secret generic ${name}`,
      `get secret ${name} -o jsonpath='{.data.${key}}'`,
      `--from-file=${key}=`,
    ]) {
      assert.ok(readme.includes(command), `deploy/README.md has no "${command}"`);
    }
  },
);
