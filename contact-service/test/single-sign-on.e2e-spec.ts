import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import { SignJWT, decodeJwt, decodeProtectedHeader, importJWK, type JWK } from 'jose';
import {
  ConsoleClient,
  enrolOperator,
  enrolThrough,
  leadsUsers,
  PASSWORD,
  codeAt,
  startConsole,
  type RunningConsole,
} from './support/console-client.js';
import { SecretBox } from '../src/operators/secret-box.js';
import { startOpenIdProvider, type RunningProvider } from './support/openid-provider.js';
import { SmtpSink } from './support/smtp-sink.js';
import { freePort } from './support/free-port.js';
import { createTestDatabase, type TestDatabase } from './support/test-database.js';
import { request, startTestApp, type RunningApp, stopApp } from './support/test-app.js';

// Single sign-on against a real OpenID Provider (oidc-provider, over HTTPS with its own keys,
// users and groups): the console as its client, sign-in through the provider's own login
// screen (driven as a browser would, redirect by redirect), provisioning by domain and group,
// the threats (state, nonce, code, ID tokens that do not hold up, look-alike domains, changed
// addresses, logout tokens), back-channel logout, the sessions' re-check, SSO_REQUIRED with
// break-glass, and the audit trail each leaves.
let db: TestDatabase;
let api: RunningApp;
let provider: RunningProvider;
let console_: RunningConsole;
let consoleOrigin: string;
/** A second console's port, registered at the provider too (the acr test). */
let mfaPort: number;

const ssoSettings = () => ({
  OIDC_ISSUER_URL: provider.issuer,
  OIDC_CLIENT_ID: provider.clientId,
  OIDC_CLIENT_SECRET: provider.clientSecret,
  OIDC_ALLOWED_DOMAINS: 'bank.example, partners.example',
  OIDC_ADMIN_GROUPS: 'console-admins',
  OIDC_MEMBER_GROUPS: 'sales, console-members',
  OIDC_PROVIDER_NAME: 'Test Provider',
});

/** A browser: one cookie jar for the console and the provider, redirects followed by hand. */
class Browser {
  readonly cookies = new Map<string, string>();

  async go(url: string, init: { method?: string; form?: Record<string, string> } = {}) {
    const answer = await fetch(url, {
      method: init.method ?? (init.form ? 'POST' : 'GET'),
      redirect: 'manual',
      headers: {
        ...(this.cookies.size
          ? { cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ') }
          : {}),
        ...(init.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        // A top-level navigation: what the console's CSRF protection sees from a browser.
        'sec-fetch-site': init.form ? 'same-origin' : 'cross-site',
      },
      body: init.form ? new URLSearchParams(init.form).toString() : undefined,
    });
    for (const cookie of answer.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const [name = '', ...value] = pair.split('=');
      if (/max-age=0|expires=thu, 01 jan 1970/i.test(cookie)) this.cookies.delete(name.trim());
      else this.cookies.set(name.trim(), value.join('='));
    }
    return answer;
  }

  /** The console's API with this browser's session cookie. */
  api(): ConsoleClient {
    const client = new ConsoleClient(console_.baseUrl);
    const session = this.cookies.get('__Host-console');
    if (session) client.cookie = `__Host-console=${session}`;
    return client;
  }
}

/** The browser is signed into the console as `username`, with `role` and no password. */
async function expectSsoAccount(browser: Browser, username: string, role: string) {
  expect((await browser.api().call('GET', '/me')).body).toEqual({
    username,
    role,
    hasPassword: false,
  });
}

/**
 * From "Sign in with …" to the console's screen it lands on: the provider's login form filled
 * with `login` when it shows one. Answers where the browser ends (a console path) and the
 * callback URL it came back with.
 */
async function signIn(
  browser: Browser,
  login: string,
  { stopAtCallback = false, base = console_.baseUrl } = {},
): Promise<{ landed: string; callback?: string }> {
  let answer = await browser.go(`${base}/api/console/sso/start`);
  let callback: string | undefined;
  for (let hop = 0; hop < 12; hop++) {
    if (answer.status === 200) {
      const html = await answer.text();
      const action = /action="([^"]+)"/.exec(html)?.[1];
      expect(action).toBeDefined();
      answer = await browser.go(new URL(action!.replace(/&amp;/g, '&'), provider.issuer).href, {
        form: { prompt: 'login', login, password: 'any password' },
      });
      continue;
    }
    expect([answer.status, answer.url]).toEqual([expect.any(Number), answer.url]);
    expect(answer.status).toBeGreaterThanOrEqual(300);
    expect(answer.status).toBeLessThan(400);
    const next = new URL(answer.headers.get('location')!, answer.url || provider.issuer);
    if (next.origin === new URL(base).origin && next.pathname === '/api/console/sso/callback') {
      callback = next.href.replace(next.origin, base);
      if (stopAtCallback) return { landed: '', callback };
      answer = await browser.go(callback);
      continue;
    }
    if (next.origin === new URL(consoleOrigin).origin || next.pathname.startsWith('/console')) {
      return { landed: `${next.pathname}${next.search}`, callback };
    }
    answer = await browser.go(next.href);
  }
  throw new Error('too many redirects');
}

