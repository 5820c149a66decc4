// yamllint over deploy/ with deploy/.yamllint.yaml, where yamllint is installed (Debian's
// yamllint package). Prettier's formatting is checked by `make lint` already; this adds what
// Prettier does not look at, such as duplicate keys and truthy values.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { test } from 'node:test';
import { KUBERNETES_DIR } from './support/manifests.mjs';

const deployDir = join(KUBERNETES_DIR, '..');
const installed = spawnSync('yamllint', ['--version']).status === 0;

test(
  'the YAML under deploy/ is yamllint-clean',
  { skip: !installed && 'yamllint is not installed' },
  () => {
    const result = spawnSync(
      'yamllint',
      ['--strict', '-f', 'parsable', '-c', join(deployDir, '.yamllint.yaml'), deployDir],
      { encoding: 'utf8' },
    );
    assert.equal(result.stdout + result.stderr, '');
    assert.equal(result.status, 0);
  },
);
