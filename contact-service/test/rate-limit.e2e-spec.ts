import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { PostgresThrottlerStorage } from '../src/integrations/rate-limit/postgres-throttler.storage.js';
import { createTestDatabase, type TestDatabase } from './support/test-database.js';
import {
  startTestApp,
  type RunningApp,
  VALID_CONTACT as valid,
  stopApp,
} from './support/test-app.js';

// The test talks to the service from loopback, a trusted proxy, exactly as nginx does: nginx
// appends the address it saw to whatever X-Forwarded-For the client sent.
const via = (client: string, forged?: string) => ({
  'x-forwarded-for': forged ? `${forged}, ${client}` : client,
});

let db: TestDatabase;
let service: RunningApp;

beforeAll(async () => {
  db = await createTestDatabase();
  service = await startTestApp(db.url, { RATE_LIMIT_MAX: '3', RATE_LIMIT_WINDOW_SECONDS: '60' });
});

afterAll(() => stopApp(service, db));

describe('rate limit on POST /api/contact', () => {
  const alice = '198.51.100.10';
  const bob = '198.51.100.20';

  it('answers 429 with Retry-After once a client is over the limit, and stores only the accepted', async () => {
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await service.post(valid, via(alice))).status);
    expect(statuses).toEqual([201, 201, 201, 429, 429]);

    const limited = await service.post(valid, via(alice));
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(limited.body).toMatchObject({ status: 429, error: 'Too Many Requests' });
    expect(limited.body.message).toMatch(/try again/);

    const [row] = await db.query<{ n: string }>('SELECT count(*) AS n FROM contact_submissions');
    expect(Number(row!.n)).toBe(3);
  });

  it('does not let a forged X-Forwarded-For reset the limit', async () => {
    for (const forged of ['203.0.113.1', '10.0.0.1', '127.0.0.1', bob]) {
      expect((await service.post(valid, via(alice, forged))).status).toBe(429);
    }
  });

  it('still serves another client while one is hammering', async () => {
    const burst = Array.from({ length: 200 }, () => service.post(valid, via(alice)));
    const other = await service.post(valid, via(bob));
    expect(other.status).toBe(201);
    expect(other.ms).toBeLessThan(2000);
    const answers = await Promise.all(burst);
    expect(answers.every((answer) => answer.status === 429)).toBe(true);
  });

  it('lets exactly the limit in when a fresh client’s requests all arrive at once', async () => {
    const statuses = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        service.post({ ...valid, name: `Burst ${i}` }, via('198.51.100.11')),
      ).map(async (answer) => (await answer).status),
    );
    expect(statuses.filter((status) => status === 201)).toHaveLength(3);
    expect(statuses.filter((status) => status === 429)).toHaveLength(9);
    const [row] = await db.query<{ n: string }>(
      `SELECT count(*) AS n FROM contact_submissions WHERE name LIKE 'Burst %'`,
    );
    expect(Number(row!.n)).toBe(3);
  });

  it('counts hits that one statement takes together as if they came one after another', async () => {
    const storage = service.app.get(PostgresThrottlerStorage);
    const hit = (key: string) => storage.increment(key, 60_000, 3, 60_000, 'default');
    // The first runs alone; the rest arrive while it runs and are counted by one statement, a
    // new client's five (more than the limit at once) beside another's two.
    const opener = hit('batch-opener');
    const burst = Array.from({ length: 5 }, () => hit('batch-burst'));
    const other = [hit('batch-other'), hit('batch-other')];
    await opener;
    const summary = async (records: ReturnType<typeof hit>[]) =>
      (await Promise.all(records)).map((record) => [record.totalHits, record.isBlocked]);
    expect(await summary(burst)).toEqual([
      [1, false],
      [2, false],
      [3, false],
      [4, true],
      [5, true],
    ]);
    expect(await summary(other)).toEqual([
      [1, false],
      [2, false],
    ]);
    expect(await summary([hit('batch-burst'), hit('batch-other'), hit('batch-other')])).toEqual([
      [6, true],
      [3, false],
      [4, true],
    ]);
    const blocked = await hit('batch-burst');
    expect(blocked.timeToBlockExpire).toBeGreaterThan(58);
    expect(blocked.timeToBlockExpire).toBeLessThanOrEqual(60);
  });

  it('does not limit the health checks', async () => {
    for (let i = 0; i < 10; i++) {
      const response = await fetch(`${service.baseUrl}/api/health/live`, { headers: via(alice) });
      expect(response.status).toBe(200);
    }
  });
});

describe('one limit for all replicas, kept across restarts (counted in Postgres)', () => {
  const carol = '198.51.100.30';
  const dave = '198.51.100.40';
  let second: RunningApp | undefined;

  afterAll(() => stopApp(second));

  it('counts a client’s submissions together whichever replica answers', async () => {
    second = await startTestApp(db.url, { RATE_LIMIT_MAX: '3', RATE_LIMIT_WINDOW_SECONDS: '60' });
    const replicas = [service, second, service];
    for (const replica of replicas)
      expect((await replica.post(valid, via(carol))).status).toBe(201);
    // The fourth is refused by either replica.
    expect((await second.post(valid, via(carol))).status).toBe(429);
    expect((await service.post(valid, via(carol))).status).toBe(429);
  });

  it('remembers the count when a replica restarts', async () => {
    expect((await second!.post(valid, via(dave))).status).toBe(201);
    expect((await second!.post(valid, via(dave))).status).toBe(201);
    await second!.close();
    second = await startTestApp(db.url, { RATE_LIMIT_MAX: '3', RATE_LIMIT_WINDOW_SECONDS: '60' });
    expect((await second.post(valid, via(dave))).status).toBe(201);
    expect((await second.post(valid, via(dave))).status).toBe(429);
  });

  it('stores a hash of the client, never the address', async () => {
    const rows = await db.query<{ row: string }>(
      `SELECT row_to_json(r)::text AS row FROM rate_limits r`,
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const { row } of rows) expect(row).not.toMatch(/198\.51\.100/);
  });

  it('lets the client in again once the window and the block have passed', async () => {
    const short = await startTestApp(db.url, {
      RATE_LIMIT_MAX: '1',
      RATE_LIMIT_WINDOW_SECONDS: '1',
    });
    try {
      const erin = '198.51.100.50';
      expect((await short.post(valid, via(erin))).status).toBe(201);
      const refused = await short.post(valid, via(erin));
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBe(1);
      await new Promise((resolve) => setTimeout(resolve, 1100));
      expect((await short.post(valid, via(erin))).status).toBe(201);
    } finally {
      await short.close();
    }
  });
});