/** A new browser signed in through the provider as `login`, landed on the console's inbox. */
async function intoConsole(login: string): Promise<Browser> {
  const browser = new Browser();
  expect((await signIn(browser, login)).landed).toBe('/console/');
  return browser;
}

/** A person at the provider with a verified address, in the group that gives access (sales). */
const inSales = (subject: string, email: string) =>
  provider.users.set(subject, { email, email_verified: true, groups: ['sales'] });

const audit = async (command: string) =>
  db.query<{ actor: string; details: Record<string, unknown> }>(
    `SELECT actor, details FROM audit_log WHERE command = $1 ORDER BY id`,
    [command],
  );

const account = async (username: string) =>
  (
    await db.query<{ role: string; email: string; sso_subject: string | null }>(
      `SELECT role, email, sso_subject FROM users WHERE username = $1`,
      [username],
    )
  )[0];

beforeAll(async () => {
  db = await createTestDatabase();
  api = await startTestApp(db.url); // applies the migrations
  const port = await freePort();
  consoleOrigin = `http://127.0.0.1:${port}`;
  mfaPort = await freePort();
  provider = await startOpenIdProvider(consoleOrigin, `http://127.0.0.1:${mfaPort}`);
  console_ = await startConsole(db.url, { CONSOLE_ORIGIN: consoleOrigin, ...ssoSettings() }, port);
});

afterAll(() => stopApp(console_, provider, api, db));

beforeEach(() => {
  provider.tamper = undefined;
});

describe('signing in through the provider', () => {
  it('offers the provider on the sign-in screen', async () => {
    const offer = await new ConsoleClient(console_.baseUrl).call('GET', '/sso');
    expect(offer.body).toEqual({ provider: 'Test Provider', required: false });
  });

  it('makes an account at the first sign-in, with the role of its groups, and signs it in', async () => {
    provider.users.set('sub-ada', {
      email: 'Ada.Lovelace@bank.example',
      email_verified: true,
      groups: ['console-admins', 'sales'],
      name: 'Ada Lovelace',
    });
    const browser = new Browser();
    const { landed } = await signIn(browser, 'sub-ada');
    expect(landed).toBe('/console/');
    expect(browser.cookies.has('__Host-console-sso')).toBe(false);
    const me = await browser.api().call('GET', '/me');
    expect(me.body).toEqual({ username: 'ada.lovelace', role: 'admin', hasPassword: false });
    expect(await account('ada.lovelace')).toEqual({
      role: 'admin',
      email: 'ada.lovelace@bank.example',
      sso_subject: 'sub-ada',
    });
    expect((await audit('users add')).at(-1)).toEqual({
      actor: 'single sign-on',
      details: { username: 'ada.lovelace', role: 'admin', via: 'single sign-on' },
    });
    expect((await audit('sso sign-in')).at(-1)).toEqual({
      actor: 'ada.lovelace',
      details: { issuer: new URL(provider.issuer).host, role: 'admin', acr: null },
    });
  });

  it('finds the account by issuer and subject again; the role follows the groups', async () => {
    provider.users.set('sub-ada', { ...provider.users.get('sub-ada')!, groups: ['sales'] });
    const browser = await intoConsole('sub-ada');
    await expectSsoAccount(browser, 'ada.lovelace', 'member');
    expect((await db.query(`SELECT 1 FROM users WHERE email LIKE 'ada.lovelace%'`)).length).toBe(1);
    expect((await audit('users role')).at(-1)).toEqual({
      actor: 'single sign-on',
      details: { username: 'ada.lovelace', role: 'member' },
    });
  });

  it('never takes over another account: a changed address signs its own owner in', async () => {
    inSales('sub-eve', 'eve@bank.example');
    expect((await signIn(new Browser(), 'sub-eve')).landed).toBe('/console/');
    // Eve's address at the provider becomes Ada's: she is still Eve, in Eve's account.
    provider.users.set('sub-eve', {
      ...provider.users.get('sub-eve')!,
      email: 'ada.lovelace@bank.example',
    });
    const browser = await intoConsole('sub-eve');
    await expectSsoAccount(browser, 'eve', 'member');
    // And a local account with an address the provider asserts is not signed into either.
    const local = await leadsUsers(db.url, 'add grace --role admin');
    expect(local.code).toBe(0);
    await db.query(`UPDATE users SET email = 'grace@bank.example' WHERE username = 'grace'`);
    inSales('sub-grace-lookalike', 'grace@bank.example');
    const other = new Browser();
    expect((await signIn(other, 'sub-grace-lookalike')).landed).toBe('/console/');
    await expectSsoAccount(other, 'grace-2', 'member');
  });

  it('signs a local account in once an admin has linked it (leads users link)', async () => {
    const added = await leadsUsers(db.url, 'add Linus --role member');
    expect(added.code).toBe(0);
    const linked = await leadsUsers(
      db.url,
      `link linus --subject sub-linus --issuer ${provider.issuer}`,
    );
    expect([linked.code, linked.err]).toEqual([0, '']);
    expect(linked.out).toMatch(/^linus is linked to the provider’s user/);
    const again = await leadsUsers(
      db.url,
      `link grace --subject sub-linus --issuer ${provider.issuer}`,
    );
    expect([again.code, again.err]).toEqual([
      1,
      'That user of the provider is linked to linus already.',
    ]);
    inSales('sub-linus', 'linus@partners.example');
    const browser = await intoConsole('sub-linus');
    await expectSsoAccount(browser, 'linus', 'member');
    const listed = await leadsUsers(db.url, 'list');
    expect(listed.out).toMatch(/linus\s+member\s+single sign-on/);
  });

  it('retires a linked account’s password, codes and passkeys: the provider is its only door', async () => {
    // Before, a password sign-in right after `users link` answered 200: someone the provider had
    // turned away came back with the old password and the phone's code.
    const local = await enrolOperator(db.url, console_, 'lena', 'member', '10.8.0.1');
    const signInWith = (code: string) =>
      new ConsoleClient(console_.baseUrl, { 'x-forwarded-for': '10.8.0.2' }).call(
        'POST',
        '/sign-in',
        { username: 'lena', password: PASSWORD, code },
      );
    // The enrolment used this step's code: the next one signs in.
    expect((await signInWith(codeAt(console_, local.secret, 1))).status).toBe(200);
    const linked = await leadsUsers(
      db.url,
      `link lena --subject sub-lena --issuer ${provider.issuer}`,
    );
    expect(linked.out).toMatch(
      /its password, authenticator, recovery codes and passkeys are removed/,
    );
    // The session it had ended; the password, with a good code or a recovery code, opens nothing.
    expect((await local.client.call('GET', '/me')).status).toBe(401);
    console_.clock.advance(60_000); // a code the authenticator shows now, not used yet
    expect((await signInWith(codeAt(console_, local.secret))).status).toBe(401);
    expect((await signInWith(local.recoveryCodes[0]!)).status).toBe(401);
    expect((await audit('sign-in failed')).at(-1)).toEqual({
      actor: 'lena',
      details: expect.objectContaining({ reason: 'signs in through single sign-on' }),
    });
    const [row] = await db.query<{ password: string | null; totp: string | null; codes: number }>(
      `SELECT password, totp_secret AS totp,
              (SELECT count(*)::int FROM recovery_codes r WHERE r.user_id = u.id) AS codes
         FROM users u WHERE username = 'lena'`,
    );
    expect(row).toEqual({ password: null, totp: null, codes: 0 });
    // Nothing to reset either: an enrolment link would give it a password again.
    const reset = await leadsUsers(db.url, 'reset lena');
    expect([reset.code, reset.err]).toEqual([
      1,
      'lena signs in through single sign-on: it has no password or second factor to reset.',
    ]);
    // Through the provider it signs in, and its own password forms say why they do not apply.
    inSales('sub-lena', 'lena@bank.example');
    const browser = await intoConsole('sub-lena');
    const lena = browser.api();
    expect((await lena.call('GET', '/me')).body).toMatchObject({
      username: 'lena',
      hasPassword: false,
    });
    for (const [path, body] of [
      ['/account/password', { password: 'x', code: '1', newPassword: 'a new passphrase of words' }],
      ['/account/recovery-codes', { password: 'x', code: '1' }],
      ['/account/passkeys/options', {}],
    ] as const) {
      const answer = await lena.call('POST', path, body);
      expect([path, answer.status, answer.body.message]).toEqual([
        path,
        400,
        expect.stringMatching(/^Your account signs in through your company’s single sign-on/),
      ]);
    }
  });
});

