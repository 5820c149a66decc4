import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import { SmtpSink } from './support/smtp-sink.js';
import { createTestDatabase, type TestDatabase } from './support/test-database.js';
import type { Job } from 'pg-boss';
import type { DeliveryJob } from '../src/notifications/delivery-queues.js';
import { NotificationsService } from '../src/notifications/notifications.service.js';
import { startTestApp, VALID_CONTACT, type RunningApp, stopApp } from './support/test-app.js';
import { WebhookReceiver } from './support/webhook-receiver.js';

const SECRET = `whsec_${randomBytes(24).toString('base64')}`;
const ACCESSIBILITY = 'Subject: Accessibility Feedback\n\n';

let smtp: SmtpSink;
let hooks: WebhookReceiver;
let db: TestDatabase | undefined;
let service: RunningApp | undefined;

beforeAll(async () => {
  smtp = await SmtpSink.start();
  hooks = await WebhookReceiver.start(SECRET);
});

afterAll(() => stopApp(smtp, hooks));

afterEach(async () => {
  await service?.close();
  await db?.drop();
  service = undefined;
  db = undefined;
  smtp.mails.length = 0;
  hooks.received.length = 0;
  hooks.attempts = 0;
  hooks.status = 200;
  hooks.answer = undefined;
});

/** A service with email and the webhook on, against a fresh database; retries a second apart. */
async function start(overrides: Record<string, string> = {}): Promise<RunningApp> {
  db = await createTestDatabase();
  service = await startTestApp(db.url, {
    RATE_LIMIT_MAX: '10000',
    ...smtp.settings(),
    NOTIFY_ACCESSIBILITY_TO: 'accessibility@bank-proposals.example',
    WEBHOOK_URL: hooks.url,
    WEBHOOK_SECRET: SECRET,
    NOTIFY_RETRY_DELAY_SECONDS: '1',
    NOTIFY_RETRY_LIMIT: '2',
    ...overrides,
  });
  return service;
}

const states = async () =>
  db!.query<{
    id: string;
    submission_id: string;
    channel: string;
    status: string;
    attempts: number;
    last_error: string | null;
  }>(
    'SELECT id, submission_id, channel, status, attempts, last_error FROM notifications ORDER BY created_at',
  );

