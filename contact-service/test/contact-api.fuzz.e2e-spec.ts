// Property-based tests of POST /api/contact: any JSON of any shape, any string, raw bytes that
// are not UTF-8, and any combination of headers. Invariants: never a 5xx, never a stack trace,
// 201 exactly when the contract says the request is valid, one row exactly per 201.
//
// `make test` runs a bounded number of cases with a fixed seed against a fresh service. `make
// fuzz` runs many more with a random seed, against the service and then through nginx
// (FUZZ_TARGET_URL, with FUZZ_DATABASE_URL to count rows); a failure prints its seed and path,
// and FUZZ_SEED=<seed> replays it.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomBytes, randomUUID } from 'node:crypto';
import fc from 'fast-check';
import pg from 'pg';
import { expectsCreated, fuzzRequest, send, type FuzzRequest } from './support/contact-fuzz.js';
import { createTestDatabase, type TestDatabase } from './support/test-database.js';
import { startTestApp, type RunningApp, stopApp } from './support/test-app.js';

const runs = Number(process.env.FUZZ_RUNS ?? 300);
const seed =
  process.env.FUZZ_SEED === 'random'
    ? randomBytes(4).readInt32LE()
    : Number(process.env.FUZZ_SEED ?? 20261122);
const targetUrl = process.env.FUZZ_TARGET_URL;

let db: TestDatabase | undefined;
let service: RunningApp | undefined;
let rows: pg.Pool;
let contactUrl: string;

beforeAll(async () => {
  if (targetUrl) {
    contactUrl = new URL('/api/contact', targetUrl).toString();
    rows = new pg.Pool({ connectionString: process.env.FUZZ_DATABASE_URL, max: 1 });
  } else {
    db = await createTestDatabase();
    service = await startTestApp(db.url, { RATE_LIMIT_MAX: '1000000' });
    contactUrl = `${service.baseUrl}/api/contact`;
    rows = new pg.Pool({ connectionString: db.url, max: 1 });
  }
  console.log(`Fuzzing ${contactUrl}: ${runs} runs, seed ${seed}`);
});

afterAll(() => stopApp(rows, service, db));

const count = async () =>
  Number(
    (await rows.query<{ n: string }>('SELECT count(*) AS n FROM contact_submissions')).rows[0]!.n,
  );

// Each request comes from a network of its own (the trusted proxy's X-Forwarded-For), so the
// per-client limits of nginx and the service never decide an answer. The service counts an IPv6
// client by its /64, so the sequence number goes into the network part.
// In 2001:db8::/32 (for documentation): a random third group, the sequence in the fourth.
const network = randomBytes(2).readUInt16LE();
let sequence = 0;
const nextClient = () => {
  sequence += 1;
  const third = (network + Math.floor(sequence / 0x10000)) % 0x10000;
  return `2001:db8:${third.toString(16)}:${(sequence % 0x10000).toString(16)}::1`;
};

/** How often each status was answered: a run that never reached a 201 proved little. */
const statuses = new Map<number, number>();

const STACK_TRACE = /\bat [\w.<>]+ \(|\.(?:js|ts):\d+:\d+|FST_|Exception|TypeError|SyntaxError/;

/**
 * A well-formed key is made unique to this request, so "one row per 201" holds; a retry with the
 * same key (201, no new row) is test/idempotency.e2e-spec.ts's subject. A malformed key stays as it is.
 */
function withUniqueKey(request: FuzzRequest): FuzzRequest {
  const key = request.headers['idempotency-key'];
  if (key === undefined || !/^[\x21-\x7e]{1,200}$/.test(key)) return request;
  return {
    ...request,
    headers: { ...request.headers, 'idempotency-key': `${key}.${randomUUID()}` },
  };
}

async function check(generated: FuzzRequest): Promise<void> {
  const request = withUniqueKey(generated);
  const before = await count();
  const answer = await send(contactUrl, request, nextClient());
  statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
  const after = await count();
  const context = `status ${answer.status}, headers ${JSON.stringify(request.headers)}, answer ${answer.text.slice(0, 300)}`;

  expect({ context, serverError: answer.status >= 500 }).toEqual({ context, serverError: false });
  expect(answer.text).not.toMatch(STACK_TRACE);
  expect(String(answer.headers['content-type'])).toMatch(/^application\/json/);
  const body = JSON.parse(answer.text) as Record<string, unknown>;
  if (answer.status === 201) {
    expect(body).toEqual({ id: expect.any(String), createdAt: expect.any(String) });
    expect(after - before).toBe(1);
  } else {
    expect(body).toMatchObject({ status: answer.status, error: expect.any(String) });
    expect(body.message).toMatch(/^[A-Z].*[.?]$/);
    expect(after).toBe(before);
  }
  expect({ context, created: answer.status === 201 }).toEqual({
    context,
    created: expectsCreated(request),
  });
}

describe('POST /api/contact under property-based fuzzing', () => {
  it(
    'never answers 5xx or a stack trace; 201 exactly for valid requests, one row per 201',
    async () => {
      await fc.assert(fc.asyncProperty(fuzzRequest, check), {
        seed,
        numRuns: runs,
        // Shrinking sends requests too; a short, readable counterexample is enough.
        endOnFailure: false,
        interruptAfterTimeLimit: 30 * 60_000,
      });
      const tally = [...statuses]
        .sort(([a], [b]) => a - b)
        .map(([status, n]) => `${n} × ${status}`);
      console.log(`Answers: ${tally.join(', ')}`);
      const total = [...statuses.values()].reduce((sum, n) => sum + n, 0);
      expect(statuses.get(201) ?? 0).toBeGreaterThan(total * 0.1);
      expect(statuses.get(400) ?? 0).toBeGreaterThan(total * 0.1);
    },
    60 * 60_000,
  );
});
