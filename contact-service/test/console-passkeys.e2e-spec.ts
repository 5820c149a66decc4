import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { CURRENT_WRONG, PASSKEY_REFUSED } from '../src/operators/own-account.js';
import { SIGN_IN_FAILED } from '../src/operators/sign-in.js';
import {
  consoleForThisFile,
  ConsoleClient,
  leadsUsers,
  PASSWORD,
} from './support/console-client.js';
import { SoftwareAuthenticator } from './support/software-authenticator.js';

// Passkeys as the second factor, against a real Postgres: added on the account page with the
// password and a code, then used instead of a code at sign-in. A software authenticator answers
// as a browser would, so the service's WebAuthn verification runs for real; the console's clock
// is moved for expiries.
const ORIGIN = 'http://localhost:8081';

const team = consoleForThisFile();

type Options = { challenge: string; rp: { id: string }; user: { id: string } };
/** An enrolled operator with a passkey added the way the account page adds one. */
async function withPasskey(name: string, address: string) {
  const operator = await team.enrol(name, 'member', address);
  const options = await operator.client.call('POST', '/account/passkeys/options');
  expect(options.status).toBe(200);
  const authenticator = new SoftwareAuthenticator(ORIGIN);
  const added = await operator.client.call('POST', '/account/passkeys', {
    password: PASSWORD,
    code: team.codeOf(operator.secret, 1),
    passkey: authenticator.create(options.body as unknown as Options),
    name: 'Laptop',
  });
  expect([added.status, added.body]).toEqual([204, {}]);
  return { operator, authenticator };
}

/** Sign-in options, answered by the authenticator, sent with the username and password. */
async function signInWith(authenticator: SoftwareAuthenticator, username: string, address: string) {
  const client = new ConsoleClient(team.console_.baseUrl, { 'x-forwarded-for': address });
  const options = await client.call('POST', '/sign-in/passkey-options');
  const passkey = authenticator.get(options.body as unknown as Options, 'localhost');
  const answer = await client.call('POST', '/sign-in', { username, password: PASSWORD, passkey });
  return { client, answer, passkey };
}

const auditOf = (actor: string) =>
  team.db.query<{ command: string; details: Record<string, unknown> }>(
    `SELECT command, details FROM audit_log WHERE actor = $1 ORDER BY id`,
    [actor],
  );

