// The rules every rendered kustomization and every Job file must keep. Each check returns the
// problems it found as sentences (an empty list when all is well), so that the tests can show all
// of them at once, and so that the self-tests can prove each check catches what it is for.

/** Deployments and Jobs with their pod template. */
export function workloads(objects) {
  return objects
    .filter((object) => object.kind === 'Deployment' || object.kind === 'Job')
    .map((object) => ({
      object,
      id: `${object.kind} ${object.metadata?.name ?? object.metadata?.generateName}`,
      labels: object.spec?.template?.metadata?.labels ?? {},
      pod: object.spec?.template?.spec ?? {},
    }));
}

/** Containers and init containers of a pod, each with a label for messages. */
export function containersOf(pod, { init = true } = {}) {
  return [
    ...(pod.containers ?? []).map((container) => ({ container, init: false })),
    ...(init ? (pod.initContainers ?? []) : []).map((container) => ({ container, init: true })),
  ];
}

/** Whether a label selector (matchLabels and matchExpressions) selects these labels. */
export function selects(selector, labels) {
  if (!selector) return false;
  const byLabel = Object.entries(selector.matchLabels ?? {}).every(
    ([key, value]) => labels[key] === value,
  );
  const byExpression = (selector.matchExpressions ?? []).every(({ key, operator, values }) => {
    if (operator === 'In') return values.includes(labels[key]);
    if (operator === 'NotIn') return !values.includes(labels[key]);
    if (operator === 'Exists') return key in labels;
    if (operator === 'DoesNotExist') return !(key in labels);
    return false;
  });
  return byLabel && byExpression;
}

const isEmptySelector = (selector) =>
  selector !== undefined &&
  Object.keys(selector.matchLabels ?? {}).length === 0 &&
  (selector.matchExpressions ?? []).length === 0;

const ofKind = (objects, kind) => objects.filter((object) => object.kind === kind);

/** Requests and limits for CPU and memory on every container, init containers included. */
export function checkResources(objects) {
  const problems = [];
  for (const { id, pod } of workloads(objects)) {
    for (const { container } of containersOf(pod)) {
      for (const bound of ['requests', 'limits']) {
        for (const resource of ['cpu', 'memory']) {
          if (container.resources?.[bound]?.[resource] === undefined) {
            problems.push(`${id}: container ${container.name} has no ${resource} ${bound}`);
          }
        }
      }
    }
  }
  return problems;
}

/**
 * The restricted Pod Security Standard and then some, as the pod would actually run: a container's
 * securityContext wins over the pod's.
 */
export function checkSecurityContexts(objects) {
  const problems = [];
  for (const { id, pod } of workloads(objects)) {
    if (pod.automountServiceAccountToken !== false) {
      problems.push(`${id}: automountServiceAccountToken is not false`);
    }
    if (pod.hostNetwork || pod.hostPID || pod.hostIPC) {
      problems.push(`${id}: shares a host namespace`);
    }
    for (const { container } of containersOf(pod)) {
      const own = container.securityContext ?? {};
      const effective = { ...pod.securityContext, ...own };
      const where = `${id}: container ${container.name}`;
      if (effective.runAsNonRoot !== true) problems.push(`${where}: runAsNonRoot is not true`);
      if (!Number.isInteger(effective.runAsUser) || effective.runAsUser <= 0) {
        problems.push(`${where}: runAsUser is not a numeric non-root user`);
      }
      if (own.readOnlyRootFilesystem !== true) {
        problems.push(`${where}: readOnlyRootFilesystem is not true`);
      }
      if (own.allowPrivilegeEscalation !== false) {
        problems.push(`${where}: allowPrivilegeEscalation is not false`);
      }
      if (own.privileged) problems.push(`${where}: is privileged`);
      if (!(own.capabilities?.drop ?? []).includes('ALL')) {
        problems.push(`${where}: capabilities do not drop ALL`);
      }
      if ((own.capabilities?.add ?? []).length > 0) problems.push(`${where}: adds capabilities`);
      if (effective.seccompProfile?.type !== 'RuntimeDefault') {
        problems.push(`${where}: seccompProfile is not RuntimeDefault`);
      }
    }
  }
  return problems;
}

/** Startup, readiness and liveness probes on every Deployment's (non-init) containers. */
export function checkProbes(objects) {
  const problems = [];
  for (const { id, object, pod } of workloads(objects)) {
    if (object.kind !== 'Deployment') continue;
    for (const { container } of containersOf(pod, { init: false })) {
      for (const probe of ['startupProbe', 'readinessProbe', 'livenessProbe']) {
        if (!container[probe]) problems.push(`${id}: container ${container.name} has no ${probe}`);
      }
    }
  }
  return problems;
}

/** A PodDisruptionBudget and an autoscaler (at least 2 replicas) for every Deployment. */
export function checkAvailability(objects) {
  const problems = [];
  const budgets = ofKind(objects, 'PodDisruptionBudget');
  const autoscalers = ofKind(objects, 'HorizontalPodAutoscaler');
  for (const { id, object, labels } of workloads(objects)) {
    if (object.kind !== 'Deployment') continue;
    const selecting = budgets.filter((budget) => selects(budget.spec?.selector, labels));
    if (selecting.length !== 1) {
      problems.push(`${id}: ${selecting.length} PodDisruptionBudgets select it, not 1`);
    }
    const scaling = autoscalers.filter(
      (hpa) =>
        hpa.spec?.scaleTargetRef?.kind === 'Deployment' &&
        hpa.spec.scaleTargetRef.name === object.metadata.name,
    );
    if (scaling.length !== 1) problems.push(`${id}: ${scaling.length} autoscalers, not 1`);
    for (const hpa of scaling) {
      if (!(hpa.spec.minReplicas >= 2)) problems.push(`${id}: its autoscaler allows 1 replica`);
    }
    if (object.spec.replicas !== undefined && object.spec.replicas < 2) {
      problems.push(`${id}: replicas is ${object.spec.replicas}`);
    }
  }
  return problems;
}