describe('refusals: each audited, each a screen that says what to do, never a 5xx', () => {
  const refused = async (login: string, user: Parameters<RunningProvider['users']['set']>[1]) => {
    provider.users.set(login, user);
    const browser = new Browser();
    const { landed } = await signIn(browser, login);
    expect(browser.cookies.has('__Host-console')).toBe(false);
    return landed;
  };

  it('refuses addresses outside the allowed domains, look-alikes and unverified ones', async () => {
    const base = { email_verified: true, groups: ['console-admins'] };
    for (const email of [
      'mallory@evil.example',
      'mallory@bank.example.evil.example',
      'mallory@sub.bank.example',
      'mallory@bаnk.example', // a Cyrillic а
      'mallory@bank.exampIe',
      'mallory@bank.example@evil.example',
    ]) {
      expect([email, await refused(`sub-${randomUUID()}`, { ...base, email })]).toEqual([
        email,
        '/console/sign-in?sso=domain',
      ]);
    }
    expect(
      await refused('sub-unverified', {
        email: 'unverified@bank.example',
        email_verified: false,
        groups: ['sales'],
      }),
    ).toBe('/console/sign-in?sso=domain');
    expect(await refused('sub-noaddress', { groups: ['sales'] } as never)).toBe(
      '/console/sign-in?sso=domain',
    );
    const records = await audit('sso sign-in refused');
    expect(records.at(-1)).toEqual({
      actor: 'sso:sub-noaddress',
      details: { reason: 'domain', detail: 'no e-mail address' },
    });
    expect(records.some((r) => r.details.detail === 'e-mail address not verified')).toBe(true);
    expect(await db.query(`SELECT 1 FROM users WHERE username LIKE 'mallory%'`)).toEqual([]);
  });

  it('refuses a user in none of the groups, and a disabled account', async () => {
    expect(
      await refused('sub-nogroup', {
        email: 'nogroup@bank.example',
        email_verified: true,
        groups: ['finance'],
      }),
    ).toBe('/console/sign-in?sso=group');
    inSales('sub-dora', 'dora@bank.example');
    expect((await signIn(new Browser(), 'sub-dora')).landed).toBe('/console/');
    expect((await leadsUsers(db.url, 'disable dora')).code).toBe(0);
    expect(await refused('sub-dora', provider.users.get('sub-dora')!)).toBe(
      '/console/sign-in?sso=disabled',
    );
    expect((await audit('sso sign-in refused')).at(-1)).toEqual({
      actor: 'dora',
      details: { reason: 'disabled', detail: 'account disabled' },
    });
  });
});

