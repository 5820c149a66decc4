import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createTestDatabase, type TestDatabase } from './support/test-database.js';
import { TcpProxy } from './support/tcp-proxy.js';
import {
  request,
  startTestApp,
  type RunningApp,
  VALID_CONTACT as valid,
} from './support/test-app.js';

let db: TestDatabase;
let proxy: TcpProxy;
let service: RunningApp;

beforeAll(async () => {
  db = await createTestDatabase();
  const relay = await TcpProxy.for(db.url);
  proxy = relay.proxy;
  service = await startTestApp(relay.url, { RATE_LIMIT_MAX: '10000' });
});

afterAll(async () => {
  proxy?.restore();
  await service?.close();
  await proxy?.close();
  await db?.drop();
});

const ready = () => request(`${service.baseUrl}/api/health/ready`);

describe('when the database goes away', () => {
  it('works normally first', async () => {
    expect((await service.post(valid)).status).toBe(201);
  });

  it.each([
    ['refuses connections', () => proxy.cut()],
    ['accepts connections but never answers', () => proxy.hang()],
  ])(
    'answers 503 within 2 seconds when the database %s, then recovers without a restart',
    async (_name, outage) => {
      const [before] = await db.query<{ n: string }>(
        'SELECT count(*) AS n FROM contact_submissions',
      );
      outage();

      const failed = await service.post(valid);
      expect(failed.status).toBe(503);
      expect(failed.ms).toBeLessThan(2000);
      expect(failed.body).toEqual({
        status: 503,
        error: 'Service Unavailable',
        message: expect.stringMatching(/try again/),
      });
      expect(failed.headers.get('retry-after')).toBe('5');

      const probe = await ready();
      expect(probe.status).toBe(503);
      expect(probe.ms).toBeLessThan(2000);

      proxy.restore();
      let recovered = await service.post(valid);
      // The pool may hand out one connection that died during the outage before it notices.
      if (recovered.status === 503) recovered = await service.post(valid);
      expect(recovered.status).toBe(201);
      expect((await ready()).status).toBe(200);

      const [after] = await db.query<{ n: string }>(
        'SELECT count(*) AS n FROM contact_submissions',
      );
      expect(Number(after!.n)).toBe(Number(before!.n) + 1);
    },
  );

  it('answers every request of a steady stream with a 503 within two timeouts while it hangs', async () => {
    proxy.hang();
    try {
      // 200 a second for 1.5 s: more than one statement takes while another hangs, so without a
      // bound on the wait they would queue ever longer behind the hanging statements.
      const answers: Promise<{ status: number; ms: number }>[] = [];
      for (let i = 0; i < 300; i++) {
        answers.push(service.post(valid));
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      const answered = await Promise.all(answers);
      expect(answered.every((answer) => answer.status === 503)).toBe(true);
      // DATABASE_TIMEOUT_MS is 1500 here: a wait of at most one, then a statement of at most one.
      expect(Math.max(...answered.map((answer) => answer.ms))).toBeLessThan(3600);
    } finally {
      proxy.restore();
    }
    let recovered = await service.post(valid);
    if (recovered.status === 503) recovered = await service.post(valid);
    expect(recovered.status).toBe(201);
  }, 30_000);
});
