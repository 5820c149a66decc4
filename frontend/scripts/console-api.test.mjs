// The console's client is what the service's description of its API makes (make openapi): a
// field the service adds, renames or drops changes the committed client, or this fails.
import assert from 'node:assert/strict';
import { readFileSync, rmSync } from 'node:fs';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { generateEndpoints } from '@rtk-query/codegen-openapi';
import config from '../openapi-config.mjs';

const frontend = fileURLToPath(new URL('..', import.meta.url));

test('the console client is the one generated from contract/console-api.json', async () => {
  process.chdir(frontend);
  // Made beside the committed file, so that its imports and formatting are resolved the same.
  const check = config.outputFile.replace(/\.ts$/, '.check.ts');
  try {
    await generateEndpoints({ ...config, outputFile: check });
    assert.equal(
      readFileSync(config.outputFile, 'utf8'),
      readFileSync(check, 'utf8'),
      'run make openapi and commit frontend/src/console/api/console-api.generated.ts',
    );
  } finally {
    rmSync(check, { force: true });
  }
});
