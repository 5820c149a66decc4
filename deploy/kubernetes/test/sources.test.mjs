// The manifests agree with the rest of the repository: the images docker-compose.yml builds and the
// ports their Dockerfiles EXPOSE, the contact-service's routes and settings, the scripts the Jobs
// run, and what the web image's nginx reads and writes (support/sources.mjs reads them each run).
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { allSources, render, REPO_ROOT, skipWithoutKubectl } from './support/manifests.mjs';
import { containersOf, selects, workloads } from './support/policies.mjs';
import {
  builtImages,
  migrateScript,
  nginxSettings,
  nginxWritableDirs,
  serviceRoutes,
  serviceScriptExists,
  serviceSettings,
} from './support/sources.mjs';

const skip = skipWithoutKubectl;

const images = builtImages();
const routes = serviceRoutes();

/** The compose service whose image a workload runs: its pods' app.kubernetes.io/name. */
const imageOf = ({ labels }) => images[labels['app.kubernetes.io/name']];

/** Names the service's own code reads from process.env besides envSchema (the leads tool's USER). */
function namesReadDirectly(dir = join(REPO_ROOT, 'contact-service/src')) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return namesReadDirectly(path);
    if (!entry.name.endsWith('.ts') || entry.name.endsWith('.spec.ts')) return [];
    const text = readFileSync(path, 'utf8');
    return [...text.matchAll(/process\.env\.([A-Z][A-Z0-9_]*)/g)].map((match) => match[1]);
  });
}
const settings = new Set([...serviceSettings(), ...namesReadDirectly()]);

/** Environment of a container as Kubernetes builds it: ConfigMaps of envFrom, then env. */
function environment(container, objects) {
  const env = {};
  for (const source of container.envFrom ?? []) {
    const configMap = objects.find(
      (o) => o.kind === 'ConfigMap' && o.metadata.name === source.configMapRef?.name,
    );
    Object.assign(env, configMap?.data);
  }
  for (const variable of container.env ?? []) env[variable.name] = variable.value ?? variable;
  return env;
}

/** A container port by number or name. */
const containerPort = (container, port) =>
  (container.ports ?? []).find((p) => p.containerPort === port || p.name === port)?.containerPort;

// The other two are the container stack's own: certificates (TLS_MODE=acme; on Kubernetes TLS ends
// at the Ingress or Gateway) and backup (on Kubernetes the database's backups are its operator's;
// deploy/README.md).
test('docker-compose.yml builds the two images the manifests run, and the stack’s own two', () => {
  assert.deepEqual(Object.keys(images).sort(), [
    'backup',
    'certificates',
    'contact-service',
    'web',
  ]);
  assert.ok(images.web.exposed.length > 0 && images['contact-service'].exposed.length > 0);
});

test('the service has the routes the probes and Prometheus use', () => {
  for (const route of ['GET /api/health/live', 'GET /api/health/ready', 'GET /metrics']) {
    assert.ok(routes.has(route), `${route} is not among ${[...routes].join(', ')}`);
  }
});

