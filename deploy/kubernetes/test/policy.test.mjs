// The rules of support/policies.mjs on every rendered kustomization and every one-off Job, then
// self-tests that break a rendered overlay on purpose and expect each rule to notice.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { allSources, kubectlProblem, render } from './support/manifests.mjs';
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

const missing = kubectlProblem();
const skip = missing ? 'kubectl is missing (render.test.mjs says what to do)' : false;

const DNS = ['UDP/53', 'TCP/53'];
/**
 * Where each kind of pod may connect: web only to the contact-service; every pod that runs the
 * service's image to Postgres, SMTP (25, 465, 587) and HTTPS (webhook, Slack); all to DNS.
 */
function expectedEgress({ labels }) {
  if (labels['app.kubernetes.io/name'] === 'web') return [...DNS, 'TCP/3000'];
  if (labels['app.kubernetes.io/name'] === 'contact-service') {
    return [...DNS, 'TCP/5432', 'TCP/25', 'TCP/465', 'TCP/587', 'TCP/443'];
  }
  return undefined;
}

const SECRET_SETTINGS = [
  'DATABASE_URL',
  'DATABASE_PASSWORD',
  'SMTP_URL',
  'WEBHOOK_URL',
  'WEBHOOK_SECRET',
  'SLACK_WEBHOOK_URL',
];

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
      test('has exactly one way in: an Ingress or an HTTPRoute', () => {
        const ways = objects.filter((o) => o.kind === 'Ingress' || o.kind === 'HTTPRoute');
        assert.equal(ways.length, 1, `found ${ways.map((o) => o.kind).join(' and ') || 'none'}`);
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

  for (const [broken, [check, breakIt]] of Object.entries(cases)) {
    test(broken, () => {
      const objects = production();
      assert.deepEqual(check(objects), [], 'the unbroken overlay passes');
      breakIt(objects);
      assert.notDeepEqual(check(objects), []);
    });
  }
});