const portKey = (port) => `${port.protocol ?? 'TCP'}/${port.port}`;

/**
 * Default-deny for ingress and egress; every Deployment let in by a policy; the egress each
 * workload gets is exactly the expected set of ports (DNS included), and no rule opens every
 * port or, for ingress, every source.
 * expectedEgress: (workload) => array of "TCP/5432"-style keys, or undefined when not expected.
 */
export function checkNetworkPolicies(objects, expectedEgress) {
  const problems = [];
  const policies = ofKind(objects, 'NetworkPolicy');
  const defaultDeny = policies.find(
    (policy) =>
      isEmptySelector(policy.spec?.podSelector) &&
      ['Ingress', 'Egress'].every((type) => policy.spec.policyTypes?.includes(type)) &&
      (policy.spec.ingress ?? []).length === 0 &&
      (policy.spec.egress ?? []).length === 0,
  );
  if (!defaultDeny) problems.push('no default-deny NetworkPolicy for ingress and egress');
  const applying = (labels, type) =>
    policies.filter(
      (policy) =>
        policy !== defaultDeny &&
        policy.spec?.policyTypes?.includes(type) &&
        selects(policy.spec.podSelector, labels),
    );
  for (const workload of workloads(objects)) {
    const { id, object, labels } = workload;
    const ingress = applying(labels, 'Ingress').flatMap((policy) => policy.spec.ingress ?? []);
    if (object.kind === 'Deployment' && ingress.length === 0) {
      problems.push(`${id}: no NetworkPolicy lets anything in`);
    }
    for (const rule of ingress) {
      if ((rule.from ?? []).length === 0) problems.push(`${id}: an ingress rule admits any source`);
      if ((rule.ports ?? []).length === 0) problems.push(`${id}: an ingress rule opens every port`);
    }
    const egress = applying(labels, 'Egress').flatMap((policy) => policy.spec.egress ?? []);
    if (egress.some((rule) => (rule.ports ?? []).length === 0)) {
      problems.push(`${id}: an egress rule opens every port`);
    }
    const allowed = [...new Set(egress.flatMap((rule) => (rule.ports ?? []).map(portKey)))].sort();
    const expected = expectedEgress(workload);
    if (expected === undefined) {
      problems.push(`${id}: no expected egress is known for it`);
    } else if (allowed.join(' ') !== [...expected].sort().join(' ')) {
      problems.push(`${id}: egress to ${allowed.join(', ')}; expected ${[...expected].join(', ')}`);
    }
  }
  return problems;
}

/** Controller names whose annotations tie an Ingress to one implementation. */
const CONTROLLER_WORDS =
  /nginx|traefik|haproxy|contour|istio|kong|alb\.|gce|azure|ambassador|skipper|cilium|envoy|ingress\.class/i;

/** The way in: Ingress without controller annotations and with a class; routes to real Services. */
export function checkWayIn(objects) {
  const problems = [];
  const services = ofKind(objects, 'Service');
  const portsOf = (name) =>
    services.find((service) => service.metadata.name === name)?.spec.ports ?? [];
  for (const ingress of ofKind(objects, 'Ingress')) {
    const id = `Ingress ${ingress.metadata.name}`;
    for (const [key, value] of Object.entries(ingress.metadata.annotations ?? {})) {
      if (CONTROLLER_WORDS.test(key) || CONTROLLER_WORDS.test(String(value))) {
        problems.push(`${id}: annotation ${key} belongs to one controller`);
      }
    }
    if (!ingress.spec?.ingressClassName) problems.push(`${id}: no ingressClassName`);
    for (const rule of ingress.spec?.rules ?? []) {
      for (const path of rule.http?.paths ?? []) {
        const { name, port } = path.backend?.service ?? {};
        const known = portsOf(name).some(
          (servicePort) => servicePort.name === port?.name || servicePort.port === port?.number,
        );
        if (!known) problems.push(`${id}: backend ${name}:${port?.name ?? port?.number} unknown`);
      }
    }
  }
  for (const route of ofKind(objects, 'HTTPRoute')) {
    for (const rule of route.spec?.rules ?? []) {
      for (const backend of rule.backendRefs ?? []) {
        if (!portsOf(backend.name).some((servicePort) => servicePort.port === backend.port)) {
          problems.push(
            `HTTPRoute ${route.metadata.name}: backend ${backend.name}:${backend.port} unknown`,
          );
        }
      }
    }
  }
  return problems;
}

/** No Secret objects and no literal values for settings that are secrets. */
export function checkNoCommittedSecrets(objects, secretSettings) {
  const problems = [];
  for (const secret of ofKind(objects, 'Secret')) {
    problems.push(`Secret ${secret.metadata.name} is committed; create it in the cluster instead`);
  }
  for (const { id, pod } of workloads(objects)) {
    for (const { container } of containersOf(pod)) {
      for (const variable of container.env ?? []) {
        if (secretSettings.includes(variable.name) && variable.value !== undefined) {
          problems.push(`${id}: ${variable.name} has a literal value; read it from a Secret`);
        }
      }
    }
  }
  for (const configMap of ofKind(objects, 'ConfigMap')) {
    for (const name of Object.keys(configMap.data ?? {})) {
      if (secretSettings.includes(name)) {
        problems.push(`ConfigMap ${configMap.metadata.name}: ${name} is a secret`);
      }
    }
  }
  return problems;
}