describe('OIDC_REQUIRED_ACR', () => {
  it('refuses a sign-in the provider does not assert as multi-factor, and says so', async () => {
    const mfa = await startConsole(
      db.url,
      {
        CONSOLE_ORIGIN: `http://127.0.0.1:${mfaPort}`,
        ...ssoSettings(),
        OIDC_REQUIRED_ACR: 'urn:test:mfa',
      },
      mfaPort,
    );
    try {
      inSales('sub-pia', 'pia@bank.example');
      const browser = new Browser();
      const { landed } = await signIn(browser, 'sub-pia', { base: mfa.baseUrl });
      expect(landed).toBe('/console/sign-in?sso=mfa');
      expect(browser.cookies.has('__Host-console')).toBe(false);
      expect((await audit('sso sign-in refused')).at(-1)).toEqual({
        actor: 'sso:sub-pia',
        details: { reason: 'mfa', detail: 'acr not accepted: (none)' },
      });
    } finally {
      await mfa.close();
    }
  });
});

describe('the threats to the round trip', () => {
  beforeAll(() => {
    inSales('sub-tom', 'tom@bank.example');
  });

  it('refuses a callback without the sign-in’s cookie, and a replayed state', async () => {
    const browser = new Browser();
    const { callback } = await signIn(browser, 'sub-tom', { stopAtCallback: true });
    const stranger = new Browser();
    const noCookie = await stranger.go(callback!);
    expect([noCookie.status, noCookie.headers.get('location')]).toEqual([
      303,
      '/console/sign-in?sso=expired',
    ]);
    const first = await browser.go(callback!);
    expect(first.headers.get('location')).toBe('/console/');
    // The same answer again, with the same cookie put back: the sign-in was used once.
    const replay = new Browser();
    const [, row] = [...browser.cookies].find(([name]) => name === '__Host-console') ?? [];
    expect(row).toBeDefined();
    const withOld = await replay.go(callback!);
    expect(withOld.headers.get('location')).toBe('/console/sign-in?sso=expired');
  });

  it('refuses a state that is not the sign-in’s, and a code used twice', async () => {
    const browser = new Browser();
    const { callback } = await signIn(browser, 'sub-tom', { stopAtCallback: true });
    const checks = (
      await db.query<{ state: string; nonce: string; verifier: string }>(
        `SELECT state, nonce, verifier FROM sso_logins ORDER BY created_at DESC LIMIT 1`,
      )
    )[0]!;
    const forged = new URL(callback!);
    forged.searchParams.set('state', 'forged-state');
    const wrongState = await browser.go(forged.href);
    expect(wrongState.headers.get('location')).toBe('/console/sign-in?sso=failed');
    // The code itself, once more with checks that match it: the provider refuses it.
    for (let use = 0; use < 2; use++) {
      const again = new Browser();
      const id = randomBytes(32).toString('base64url');
      await db.query(
        `INSERT INTO sso_logins (id_hash, state, nonce, verifier, created_at)
         VALUES (encode(sha256($1::bytea), 'hex'), $2, $3, $4, now())`,
        [id, checks.state, checks.nonce, checks.verifier],
      );
      again.cookies.set('__Host-console-sso', id);
      const answer = await again.go(callback!);
      // The first use of the code was the forged state's: refused before the code was sent.
      expect(answer.headers.get('location')).toBe(
        use === 0 ? '/console/' : '/console/sign-in?sso=failed',
      );
    }
    expect((await audit('sso sign-in refused')).at(-1)!.details).toEqual({
      reason: 'failed',
      detail: expect.stringMatching(/^invalid_grant/),
    });
  });

  const otherKey = async () => {
    const jwk = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({
      format: 'jwk',
    }) as JWK;
    return importJWK(jwk, 'RS256');
  };
  const resign = async (
    idToken: string,
    change: (claims: Record<string, unknown>) => Record<string, unknown>,
    key?: Awaited<ReturnType<typeof otherKey>>,
  ) => {
    const claims = change(decodeJwt(idToken) as Record<string, unknown>);
    const kid = decodeProtectedHeader(idToken).kid;
    return new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid })
      .sign(key ?? (await importJWK(provider.signingKey, 'RS256')));
  };
  const unsigned = (idToken: string) => {
    const [, payload] = idToken.split('.');
    return `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload}.`;
  };

  it.each([
    [
      'from another issuer',
      (t: string) => resign(t, (c) => ({ ...c, iss: 'https://evil.example' })),
    ],
    ['for another audience', (t: string) => resign(t, (c) => ({ ...c, aud: 'another-client' }))],
    [
      'expired',
      (t: string) => resign(t, (c) => ({ ...c, iat: 1_700_000_000, exp: 1_700_000_600 })),
    ],
    ['without its nonce', (t: string) => resign(t, ({ nonce: _nonce, ...c }) => c)],
    ['with another nonce', (t: string) => resign(t, (c) => ({ ...c, nonce: 'replayed-nonce' }))],
    ['signed with alg none', async (t: string) => unsigned(t)],
    [
      'signed with a key not in the provider’s set',
      async (t: string) => resign(t, (c) => c, await otherKey()),
    ],
    [
      'for another user, signed with another key',
      async (t: string) => resign(t, (c) => ({ ...c, sub: 'sub-ada' }), await otherKey()),
    ],
  ])('refuses an ID token %s', async (_what, tamper) => {
    provider.tamper = tamper;
    const before = (await audit('sso sign-in')).length;
    const browser = new Browser();
    expect((await signIn(browser, 'sub-tom')).landed).toBe('/console/sign-in?sso=failed');
    expect(browser.cookies.has('__Host-console')).toBe(false);
    expect((await audit('sso sign-in')).length).toBe(before);
    expect((await audit('sso sign-in refused')).at(-1)!.details.reason).toBe('failed');
  });

  it('answers nonsense at the callback with the sign-in screen, never a 5xx', async () => {
    for (const query of [
      '',
      '?code=',
      '?error=access_denied&state=x',
      '?code=%00&state=%ff',
      `?${'a='.repeat(2000)}`,
    ]) {
      const browser = new Browser();
      await browser.go(`${console_.baseUrl}/api/console/sso/start`);
      const answer = await browser.go(`${console_.baseUrl}/api/console/sso/callback${query}`);
      expect([query, answer.status]).toEqual([query, 303]);
      expect(answer.headers.get('location')).toMatch(/^\/console\/sign-in\?sso=(failed|expired)$/);
    }
  });
});

