import { beforeAll, describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { createHmac } from 'node:crypto';
import { ADMINS_ONLY } from '../src/operators/console/access.js';
import { OWN_ACCOUNT } from '../src/operators/console/admin.controller.js';
import {
  consoleForThisFile,
  enrolThrough,
  leadsCommand,
  type Enrolled,
} from './support/console-client.js';
import { expectEveryQueryAnswered, queryStrings } from './support/query-strings.js';

// The admins' accounts screen and audit trail through the console's API, against a real
// Postgres: every `leads users` change but the first admin's, with the signed-in admin as the
// actor; the refusals that keep an admin from locking themselves out; the audit trail's filters
// and keyset pages, shared with `leads audit`. The test plays the owners' authenticator apps.
let boss: Enrolled;
let worker: Enrolled;

const LINK = /^http:\/\/localhost:8081\/console\/enrol#([A-Za-z0-9_-]{43})$/;

const team = consoleForThisFile();

beforeAll(async () => {
  boss = await team.enrol('boss', 'admin', '10.1.0.1');
  worker = await team.enrol('worker', 'member', '10.1.0.2');
}, 60_000);

interface AccountBody {
  username: string;
  role: string;
  enrolled: boolean;
  disabled: boolean;
}

const admin = (method: string, path: string, body?: unknown) =>
  boss.client.call(method, `/admin${path}`, body);

/** Each change an admin makes to an account (POST /admin/users/:username/…), with its body. */
const ACCOUNT_CHANGES = [
  ['reset', undefined],
  ['disable', undefined],
  ['enable', undefined],
  ['role', { role: 'admin' }],
] as const;

/** Opens an enrolment link and finishes it as its owner would: a signed-in client. */
const enrolWith = (link: string, address: string) => enrolThrough(team.console_, link, address);

const trailOf = (username: string) =>
  team.db.query<{ command: string; actor: string; details: Record<string, unknown> }>(
    `SELECT command, actor, details FROM audit_log WHERE details->>'username' = $1 ORDER BY id`,
    [username],
  );

describe('an admin manages accounts from the console', () => {
  it('adds an account with a one-time link its owner enrols with', async () => {
    const added = await admin('POST', '/users', { username: ' New.Person ', role: 'member' });
    expect(added.status).toBe(201);
    expect(added.body.account).toMatchObject({
      username: 'new.person',
      role: 'member',
      enrolled: false,
      disabled: false,
    });
    expect(added.body.link).toMatch(LINK);
    const { client } = await enrolWith(added.body.link as string, '10.1.1.1');
    expect((await client.call('GET', '/me')).body).toEqual({
      username: 'new.person',
      role: 'member',
      hasPassword: true,
    });
    const users = (await admin('GET', '/users')).body as unknown as AccountBody[];
    expect(users.find((user) => user.username === 'new.person')).toMatchObject({
      enrolled: true,
      disabled: false,
    });
    expect(await trailOf('new.person')).toEqual([
      { command: 'users add', actor: 'boss', details: { username: 'new.person', role: 'member' } },
    ]);

    const again = await admin('POST', '/users', { username: 'NEW.PERSON', role: 'admin' });
    expect([again.status, again.body.message]).toEqual([
      409,
      'There is already an account named new.person.',
    ]);
  });

  it('resets, disables, enables and changes the role of an account, each at once', async () => {
    const added = await admin('POST', '/users', { username: 'rosa', role: 'member' });
    const first = await enrolWith(added.body.link as string, '10.1.2.1');

    const reset = await admin('POST', '/users/Rosa/reset');
    expect(reset.status).toBe(200);
    expect(reset.body.account).toMatchObject({ username: 'rosa', enrolled: false });
    expect(reset.body.link).toMatch(LINK);
    expect(reset.body.link).not.toBe(added.body.link);
    expect((await first.client.call('GET', '/me')).status).toBe(401);
    const { client, secret } = await enrolWith(reset.body.link as string, '10.1.2.2');

    const disabled = await admin('POST', '/users/rosa/disable');
    expect([disabled.status, disabled.body]).toEqual([
      200,
      expect.objectContaining({ username: 'rosa', disabled: true }),
    ]);
    expect((await client.call('GET', '/me')).status).toBe(401);
    team.console_.clock.advance(30_000);
    const refused = await client.signIn('rosa', team.codeOf(secret));
    expect(refused.status).toBe(401);

    const enabled = await admin('POST', '/users/rosa/enable');
    expect([enabled.status, enabled.body.disabled]).toEqual([200, false]);
    const promoted = await admin('POST', '/users/rosa/role', { role: 'admin' });
    expect([promoted.status, promoted.body.role]).toEqual([200, 'admin']);
    team.console_.clock.advance(30_000);
    const back = await client.signIn('rosa', team.codeOf(secret));
    expect(back.status).toBe(200);
    expect((await client.call('GET', '/me')).body).toEqual({
      username: 'rosa',
      role: 'admin',
      hasPassword: true,
    });
    expect((await client.call('GET', '/admin/users')).status).toBe(200);
    const demoted = await admin('POST', '/users/rosa/role', { role: 'member' });
    expect([demoted.status, demoted.body.role]).toEqual([200, 'member']);
    expect((await client.call('GET', '/me')).status).toBe(401);

    const trail = await trailOf('rosa');
    expect(trail.map((record) => [record.command, record.actor])).toEqual([
      ['users add', 'boss'],
      ['users reset', 'boss'],
      ['users disable', 'boss'],
      ['users enable', 'boss'],
      ['users role', 'boss'],
      ['users role', 'boss'],
    ]);
    expect(trail.at(-1)!.details).toEqual({ username: 'rosa', role: 'member' });
  });

  it('refuses an admin who would lock themselves out, and says why', async () => {
    for (const [path, body, message] of [
      ['/users/boss/disable', undefined, OWN_ACCOUNT.disable],
      ['/users/BOSS/role', { role: 'member' }, OWN_ACCOUNT.role],
      ['/users/boss/role', { role: 'admin' }, OWN_ACCOUNT.role],
      ['/users/boss/reset', undefined, OWN_ACCOUNT.reset],
      ['/users/boss/enable', undefined, OWN_ACCOUNT.enable],
    ] as const) {
      const answer = await admin('POST', path, body);
      expect([path, answer.status, answer.body.message]).toEqual([path, 409, message]);
    }
    expect((await boss.client.call('GET', '/me')).body).toEqual({
      username: 'boss',
      role: 'admin',
      hasPassword: true,
    });
    expect(await trailOf('boss')).toEqual([expect.objectContaining({ command: 'users add' })]);
  });

  it('answers an unknown account 404 and unreadable input 400, with a sentence', async () => {
    for (const [change, body] of ACCOUNT_CHANGES) {
      const path = `/users/nobody/${change}`;
      const answer = await admin('POST', path, body);
      expect([path, answer.status, answer.body.message]).toEqual([
        path,
        404,
        'There is no account named nobody.',
      ]);
    }
    const cases: [string, unknown, string | RegExp][] = [
      ['/users', { username: 'x', role: 'member' }, /^A username is 2 to 64 characters/],
      ['/users', { username: 'jo hn', role: 'member' }, /^A username is 2 to 64 characters/],
      ['/users', { username: 'john', role: 'owner' }, 'A role is member or admin.'],
      ['/users', { username: 'john' }, 'Please correct the highlighted fields.'],
      ['/users', { username: 42, role: 'member' }, 'Please correct the highlighted fields.'],
      ['/users', { username: 'john', role: 'member', admin: true }, /highlighted fields/],
      ['/users', ['john', 'member'], 'Send a JSON object.'],
      ['/users/x/disable', undefined, /^A username is 2 to 64 characters/],
      ['/users/a%20b/reset', undefined, /^A username is 2 to 64 characters/],
      ['/users/worker/role', { role: 'root' }, 'A role is member or admin.'],
      ['/users/worker/role', {}, 'Please correct the highlighted fields.'],
    ];
    for (const [path, body, message] of cases) {
      const answer = await admin('POST', path, body);
      expect([path, answer.status, answer.body.message]).toEqual([
        path,
        400,
        typeof message === 'string' ? message : expect.stringMatching(message),
      ]);
    }
    const missing = await admin('POST', '/users', { username: 'john' });
    expect(missing.body.fields).toEqual({ role: 'This field is required.' });
    expect((await admin('GET', '/users')).body).not.toContainEqual(
      expect.objectContaining({ username: 'john' }),
    );
  });

  it('refuses a path that names no username on each route, with the accounts’ sentence, and changes nothing', async () => {
    const state = () =>
      team.db.query(`SELECT username, role, disabled_at, enrolled_at FROM users ORDER BY id`);
    const [before, records] = [await state(), await team.db.query(`SELECT id FROM audit_log`)];
    const NOT_A_USERNAME = expect.stringMatching(/^A username is 2 to 64 characters: letters a-z/);
    const names: [string, unknown][] = [
      ['x', NOT_A_USERNAME],
      ['-worker', NOT_A_USERNAME],
      ['w%C3%B6rker', NOT_A_USERNAME],
      ['worker%00', NOT_A_USERNAME],
      ['a'.repeat(65), NOT_A_USERNAME],
      [
        'Auto-Assign',
        "auto-assign is the name of the product's own actions in a lead's history: choose another.",
      ],
    ];
    for (const [change, body] of ACCOUNT_CHANGES) {
      for (const [name, message] of names) {
        const answer = await admin('POST', `/users/${name}/${change}`, body);
        expect([change, name, answer.status, answer.body]).toEqual([
          change,
          name,
          400,
          { status: 400, error: 'Bad Request', message },
        ]);
      }
    }
    expect(await state()).toEqual(before);
    expect(await team.db.query(`SELECT id FROM audit_log`)).toEqual(records);
  });

  it('takes a role from the list of roles only, and says which there are', async () => {
    const users = () => team.db.query(`SELECT username, role FROM users ORDER BY id`);
    const before = await users();
    for (const [path, body] of [
      ['/users', { username: 'john', role: 'Admin' }],
      ['/users', { username: 'john', role: ' member ' }],
      ['/users', { username: 'john', role: 'root' }],
      ['/users/worker/role', { role: 'ADMIN' }],
      ['/users/worker/role', { role: '' }],
    ] as const) {
      const answer = await admin('POST', path, body);
      expect([path, body.role, answer.status, answer.body]).toEqual([
        path,
        body.role,
        400,
        {
          status: 400,
          error: 'Bad Request',
          message: 'A role is member or admin.',
          fields: { role: 'A role is member or admin.' },
        },
      ]);
    }
    // Beside another mistake, or not text: the fields, each with its own sentence.
    const both = await admin('POST', '/users', { username: 42, role: 'owner' });
    expect([both.status, both.body.message, both.body.fields]).toEqual([
      400,
      'Please correct the highlighted fields.',
      { username: 'This field must be text.', role: 'A role is member or admin.' },
    ]);
    const number = await admin('POST', '/users/worker/role', { role: 1 });
    expect([number.status, number.body.message, number.body.fields]).toEqual([
      400,
      'Please correct the highlighted fields.',
      { role: 'This field must be text.' },
    ]);
    expect(await users()).toEqual(before);
  });

  it('refuses a member every admin route (403), and changes nothing', async () => {
    const before = await team.db.query(`SELECT username, role, disabled_at FROM users ORDER BY id`);
    for (const [method, path, body] of [
      ['GET', '/admin/users', undefined],
      ['GET', '/admin/audit?command=users+add', undefined],
      ['POST', '/admin/users', { username: 'sneaky', role: 'admin' }],
      ['POST', '/admin/users/worker/role', { role: 'admin' }],
      ['POST', '/admin/users/boss/disable', undefined],
      ['POST', '/admin/users/boss/enable', undefined],
      ['POST', '/admin/users/boss/reset', undefined],
    ] as const) {
      const answer = await worker.client.call(method, path, body);
      expect([path, answer.status, answer.body.message]).toEqual([path, 403, ADMINS_ONLY]);
    }
    expect(
      await team.db.query(`SELECT username, role, disabled_at FROM users ORDER BY id`),
    ).toEqual(before);
  });
});

describe('the audit trail in the console', () => {
  const page = async (query: string) => {
    const answer = await admin('GET', `/audit${query ? `?${query}` : ''}`);
    expect([query, answer.status]).toEqual([query, 200]);
    return answer.body as unknown as {
      records: { id: string; at: string; command: string; actor: string }[];
      older: string | null;
    };
  };

  /** Records as other commands write them: `at` as given, a person by their keyed hash. */
  async function seed(rows: { command: string; actor: string; at?: string; email?: string }[]) {
    const [{ key }] = (await team.db.query<{ key: string }>(`SELECT key FROM audit_key`)) as [
      { key: string },
    ];
    for (const row of rows) {
      const hash = row.email
        ? createHmac('sha256', key).update(row.email.toLowerCase()).digest('hex')
        : null;
      await team.db.query(
        `INSERT INTO audit_log (at, command, rows, actor, subject_hash)
         VALUES (coalesce($1::timestamptz, now()), $2, 1, $3, $4)`,
        [row.at ?? null, row.command, row.actor, hash],
      );
    }
  }

  it('shows the newest first, 100 at a time, each page after the last one shown', async () => {
    await seed(Array.from({ length: 230 }, (_, i) => ({ command: 'paging', actor: `p${i % 3}` })));
    const first = await page('command=paging');
    const second = await page(`command=paging&before=${first.older}`);
    const third = await page(`command=paging&before=${second.older}`);
    expect([first.records.length, second.records.length, third.records.length]).toEqual([
      100, 100, 30,
    ]);
    expect(third.older).toBeNull();
    const ids = [...first.records, ...second.records, ...third.records].map((r) => BigInt(r.id));
    expect(new Set(ids).size).toBe(230);
    expect(ids.every((id, i) => i === 0 || id < ids[i - 1]!)).toBe(true);
    expect(first.older).toBe(first.records.at(-1)!.id);

    // The actor too, and both at once, as `leads audit --command --actor` reads them.
    const p1 = await page('command=paging&actor=p1');
    expect(p1.records).toHaveLength(77);
    expect(p1.records.every((r) => r.actor === 'p1' && r.command === 'paging')).toBe(true);
    const cli = JSON.parse(
      await leads(['audit', '--json', '--command', 'paging', '--actor', 'p1', '--limit', '500']),
    ) as { id: string }[];
    expect(cli.map((r) => r.id)).toEqual(p1.records.map((r) => r.id));
    expect((await page('')).records).toHaveLength(100);
  });

  it('finds the records of UTC days, from and to included', async () => {
    await seed(
      [
        '2030-01-01T23:59:59.999Z',
        '2030-01-02T00:00:00Z',
        '2030-01-02T23:59:59.999Z',
        '2030-01-03T00:00:00Z',
      ].map((at) => ({ command: 'dated', actor: at, at })),
    );
    const day = await page('command=dated&from=2030-01-02&to=2030-01-02');
    expect(day.records.map((r) => r.actor)).toEqual([
      '2030-01-02T23:59:59.999Z',
      '2030-01-02T00:00:00Z',
    ]);
    expect((await page('command=dated&from=2030-01-02')).records).toHaveLength(3);
    expect((await page('command=dated&to=2030-01-02')).records).toHaveLength(3);
    expect((await page('command=dated&from=9999-12-31&to=9999-12-31')).records).toHaveLength(0);
    expect((await page('command=dated&from=0001-01-01')).records).toHaveLength(4);
  });

  it('finds the records about an address by its keyed hash, in any case', async () => {
    await seed([
      { command: 'erase', actor: 'someone', email: 'Jane@Bank.example' },
      { command: 'show', actor: 'someone', email: 'jane@bank.example' },
      { command: 'show', actor: 'someone', email: 'other@bank.example' },
    ]);
    const jane = await page(`email=${encodeURIComponent(' JANE@bank.EXAMPLE ')}`);
    expect(jane.records.map((r) => r.command)).toEqual(['show', 'erase']);
    const cli = JSON.parse(await leads(['audit', '--json', '--email', 'jane@bank.example'])) as {
      id: string;
    }[];
    expect(cli.map((r) => r.id)).toEqual(jane.records.map((r) => r.id));
    expect((await page('email=nobody@bank.example&command=show')).records).toEqual([]);
    // Empty fields, as a form sends them, filter nothing.
    expect((await page('command=&actor=&email=&from=&to=&before=')).records).toHaveLength(100);
  });

  it('refuses a filter it cannot read, with a sentence that says what it takes', async () => {
    const cases: [string, string][] = [
      [
        'sort=at',
        'The audit trail has no filter named "sort": use command, actor, email, from, to or before.',
      ],
      ['command=a&command=b', 'Give command once, as text.'],
      ['from=2026-02-30', 'from is a date such as 2026-11-24 (a day in UTC).'],
      ['from=0000-01-01', 'from is a date such as 2026-11-24 (a day in UTC).'],
      ['to=yesterday', 'to is a date such as 2026-11-24 (a day in UTC).'],
      ['from=2026-02-02&to=2026-02-01', 'from is after to: the date range is empty.'],
      ['email=not-an-address', 'email is an address such as jane@bank.example.'],
      ['before=abc', 'before is the number of a record: follow the link to older records.'],
      ['before=0', 'before is the number of a record: follow the link to older records.'],
      [
        'before=9223372036854775808',
        'before is the number of a record: follow the link to older records.',
      ],
      [`command=${'x'.repeat(33)}`, 'command is at most 32 characters long.'],
      ['from=2026-11-241', 'from is a date such as 2026-11-24 (a day in UTC).'],
      [
        `before=${'9'.repeat(40)}`,
        'before is the number of a record: follow the link to older records.',
      ],
      ['actor=a%00b', 'actor holds a NUL character.'],
    ];
    for (const [query, message] of cases) {
      const answer = await admin('GET', `/audit?${query}`);
      expect([query, answer.status, answer.body.message]).toEqual([query, 400, message]);
    }
  });
});

describe('any input', () => {
  it('on GET admin/audit answers 200 or 400, never a 5xx', async () => {
    const names = fc.constantFrom('command', 'actor', 'email', 'from', 'to', 'before', 'limit');
    const value = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 40 }),
      fc.date({ noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
      fc.bigInt({ min: -10n, max: 2n ** 64n }).map(String),
      fc.emailAddress(),
    );
    const queries = queryStrings(names, value, {
      most: 5,
      units: ['%', '0', 'f', 'z', '=', '&', '+', 'from', 'before'],
    });
    await expectEveryQueryAnswered(
      queries,
      (query) => admin('GET', `/audit?${query}`),
      {
        refused: (body) => expect(typeof body.message).toBe('string'),
        answered: (body) => expect(Array.isArray(body.records)).toBe(true),
      },
      { numRuns: 300 },
    );
  }, 120_000);

  it('on POST admin/users answers 201, 400 or 409 (a name taken), never a 5xx', async () => {
    const text = fc.string({ unit: 'binary', maxLength: 80 });
    const body = fc.oneof(
      fc.record({
        username: fc.oneof(text, fc.stringMatching(/^[a-z0-9][a-z0-9._-]{1,20}$/)),
        role: fc.oneof(fc.constantFrom('member', 'admin', ' Admin '), text),
      }),
      fc.jsonValue(),
      fc.dictionary(fc.constantFrom('username', 'role', 'other'), fc.jsonValue()),
    );
    await fc.assert(
      fc.asyncProperty(body, async (value) => {
        const answer = await admin('POST', '/users', value);
        expect({ value, status: answer.status }).toEqual({
          value,
          status: [201, 400, 409].includes(answer.status) ? answer.status : '201, 400 or 409',
        });
        if (answer.status === 201) expect(answer.body.link).toMatch(LINK);
        else expect(typeof answer.body.message).toBe('string');
      }),
      { numRuns: 300 },
    );
  }, 120_000);
});

/** Runs `leads …` on the test database, as an admin on the server would; answers what it printed. */
async function leads(args: string[]): Promise<string> {
  const { out, err } = await leadsCommand(team.db.url, args.join(' '));
  return out + err;
}
