import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { SignJWT, decodeProtectedHeader, generateKeyPair } from 'jose';
import { startConsole, type RunningConsole } from './support/console-client.js';
import { freePort } from './support/free-port.js';
import { startOpenIdProvider, type RunningProvider } from './support/openid-provider.js';
import { request, startTestApp, stopApp, type RunningApp } from './support/test-app.js';
import { createTestDatabase, type TestDatabase } from './support/test-database.js';
import { LOGOUT_REFUSALS } from '../src/metrics/console-metrics.js';
import { LOGOUT_TOKENS_PER_MINUTE } from '../src/operators/sso/backchannel-logout.js';

// The public back-channel logout under a flood, against a real OpenID Provider and Postgres: a
// refused logout token leaves no audit row, only a count on /metrics (sso_logout_refused_total),
// and the tokens checked per minute for the provider are bounded for every replica together.
// Two consoles share the database, as two replicas do; the public app beside them serves the
// process's /metrics, as in production (the console has none of its own).
let db: TestDatabase;
let api: RunningApp;
let provider: RunningProvider;
let first: RunningConsole;
let second: RunningConsole;

beforeAll(async () => {
  db = await createTestDatabase();
  api = await startTestApp(db.url, { BACKGROUND_JOBS: 'false' }); // applies the migrations
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  provider = await startOpenIdProvider(origin);
  const settings = {
    CONSOLE_ORIGIN: origin,
    OIDC_ISSUER_URL: provider.issuer,
    OIDC_CLIENT_ID: provider.clientId,
    OIDC_CLIENT_SECRET: provider.clientSecret,
    OIDC_ALLOWED_DOMAINS: 'bank.example',
    OIDC_MEMBER_GROUPS: 'sales',
  };
  first = await startConsole(db.url, settings, port);
  second = await startConsole(db.url, settings);
});

afterAll(() => stopApp(first, second, provider, api, db));

const postLogout = (console_: RunningConsole, token: string) =>
  request(`${console_.baseUrl}/api/console/sso/backchannel-logout`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ logout_token: token }).toString(),
  });

const claims = (extra: Record<string, unknown> = {}) =>
  provider.logoutClaims({ sid: 'a-session-nobody-has', ...extra });

/** The refusals counted so far, by reason, as Prometheus reads them. */
async function refusals(): Promise<Record<string, number>> {
  const { text } = await request(`${api.baseUrl}/metrics`);
  return Object.fromEntries(
    LOGOUT_REFUSALS.map((reason) => {
      const line = new RegExp(`^sso_logout_refused_total\\{reason="${reason}"\\} (\\d+)$`, 'm');
      return [reason, Number(line.exec(text)?.[1])];
    }),
  );
}

const counted = async (table: string, where = 'true') =>
  (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} WHERE ${where}`))[0]!.n;

/** As the minute being over: the provider's count in rate_limits starts again. */
const newMinute = () => db.query(`DELETE FROM rate_limits WHERE throttler = 'sso-logout'`);

/** `n` calls of `call`, `at` a time. */
async function inBatches<T>(n: number, at: number, call: (i: number) => Promise<T>): Promise<T[]> {
  const results: T[] = [];
  for (let start = 0; start < n; start += at) {
    const size = Math.min(at, n - start);
    results.push(...(await Promise.all(Array.from({ length: size }, (_, j) => call(start + j)))));
  }
  return results;
}

/** Tokens a stranger can send: none signed with the provider's key and for this client. */
async function junkTokens(): Promise<string[]> {
  const { kid } = decodeProtectedHeader(await provider.sign(claims(), 'logout+jwt'));
  const attacker = await generateKeyPair('RS256');
  const forged = (extra: Record<string, unknown>, header: Record<string, unknown> = { kid }) =>
    new SignJWT(claims(extra))
      .setProtectedHeader({ alg: 'RS256', typ: 'logout+jwt', ...header })
      .sign(attacker.privateKey);
  const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return [
    'not-a-jwt',
    'x'.repeat(7_000),
    `${b64({ alg: 'none' })}.${b64(claims())}.`,
    `${b64({ alg: 'RS256', kid })}.${b64(claims())}.${'A'.repeat(342)}`,
    // Signed with another key under the provider's kid, or under a kid of its own.
    await forged({}),
    await forged({}, { kid: 'not-the-providers' }),
    // Issuers made up: the limit is the provider's, whatever a token claims.
    await forged({ iss: 'https://evil.example' }),
    await forged({ iss: `https://${'a'.repeat(200)}.example` }),
    // The provider's own signature, but for another client: its claims do not hold up.
    await provider.sign(claims({ aud: 'another-client' }), 'logout+jwt'),
  ];
}