for (const { name, objects, rendered } of skip ? [] : allSources()) {
  describe(name, () => {
    const pinned = rendered && name.startsWith('overlays/');

    test('every container runs the image its Dockerfile builds', () => {
      for (const workload of workloads(objects)) {
        const built = imageOf(workload);
        assert.ok(built, `${workload.id}: no image of docker-compose.yml for its pods`);
        for (const { container } of containersOf(workload.pod)) {
          const [, repository, tag] = /^(.*?)(?::([^:/]+))?$/.exec(container.image);
          if (pinned) {
            assert.ok(
              repository === built.repository || repository.endsWith(`/${built.repository}`),
              `${workload.id}: ${container.image} is not ${built.repository}`,
            );
            assert.ok(tag && tag !== 'latest', `${workload.id}: ${container.image} is not pinned`);
          } else {
            assert.equal(container.image, built.image, workload.id);
          }
        }
      }
    });

    test('container ports are the ones the Dockerfiles EXPOSE, and probes use them', () => {
      for (const workload of workloads(objects)) {
        const { exposed } = imageOf(workload);
        for (const { container, init } of containersOf(workload.pod)) {
          if (init) continue;
          for (const port of container.ports ?? []) {
            assert.ok(
              exposed.includes(port.containerPort),
              `${workload.id}: ${port.containerPort}`,
            );
          }
          for (const probe of ['startupProbe', 'readinessProbe', 'livenessProbe']) {
            const httpGet = container[probe]?.httpGet;
            if (httpGet) {
              assert.ok(
                exposed.includes(containerPort(container, httpGet.port)),
                `${workload.id}: ${probe} port ${httpGet.port}`,
              );
            }
          }
        }
      }
    });

    test('every Service port leads to a port the Dockerfile EXPOSEs', () => {
      for (const service of objects.filter((o) => o.kind === 'Service')) {
        const targets = workloads(objects).filter(
          (w) =>
            w.object.kind === 'Deployment' &&
            selects({ matchLabels: service.spec.selector }, w.labels),
        );
        assert.equal(targets.length, 1, `Service ${service.metadata.name} selects one Deployment`);
        const [workload] = targets;
        for (const port of service.spec.ports) {
          const target = containerPort(workload.pod.containers[0], port.targetPort ?? port.port);
          assert.ok(
            imageOf(workload).exposed.includes(target),
            `Service ${service.metadata.name} port ${port.name}: ${port.targetPort} -> ${target}`,
          );
        }
      }
    });

    test("the service's probes and ServiceMonitor ask for routes it has", () => {
      for (const workload of workloads(objects)) {
        for (const { container } of containersOf(workload.pod, { init: false })) {
          for (const probe of ['startupProbe', 'readinessProbe', 'livenessProbe']) {
            const path = container[probe]?.httpGet?.path;
            if (path === undefined) continue;
            if (workload.labels['app.kubernetes.io/name'] === 'contact-service') {
              assert.ok(routes.has(`GET ${path}`), `${workload.id}: ${probe} asks for ${path}`);
            } else {
              // nginx answers /api/health/* with 404 and the API may be down: web's probes ask
              // for the site itself.
              assert.ok(!path.startsWith('/api/'), `${workload.id}: ${probe} asks for ${path}`);
            }
          }
        }
      }
      for (const monitor of objects.filter((o) => o.kind === 'ServiceMonitor')) {
        for (const endpoint of monitor.spec.endpoints) {
          assert.ok(routes.has(`GET ${endpoint.path}`), `ServiceMonitor path ${endpoint.path}`);
        }
      }
    });

    test('the service gets only settings it reads, NODE_ENV=production, and safe proxies', () => {
      for (const workload of workloads(objects)) {
        if (workload.labels['app.kubernetes.io/name'] !== 'contact-service') continue;
        for (const { container } of containersOf(workload.pod)) {
          const env = environment(container, objects);
          for (const variable of Object.keys(env)) {
            assert.ok(
              settings.has(variable),
              `${workload.id}: the service never reads ${variable}`,
            );
          }
          assert.equal(env.NODE_ENV, 'production', `${workload.id}: NODE_ENV`);
          assert.ok(env.DATABASE_URL?.valueFrom?.secretKeyRef, `${workload.id}: DATABASE_URL`);
          if (env.TRUST_PROXY !== undefined) assertRanges(env.TRUST_PROXY, 'TRUST_PROXY');
        }
      }
    });

    test('web finds the contact-service Service and gets every setting its image reads', () => {
      const service = objects.find(
        (o) =>
          o.kind === 'Service' && o.spec.selector['app.kubernetes.io/name'] === 'contact-service',
      );
      for (const workload of workloads(objects)) {
        if (workload.labels['app.kubernetes.io/name'] !== 'web') continue;
        const container = workload.pod.containers.find((c) => c.name === 'web');
        const env = environment(container, objects);
        for (const variable of nginxSettings()) {
          assert.ok(env[variable] !== undefined, `${workload.id}: ${variable} is not set`);
        }
        const [host, port] = env.CONTACT_SERVICE_ADDR.split(':');
        assert.equal(host.split('.')[0], service.metadata.name, 'CONTACT_SERVICE_ADDR host');
        assert.equal(Number(port), service.spec.ports[0].port, 'CONTACT_SERVICE_ADDR port');
        const names = container.env.map((variable) => variable.name);
        for (const [, reference] of host.matchAll(/\$\(([A-Z_]+)\)/g)) {
          const at = names.indexOf(reference);
          assert.ok(at >= 0 && at < names.indexOf('CONTACT_SERVICE_ADDR'), `$(${reference})`);
        }
        assertRanges(env.REAL_IP_FROM, 'REAL_IP_FROM');
        assertRanges(env.CONSOLE_ALLOW_FROM, 'CONSOLE_ALLOW_FROM');
        const [consoleHost, consolePort] = env.CONSOLE_SERVICE_ADDR.split(':');
        assert.equal(consoleHost, host, 'CONSOLE_SERVICE_ADDR host');
        const consoleServicePort = service.spec.ports.find((p) => p.name === 'console');
        assert.equal(Number(consolePort), consoleServicePort?.port, 'CONSOLE_SERVICE_ADDR port');
      }
    });

    test("every folder the web image's nginx writes to is a writable volume", () => {
      for (const workload of workloads(objects)) {
        if (workload.labels['app.kubernetes.io/name'] !== 'web') continue;
        const container = workload.pod.containers.find((c) => c.name === 'web');
        for (const dir of nginxWritableDirs(images.web)) {
          const mount = (container.volumeMounts ?? []).find(
            (m) => dir === m.mountPath || dir.startsWith(`${m.mountPath}/`),
          );
          assert.ok(mount && !mount.readOnly, `${workload.id}: nothing writable at ${dir}`);
          const volume = workload.pod.volumes.find((v) => v.name === mount.name);
          assert.ok(volume.emptyDir, `${workload.id}: ${dir} is not an emptyDir`);
        }
      }
    });

    test("the Jobs run scripts of the service's build", () => {
      for (const workload of workloads(objects)) {
        if (workload.object.kind !== 'Job') continue;
        for (const { container } of containersOf(workload.pod)) {
          const [program, script] = container.command ?? [];
          assert.equal(program, 'node', `${workload.id}: runs ${program}`);
          assert.ok(serviceScriptExists(script), `${workload.id}: ${script} has no source`);
          if (workload.labels['app.kubernetes.io/component'] === 'migrate') {
            assert.equal(script, migrateScript(), `${workload.id}: not the "migrate" script`);
          }
        }
      }
    });
  });
}

