import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { SmtpSink } from './support/smtp-sink.js';
import { freePort } from './support/free-port.js';
import { createTestDatabase, type TestDatabase } from './support/test-database.js';
import { request, VALID_CONTACT, stopApp } from './support/test-app.js';

// The real service in a process of its own, killed with SIGKILL while deliveries are in flight:
// after a restart, every lead's mail arrives. Built first, so the test runs today's code.
const root = join(__dirname, '..');

let db: TestDatabase;
let smtp: SmtpSink;
let port: number;

async function startService(): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['dist/src/entrypoints/api.js'], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      DATABASE_URL: db.url,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_MAX: '10000',
      ...smtp.settings(),
      NOTIFY_RETRY_DELAY_SECONDS: '1',
      NOTIFY_LEASE_SECONDS: '4',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 150; i++) {
    const ready = await fetch(`http://127.0.0.1:${port}/api/health/ready`).catch(() => null);
    if (ready?.ok) return child;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill('SIGKILL');
  throw new Error('the service did not become ready');
}

beforeAll(async () => {
  execFileSync('npm', ['run', '--silent', 'build'], { cwd: root, stdio: 'inherit' });
  db = await createTestDatabase();
  smtp = await SmtpSink.start();
  port = await freePort();
}, 120_000);

afterAll(() => stopApp(smtp, db));

describe('a crash while deliveries are in flight', () => {
  it('loses no lead: after SIGKILL and a restart, every mail arrives', async () => {
    // A slow mail server keeps the first deliveries in flight when the process dies.
    smtp.acceptAfterMs = 5000;
    const first = await startService();
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) {
      const answer = await request(`http://127.0.0.1:${port}/api/contact`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...VALID_CONTACT, name: `Before the crash ${i}` }),
      });
      expect(answer.status).toBe(201);
      ids.push(answer.body.id as string);
    }
    // Wait until a delivery has started (an attempt counted), then kill the process outright.
    for (let i = 0; i < 100; i++) {
      const [row] = await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM notifications WHERE attempts > 0`,
      );
      if (row!.n > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    first.kill('SIGKILL');
    await new Promise((resolve) => first.once('exit', resolve));
    expect(smtp.mails.length).toBeLessThan(6);

    smtp.acceptAfterMs = 0;
    const second = await startService();
    try {
      const deadline = Date.now() + 60_000;
      const delivered = () =>
        new Set(smtp.mails.map((mail) => mail.parsed.headers.get('x-lead-id') as string));
      while (ids.some((id) => !delivered().has(id)) && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      expect([...delivered()].sort()).toEqual([...ids].sort());
      // A mail is in the sink a moment before its worker writes `sent`: the rows follow.
      const unsent = async () =>
        (
          await db.query<{ n: number }>(
            `SELECT count(*)::int AS n FROM notifications WHERE status <> 'sent'`,
          )
        )[0]!.n;
      while ((await unsent()) > 0 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      expect(await unsent()).toBe(0);
    } finally {
      second.kill('SIGTERM');
      await new Promise((resolve) => second.once('exit', resolve));
    }
  }, 120_000);
});
