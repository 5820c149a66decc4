// Every kustomization renders offline, and every object it renders (and every one-off Job)
// validates against the Kubernetes OpenAPI schema of its kind.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { jobFiles, kubectlProblem, kustomizations, render } from './support/manifests.mjs';
import { validateObject } from './support/schemas.mjs';

const missing = kubectlProblem();

async function schemaProblems(objects) {
  const problems = [];
  for (const object of objects) {
    await validateObject(object).catch((error) => problems.push(error.message));
  }
  return problems;
}

if (missing) {
  // One line, without a stack: the fix is to install kubectl, not to read this file.
  test('kubectl is available', () => {
    const error = new Error(missing);
    error.stack = missing;
    throw error;
  });
} else {
  for (const dir of kustomizations()) {
    test(`${dir} renders with kubectl kustomize and validates against the schemas`, async () => {
      const objects = render(dir);
      assert.ok(objects.length > 0, `${dir} rendered nothing`);
      assert.deepEqual(await schemaProblems(objects), []);
    });
  }
}

for (const { file, objects } of jobFiles()) {
  test(`${file} validates against the schemas`, async () => {
    assert.ok(objects.length > 0, `${file} holds nothing`);
    assert.deepEqual(await schemaProblems(objects), []);
  });
}

test('a kind without a model fails validation instead of being skipped', async () => {
  const meta = { metadata: { name: 'x' } };
  await assert.rejects(
    validateObject({ apiVersion: 'example.com/v1', kind: 'Widget', ...meta }),
    /no schema for Widget example\.com\/v1/,
  );
  await assert.rejects(
    validateObject({ apiVersion: 'apps/v1', kind: 'Widget', ...meta }),
    /no schema for Widget apps\/v1/,
  );
  await assert.rejects(validateObject({ kind: 'Deployment', ...meta }), /without apiVersion/);
});

test('an object that breaks its schema fails validation', async () => {
  const [job] = jobFiles().flatMap(({ objects }) => objects);
  job.spec.template.spec.containers[0].ports = [{ containerPort: 'http' }];
  await assert.rejects(validateObject(job), /containerPort must be integer/);
});