describe('the callback’s query, read by its DTO', () => {
  beforeAll(() => {
    inSales('sub-tom', 'tom@bank.example');
  });

  /** The provider's answer to a sign-in just started, its parameters changed by `change`. */
  async function answered(change: (parameters: URLSearchParams) => void) {
    const browser = new Browser();
    const { callback } = await signIn(browser, 'sub-tom', { stopAtCallback: true });
    const url = new URL(callback!);
    change(url.searchParams);
    return { browser, callback: callback!, answer: await browser.go(url.href) };
  }

  it('ignores the parameters a provider adds that it does not know (RFC 6749 4.1.2)', async () => {
    const { answer } = await answered((parameters) => {
      parameters.set('session_state', 'abc.def');
      parameters.set('scope', 'openid email');
      parameters.set('authuser', '0');
      parameters.set('constructor', 'x');
    });
    expect([answer.status, answer.headers.get('location')]).toEqual([303, '/console/']);
  });

  it('lands a provider’s error on the sign-in screen, audited with what the provider said', async () => {
    const { answer } = await answered((parameters) => {
      parameters.delete('code');
      parameters.set('error', 'access_denied');
      parameters.set('error_description', 'The user said no.');
    });
    expect([answer.status, answer.headers.get('location')]).toEqual([
      303,
      '/console/sign-in?sso=failed',
    ]);
    expect((await audit('sso sign-in refused')).at(-1)!.details).toEqual({
      reason: 'failed',
      detail: 'access_denied: The user said no.',
    });
  });

  it('refuses a parameter given twice, too long or with a NUL as a failed sign-in: used, audited', async () => {
    for (const [change, detail] of [
      [(p: URLSearchParams) => p.append('code', 'another'), 'Give code once, as text.'],
      [(p: URLSearchParams) => p.append('state', 'another'), 'Give state once, as text.'],
      [
        (p: URLSearchParams) => p.set('state', 's'.repeat(201)),
        'state is longer than 200 characters.',
      ],
      [
        (p: URLSearchParams) => p.set('error_description', 'a\u0000b'),
        'error_description holds a NUL character.',
      ],
    ] as const) {
      const { browser, callback, answer } = await answered(change);
      expect([detail, answer.status, answer.headers.get('location')]).toEqual([
        detail,
        303,
        '/console/sign-in?sso=failed',
      ]);
      expect(answer.headers.get('set-cookie')).toMatch(/^__Host-console-sso=; .*Max-Age=0/);
      expect((await audit('sso sign-in refused')).at(-1)!.details).toEqual({
        reason: 'failed',
        detail: `callback: ${detail}`,
      });
      // The sign-in was used: its own answer, unchanged, comes too late.
      const late = await browser.go(callback);
      expect(late.headers.get('location')).toBe('/console/sign-in?sso=expired');
    }
  });
});

