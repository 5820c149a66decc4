import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createTestDatabase, type TestDatabase } from './support/test-database.js';
import { TcpProxy } from './support/tcp-proxy.js';
import { startTestApp, VALID_CONTACT as valid, stopApp } from './support/test-app.js';

let db: TestDatabase;
let proxy: TcpProxy | undefined;

beforeAll(async () => {
  db = await createTestDatabase();
});

afterAll(() => stopApp(proxy, db));

describe('shutting down', () => {
  it('finishes a request in flight, stores it, then refuses new connections', async () => {
    const relay = await TcpProxy.for(db.url);
    proxy = relay.proxy;
    const service = await startTestApp(relay.url, { RATE_LIMIT_MAX: '10000' });
    expect((await service.post(valid)).status).toBe(201);

    // Slow the database down so the next request is still running when shutdown starts.
    relay.proxy.delay(300);
    const inFlight = service.post({ ...valid, name: 'In Flight' });
    await new Promise((resolve) => setTimeout(resolve, 100));
    await service.close();

    const answer = await inFlight;
    expect(answer.status).toBe(201);
    const rows = await db.query('SELECT name FROM contact_submissions WHERE id = $1', [
      answer.body.id,
    ]);
    expect(rows).toEqual([{ name: 'In Flight' }]);
    await expect(fetch(`${service.baseUrl}/api/health/live`)).rejects.toThrow();
  });
});
