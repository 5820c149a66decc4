import { describe, expect, it } from '@jest/globals';
import { ATTRIBUTION_COLUMNS } from '../src/leads/lead.js';
import contract from '@proposal-site/contract/contact-payloads.json' with { type: 'json' };
import release from '@proposal-site/contract/release.json' with { type: 'json' };
import { ServiceUnavailableException } from '@nestjs/common';
import { CONTACT_BODY_LIMIT_BYTES } from '../src/contact/contact-limits.js';
import { ContactService } from '../src/contact/contact.service.js';
import type { CreateContactDto } from '../src/contact/dto/create-contact.dto.js';
import { request, type Answer, serviceForThisFile } from './support/test-app.js';

const app = serviceForThisFile({ RATE_LIMIT_MAX: '10000' });

const table = contract as unknown as {
  valid: { name: string; payload: Record<string, unknown>; spam?: boolean }[];
  invalid: { name: string; payload: Record<string, unknown>; fields: Record<string, string> }[];
};
const valid = table.valid[0]!.payload;

const count = async () =>
  Number(
    (await app.db.query<{ n: string }>('SELECT count(*) AS n FROM contact_submissions'))[0]!.n,
  );

function expectErrorShape(answer: Answer, status: number) {
  expect(answer.status).toBe(status);
  expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
  expect(answer.body).toEqual({
    status,
    error: expect.any(String),
    message: expect.stringMatching(/^[A-Z].*\.$/),
    ...(answer.body.fields ? { fields: expect.any(Object) } : {}),
  });
  // Nothing about the parser, the framework or the code may leak.
  expect(answer.text).not.toMatch(/FST_|Unexpected token|at .*\.js|stack|Exception|position \d/i);
}