describe('refused logout tokens', () => {
  it('adds no audit row for 10,000 junk tokens, and counts every one on /metrics', async () => {
    const junk = await junkTokens();
    const [auditBefore, before] = [await counted('audit_log'), await refusals()];
    const statuses = new Map<number, number>();
    // Through both replicas, 50 at a time; a new minute before each 250 (under the limit), so that
    // every token is checked and refused, none turned away by the limit.
    for (let batch = 0; batch < 40; batch++) {
      await newMinute();
      const answers = await inBatches(250, 50, (i) =>
        postLogout(i % 2 === 0 ? first : second, junk[i % junk.length]!),
      );
      for (const { status } of answers) statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }
    expect(Object.fromEntries(statuses)).toEqual({ 400: 10_000 });
    expect(await counted('audit_log')).toBe(auditBefore);
    expect(await counted('sso_logout_tokens')).toBe(0);
    // One count for the provider, whatever issuer the tokens claimed.
    expect(await counted('rate_limits', `throttler = 'sso-logout'`)).toBe(1);
    const after = await refusals();
    expect(after.invalid! - before.invalid!).toBe(10_000);
    expect(after.limited).toBe(before.limited);
  }, 300_000); // about 7 s on an idle machine; a loaded CI runner is slower

  it('audits a logout from the provider as before, and counts its replay without auditing it', async () => {
    await newMinute();
    const [auditBefore, before] = [await counted('audit_log'), await refusals()];
    const token = await provider.sign(claims(), 'logout+jwt');
    expect((await postLogout(first, token)).status).toBe(200);
    for (const replica of [second, first]) {
      const replay = await postLogout(replica, token);
      expect(replay.status).toBe(400);
      expect(replay.body).toEqual({
        status: 400,
        error: 'Bad Request',
        message: 'The logout token is not valid.',
      });
    }
    const audited = await db.query<{ command: string; details: unknown }>(
      `SELECT command, details FROM audit_log ORDER BY id OFFSET $1`,
      [auditBefore],
    );
    expect(audited).toEqual([{ command: 'sso logout', details: { sessions: 0, by: 'sid' } }]);
    const after = await refusals();
    expect(after.replayed! - before.replayed!).toBe(2);
    expect(after.invalid).toBe(before.invalid);
  });

  it('counts a provider that cannot be asked as unavailable, and audits nothing', async () => {
    const nowhere = `https://127.0.0.1:${await freePort()}`;
    const cut = await startConsole(db.url, {
      CONSOLE_ORIGIN: 'http://127.0.0.1:1',
      OIDC_ISSUER_URL: nowhere,
      OIDC_CLIENT_ID: 'console',
      OIDC_CLIENT_SECRET: 'secret',
      OIDC_ALLOWED_DOMAINS: 'bank.example',
      OIDC_MEMBER_GROUPS: 'sales',
    });
    try {
      const [auditBefore, before] = [await counted('audit_log'), await refusals()];
      expect((await postLogout(cut, await provider.sign(claims(), 'logout+jwt'))).status).toBe(400);
      expect(await counted('audit_log')).toBe(auditBefore);
      expect((await refusals()).unavailable! - before.unavailable!).toBe(1);
    } finally {
      await cut.close();
    }
  });
});

describe('the limit per provider', () => {
  it('answers 429 past LOGOUT_TOKENS_PER_MINUTE, counted once for both replicas', async () => {
    await newMinute();
    const [auditBefore, before] = [await counted('audit_log'), await refusals()];
    // The limit's worth of junk, half through each replica: each is checked and refused.
    const statuses = await inBatches(LOGOUT_TOKENS_PER_MINUTE, 50, async (i) => {
      return (await postLogout(i % 2 === 0 ? first : second, `junk-${i}`)).status;
    });
    expect(statuses.filter((status) => status !== 400)).toEqual([]);
    // One more, on either replica, is over: not checked at all, even the provider's own.
    const over = await postLogout(first, 'junk-over');
    expect(over.status).toBe(429);
    expect(over.body).toEqual({
      status: 429,
      error: 'Too Many Requests',
      message: expect.stringMatching(
        /^Too many logout tokens came for this provider in the last minute\. Try again in \d+ seconds\.$/,
      ),
    });
    const wait = Number(over.headers.get('retry-after'));
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(60);
    const real = await provider.sign(claims(), 'logout+jwt');
    expect((await postLogout(second, real)).status).toBe(429);
    const after = await refusals();
    expect(after.invalid! - before.invalid!).toBe(LOGOUT_TOKENS_PER_MINUTE);
    expect(after.limited! - before.limited!).toBe(2);
    expect(await counted('audit_log')).toBe(auditBefore);
    // The minute over, the provider's logout goes through again.
    await newMinute();
    expect((await postLogout(second, real)).status).toBe(200);
    expect(await counted('audit_log', `command = 'sso logout'`)).toBeGreaterThan(0);
  });
});
