import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { Secret } from 'otpauth';
import { SealingKeyCheck } from '../src/operators/sealing-key-check.js';
import { SIGN_IN_FAILED } from '../src/operators/sign-in.js';
import { RetentionService } from '../src/retention/retention.service.js';
import { FREE_FAILURES, LOCK_AFTER, LOCK_MINUTES } from '../src/operators/sign-in-throttle.js';
import {
  consoleForThisFile,
  codeAt,
  ConsoleClient,
  leadsUsers,
  PASSWORD,
  startConsole,
  tokenOf,
} from './support/console-client.js';

// The operators' console API against a real Postgres: accounts from the CLI, enrolment with a
// second factor, sign-in, throttling, sessions, roles, cross-site requests and the audit trail.
// The console's clock is moved for expiries; the test plays the authenticator app.
const minutes = (n: number) => n * 60_000;

const team = consoleForThisFile({ services: [{}] });

const { codeOf, enrol } = team;

const audit = async (command: string) =>
  team.db.query<{ actor: string; details: Record<string, unknown> }>(
    `SELECT actor, details FROM audit_log WHERE command = $1 ORDER BY id`,
    [command],
  );

describe('the console’s listener', () => {
  it('is not on the public port: every console path there is the site’s 404', async () => {
    for (const route of team.console_.routes) {
      const [method, path] = route.split(' ') as [string, string];
      const answer = await fetch(`${team.api.baseUrl}${path.replace(/:(ref|id)/, 'abc')}`, {
        method,
      });
      expect([route, answer.status]).toEqual([route, 404]);
    }
  });

  it('refuses every route without a session (401), apart from sign-in and enrolment', async () => {
    const anonymous = new ConsoleClient(team.console_.baseUrl);
    const open = [
      'POST /api/console/sign-in',
      'POST /api/console/sign-in/passkey-options',
      'POST /api/console/enrolment/open',
      'POST /api/console/enrolment/finish',
      // Single sign-on's: what the sign-in screen offers, and the provider's round trip.
      'GET /api/console/sso',
      'GET /api/console/sso/start',
      'GET /api/console/sso/callback',
      'POST /api/console/sso/backchannel-logout',
    ];
    expect(team.console_.routes.length).toBeGreaterThan(open.length + 5);
    for (const route of team.console_.routes.filter((r) => !open.includes(r))) {
      const [method, path] = route.split(' ') as [string, string];
      const answer = await anonymous.call(
        method,
        path.replace('/api/console', '').replace(/:(ref|id)/, 'abc'),
      );
      expect([route, answer.status]).toEqual([route, 401]);
    }
  });

  it('tells a client that sent no JSON what to send, in the console’s words', async () => {
    const answer = await fetch(`${team.console_.baseUrl}/api/console/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
      body: '{"username":',
    });
    expect(answer.status).toBe(400);
    expect(((await answer.json()) as { message: string }).message).toBe(
      'The request body is not valid JSON. Send a JSON object.',
    );
  });

  it('answers privately and inertly', async () => {
    const answer = await new ConsoleClient(team.console_.baseUrl).call('GET', '/me');
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(answer.headers.get('content-security-policy')).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
    expect(answer.headers.get('referrer-policy')).toBe('no-referrer');
  });
});

describe('enrolment', () => {
  it('sets a password and a second factor through a one-time link, and signs the owner in', async () => {
    const added = await leadsUsers(team.db.url, 'add Grace.Hopper --role member');
    expect(added.out).toMatch(
      /^grace\.hopper \(member\) added\.\n.*24 hours:\n {2}http:\/\/localhost:8081\/console\/enrol#[A-Za-z0-9_-]{43}\n$/,
    );
    const token = tokenOf(added.out);
    const client = new ConsoleClient(team.console_.baseUrl);
    const opened = await client.call('POST', '/enrolment/open', { token });
    expect(opened.body).toEqual({
      username: 'grace.hopper',
      totpUri: expect.stringMatching(/^otpauth:\/\/totp\//),
      totpSecret: expect.stringMatching(/^[A-Z2-7]{32}$/),
    });
    const secret = opened.body.totpSecret as string;
    // Opening the link again shows the same secret (an app may have read it already).
    expect((await client.call('POST', '/enrolment/open', { token })).body.totpSecret).toBe(secret);

    const finish = (password: string, code: string) =>
      client.call('POST', '/enrolment/finish', { token, password, code });
    const weak = await finish('grace.hopper1', codeOf(secret));
    expect([weak.status, weak.body.message]).toEqual([
      400,
      expect.stringContaining('too easy to guess'),
    ]);
    const wrongCode = await finish(PASSWORD, '000000');
    expect([wrongCode.status, wrongCode.body.message]).toEqual([
      400,
      expect.stringContaining('code is not right'),
    ]);

    const done = await finish(PASSWORD, codeOf(secret));
    expect(done.status).toBe(200);
    expect(done.body.recoveryCodes).toHaveLength(10);
    expect(done.headers.get('set-cookie')).toMatch(
      /^__Host-console=[A-Za-z0-9_-]{43}; Path=\/; Secure; HttpOnly; SameSite=Strict$/,
    );
    expect((await client.call('GET', '/me')).body).toEqual({
      username: 'grace.hopper',
      role: 'member',
      hasPassword: true,
    });
    const again = await client.call('POST', '/enrolment/open', { token });
    expect([again.status, again.body.message]).toEqual([
      400,
      expect.stringContaining('expired or was used'),
    ]);

    const [row] = await team.db.query<{ password: string; totp_secret: Buffer }>(
      `SELECT password, totp_secret FROM users WHERE username = 'grace.hopper'`,
    );
    expect(row!.password).toMatch(/^scrypt\$32768\$8\$3\$/);
    expect(row!.totp_secret.includes(Buffer.from(Secret.fromBase32(secret).bytes))).toBe(false);
    expect((await audit('enrolment')).map((r) => r.actor)).toContain('grace.hopper');
  });

  it('refuses a link past its 24 hours', async () => {
    const token = tokenOf((await leadsUsers(team.db.url, 'add late.comer --role member')).out);
    team.console_.clock.advance(minutes(24 * 60 + 1));
    try {
      const answer = await new ConsoleClient(team.console_.baseUrl).call(
        'POST',
        '/enrolment/open',
        {
          token,
        },
      );
      expect(answer.status).toBe(400);
    } finally {
      team.console_.clock.advance(-minutes(24 * 60 + 1));
    }
  });

  it('tells the admin plainly what the CLI cannot do', async () => {
    expect((await leadsUsers(team.db.url, 'add x --role admin')).err).toContain(
      '2 to 64 characters',
    );
    expect((await leadsUsers(team.db.url, 'add grace.hopper --role admin')).err).toContain(
      'already an account',
    );
    expect((await leadsUsers(team.db.url, 'disable nobody')).err).toContain(
      'no account named nobody',
    );
    expect((await leadsUsers(team.db.url, 'role grace.hopper owner')).err).toContain(
      'Allowed choices are member, admin',
    );
  });
});

describe('signing in', () => {
  it('takes a password and a code, each code once, and a recovery code once', async () => {
    const { secret, recoveryCodes } = await enrol('ada', 'admin');
    const client = new ConsoleClient(team.console_.baseUrl, { 'x-forwarded-for': '10.0.1.1' });
    team.console_.clock.advance(30_000);
    const code = codeOf(secret);
    const ok = await client.signIn('Ada', code);
    expect([ok.status, ok.body]).toEqual([200, { username: 'ada' }]);
    const first = client.cookie;
    const reused = await client.signIn('ada', code);
    expect([reused.status, reused.body.message]).toEqual([401, SIGN_IN_FAILED]);
    const recovery = await client.signIn('ada', recoveryCodes[0]!.toUpperCase());
    expect(recovery.status).toBe(200);
    expect(client.cookie).not.toBe(first);
    const recoveryAgain = await client.signIn('ada', recoveryCodes[0]!);
    expect(recoveryAgain.status).toBe(401);
  });

  it('under another CONSOLE_SECRET_KEY: says so at start, answers 401 (never 500), takes a recovery code', async () => {
    // A database restored on a new machine without the backup's settings: the authenticator
    // secrets were sealed under the old machine's key. Before, every sign-in answered 500.
    const { secret, recoveryCodes } = await enrol('restored.rita', 'member');
    const elsewhere = await startConsole(team.db.url);
    try {
      const check = elsewhere.app.get(SealingKeyCheck);
      expect((await check.look()).unopened).toBeGreaterThan(0);
      expect((await team.console_.app.get(SealingKeyCheck).look()).unopened).toBe(0);
      const client = new ConsoleClient(elsewhere.baseUrl, { 'x-forwarded-for': '10.0.1.9' });
      elsewhere.clock.advance(30_000);
      const code = codeAt(elsewhere, secret);
      const typed = { username: 'restored.rita', password: PASSWORD, code };
      const refused = await client.call('POST', '/sign-in', typed);
      expect([refused.status, refused.body.message]).toEqual([401, SIGN_IN_FAILED]);
      const recovered = await client.call('POST', '/sign-in', {
        ...typed,
        code: recoveryCodes[0]!,
      });
      expect(recovered.status).toBe(200);
    } finally {
      await elsewhere.close();
    }
  });

  it('says the same for an unknown user, a wrong password and a wrong code, and audits why', async () => {
    const client = new ConsoleClient(team.console_.baseUrl, { 'x-forwarded-for': '10.0.2.1' });
    for (const [username, password, code] of [
      ['nobody', PASSWORD, '123456'],
      ['ada', 'a wrong horse battery staple', '123456'],
      ['ada', PASSWORD, '000000'],
    ] as const) {
      const answer = await client.call('POST', '/sign-in', { username, password, code });
      expect([answer.status, answer.body.message]).toEqual([401, SIGN_IN_FAILED]);
    }
    const reasons = (await audit('sign-in failed')).map((r) => r.details.reason);
    expect(reasons).toEqual(
      expect.arrayContaining(['no such account', 'wrong password', 'wrong code']),
    );
    await team.db.query(`DELETE FROM sign_in_failures`);
  });

  it(`waits longer after ${FREE_FAILURES} failures and locks after ${LOCK_AFTER}, per account and per address`, async () => {
    const { secret } = await enrol('target', 'member', '10.0.3.1');
    // The waits are whole seconds from the last failure: on a busy host a guess can take more
    // than one, which a running clock would count.
    team.console_.clock.freeze();
    const guesser = new ConsoleClient(team.console_.baseUrl, { 'x-forwarded-for': '10.0.3.2' });
    const guess = () =>
      guesser.call('POST', '/sign-in', {
        username: 'target',
        password: 'wrong password guess',
        code: '123456',
      });
    const waits: number[] = [];
    for (let failure = 1; failure <= LOCK_AFTER; failure++) {
      let answer = await guess();
      while (answer.status === 429) {
        const wait = Number(answer.headers.get('retry-after'));
        waits.push(wait);
        team.console_.clock.advance(wait * 1000);
        answer = await guess();
      }
      expect(answer.status).toBe(401);
    }
    // Before the 4th to the 10th failure: 1 s, doubling, at most 60 s; the 10th locks.
    expect(waits).toEqual([1, 2, 4, 8, 16, 32, 60]);
    const locked = await guess();
    expect([locked.status, Number(locked.headers.get('retry-after'))]).toEqual([
      429,
      LOCK_MINUTES * 60,
    ]);
    // The owner, from another address, is locked out of this account too until the lock ends…
    const owner = new ConsoleClient(team.console_.baseUrl, { 'x-forwarded-for': '10.0.3.3' });
    const during = await owner.signIn('target', codeOf(secret));
    expect(during.status).toBe(429);
    team.console_.clock.advance(minutes(LOCK_MINUTES) + 1000);
    const after = await owner.signIn('target', codeOf(secret, 1));
    expect(after.status).toBe(200);
    // …and the guessing address, its lock over, gets one attempt per lock period, any account.
    const other = () => guesser.signIn('ada', '123456');
    expect((await other()).status).toBe(401);
    const relocked = await other();
    expect([relocked.status, Number(relocked.headers.get('retry-after'))]).toEqual([
      429,
      LOCK_MINUTES * 60,
    ]);
    expect((await audit('sign-in refused')).length).toBeGreaterThan(0);
    team.console_.clock.thaw();
  });

  it('decides attempts that arrive together one by one, before any password is hashed', async () => {
    // Before, each attempt read the throttle before hashing and wrote it after: a burst all read
    // "no failures yet", and every attempt cost a password hash.
    const burst = new ConsoleClient(team.console_.baseUrl, { 'x-forwarded-for': '10.0.3.9' });
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => burst.signIn('nobody.burst', '1')),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([
      ...Array<number>(FREE_FAILURES).fill(401),
      ...Array<number>(8 - FREE_FAILURES).fill(429),
    ]);
    const failed = (await audit('sign-in failed')).filter((r) => r.actor === 'nobody.burst');
    expect(failed).toHaveLength(FREE_FAILURES);
    await team.db.query(`DELETE FROM sign_in_failures`);
  });
});

describe('sessions', () => {
  it('end after 30 idle minutes, after 12 hours in any case, and at sign-out', async () => {
    const { client } = await enrol('idle.ian', 'member', '10.0.4.1');
    team.console_.clock.advance(minutes(29));
    expect((await client.call('GET', '/me')).status).toBe(200);
    team.console_.clock.advance(minutes(31));
    expect((await client.call('GET', '/me')).status).toBe(401);

    const busy = await enrol('busy.bea', 'member', '10.0.4.2');
    for (let elapsed = 0; elapsed < 12 * 60 - 20; elapsed += 20) {
      team.console_.clock.advance(minutes(20));
      expect((await busy.client.call('GET', '/me')).status).toBe(200);
    }
    team.console_.clock.advance(minutes(21));
    expect((await busy.client.call('GET', '/me')).status).toBe(401);

    const leaving = await enrol('leaving.lee', 'member', '10.0.4.3');
    const cookie = leaving.client.cookie;
    expect((await leaving.client.call('POST', '/sign-out')).status).toBe(200);
    expect(leaving.client.cookie).toBeUndefined();
    const replayed = new ConsoleClient(team.console_.baseUrl, { cookie: cookie! });
    expect((await replayed.call('GET', '/me')).status).toBe(401);
    expect((await audit('sign-out')).map((r) => r.actor)).toContain('leaving.lee');
  });

  it('end everywhere at once: by the owner, by a password change, by being disabled', async () => {
    const { client, secret } = await enrol('multi.max', 'member', '10.0.5.1');
    const laptop = new ConsoleClient(team.console_.baseUrl, { 'x-forwarded-for': '10.0.5.2' });
    team.console_.clock.advance(30_000);
    expect((await laptop.signIn('multi.max', codeOf(secret))).status).toBe(200);
    const sessions = await client.call('GET', '/account/sessions');
    expect(sessions.body).toHaveLength(2);

    team.console_.clock.advance(30_000);
    const changed = await client.call('POST', '/account/password', {
      password: PASSWORD,
      code: codeOf(secret),
      newPassword: 'a brand new passphrase for max',
    });
    expect(changed.status).toBe(204);
    expect((await client.call('GET', '/me')).status).toBe(200);
    expect((await laptop.call('GET', '/me')).status).toBe(401);

    const disabled = await leadsUsers(team.db.url, 'disable multi.max');
    expect(disabled.out).toContain('sessions have ended');
    expect((await client.call('GET', '/me')).status).toBe(401);
    team.console_.clock.advance(30_000);
    const refused = await client.call('POST', '/sign-in', {
      username: 'multi.max',
      password: 'a brand new passphrase for max',
      code: codeOf(secret),
    });
    expect(refused.status).toBe(401);
  });
});

describe('an admin’s changes to an account', () => {
  it('role, reset and enable take effect at once, and list shows where each account stands', async () => {
    const { client, secret } = await enrol('rita', 'member', '10.0.9.1');
    /** A change to rita's account ends her session at once; then she signs in again. */
    const change = async (command: string) => {
      const { out } = await leadsUsers(team.db.url, command);
      expect((await client.call('GET', '/me')).status).toBe(401);
      team.console_.clock.advance(30_000);
      return { out, signIn: await client.signIn('rita', codeOf(secret)) };
    };
    const promoted = await change('role rita admin');
    expect(promoted.out).toBe('rita is now an admin.\n');
    expect(promoted.signIn.status).toBe(200);
    expect((await client.call('GET', '/me')).body).toEqual({
      username: 'rita',
      role: 'admin',
      hasPassword: true,
    });

    const reset = await change('reset rita');
    expect(reset.out).toContain('rita (admin) reset; its sessions have ended.');
    expect(reset.signIn.status).toBe(401); // the old password no longer opens the account
    expect((await leadsUsers(team.db.url, 'list')).out).toMatch(
      /\nrita +admin +waiting for enrolment /,
    );

    await leadsUsers(team.db.url, 'disable rita');
    expect((await leadsUsers(team.db.url, 'list')).out).toMatch(/\nrita +admin +disabled /);
    expect((await leadsUsers(team.db.url, 'enable rita')).out).toBe('rita can sign in again.\n');
    expect((await leadsUsers(team.db.url, 'add someone --role owner')).err).toContain(
      'Allowed choices are member, admin',
    );
    const trail = await team.db.query<{ command: string }>(
      `SELECT command FROM audit_log WHERE details->>'username' = 'rita' ORDER BY id`,
    );
    expect(trail.map((row) => row.command)).toEqual([
      'users add',
      'users role',
      'users reset',
      'users disable',
      'users enable',
    ]);
  });
});

describe('what expires', () => {
  it('is removed by the daily retention job: old sessions, forgotten failures, dead links', async () => {
    const { client } = await enrol('tidy.tom', 'member', '10.0.10.1');
    const live = await enrol('live.lou', 'member', '10.0.10.2');
    await leadsUsers(team.db.url, 'add never.came --role member');
    await team.db.query(`INSERT INTO sign_in_failures (key, failures, last_failure_at)
                    VALUES ('account:gone', 2, now() - interval '2 days'),
                           ('account:recent', 2, now())`);
    await team.db.query(
      `UPDATE console_sessions SET last_seen_at = now() - interval '31 minutes'
        WHERE user_id = (SELECT id FROM users WHERE username = 'tidy.tom')`,
    );
    await team.db.query(
      `UPDATE enrolments SET expires_at = now() - interval '1 minute'
        WHERE user_id = (SELECT id FROM users WHERE username = 'never.came')`,
    );
    await team.api.app.get(RetentionService).purge();
    const left = async (sql: string) => (await team.db.query<{ n: number }>(sql))[0]!.n;
    expect(
      await left(`SELECT count(*)::int AS n FROM console_sessions s JOIN users u ON u.id = s.user_id
                   WHERE u.username = 'tidy.tom'`),
    ).toBe(0);
    expect(
      await left(`SELECT count(*)::int AS n FROM enrolments e JOIN users u ON u.id = e.user_id
                   WHERE u.username = 'never.came'`),
    ).toBe(0);
    expect(
      (
        await team.db.query<{
          key: string;
        }>(`SELECT key FROM sign_in_failures WHERE key LIKE 'account:%'
                                         AND key IN ('account:gone', 'account:recent')`)
      ).map((row) => row.key),
    ).toEqual(['account:recent']);
    expect((await live.client.call('GET', '/me')).status).toBe(200);
    expect((await client.call('GET', '/me')).status).toBe(401);
  });
});

describe('roles and cross-site requests', () => {
  it('lets admins, and only admins, use the admin routes', async () => {
    const member = await enrol('member.mo', 'member', '10.0.6.1');
    const admin = await enrol('admin.al', 'admin', '10.0.6.2');
    const adminRoutes = team.console_.routes.filter((route) => route.includes('/admin/'));
    expect(adminRoutes.length).toBeGreaterThan(0);
    for (const route of adminRoutes) {
      const [method, url] = route.split(' ') as [string, string];
      const path = url.replace('/api/console', '').replace(':username', 'member.mo');
      // The guard answers before any body is read: a member is refused every admin route.
      expect([
        route,
        (await member.client.call(method, path, method === 'GET' ? undefined : {})).status,
      ]).toEqual([route, 403]);
      if (method === 'GET') {
        expect([route, (await admin.client.call(method, path)).status]).toEqual([route, 200]);
      }
    }
    const users = (await admin.client.call('GET', '/admin/users')).body as unknown as {
      username: string;
    }[];
    expect(users.map((user) => user.username)).toEqual(
      expect.arrayContaining(['member.mo', 'admin.al']),
    );
  });

  it('refuses a state-changing request another site’s page sends', async () => {
    const { client } = await enrol('careful.cy', 'member', '10.0.7.1');
    const crossSite = await client.call('POST', '/sign-out', undefined, {
      'sec-fetch-site': 'cross-site',
    });
    expect(crossSite.status).toBe(403);
    const foreignOrigin = await new ConsoleClient(team.console_.baseUrl, {
      cookie: client.cookie!,
      origin: 'https://evil.example',
    }).call('POST', '/sign-out', undefined, { 'sec-fetch-site': '' });
    expect(foreignOrigin.status).toBe(403);
    expect((await client.call('GET', '/me')).status).toBe(200);
  });
});

describe('any input', () => {
  it('gets a 4xx with a message from every public route, never a 5xx', async () => {
    const client = new ConsoleClient(team.console_.baseUrl, { 'x-forwarded-for': '10.0.8.1' });
    // Postgres text cannot hold NUL: a field with one is refused before it reaches a statement.
    for (const [path, fields] of [
      ['/sign-in', { username: 'a\u0000b', password: PASSWORD, code: '123456' }],
      ['/sign-in', { username: 'ada', password: 'p\u0000', code: '1\u0000' }],
      ['/enrolment/open', { token: 'x\u0000' }],
      ['/enrolment/finish', { token: 'x', password: '\u0000', code: '1' }],
    ] as const) {
      const nul = await client.call('POST', path, fields);
      expect([path, nul.status]).toEqual([path, 400]);
    }
    const paths = ['/sign-in', '/enrolment/open', '/enrolment/finish'];
    const text = fc.string({ unit: 'binary', maxLength: 120 });
    const request = fc.oneof(
      fc.tuple(fc.constant('/sign-in'), fc.record({ username: text, password: text, code: text })),
      fc.tuple(fc.constant('/enrolment/open'), fc.record({ token: text })),
      fc.tuple(
        fc.constant('/enrolment/finish'),
        fc.record({ token: text, password: text, code: text }),
      ),
      fc.tuple(fc.constantFrom(...paths), fc.jsonValue()),
    );
    await fc.assert(
      fc.asyncProperty(request, fc.nat(65535), async ([path, value], n) => {
        // Each from an address of its own, so the throttle does not answer them all.
        const address = `10.9.${n >> 8}.${n & 255}`;
        const answer = await client.call('POST', path, value, { 'x-forwarded-for': address });
        expect(answer.status).toBeGreaterThanOrEqual(400);
        expect(answer.status).toBeLessThan(500);
        expect(typeof answer.body.message).toBe('string');
      }),
      // A sign-in costs a password hash (about 0.2 s): 100 runs keep the file under a minute.
      { numRuns: 100, seed: 22 },
    );
  }, 120_000);
});
