import { describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { apiError } from './api-error.js';

// nginx cannot call the service to word an error it makes itself (the service is down, slow, or
// never asked), so its configuration carries copies of the service's bodies. This test is what
// keeps them copies: every JSON body nginx returns must be, byte for byte, the service's body for
// that status.
const nginxDir = join(__dirname, '../../../infra/nginx');

function confFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return confFiles(path);
    return entry.name.endsWith('.conf') ? [path] : [];
  });
}

const bodies = confFiles(nginxDir).flatMap((file) =>
  [...readFileSync(file, 'utf8').matchAll(/return (\d{3}) '(\{.*\})';/g)].map(
    ([, status, body]) => ({ file: file.slice(nginxDir.length + 1), status: Number(status), body }),
  ),
);

describe("nginx's JSON error bodies", () => {
  it('cover every error nginx answers on /api itself', () => {
    expect([...new Set(bodies.map((b) => b.status))].sort()).toEqual([404, 413, 429, 503, 504]);
  });

  it.each(bodies.map((b) => [`${b.status} in ${b.file}`, b] as const))(
    'are the service’s own: %s',
    (_name, { status, body }) => {
      expect(body).toBe(JSON.stringify(apiError(status)));
    },
  );
});
