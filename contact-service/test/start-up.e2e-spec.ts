import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createTestDatabase, type TestDatabase } from './support/test-database.js';
import { TcpProxy } from './support/tcp-proxy.js';
import { startTestApp, VALID_CONTACT, stopApp } from './support/test-app.js';

// TypeORM retries a failed first connection 10 times, a second apart: a start that gives up at
// once finishes well inside this bound, one that retries does not.
const WITHOUT_RETRIES_MS = 5000;

let db: TestDatabase;

beforeAll(async () => {
  db = await createTestDatabase();
});

afterAll(() => stopApp(db));

describe('start-up', () => {
  it('waits for a database that is not answering yet, then starts', async () => {
    const { proxy, url } = await TcpProxy.for(db.url);
    proxy.cut();
    setTimeout(() => proxy.restore(), 1500);
    const service = await startTestApp(url);
    try {
      expect((await service.post(VALID_CONTACT)).status).toBe(201);
    } finally {
      await service.close();
      await proxy.close();
    }
  });

  /** The test database's URL with another database name or user. */
  const changed = (part: { pathname?: string; username?: string }) =>
    Object.assign(new URL(db.url), part).toString();

  it(
    'stops at once, without retrying, when the database does not exist',
    async () => {
      const missing = changed({ pathname: `/no_such_database_${randomBytes(4).toString('hex')}` });
      await expect(startTestApp(missing)).rejects.toMatchObject({ code: '3D000' });
    },
    WITHOUT_RETRIES_MS,
  );

  it(
    'stops at once, without retrying, when Postgres refuses the user',
    async () => {
      const stranger = changed({ username: `nobody_${randomBytes(4).toString('hex')}` });
      // 28000 where the server trusts the host (it says the role does not exist), 28P01 where it
      // asks for a password (it does not tell an unknown user from a wrong password).
      await expect(startTestApp(stranger)).rejects.toMatchObject({
        code: expect.stringMatching(/^28(000|P01)$/),
      });
    },
    WITHOUT_RETRIES_MS,
  );
});
