// The OpenAPI schema of every kind the manifests use, through the kubernetes-models packages:
// the built-in kinds from kubernetes-models, the custom resources from @kubernetes-models/*.
// A kind without a model is an error, never a skip: an unchecked object would pass unnoticed.

/** Package of the models for each API group that is not built into Kubernetes. */
const CUSTOM_RESOURCE_PACKAGES = {
  'gateway.networking.k8s.io': '@kubernetes-models/gateway-api',
  'monitoring.coreos.com': '@kubernetes-models/prometheus-operator',
  'postgresql.cnpg.io': '@kubernetes-models/cloudnative-pg',
};

/** The module that exports the models of an apiVersion ("v1", "apps/v1", "group/version"). */
function modulePath(apiVersion) {
  const [group, version] = apiVersion.includes('/') ? apiVersion.split('/') : ['', apiVersion];
  if (group === '') return `kubernetes-models/${version}`;
  const customPackage = CUSTOM_RESOURCE_PACKAGES[group];
  return customPackage
    ? `${customPackage}/${group}/${version}`
    : `kubernetes-models/${group}/${version}`;
}

/** The model class for an object's apiVersion and kind; throws when there is none. */
export async function modelFor({ apiVersion, kind }) {
  if (typeof apiVersion !== 'string' || typeof kind !== 'string') {
    throw new Error(`an object without apiVersion or kind (${apiVersion}, ${kind})`);
  }
  let models;
  try {
    models = await import(modulePath(apiVersion));
  } catch (error) {
    throw new Error(
      `no schema for ${kind} ${apiVersion}: no model package for that apiVersion (${error.code ?? error.message})`,
      { cause: error },
    );
  }
  const Model = models[kind];
  if (typeof Model !== 'function' || Model.apiVersion !== apiVersion || Model.kind !== kind) {
    throw new Error(
      `no schema for ${kind} ${apiVersion}: ${modulePath(apiVersion)} has no ${kind}`,
    );
  }
  return Model;
}

/** Validates one object against its schema; throws with the object's name and the errors. */
export async function validateObject(object) {
  const Model = await modelFor(object);
  try {
    new Model(object).validate();
  } catch (error) {
    throw new Error(`${object.kind} ${object.metadata?.name}: ${error.message}`, { cause: error });
  }
}