// A high limit: this file tests validation; rate-limit.e2e-spec.ts tests the limit.
describe('POST /api/contact with a valid body', () => {
  it('answers 201 with the id and time of the row it committed, holding exactly what was sent', async () => {
    const answer = await app.service.post({ ...valid, name: '  Ada Lovelace ' });
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({ id: expect.any(String), createdAt: expect.any(String) });
    const rows = await app.db.query('SELECT * FROM contact_submissions WHERE id = $1', [
      answer.body.id,
    ]);
    expect(rows).toEqual([
      {
        id: answer.body.id,
        name: 'Ada Lovelace',
        email: valid.email,
        company: valid.company,
        role: valid.role,
        message: valid.message,
        idempotency_key: null,
        spam_reason: null,
        created_at: new Date(answer.body.createdAt as string),
        // Where the team's work on it stands (the lead inbox), and its search text.
        status: 'new',
        read_at: null,
        search_document: expect.stringContaining("'lovelace':2"),
        // Nobody on it yet, and its promise not answered yet (src/leads/lead-promises.ts).
        owner_id: null,
        responded_at: null,
        responded_on_time: null,
        // Opened by no operator yet (migration 1796200000000).
        opened_by: null,
        // Its promise counts from its receipt: no cancelled booking re-opened it (1796600000000).
        callback_from: null,
        // Its kind, set as it was written (src/leads/lead-kind.ts, migration 1796700000000).
        kind: 'contact',
        // What brought it (src/leads/attribution.ts, migration 1797000000000): a body without
        // an attribution, from a client that sends none, has none recorded.
        ...Object.fromEntries(ATTRIBUTION_COLUMNS.map((column) => [column, null])),
      },
    ]);
    expect(Math.abs(Date.now() - Date.parse(answer.body.createdAt as string))).toBeLessThan(60_000);
  });

  it('stores submissions that arrive together each as sent, under its own id, with its notification', async () => {
    const sent = Array.from({ length: 30 }, (_, i) => ({
      ...valid,
      name: `Together ${i}`,
      email: `together.${i}@example.com`,
      // Every fifth is caught by a trap: stored, never notified.
      ...(i % 5 === 4 ? { website: 'https://spam.example' } : {}),
    }));
    const answers = await Promise.all(sent.map((body) => app.service.post(body)));
    expect(answers.map((answer) => answer.status)).toEqual(sent.map(() => 201));
    const rows = await app.db.query<{ id: string; name: string; email: string; spam: boolean }>(
      `SELECT id, name, email, spam_reason IS NOT NULL AS spam, created_at FROM contact_submissions
        WHERE id = ANY($1::uuid[])`,
      [answers.map((answer) => answer.body.id)],
    );
    const byId = new Map(rows.map((row) => [row.id, row]));
    sent.forEach((body, i) =>
      expect(byId.get(answers[i]!.body.id as string)).toMatchObject({
        name: body.name,
        email: body.email,
        spam: i % 5 === 4,
      }),
    );
    const notified = await app.db.query<{ name: string }>(
      `SELECT s.name FROM notifications n JOIN contact_submissions s ON s.id = n.submission_id
        WHERE s.name LIKE 'Together %' ORDER BY s.name`,
    );
    expect(notified.map((row) => row.name)).toEqual(
      sent
        .filter((_, i) => i % 5 !== 4)
        .map((body) => body.name)
        .sort(),
    );
    // They were stored by fewer statements than requests (a statement's rows share its time).
    const times = new Set(answers.map((answer) => answer.body.createdAt));
    expect(times.size).toBeLessThan(sent.length);
  });

  it('lets a submission the database refuses fail alone, not those stored with it', async () => {
    const contacts = app.service.app.get(ContactService);
    const dto = (name: string) => ({ ...valid, name }) as unknown as CreateContactDto;
    // The first runs alone; the other four go together, and one of them holds a NUL, which
    // Postgres refuses in text (the validation in front never lets one through).
    const answers = await Promise.allSettled(
      ['Alone 0', 'Alone 1', 'Alone \u0000 2', 'Alone 3', 'Alone 4'].map((name) =>
        contacts.create(dto(name)),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
      'fulfilled',
    ]);
    expect((answers[2] as PromiseRejectedResult).reason).toBeInstanceOf(
      ServiceUnavailableException,
    );
    const stored = await app.db.query<{ name: string }>(
      `SELECT name FROM contact_submissions WHERE name LIKE 'Alone %' ORDER BY name`,
    );
    expect(stored.map((row) => row.name)).toEqual(['Alone 0', 'Alone 1', 'Alone 3', 'Alone 4']);
  });

  it('stores an absent or empty message as null', async () => {
    const { message: _m, ...withoutMessage } = valid;
    for (const body of [withoutMessage, { ...valid, message: '' }]) {
      const answer = await app.service.post(body);
      expect(answer.status).toBe(201);
      const [row] = await app.db.query('SELECT message FROM contact_submissions WHERE id = $1', [
        answer.body.id,
      ]);
      expect(row).toEqual({ message: null });
    }
  });

  it('stores the accessibility subject line exactly', async () => {
    const message = 'Subject: Accessibility Feedback\n\nThe footer links need more contrast.';
    const answer = await app.service.post({ ...valid, message });
    const [row] = await app.db.query('SELECT message FROM contact_submissions WHERE id = $1', [
      answer.body.id,
    ]);
    expect(row).toEqual({ message });
  });

  it.each(table.valid.map((c) => [c.name, c] as const))(
    'accepts and stores the shared valid case: %s',
    async (_name, { payload, spam }) => {
      const before = await count();
      const answer = await app.service.post(payload);
      expect(answer.status).toBe(201);
      expect(answer.body).toEqual({ id: expect.any(String), createdAt: expect.any(String) });
      expect(await count()).toBe(before + 1);
      // A filled trap is answered like any success (a bot learns nothing) and kept, marked.
      const [row] = await app.db.query<{ spam_reason: string | null }>(
        'SELECT spam_reason FROM contact_submissions WHERE id = $1',
        [answer.body.id],
      );
      if (spam) expect(row!.spam_reason).toMatch(/^trap field \S+ .*(ticked|filled)$/);
      else expect(row!.spam_reason).toBeNull();
    },
  );

  it('echoes a well-formed X-Request-Id and makes one up otherwise', async () => {
    const given = await app.service.post(valid, { 'x-request-id': 'abc123def456' });
    expect(given.headers.get('x-request-id')).toBe('abc123def456');
    const invented = await app.service.post(valid, { 'x-request-id': 'not valid; has spaces' });
    expect(invented.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});

/** A JSON body of exactly `bytes` bytes (a long message in ASCII). */
function bodyOfBytes(bytes: number): string {
  const empty = JSON.stringify({ ...valid, message: '' });
  return JSON.stringify({ ...valid, message: 'x'.repeat(bytes - empty.length) });
}

const hostile: [string, string, Record<string, string>, number][] = [
  ['broken JSON', '{"name": "Ada",', {}, 400],
  ['JSON with a trailing comma', '{"name": "Ada",}', {}, 400],
  ['single-quoted JSON', "{'name': 'Ada'}", {}, 400],
  ['an empty body', '', {}, 400],
  ['a JSON array', JSON.stringify([valid]), {}, 400],
  ['JSON null', 'null', {}, 400],
  ['a JSON string', '"hello"', {}, 400],
  ['a JSON number', '12', {}, 400],
  [
    'nested objects for every field',
    JSON.stringify({ name: { $gt: '' }, email: { a: 1 }, company: [], role: {} }),
    {},
    400,
  ],
  ['a prototype pollution attempt', '{"__proto__": {"admin": true}, "name": "Ada"}', {}, 400],
  ['a 10,000-character name', JSON.stringify({ ...valid, name: 'x'.repeat(10_000) }), {}, 400],
  ['a body one byte over the limit', bodyOfBytes(CONTACT_BODY_LIMIT_BYTES + 1), {}, 413],
  ['a 1 MB body', JSON.stringify({ ...valid, message: 'x'.repeat(1_000_000) }), {}, 413],
  ['text/plain', JSON.stringify(valid), { 'content-type': 'text/plain' }, 415],
  [
    'a form post',
    'name=Ada&email=ada%40example.com',
    { 'content-type': 'application/x-www-form-urlencoded' },
    415,
  ],
  [
    'multipart',
    '--x\r\nContent-Disposition: form-data; name="name"\r\n\r\nAda\r\n--x--',
    { 'content-type': 'multipart/form-data; boundary=x' },
    415,
  ],
  ['XML', '<contact><name>Ada</name></contact>', { 'content-type': 'application/xml' }, 415],
  ['no content type', JSON.stringify(valid), { 'content-type': '' }, 415],
];

describe('POST /api/contact with a hostile or malformed request', () => {
  it.each(table.invalid.map((c) => [c.name, c] as const))(
    'shared invalid case: %s → 400, documented shape, the contract’s messages, no row',
    async (_name, c) => {
      const before = await count();
      const answer = await app.service.post(JSON.stringify(c.payload));
      expectErrorShape(answer, 400);
      expect(answer.body.fields).toEqual(c.fields);
      expect(await count()).toBe(before);
    },
  );

  it.each(hostile.map(([name, ...rest]) => [`${name} → ${rest[2]}`, ...rest] as const))(
    '%s, documented shape, no row',
    async (_name, body, headers, status) => {
      const before = await count();
      const answer = await app.service.post(body, headers);
      expectErrorShape(answer, status);
      expect(await count()).toBe(before);
    },
  );

  it('counts more than 40 hostile requests', () => {
    expect(table.invalid.length + hostile.length).toBeGreaterThanOrEqual(40);
  });

  it('gives the fixed email message for a bad address (frontend/README.md)', async () => {
    const answer = await app.service.post({ ...valid, email: 'ada@' });
    expect(answer.body.fields).toEqual({ email: 'Please enter a valid email address.' });
  });
});

describe('other routes', () => {
  it.each([
    ['GET', '/api/contact'],
    ['GET', '/api/nothing-here'],
    ['GET', '/'],
    ['DELETE', '/api/contact'],
    ['GET', '/.env'],
  ])('%s %s → JSON 404', async (method, path) => {
    expectErrorShape(await request(`${app.service.baseUrl}${path}`, { method }), 404);
  });

  it('reports liveness and readiness', async () => {
    const live = await request(`${app.service.baseUrl}/api/health/live`);
    expect(live.status).toBe(200);
    expect(live.body.status).toBe('ok');
    expect(live.body.version).toBe(release.version);
    const ready = await request(`${app.service.baseUrl}/api/health/ready`);
    expect(ready.status).toBe(200);
    expect(ready.body).toMatchObject({ status: 'ok', info: { database: { status: 'up' } } });
  });

  it('sends security headers', async () => {
    const answer = await request(`${app.service.baseUrl}/api/health/live`);
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    expect(answer.headers.get('content-security-policy')).toContain("default-src 'none'");
  });
});