describe('offboarding', () => {
  beforeAll(() => {
    inSales('sub-olga', 'olga@bank.example');
  });

  const postLogout = (token: string | Record<string, string>) =>
    fetch(`${console_.baseUrl}/api/console/sso/backchannel-logout`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(
        typeof token === 'string' ? { logout_token: token } : token,
      ).toString(),
    });

  const logoutToken = (claims: Record<string, unknown>) =>
    provider.sign(provider.logoutClaims(claims), 'logout+jwt');

  it('ends the sessions of the provider’s session when it logs out (Back-Channel Logout)', async () => {
    const browser = await intoConsole('sub-olga');
    const first = browser.api();
    // A second console session in the same provider session (the same sid).
    expect((await signIn(browser, 'sub-olga')).landed).toBe('/console/');
    const second = browser.api();
    expect((await first.call('GET', '/me')).status).toBe(200);
    // Signing out of one: the console gives the provider's logout; the provider, confirmed,
    // tells the console (back-channel) to end the other.
    const out = await second.call('POST', '/sign-out');
    expect(out.status).toBe(200);
    const logoutUrl = out.body.providerLogoutUrl as string;
    expect(logoutUrl.startsWith(`${provider.issuer}/session/end?`)).toBe(true);
    const page = await browser.go(logoutUrl);
    const html = await page.text();
    const action = /action="([^"]+)"/.exec(html)![1]!;
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(html)![1]!;
    const confirmed = await browser.go(new URL(action, provider.issuer).href, {
      form: { xsrf, logout: 'yes' },
    });
    expect(confirmed.status).toBe(303);
    expect(confirmed.headers.get('location')).toBe(`${consoleOrigin}/console/sign-in`);
    expect((await first.call('GET', '/me')).status).toBe(401);
    expect((await audit('sso logout')).at(-1)).toEqual({
      actor: 'olga',
      details: { sessions: 1, by: 'sid' },
    });
  });

  it('refuses logout tokens that do not hold up, and one for another session ends nothing', async () => {
    const browser = await intoConsole('sub-olga');
    const olga = browser.api();
    const sid = (
      await db.query<{ sso_sid: string }>(
        `SELECT s.sso_sid FROM console_sessions s JOIN users u ON u.id = s.user_id
        WHERE u.username = 'olga' ORDER BY s.created_at DESC LIMIT 1`,
      )
    )[0]!.sso_sid;
    const bad: [string, Promise<string> | string][] = [
      ['another audience', logoutToken({ sid, aud: 'another-client' })],
      ['another issuer', logoutToken({ sid, iss: 'https://evil.example' })],
      ['expired', logoutToken({ sid, iat: 1_700_000_000, exp: 1_700_000_100 })],
      ['no event', logoutToken({ sid, events: {} })],
      ['a nonce', logoutToken({ sid, nonce: 'n' })],
      ['no sid nor sub', logoutToken({})],
      [
        'alg none',
        (async () => {
          const [, payload] = (await logoutToken({ sid })).split('.');
          return `${Buffer.from('{"alg":"none"}').toString('base64url')}.${payload}.`;
        })(),
      ],
      ['not a JWT', 'not-a-jwt'],
    ];
    for (const [what, token] of bad) {
      const answer = await postLogout(await token);
      expect([what, answer.status]).toEqual([what, 400]);
    }
    // Valid, for another session or another user: nothing of Olga's ends.
    expect((await postLogout(await logoutToken({ sid: 'another-session' }))).status).toBe(200);
    expect((await postLogout(await logoutToken({ sid, sub: 'sub-ada' }))).status).toBe(200);
    expect((await olga.call('GET', '/me')).status).toBe(200);
    // Olga's own, then the same token again.
    const token = await logoutToken({ sid, sub: 'sub-olga' });
    expect((await postLogout(token)).status).toBe(200);
    expect((await olga.call('GET', '/me')).status).toBe(401);
    expect((await postLogout(token)).status).toBe(400);
    // Refused tokens, the replay too, are counted on /metrics and never audited: the endpoint
    // is public (sso-logout-flood.e2e-spec.ts).
    expect(await audit('sso logout refused')).toEqual([]);
    const metrics = (await request(`${api.baseUrl}/metrics`)).text;
    expect(metrics).toMatch(/^sso_logout_refused_total\{reason="invalid"\} 8$/m);
    expect(metrics).toMatch(/^sso_logout_refused_total\{reason="replayed"\} 1$/m);
    // A JSON body, or no token: a 4xx that says what to send.
    const json = await fetch(`${console_.baseUrl}/api/console/sso/backchannel-logout`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(json.status).toBe(400);
    expect((await postLogout({})).status).toBe(400);
  });

  it('refuses a form without one logout_token (400, with a sentence) before checking anything', async () => {
    const invalid = async () =>
      /^sso_logout_refused_total\{reason="invalid"\} (\d+)$/m.exec(
        (await request(`${api.baseUrl}/metrics`)).text,
      )?.[1];
    const before = await invalid();
    const SEND = 'Send a logout_token as a form field.';
    for (const [form, message] of [
      ['', SEND],
      ['logout_token=', SEND],
      [`logout_token=${'x'.repeat(8_001)}`, SEND],
      ['logout_token=a.b.c&logout_token=d.e.f', SEND],
      ['token=a.b.c', SEND],
    ] as const) {
      const answer = await fetch(`${console_.baseUrl}/api/console/sso/backchannel-logout`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: form,
      });
      expect([form.slice(0, 40), answer.status, await answer.json()]).toEqual([
        form.slice(0, 40),
        400,
        { status: 400, error: 'Bad Request', message },
      ]);
    }
    // Refused by its DTO, none of them reached the token's checks.
    expect(await invalid()).toBe(before);
  });

  it('asks the provider again after OIDC_RECHECK_MINUTES: a user removed there loses the session', async () => {
    inSales('sub-rita', 'rita@bank.example');
    const browser = await intoConsole('sub-rita');
    const rita = browser.api();
    console_.clock.advance(11 * 60_000);
    expect((await rita.call('GET', '/me')).status).toBe(200); // re-checked: still there
    provider.users.delete('sub-rita');
    expect((await rita.call('GET', '/me')).status).toBe(200); // not due again yet
    console_.clock.advance(11 * 60_000);
    expect((await rita.call('GET', '/me')).status).toBe(401);
    expect((await audit('sso session ended')).at(-1)).toEqual({
      actor: 'rita',
      details: { reason: expect.stringMatching(/^provider refused: invalid_grant/) },
    });
  });

  it('keeps a session one period when the provider cannot be asked, then ends it', async () => {
    inSales('sub-una', 'una@bank.example');
    const browser = await intoConsole('sub-una');
    const una = browser.api();
    provider.down = true;
    try {
      console_.clock.advance(11 * 60_000);
      expect((await una.call('GET', '/me')).status).toBe(200);
      console_.clock.advance(11 * 60_000);
      expect((await una.call('GET', '/me')).status).toBe(401);
    } finally {
      provider.down = false;
    }
    expect((await audit('sso session ended')).at(-1)).toEqual({
      actor: 'una',
      details: { reason: expect.stringMatching(/^provider unavailable/) },
    });
    // A sign-in while it is down says so.
    provider.down = true;
    try {
      expect((await signIn(new Browser(), 'sub-una')).landed).toBe(
        '/console/sign-in?sso=unavailable',
      );
    } finally {
      provider.down = false;
    }
  });

  it('ends a session whose tokens were sealed under another CONSOLE_SECRET_KEY, never a 500', async () => {
    // The key was changed (a restore on a new machine, a rotation): the rows' tokens were sealed
    // under the earlier one. Before, the re-check and the sign-out answered 500 for ever.
    inSales('sub-kai', 'kai@bank.example');
    const [first, second] = [new Browser(), new Browser()];
    for (const browser of [first, second]) {
      expect((await signIn(browser, 'sub-kai')).landed).toBe('/console/');
    }
    const earlier = new SecretBox(randomBytes(32).toString('base64'));
    await db.query(
      `UPDATE console_sessions s SET sso_tokens = $1 FROM users u
        WHERE u.id = s.user_id AND u.username = 'kai'`,
      [earlier.seal(Buffer.from('{"refresh":"an earlier token"}'))],
    );
    const out = await second.api().call('POST', '/sign-out');
    expect(out.status).toBe(200);
    expect(new URL(out.body.providerLogoutUrl as string).searchParams.has('id_token_hint')).toBe(
      false,
    );
    console_.clock.advance(11 * 60_000);
    expect((await first.api().call('GET', '/me')).status).toBe(401);
    expect((await audit('sso session ended')).at(-1)).toEqual({
      actor: 'kai',
      details: { reason: expect.stringContaining('sealed under another CONSOLE_SECRET_KEY') },
    });
  });

  it('ends a session at the re-check when the groups no longer give a role', async () => {
    inSales('sub-gus', 'gus@bank.example');
    const browser = await intoConsole('sub-gus');
    provider.users.set('sub-gus', { ...provider.users.get('sub-gus')!, groups: [] });
    console_.clock.advance(11 * 60_000);
    expect((await browser.api().call('GET', '/me')).status).toBe(401);
    expect((await audit('sso session ended')).at(-1)!.details.reason).toMatch(/^provider: group/);
  });
});