describe('a passkey', () => {
  it('is added with the password and a code, and then signs in instead of a code', async () => {
    const { operator, authenticator } = await withPasskey('pat.passkey', '10.1.0.1');
    const listed = await operator.client.call('GET', '/account/passkeys');
    expect(listed.body).toEqual([
      {
        id: authenticator.credentialId,
        name: 'Laptop',
        createdAt: expect.any(String),
        lastUsedAt: null,
      },
    ]);

    // The options name no account and no credential: they tell nobody who exists.
    const anonymous = new ConsoleClient(team.console_.baseUrl);
    const options = await anonymous.call('POST', '/sign-in/passkey-options');
    expect(options.status).toBe(200);
    expect(options.body).toEqual({
      challenge: expect.any(String),
      rpId: 'localhost',
      userVerification: 'preferred',
      timeout: expect.any(Number),
    });

    const { client, answer } = await signInWith(authenticator, 'pat.passkey', '10.1.0.2');
    expect([answer.status, answer.body]).toEqual([200, { username: 'pat.passkey' }]);
    expect((await client.call('GET', '/me')).body).toEqual({
      username: 'pat.passkey',
      role: 'member',
      hasPassword: true,
    });
    const records = await auditOf('pat.passkey');
    expect(records.map((record) => record.command)).toEqual(
      expect.arrayContaining(['passkey added', 'sign-in']),
    );
    expect(records.at(-1)!.details).toMatchObject({ factor: 'passkey' });
    const [used] = await team.db.query<{ last_used_at: Date | null }>(
      `SELECT last_used_at FROM passkeys WHERE id = $1`,
      [authenticator.credentialId],
    );
    expect(used!.last_used_at).not.toBeNull();
  });

  it('is answered once, for its own account, before the challenge expires', async () => {
    const { authenticator } = await withPasskey('quinn.passkey', '10.1.1.1');
    await team.enrol('rory.other', 'member', '10.1.1.2');

    const first = await signInWith(authenticator, 'quinn.passkey', '10.1.1.3');
    expect(first.answer.status).toBe(200);
    // The same answer again: its challenge was used.
    const replay = await new ConsoleClient(team.console_.baseUrl, {
      'x-forwarded-for': '10.1.1.4',
    }).call('POST', '/sign-in', {
      username: 'quinn.passkey',
      password: PASSWORD,
      passkey: first.passkey,
    });
    expect([replay.status, replay.body.message]).toEqual([401, SIGN_IN_FAILED]);
    // Another account's password with this passkey: it is not theirs.
    const other = await signInWith(authenticator, 'rory.other', '10.1.1.5');
    expect([other.answer.status, other.answer.body.message]).toEqual([401, SIGN_IN_FAILED]);
    // Options answered after their five minutes.
    const client = new ConsoleClient(team.console_.baseUrl, { 'x-forwarded-for': '10.1.1.6' });
    const options = await client.call('POST', '/sign-in/passkey-options');
    team.console_.clock.advance(5 * 60_000 + 1000);
    try {
      const late = await client.call('POST', '/sign-in', {
        username: 'quinn.passkey',
        password: PASSWORD,
        passkey: authenticator.get(options.body as unknown as Options, 'localhost'),
      });
      expect([late.status, late.body.message]).toEqual([401, SIGN_IN_FAILED]);
    } finally {
      team.console_.clock.advance(-(5 * 60_000 + 1000));
    }
    const reasons = (await auditOf('quinn.passkey'))
      .filter((record) => record.command === 'sign-in failed')
      .map((record) => record.details.reason);
    expect(reasons).toEqual(['wrong passkey', 'wrong passkey']);
  });

  it('is not added without the password and a right code, nor from another account’s options', async () => {
    const operator = await team.enrol('sam.refused', 'member', '10.1.2.1');
    const authenticator = new SoftwareAuthenticator(ORIGIN);
    const options = await operator.client.call('POST', '/account/passkeys/options');
    const passkey = authenticator.create(options.body as unknown as Options);
    const wrongCode = await operator.client.call('POST', '/account/passkeys', {
      password: PASSWORD,
      code: '000000',
      passkey,
      name: 'Laptop',
    });
    expect([wrongCode.status, wrongCode.body.message]).toEqual([400, CURRENT_WRONG]);

    const someoneElse = await team.enrol('tess.else', 'member', '10.1.2.2');
    const theirs = await someoneElse.client.call('POST', '/account/passkeys', {
      password: PASSWORD,
      // Enrolment used this step's code; each code is accepted once.
      code: team.codeOf(someoneElse.secret, 1),
      passkey,
      name: 'Not mine',
    });
    expect([theirs.status, theirs.body.message]).toEqual([400, PASSKEY_REFUSED]);
    const stored = await team.db.query(`SELECT 1 FROM passkeys WHERE id = $1`, [
      authenticator.credentialId,
    ]);
    expect(stored).toHaveLength(0);
  });

  it('stops working when removed, and users reset removes every passkey', async () => {
    const { operator, authenticator } = await withPasskey('uma.remove', '10.1.3.1');
    const removed = await operator.client.call(
      'DELETE',
      `/account/passkeys/${authenticator.credentialId}`,
    );
    expect(removed.status).toBe(204);
    expect(
      (await operator.client.call('DELETE', `/account/passkeys/${authenticator.credentialId}`))
        .status,
    ).toBe(404);
    const after = await signInWith(authenticator, 'uma.remove', '10.1.3.2');
    expect(after.answer.status).toBe(401);
    expect((await auditOf('uma.remove')).map((record) => record.command)).toContain(
      'passkey removed',
    );

    const kept = await withPasskey('vic.reset', '10.1.3.3');
    expect((await leadsUsers(team.db.url, 'reset vic.reset')).code).toBe(0);
    const stored = await team.db.query(`SELECT 1 FROM passkeys WHERE id = $1`, [
      kept.authenticator.credentialId,
    ]);
    expect(stored).toHaveLength(0);
  });
});

describe('a sign-in request', () => {
  it('carries a code or a passkey, not both and not neither', async () => {
    const client = new ConsoleClient(team.console_.baseUrl, { 'x-forwarded-for': '10.1.4.1' });
    for (const factors of [{}, { code: '123456', passkey: '{}' }]) {
      const answer = await client.call('POST', '/sign-in', {
        username: 'anyone',
        password: PASSWORD,
        ...factors,
      });
      expect([answer.status, answer.body.message]).toEqual([
        400,
        'Send either a code or a passkey.',
      ]);
    }
  });

  it('answers any passkey text with a 4xx and the one sentence, never a 5xx', async () => {
    const { authenticator } = await withPasskey('wes.fuzz', '10.1.5.1');
    const genuine = JSON.parse(authenticator.get({ challenge: 'x' }, 'localhost')) as Record<
      string,
      unknown
    >;
    const passkey = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 300 }),
      fc.jsonValue().map((value) => JSON.stringify(value)),
      // A genuine answer's shape with any field swapped for anything.
      fc
        .tuple(fc.constantFrom(...Object.keys(genuine)), fc.jsonValue())
        .map(([key, value]) => JSON.stringify({ ...genuine, [key]: value })),
      // A genuine answer with a value nested thousands deep inside its response.
      fc.integer({ min: 2, max: 3000 }).map((depth) => {
        const text = JSON.stringify(genuine);
        const at = text.indexOf('"response":{') + '"response":{'.length;
        return `${text.slice(0, at)}"x":${'['.repeat(depth)}${']'.repeat(depth)},${text.slice(at)}`;
      }),
    );
    await fc.assert(
      fc.asyncProperty(passkey, fc.nat(65535), async (text, n) => {
        const client = new ConsoleClient(team.console_.baseUrl, {
          'x-forwarded-for': `10.2.${n >> 8}.${n & 255}`,
        });
        const answer = await client.call('POST', '/sign-in', {
          username: 'wes.fuzz',
          password: PASSWORD,
          passkey: text,
        });
        expect(answer.status).toBeGreaterThanOrEqual(400);
        expect(answer.status).toBeLessThan(500);
        expect(typeof answer.body.message).toBe('string');
      }),
      { numRuns: 100, seed: 24 },
    );
  }, 120_000);
});