/** Addresses or CIDR ranges, separated by commas, none of which trusts the whole internet. */
function assertRanges(value, name) {
  const ranges = String(value)
    .split(',')
    .map((range) => range.trim());
  assert.ok(ranges.length > 0 && ranges.every(Boolean), `${name} is empty`);
  for (const range of ranges) {
    const [address, bits] = range.split('/');
    assert.ok(isIP(address), `${name}: ${range} is not an address or CIDR range`);
    assert.ok(bits === undefined || Number(bits) > 0, `${name}: ${range} trusts everyone`);
  }
}

// A lead the service acknowledged must survive the loss of the primary (docs/operating.md, "When
// the database fails over"): a commit waits for a synchronous standby, and the service writes
// through the read-write Service the operator moves to the new primary.
describe('overlays/cloudnative-pg: a synchronous standby, and the service on the read-write Service', () => {
  const objects = skip ? [] : render('overlays/cloudnative-pg');

  test(
    'the Cluster asks for a synchronous standby, never acknowledging a commit alone',
    { skip },
    () => {
      const cluster = objects.find((o) => o.kind === 'Cluster');
      assert.ok(cluster, 'no CloudNativePG Cluster');
      const sync = cluster.spec.postgresql?.synchronous;
      assert.ok(sync, 'spec.postgresql.synchronous is not set');
      assert.ok(sync.number >= 1, 'at least one synchronous standby');
      assert.ok(sync.number < cluster.spec.instances - 1, 'a standby may be lost and writes go on');
      assert.notEqual(sync.dataDurability, 'preferred', 'dataDurability: required (the default)');
    },
  );

  test(
    'the contact-service connects to <cluster>-rw, from the operator’s app Secret',
    { skip },
    () => {
      const cluster = objects.find((o) => o.kind === 'Cluster');
      const service = workloads(objects).find(
        (w) => w.labels['app.kubernetes.io/name'] === 'contact-service',
      );
      const container = service.pod.containers.find((c) => c.name === 'contact-service');
      const url = container.env.find((v) => v.name === 'DATABASE_URL');
      // CloudNativePG writes <cluster>-app with `uri` naming <cluster>-rw (its documented contract;
      // `ro`/`r` Services have no such key in it).
      assert.deepEqual(url.valueFrom?.secretKeyRef, {
        name: `${cluster.metadata.name}-app`,
        key: 'uri',
      });
    },
  );
});