describe('SSO_REQUIRED=true', () => {
  let strict: RunningConsole;
  let mail: SmtpSink;

  beforeAll(async () => {
    mail = await SmtpSink.start();
    await db.query(
      `UPDATE users SET email = 'ada.lovelace@bank.example' WHERE username = 'ada.lovelace'`,
    );
    await db.query(`UPDATE users SET role = 'admin' WHERE username = 'ada.lovelace'`);
    strict = await startConsole(db.url, {
      CONSOLE_ORIGIN: consoleOrigin,
      ...ssoSettings(),
      SSO_REQUIRED: 'true',
      SMTP_URL: mail.url,
      NOTIFY_FROM: 'website@proposals.test',
      NOTIFY_TO: 'sales@proposals.test',
    });
  });

  afterAll(() => stopApp(strict, mail));

  /** The alert of that kind, once the console has delivered it from the outbox. */
  async function alertOf(kind: string) {
    for (let waited = 0; waited < 20_000; waited += 50) {
      const found = mail.mails.find((each) => each.parsed.headers.get('x-console-alert') === kind);
      if (found) return found;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`no ${kind} alert within 20 s`);
  }

  it('refuses passwords and ends local sessions, but for break-glass accounts, each alerting the admins', async () => {
    // A local admin enrolled before: its password no longer works, its session ends.
    const added = await leadsUsers(db.url, 'add local.admin --role admin');
    const local = await enrolThrough(console_, added.out, '10.9.0.1');
    const carried = new ConsoleClient(strict.baseUrl);
    carried.cookie = local.client.cookie;
    expect((await carried.call('GET', '/me')).status).toBe(401);
    const refused = await new ConsoleClient(strict.baseUrl, { 'x-forwarded-for': '10.9.0.2' }).call(
      'POST',
      '/sign-in',
      { username: 'local.admin', password: PASSWORD, code: codeAt(strict, local.secret, 1) },
    );
    expect(refused.status).toBe(401);
    expect((await audit('sign-in failed')).at(-1)!.details.reason).toBe('single sign-on required');

    const glass = await leadsUsers(db.url, 'add break.glass --role admin --break-glass');
    expect(glass.out).toMatch(/^break\.glass \(admin\) added \(break-glass\)\./);
    const enrolled = await enrolThrough(strict, glass.out, '10.9.0.3');
    expect((await enrolled.client.call('GET', '/me')).body).toEqual({
      username: 'break.glass',
      role: 'admin',
      hasPassword: true,
    });
    const signedIn = await new ConsoleClient(strict.baseUrl, {
      'x-forwarded-for': '10.9.0.4',
    }).signIn('break.glass', codeAt(strict, enrolled.secret, 1));
    expect(signedIn.status).toBe(200);
    expect((await audit('break-glass sign-in')).at(-1)).toEqual({
      actor: 'break.glass',
      details: { factor: 'totp', address: expect.any(String) },
    });
    // Its enrolment and its sign-in: each an alert to the admins, through the outbox.
    const alert = await alertOf('break-glass sign-in');
    expect(alert.parsed.subject).toMatch(
      /^Break-glass sign-in: break\.glass signed in to the console/,
    );
    expect(alert.recipients.sort()).toEqual([
      'ada.lovelace@bank.example',
      'grace@bank.example',
      'sales@proposals.test',
    ]);
    // The link opens the audit screen (it is /console/admin/audit), filtered to the event.
    expect(alert.parsed.text).toContain(
      `The audit trail: ${consoleOrigin}/console/admin/audit?command=break-glass+sign-in&actor=break.glass`,
    );
    expect((await alertOf('break-glass enrolment')).parsed.subject).toMatch(
      /^Break-glass enrolment: break\.glass set a new password and second factor/,
    );

    const offer = await new ConsoleClient(strict.baseUrl).call('GET', '/sso');
    expect(offer.body).toEqual({ provider: 'Test Provider', required: true });
  });

  it('alerts the admins when a break-glass account is reset, and a guesser never locks its owner out', async () => {
    const added = await leadsUsers(db.url, 'add glass.two --role admin --break-glass');
    const owner = await enrolThrough(strict, added.out, '10.9.1.1');
    // Before, a reset of the emergency door, and its new enrolment, raised no alarm.
    const reset = await leadsUsers(db.url, 'reset glass.two');
    expect(reset.code).toBe(0);
    expect((await alertOf('break-glass reset')).parsed.subject).toMatch(
      /^Break-glass reset: .+ reset the password and second factor of glass\.two/,
    );
    const again = await enrolThrough(strict, reset.out, '10.9.1.1');
    void owner;
    // A guesser's failures lock the guesser's address, not the account: before, ten wrong
    // passwords (then one every 15 minutes) kept the owner out when the door was needed.
    const guesser = new ConsoleClient(strict.baseUrl, { 'x-forwarded-for': '10.9.1.66' });
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const answer = await guesser.call('POST', '/sign-in', {
        username: 'glass.two',
        password: 'a wrong guess at it',
        code: '123456',
      });
      statuses.push(answer.status);
      if (answer.status === 429)
        strict.clock.advance(Number(answer.headers.get('retry-after')) * 1000);
    }
    expect(statuses).toContain(429);
    const signedIn = await new ConsoleClient(strict.baseUrl, {
      'x-forwarded-for': '10.9.1.2',
    }).signIn('glass.two', codeAt(strict, again.secret, 1));
    expect(signedIn.status).toBe(200);
  });

  it('delivers an alert from the outbox, after a process that raised it died, and retries a refusal', async () => {
    // As a process leaves it when it stops right after the event's commit; the mail server is
    // down when the console first tries.
    await mail.stop();
    const [row] = await db.query<{ id: string }>(
      `INSERT INTO console_alerts (kind, username, at) VALUES ('break-glass sign-in', 'glass.two', now())
       RETURNING id`,
    );
    const state = async () =>
      (
        await db.query<{ status: string; attempts: number; last_error: string | null }>(
          `SELECT status, attempts, last_error FROM console_alerts WHERE id = $1`,
          [row!.id],
        )
      )[0]!;
    for (let waited = 0; (await state()).last_error === null && waited < 10_000; waited += 50) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(await state()).toMatchObject({ status: 'pending', attempts: 1 });
    expect((await state()).last_error).toMatch(/^email: /);
    await mail.listen();
    // Its retry is due 5 s on, at the database's clock (break-glass-alarm.ts, RETRY_DELAYS_S):
    // that time let pass at once, as a test moves the console's Clock.
    await db.query(
      `UPDATE console_alerts SET next_attempt_at = now() WHERE id = $1 AND status = 'pending'`,
      [row!.id],
    );
    for (let waited = 0; (await state()).status !== 'sent' && waited < 20_000; waited += 100) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(await state()).toMatchObject({ status: 'sent', attempts: 2 });
  });
});