async function waitUntil(condition: () => Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const started = Date.now();
  while (!(await condition())) {
    if (Date.now() - started > timeoutMs) throw new Error(`not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('notifications', () => {
  it('gives N mails to the right inbox and N verified webhooks for N submissions', async () => {
    const app = await start();
    const sent = [
      ...Array.from({ length: 6 }, (_, i) => ({
        ...VALID_CONTACT,
        name: `Contact ${i}`,
        message: `Pilot ${i}`,
        // What brought them (src/leads/attribution.ts): the mail and the webhook carry it.
        attribution: { utm_source: 'linkedin', utm_campaign: `q${i}`, landing_path: '/about' },
      })),
      ...Array.from({ length: 4 }, (_, i) => ({
        ...VALID_CONTACT,
        name: `Reader ${i}`,
        message: `${ACCESSIBILITY}Contrast ${i}`,
      })),
    ];
    const ids: string[] = [];
    for (const body of sent) {
      const answer = await app.post(body);
      expect(answer.status).toBe(201);
      ids.push(answer.body.id as string);
    }
    const mails = await smtp.waitFor(10);
    const webhooks = await hooks.waitFor(10);
    await waitUntil(async () => (await states()).every((row) => row.status === 'sent'));
    expect(mails).toHaveLength(10);
    expect(hooks.rejected).toEqual([]);

    const rows = await states();
    expect(rows).toHaveLength(20);
    for (const [index, body] of sent.entries()) {
      const accessibility = index >= 6;
      const email = rows.find(
        (row) => row.submission_id === ids[index] && row.channel === 'email',
      )!;
      const mail = mails.find(
        (m) => m.parsed.messageId === `<${email.id}@bank-proposals.example>`,
      )!;
      expect(mail.recipients).toEqual([
        accessibility ? 'accessibility@bank-proposals.example' : 'sales@bank-proposals.example',
      ]);
      expect(mail.parsed.replyTo?.value).toEqual([{ name: body.name, address: body.email }]);
      expect(mail.parsed.subject).toBe(
        `${accessibility ? 'Accessibility feedback' : 'Discovery call request'}: ${body.name}, ${body.role} at ${body.company}`,
      );
      expect(mail.parsed.text).toContain(body.message.replace(ACCESSIBILITY, ''));
      expect(mail.parsed.html).toContain(body.name);
      const hook = rows.find(
        (row) => row.submission_id === ids[index] && row.channel === 'webhook',
      )!;
      const received = webhooks.find((w) => w.id === hook.id)!;
      expect(received.payload).toMatchObject({
        type: accessibility ? 'accessibility.submitted' : 'contact.submitted',
        data: { id: ids[index], name: body.name, email: body.email },
      });
      if (!accessibility) {
        expect(received.payload.data).toMatchObject({
          source: { source: 'linkedin', medium: '(not set)', campaign: `q${index}` },
          attribution: {
            utm_source: 'linkedin',
            utm_campaign: `q${index}`,
            landing_path: '/about',
          },
        });
        expect(mail.parsed.text).toMatch(
          new RegExp(`Source: +linkedin / \\(not set\\) / q${index}`),
        );
        expect(mail.parsed.text).toMatch(/Landing path: +\/about/);
      } else {
        // A body without an attribution: none recorded.
        expect(received.payload.data).toMatchObject({ source: null, attribution: null });
      }
      expect(email.attempts).toBe(1);
    }
  });

  it('never notifies suspected spam', async () => {
    const app = await start();
    expect((await app.post({ ...VALID_CONTACT, contact_me_by_fax_only: true })).status).toBe(201);
    expect((await app.post({ ...VALID_CONTACT, name: 'Real Person' })).status).toBe(201);
    await smtp.waitFor(1);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(smtp.mails.map((mail) => mail.parsed.subject)).toEqual([
      expect.stringContaining('Real Person'),
    ]);
    expect((await states()).filter((row) => row.channel === 'email')).toHaveLength(1);
  });

  it('lets no field add a header or a recipient', async () => {
    const app = await start();
    const attempts = [
      { name: 'Eve\r\nBcc: thief@attacker.example' },
      { email: 'eve@attacker.example\r\nBcc: thief@attacker.example' },
      { company: 'Evil\nCc: thief@attacker.example' },
      { role: 'Boss\r\n\r\n<html>forged body' },
    ];
    for (const fields of attempts) {
      expect((await app.post({ ...VALID_CONTACT, ...fields })).status).toBe(400);
    }
    // What the validator lets through: Unicode line breaks, header-looking text, quotes.
    const accepted = [
      { name: 'Eve\u2028Bcc: thief@attacker.example', company: 'Evil\u2029Cc: x@attacker.example' },
      {
        name: '"Eve" <thief@attacker.example>, other@attacker.example',
        role: 'To: all@attacker.example',
      },
      {
        name: '=?utf-8?Q?Bcc=3A_thief=40attacker.example?=',
        message: 'Bcc: thief@attacker.example\r\n.\r\nRCPT TO:<x@y.z>',
      },
    ];
    for (const fields of accepted) {
      expect((await app.post({ ...VALID_CONTACT, ...fields })).status).toBe(201);
    }
    const mails = await smtp.waitFor(accepted.length);
    for (const mail of mails) {
      expect(mail.recipients).toEqual(['sales@bank-proposals.example']);
      expect(mail.parsed.bcc).toBeUndefined();
      expect(mail.parsed.cc).toBeUndefined();
      const header = mail.raw.slice(0, mail.raw.indexOf('\r\n\r\n'));
      expect(header).not.toMatch(/^(bcc|cc|rcpt)/im);
      expect(header.match(/^to:/gim)).toHaveLength(1);
      expect(mail.parsed.to).toMatchObject({
        value: [{ address: 'sales@bank-proposals.example' }],
      });
      expect(mail.parsed.replyTo?.value).toEqual([
        { name: expect.any(String), address: VALID_CONTACT.email },
      ]);
    }
  });

  it('keeps every submission while SMTP is down, and mails them all once it is back', async () => {
    const app = await start({ NOTIFY_RETRY_LIMIT: '8' });
    await smtp.stop();
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const answer = await app.post({ ...VALID_CONTACT, name: `During outage ${i}` });
      expect(answer.status).toBe(201);
      ids.push(answer.body.id as string);
    }
    await waitUntil(async () =>
      (await states()).some((row) => row.channel === 'email' && row.attempts >= 2),
    );
    const waiting = (await states()).filter((row) => row.channel === 'email');
    expect(waiting.every((row) => row.status === 'pending')).toBe(true);
    expect(waiting[0]!.last_error).toMatch(/^SMTP: /);
    await smtp.listen();
    const mails = await smtp.waitFor(5, 40_000);
    expect(mails.map((mail) => mail.parsed.subject).sort()).toEqual(
      ids.map((_, i) => expect.stringContaining(`During outage ${i}`)),
    );
    await waitUntil(async () => (await states()).every((row) => row.status === 'sent'));
  }, 60_000);

  it('marks a notification failed, with its last error, when the receiver always fails', async () => {
    const app = await start();
    hooks.status = 500;
    const answer = await app.post(VALID_CONTACT);
    expect(answer.status).toBe(201);
    await waitUntil(async () =>
      (await states()).some((row) => row.channel === 'webhook' && row.status === 'failed'),
    );
    const webhook = (await states()).find((row) => row.channel === 'webhook')!;
    // The first attempt and NOTIFY_RETRY_LIMIT=2 retries.
    expect(webhook).toMatchObject({ attempts: 3, last_error: 'The webhook receiver answered 500' });
    expect(hooks.attempts).toBe(3);
  }, 60_000);

  it('stops retrying a receiver that answers 410 Gone', async () => {
    const app = await start();
    hooks.status = 410;
    expect((await app.post(VALID_CONTACT)).status).toBe(201);
    await waitUntil(async () =>
      (await states()).some((row) => row.channel === 'webhook' && row.status === 'failed'),
    );
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect((await states()).find((row) => row.channel === 'webhook')).toMatchObject({
      attempts: 1,
      last_error: 'The webhook receiver answered 410 Gone: no more attempts',
    });
    expect(hooks.attempts).toBe(1);
  });

  it('settles each job of a batch on its own: sent, retried, failed for good, or nothing to do', async () => {
    // No worker of its own: the batch below is the only delivery.
    const app = await start({ BACKGROUND_JOBS: 'false' });
    hooks.answer = (body) => (body.includes('Retried') ? 500 : body.includes('Gone') ? 410 : 200);
    for (const name of ['Delivered One', 'Retried Two', 'Gone Three', 'Delivered Four']) {
      expect((await app.post({ ...VALID_CONTACT, name })).status).toBe(201);
    }
    const webhooks = async () =>
      db!.query<{ id: string; name: string; status: string; attempts: number; last_error: string }>(
        `SELECT n.id, s.name, n.status, n.attempts, n.last_error FROM notifications n
           JOIN contact_submissions s ON s.id = n.submission_id
          WHERE n.channel = 'webhook' ORDER BY s.created_at`,
      );
    const rows = await webhooks();
    const job = (id: string, retryCount = 0) =>
      ({ id: `job-${id}`, data: { notificationId: id }, retryCount }) as Job<DeliveryJob>;
    const notifications = app.app.get(NotificationsService);

    const results = await notifications.deliver(
      'webhook',
      rows.map((row) => job(row.id)),
    );
    expect(results.map((result) => result.status)).toEqual([
      'completed',
      'failed',
      'completed',
      'completed',
    ]);
    expect(await webhooks()).toMatchObject([
      { name: 'Delivered One', status: 'sent', attempts: 1, last_error: null },
      {
        name: 'Retried Two',
        status: 'pending',
        attempts: 1,
        last_error: 'The webhook receiver answered 500',
      },
      { name: 'Gone Three', status: 'failed', attempts: 1 },
      { name: 'Delivered Four', status: 'sent', attempts: 1, last_error: null },
    ]);
    expect(hooks.received.map((hook) => hook.payload.data.name).sort()).toEqual([
      'Delivered Four',
      'Delivered One',
    ]);

    // The last retry of the failing one, with a job of a row already sent: only the first counts.
    const last = await notifications.deliver('webhook', [job(rows[1]!.id, 2), job(rows[0]!.id)]);
    expect(last.map((result) => result.status)).toEqual(['failed', 'completed']);
    expect((await webhooks()).map((row) => [row.status, row.attempts])).toEqual([
      ['sent', 1],
      ['failed', 2],
      ['failed', 1],
      ['sent', 1],
    ]);
    expect(hooks.attempts).toBe(5);
  });
});
