// The rules of support/policies.mjs on every rendered kustomization and every one-off Job, then
// self-tests that break a rendered overlay on purpose and expect each rule to notice.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { allSources, render, skipWithoutKubectl } from './support/manifests.mjs';
import {
  checkAvailability,
  checkNetworkPolicies,
  checkNoCommittedSecrets,
  checkProbes,
  checkResources,
  checkSecurityContexts,
  checkWayIn,
  workloads,
} from './support/policies.mjs';

const skip = skipWithoutKubectl;

const DNS = ['UDP/53', 'TCP/53'];
/**
 * Where each kind of pod may connect: web only to the contact-service (its API and its console
 * API); every pod that runs the
 * service's image to Postgres, SMTP (25, 465, 587) and HTTPS (webhook, Slack); all to DNS.
 */
function expectedEgress({ labels }) {
  if (labels['app.kubernetes.io/name'] === 'web') return [...DNS, 'TCP/3000', 'TCP/3001'];
  if (labels['app.kubernetes.io/name'] === 'contact-service') {
    return [...DNS, 'TCP/5432', 'TCP/25', 'TCP/465', 'TCP/587', 'TCP/443'];
  }
  return undefined;
}

const SECRET_SETTINGS = [
  'DATABASE_URL',
  'PGPASSWORD',
  'SMTP_URL',
  'WEBHOOK_URL',
  'WEBHOOK_SECRET',
  'SLACK_WEBHOOK_URL',
  'TEAMS_WEBHOOK_URL',
  'CALENDLY_WEBHOOK_SIGNING_KEY',
  'CALCOM_WEBHOOK_SECRET',
  'CONSOLE_SECRET_KEY',
  'OIDC_CLIENT_SECRET',
];

/** Every Ingress and HTTPRoute, with the hosts it answers and the Services it sends to. */
function waysIn(objects) {
  return objects
    .filter((o) => o.kind === 'Ingress' || o.kind === 'HTTPRoute')
    .map((way) => ({
      kind: way.kind,
      name: way.metadata.name,
      hosts:
        way.kind === 'Ingress'
          ? (way.spec.rules ?? []).map((rule) => rule.host)
          : (way.spec.hostnames ?? []),
      services:
        way.kind === 'Ingress'
          ? (way.spec.rules ?? []).flatMap((rule) =>
              (rule.http?.paths ?? []).map((path) => path.backend.service.name),
            )
          : (way.spec.rules ?? []).flatMap((rule) => (rule.backendRefs ?? []).map((b) => b.name)),
    }));
}

const EVERYWHERE = ['0.0.0.0/0', '::/0'];

/**
 * The console's Service is never a backend of the public way in; a way in to it sends nowhere
 * else, answers a host of its own, and comes with an allow-list of the operators' ranges in the
 * web ConfigMap (CONSOLE_ALLOW_FROM: set, not everywhere, not the private default).
 */
function checkConsoleWayIn(objects) {
  const problems = [];
  const ways = waysIn(objects);
  const publicHosts = new Set(
    ways.filter((way) => way.services.includes('web')).flatMap((way) => way.hosts),
  );
  const allow = objects
    .find((o) => o.kind === 'ConfigMap' && o.metadata.name.startsWith('web'))
    ?.data?.CONSOLE_ALLOW_FROM?.split(',');
  for (const way of ways.filter((w) => w.services.includes('console'))) {
    const id = `${way.kind} ${way.name}`;
    if (way.services.some((service) => service !== 'console')) {
      problems.push(`${id}: sends the console and something else`);
    }
    if (way.hosts.length === 0 || way.hosts.some((host) => publicHosts.has(host))) {
      problems.push(`${id}: needs a host of its own, not the public site's`);
    }
    if (!allow?.length || allow.some((range) => EVERYWHERE.includes(range.trim()))) {
      problems.push(`${id}: CONSOLE_ALLOW_FROM must name the operators' ranges`);
    } else if (allow.includes('10.0.0.0/8')) {
      problems.push(`${id}: CONSOLE_ALLOW_FROM is still the private default`);
    }
  }
  return problems;
}

const networkPolicies = (objects) => checkNetworkPolicies(objects, expectedEgress);
const noCommittedSecrets = (objects) => checkNoCommittedSecrets(objects, SECRET_SETTINGS);

const CHECKS = {
  'requests and limits on every container': checkResources,
  'a restricted security context and no service account token': checkSecurityContexts,
  'startup, readiness and liveness probes on every Deployment': checkProbes,
  'a PodDisruptionBudget and an autoscaler of at least 2 for every Deployment': checkAvailability,
  'default-deny, and exactly the expected traffic': networkPolicies,
  'a way in without controller annotations, to real Services': checkWayIn,
  'no committed secrets': noCommittedSecrets,
};

/** The NetworkPolicies of the production example, which the one-off Jobs run under. */
const namespacePolicies = () =>
  render('overlays/production').filter((object) => object.kind === 'NetworkPolicy');

for (const { name, objects, rendered } of skip ? [] : allSources()) {
  describe(name, () => {
    test('has workloads to check', () => {
      assert.ok(workloads(objects).length > 0);
    });
    // A Job file holds no policies: its pods run under those of the namespace it is created in.
    const context = rendered ? objects : [...objects, ...namespacePolicies()];
    for (const [rule, check] of Object.entries(CHECKS)) {
      test(rule, () => assert.deepEqual(check(context), []));
    }
    if (rendered && name !== 'base') {
      test('has exactly one public way in: an Ingress or an HTTPRoute to web', () => {
        const ways = waysIn(objects).filter((way) => way.services.includes('web'));
        assert.equal(ways.length, 1, `found ${ways.map((w) => w.kind).join(' and ') || 'none'}`);
      });
    }
    if (rendered) {
      test('the console is reached only by a way in of its own, for allow-listed ranges', () => {
        assert.deepEqual(checkConsoleWayIn(objects), []);
      });
    }
  });
}

