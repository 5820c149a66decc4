import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { BOOTSTRAP_SCRIPT } from './bootstrap';

const securityHeaders = readFileSync(
  join(__dirname, '../../../infra/nginx/snippets/security-headers.conf'),
  'utf8',
);

describe('the islands bootstrap', () => {
  it("is allowed by its hash in the site's Content-Security-Policy, and nothing else inline is", () => {
    const hash = createHash('sha256').update(BOOTSTRAP_SCRIPT).digest('base64');
    const scriptSrc = /script-src ([^;]+);/.exec(securityHeaders)?.[1];
    expect(scriptSrc).toBe(`'self' 'sha256-${hash}'`);
  });
});