describe('each rule notices when it is broken', { skip }, () => {
  const production = () => render('overlays/production');
  const deployment = (objects, name) =>
    objects.find((o) => o.kind === 'Deployment' && o.metadata.name === name);
  const container = (objects, name) => deployment(objects, name).spec.template.spec.containers[0];

  const cases = {
    'a missing memory limit': [
      checkResources,
      (objects) => delete container(objects, 'web').resources.limits.memory,
    ],
    'a writable root file system': [
      checkSecurityContexts,
      (objects) =>
        (container(objects, 'contact-service').securityContext.readOnlyRootFilesystem = false),
    ],
    'a pod that may run as root': [
      checkSecurityContexts,
      (objects) =>
        delete deployment(objects, 'web').spec.template.spec.securityContext.runAsNonRoot,
    ],
    'capabilities kept': [
      checkSecurityContexts,
      (objects) => (container(objects, 'web').securityContext.capabilities.drop = []),
    ],
    'privilege escalation allowed': [
      checkSecurityContexts,
      (objects) =>
        delete deployment(objects, 'web').spec.template.spec.initContainers[0].securityContext
          .allowPrivilegeEscalation,
    ],
    'no seccomp profile': [
      checkSecurityContexts,
      (objects) =>
        delete deployment(objects, 'contact-service').spec.template.spec.securityContext
          .seccompProfile,
    ],
    'a mounted service account token': [
      checkSecurityContexts,
      (objects) =>
        (deployment(objects, 'web').spec.template.spec.automountServiceAccountToken = true),
    ],
    'a missing readiness probe': [
      checkProbes,
      (objects) => delete container(objects, 'contact-service').readinessProbe,
    ],
    'a PodDisruptionBudget that selects nothing': [
      checkAvailability,
      (objects) =>
        (objects.find((o) => o.kind === 'PodDisruptionBudget').spec.selector.matchLabels = {
          'app.kubernetes.io/name': 'nothing',
        }),
    ],
    'an autoscaler down to one replica': [
      checkAvailability,
      (objects) => (objects.find((o) => o.kind === 'HorizontalPodAutoscaler').spec.minReplicas = 1),
    ],
    'no default-deny policy': [
      networkPolicies,
      (objects) =>
        objects.splice(
          objects.findIndex(
            (o) => o.kind === 'NetworkPolicy' && o.metadata.name === 'default-deny',
          ),
          1,
        ),
    ],
    'a Deployment no policy lets in': [
      networkPolicies,
      (objects) => (deployment(objects, 'web').spec.template.metadata.labels = { other: 'pod' }),
    ],
    'egress to one more port': [
      networkPolicies,
      (objects) =>
        objects
          .find((o) => o.metadata.name === 'contact-service-egress')
          .spec.egress[0].ports.push({ protocol: 'TCP', port: 6379 }),
    ],
    'an Ingress annotation of one controller': [
      checkWayIn,
      (objects) =>
        (objects.find((o) => o.kind === 'Ingress').metadata.annotations = {
          'nginx.ingress.kubernetes.io/rewrite-target': '/',
        }),
    ],
    'a committed Secret': [
      noCommittedSecrets,
      (objects) =>
        objects.push({ apiVersion: 'v1', kind: 'Secret', metadata: { name: 'database' } }),
    ],
    'a database URL written into the manifest': [
      noCommittedSecrets,
      (objects) =>
        container(objects, 'contact-service').env.push({
          name: 'DATABASE_URL',
          value: 'postgres://contact:secret@db:5432/contact',
        }),
    ],
  };

  const consoleOverlay = () => render('overlays/console');
  const consoleIngress = (objects) =>
    objects.find((o) => o.kind === 'Ingress' && o.metadata.name === 'console');
  const webSettings = (objects) =>
    objects.find((o) => o.kind === 'ConfigMap' && o.metadata.name.startsWith('web'));
  const consoleCases = {
    'a console Ingress open to everyone': (objects) =>
      (webSettings(objects).data.CONSOLE_ALLOW_FROM = '0.0.0.0/0'),
    'a console Ingress with the private default': (objects) =>
      (webSettings(objects).data.CONSOLE_ALLOW_FROM = '10.0.0.0/8,192.168.0.0/16'),
    "a console Ingress on the public site's host": (objects) =>
      (consoleIngress(objects).spec.rules[0].host = 'www.example.com'),
    'a console Ingress that also sends to web': (objects) =>
      consoleIngress(objects).spec.rules[0].http.paths.push({
        path: '/api',
        pathType: 'Prefix',
        backend: { service: { name: 'web', port: { name: 'http' } } },
      }),
  };
  for (const [broken, breakIt] of Object.entries(consoleCases)) {
    test(broken, () => {
      const objects = consoleOverlay();
      assert.deepEqual(checkConsoleWayIn(objects), [], 'the unbroken overlay passes');
      breakIt(objects);
      assert.notDeepEqual(checkConsoleWayIn(objects), []);
    });
  }

  for (const [broken, [check, breakIt]] of Object.entries(cases)) {
    test(broken, () => {
      const objects = production();
      assert.deepEqual(check(objects), [], 'the unbroken overlay passes');
      breakIt(objects);
      assert.notDeepEqual(check(objects), []);
    });
  }
});
