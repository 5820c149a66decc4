import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { kindOf } from '../src/leads/lead-kind.js';
import { STATUSES } from '../src/leads/lead-status.js';
import { consoleForThisFile, type ConsoleClient } from './support/console-client.js';

// What a team needs when many leads arrive, through the console's API on real Postgres: unread
// per operator, bulk actions (each lead on its own, audited on its own), related leads.
const team = consoleForThisFile({ operators: { ada: 'admin', max: 'member', eve: 'member' } });

/** Leads as the form stores them, `minutesAgo` apart in the order given; answers their ids. */
async function leads(...people: { name: string; email: string; message?: string }[]) {
  const ids: string[] = [];
  for (const [i, person] of people.entries()) {
    const [row] = await team.db.query<{ id: string }>(
      `INSERT INTO contact_submissions (name, email, company, role, message, created_at, kind)
       VALUES ($1, $2, 'Some Bank', 'CFO', $3, now() - make_interval(mins => $4), $5) RETURNING id`,
      [
        person.name,
        person.email,
        person.message ?? 'Hello',
        60 - i,
        kindOf(person.message ?? null),
      ],
    );
    ids.push(row!.id);
  }
  return ids;
}

const rows = async (client: ConsoleClient, query: string) => {
  const answer = await client.call('GET', `/leads?${query}`);
  expect(answer.status).toBe(200);
  return answer.body.leads as { id: string; unread: boolean; related: number; owner: string }[];
};

describe('unread', () => {
  it('is each operator’s own', async () => {
    const [id] = await leads({ name: 'Read Once', email: 'read.once@northbank.example' });
    expect((await team.max.call('GET', `/leads/${id}`)).status).toBe(200);
    expect((await rows(team.max, 'q=read once'))[0]!.unread).toBe(false);
    expect((await rows(team.eve, 'q=read once'))[0]!.unread).toBe(true);
    expect((await rows(team.eve, 'q=read once&unread=true')).map((row) => row.id)).toEqual([id]);
    expect(await rows(team.max, 'q=read once&unread=true')).toEqual([]);
  });

  it('lists every unread lead once, in order, whoever opened it first, page after page', async () => {
    // 150 leads, two at each moment (the order's tie is the id), opened first by nobody, by
    // max, by eve, by eve then max, or only by a `leads` command (read_at, nobody's read).
    const ids = (
      await team.db.query<{ id: string }>(
        `INSERT INTO contact_submissions (name, email, company, role, message, created_at, kind)
         SELECT 'Paged ' || i, 'paged' || i || '@pagedbank.example', 'Paged Bank', 'CFO', 'Hello',
                now() - interval '2 days' + (i / 2) * interval '1 minute', 'contact'
           FROM generate_series(1, 150) AS i RETURNING id`,
      )
    ).map((row) => row.id);
    const opened = (who: ConsoleClient[], every: number, from: number) =>
      ids.filter((_, i) => i % every === from).flatMap((id) => who.map((client) => [client, id]));
    for (const [client, id] of [
      ...opened([team.max], 5, 1),
      ...opened([team.eve], 5, 2),
      ...opened([team.eve, team.max], 5, 3),
    ] as [ConsoleClient, string][]) {
      expect((await client.call('GET', `/leads/${id}`)).status).toBe(200);
    }
    await team.db.query(
      `UPDATE contact_submissions SET read_at = now() WHERE id = ANY($1::uuid[])`,
      [ids.filter((_, i) => i % 5 === 4)],
    );

    for (const [client, name] of [
      [team.max, 'max'],
      [team.eve, 'eve'],
      [team.ada, 'ada'],
    ] as const) {
      for (const order of ['newest', 'oldest']) {
        const expected = await team.db.query<{ id: string }>(
          `SELECT s.id FROM contact_submissions s
            WHERE s.spam_reason IS NULL AND NOT EXISTS (
                    SELECT 1 FROM lead_reads r JOIN users u ON u.id = r.user_id
                     WHERE r.submission_id = s.id AND u.username = $1)
            ORDER BY s.created_at ${order === 'newest' ? 'DESC' : 'ASC'}, s.id ${order === 'newest' ? 'DESC' : 'ASC'}`,
          [name],
        );
        const listed: { id: string; unread: boolean }[] = [];
        let after: string | null = '';
        while (after !== null) {
          const answer = await client.call(
            'GET',
            `/leads?unread=true&order=${order}${after ? `&after=${after}` : ''}`,
          );
          expect(answer.status).toBe(200);
          listed.push(...(answer.body.leads as { id: string; unread: boolean }[]));
          after = answer.body.next as string | null;
        }
        expect(listed.map((row) => row.id)).toEqual(expected.map((row) => row.id));
        expect(listed.every((row) => row.unread)).toBe(true);
      }
    }
    // The counts agree: max and eve have each read 60 of them, ada none.
    const unreadOf = async (client: ConsoleClient) => {
      const answer = await client.call('GET', '/leads/counts?unread=true&q=paged bank');
      return Object.values(answer.body as Record<string, number>).reduce((a, b) => a + b, 0);
    };
    expect([await unreadOf(team.max), await unreadOf(team.eve), await unreadOf(team.ada)]).toEqual([
      90, 90, 150,
    ]);
  });
});

describe('bulk actions', () => {
  it('moves each selected lead on its own, and says which were refused and why', async () => {
    const [a, b, c] = await leads(
      { name: 'Bulk One', email: 'one@bulkbank.example' },
      { name: 'Bulk Two', email: 'two@bulkbank.example' },
      {
        name: 'Bulk Three',
        email: 'three@bulkbank.example',
        message: 'Subject: Accessibility Feedback\n\nFaint focus.',
      },
    );
    const answer = await team.max.call('POST', '/leads/bulk', {
      ids: [a, b, c],
      action: 'status',
      status: 'contacted',
    });
    expect(answer.status).toBe(200);
    expect(answer.body.results).toEqual([
      { id: a, ok: true },
      { id: b, ok: true },
      { id: c, ok: false, message: 'A new lead can move to acknowledged, not to contacted.' },
    ]);
    const audit = await team.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM audit_log WHERE command = 'status' AND actor = 'max'`,
    );
    expect(audit[0]!.n).toBe(2);
  });

  it('assigns as the role allows: a member takes, an admin gives', async () => {
    const [a, b] = await leads(
      { name: 'Owner One', email: 'o1@ownerbank.example' },
      { name: 'Owner Two', email: 'o2@ownerbank.example' },
    );
    const taken = await team.max.call('POST', '/leads/bulk', {
      ids: [a, b],
      action: 'owner',
      owner: 'max',
    });
    expect((taken.body.results as { ok: boolean }[]).every((result) => result.ok)).toBe(true);
    const refused = await team.eve.call('POST', '/leads/bulk', {
      ids: [a],
      action: 'owner',
      owner: 'eve',
    });
    expect(refused.body.results).toEqual([
      {
        id: a,
        ok: false,
        message: 'max is on this lead: only an admin can give it to someone else.',
      },
    ]);
    const given = await team.ada.call('POST', '/leads/bulk', {
      ids: [a, b],
      action: 'owner',
      owner: 'eve',
    });
    expect((given.body.results as { ok: boolean }[]).every((result) => result.ok)).toBe(true);
    expect((await rows(team.eve, 'owner=mine&q=owner')).map((row) => row.id).sort()).toEqual(
      [a, b].sort(),
    );
  });

  it('marks spam and back, each announced on its own', async () => {
    const [a] = await leads({ name: 'Spam Bulk', email: 'spam@spambank.example' });
    const marked = await team.max.call('POST', '/leads/bulk', { ids: [a], action: 'spam' });
    expect(marked.body.results).toEqual([{ id: a, ok: true }]);
    expect((await rows(team.max, 'spam=true&q=spam bulk')).map((row) => row.id)).toEqual([a]);
    await team.max.call('POST', '/leads/bulk', { ids: [a], action: 'not-spam' });
    expect((await rows(team.max, 'q=spam bulk')).map((row) => row.id)).toEqual([a]);
  });

  it('answers any body with a 200 or a 400 that says what to fix, never a 5xx', async () => {
    const before = await team.db.query(`SELECT count(*)::int AS n FROM audit_log`);
    await fc.assert(
      fc.asyncProperty(
        fc.record(
          {
            ids: fc.oneof(fc.array(fc.uuid(), { maxLength: 3 }), fc.anything()),
            action: fc.oneof(
              fc.constantFrom('status', 'owner', 'spam', 'not-spam', 'delete'),
              fc.anything(),
            ),
            status: fc.oneof(fc.constantFrom('contacted', 'won'), fc.anything()),
            owner: fc.oneof(fc.constantFrom('max', null), fc.anything()),
          },
          { requiredKeys: [] },
        ),
        async (body) => {
          const answer = await team.ada.call('POST', '/leads/bulk', body);
          expect([200, 400]).toContain(answer.status);
          if (answer.status === 400) expect(typeof answer.body.message).toBe('string');
        },
      ),
      { numRuns: 150 },
    );
    // Random ids name no lead: nothing changed, nothing audited.
    expect(await team.db.query(`SELECT count(*)::int AS n FROM audit_log`)).toEqual(before);
    const tooMany = Array.from({ length: 101 }, () => crypto.randomUUID());
    const answer = await team.ada.call('POST', '/leads/bulk', { ids: tooMany, action: 'spam' });
    expect([answer.status, answer.body.message]).toEqual([
      400,
      'Select between 1 and 100 leads (ids).',
    ]);
  });
});

describe('the refusals worded for each body', () => {
  const OWNER = 'Send owner: a username, or null to hand the lead back to the team.';
  const IDS = 'Select between 1 and 100 leads (ids).';
  const ID = '00000000-0000-4000-8000-000000000000';
  it.each([
    ['bulk', 'not an object', ['a'], 'Send a JSON object with ids and action.'],
    ['bulk', 'an unknown field', { ids: [ID], action: 'spam', why: 1 }, '"why" is not expected.'],
    ['bulk', 'no ids', { ids: [], action: 'spam' }, IDS],
    ['bulk', 'ids that are not ids', { ids: ['x'], action: 'spam' }, IDS],
    ['bulk', 'ids as text', { ids: ID, action: 'spam' }, IDS],
    [
      'bulk',
      'no status',
      { ids: [ID], action: 'status' },
      'Choose the status to move the leads to.',
    ],
    [
      'bulk',
      'an owner that is no name',
      { ids: [ID], action: 'owner', owner: 7 },
      'Choose an operator, or nobody (null) to hand the leads back to the team.',
    ],
    [
      'bulk',
      'an unknown action',
      { ids: [ID], action: 'delete' },
      'action is status, owner, spam or not-spam.',
    ],
    ['owner', 'not an object', 'max', OWNER],
    ['owner', 'no owner', {}, OWNER],
    ['owner', 'a number', { owner: 7 }, OWNER],
    ['owner', 'a name too long', { owner: 'x'.repeat(65) }, OWNER],
    ['owner', 'an unknown field', { owner: null, why: 'x' }, OWNER],
    [
      'status',
      'a status there is not',
      { status: 'won' },
      `There is no status "won": ${STATUSES.join(', ')}.`,
    ],
    ['status', 'a number', { status: 7 }, `There is no status 7: ${STATUSES.join(', ')}.`],
    ['status', 'not an object', null, `Send a JSON object with status: ${STATUSES.join(', ')}.`],
    [
      'preferences',
      'not an object',
      [],
      'Send a JSON object with email, autoAssign and awayUntil.',
    ],
    [
      'preferences',
      'an unknown field',
      { email: null, autoAssign: true, awayUntil: null, theme: 'dark' },
      '"theme" is not a preference.',
    ],
    [
      'preferences',
      'an address that is not one',
      { email: 'ada at bank', autoAssign: true, awayUntil: null },
      'Give an email address such as ada@bank.example, or none.',
    ],
    [
      'preferences',
      'no address at all',
      { autoAssign: true, awayUntil: null },
      'Give an email address such as ada@bank.example, or none.',
    ],
    [
      'preferences',
      'autoAssign as text',
      { email: null, autoAssign: 'yes', awayUntil: null },
      'autoAssign is true or false.',
    ],
    [
      'preferences',
      'a day that does not exist',
      { email: null, autoAssign: true, awayUntil: '2026-02-30' },
      'Away until is a date such as 2026-12-31, or none.',
    ],
  ])('%s: refuses %s with its sentence and changes nothing', async (route, _, body, message) => {
    const [id] = await leads({ name: 'Refused Body', email: 'refused.body@northbank.example' });
    const before = await team.db.query(`SELECT count(*)::int AS n FROM audit_log`);
    const [method, path] =
      route === 'bulk'
        ? ['POST', '/leads/bulk']
        : route === 'owner'
          ? ['PUT', `/leads/${id}/owner`]
          : route === 'status'
            ? ['POST', `/leads/${id}/status`]
            : ['PUT', '/account/preferences'];
    const answer = await team.ada.call(method as 'POST' | 'PUT', path, body);
    expect([answer.status, answer.body.message]).toEqual([400, message]);
    expect(await team.db.query(`SELECT count(*)::int AS n FROM audit_log`)).toEqual(before);
  });

  it('stores preferences trimmed, an empty address or day as none', async () => {
    const body = { email: '  eve@northbank.example ', autoAssign: false, awayUntil: '' };
    const answer = await team.eve.call('PUT', '/account/preferences', body);
    expect([answer.status, answer.body]).toEqual([
      200,
      { email: 'eve@northbank.example', autoAssign: false, awayUntil: null },
    ]);
    const leap = { email: '', autoAssign: false, awayUntil: '2028-02-29' };
    expect((await team.eve.call('PUT', '/account/preferences', leap)).body).toEqual({
      email: null,
      autoAssign: false,
      awayUntil: '2028-02-29',
    });
  });
});

describe('related leads', () => {
  it('lists earlier leads from the same address and company domain, never by a free-mail domain', async () => {
    const [first, colleague, , again] = await leads(
      { name: 'Rel First', email: 'anna@relbank.example' },
      { name: 'Rel Colleague', email: 'ben@RELBANK.example' },
      { name: 'Rel Gmail', email: 'anna.private@gmail.com' },
      { name: 'Rel Again', email: 'Anna@relbank.example' },
    );
    const [gmailTwo] = await leads({ name: 'Rel Gmail Two', email: 'someone@gmail.com' });
    const opened = await team.max.call('GET', `/leads/${again}`);
    expect(
      (opened.body.related as { id: string; sameAddress: boolean }[]).map((lead) => [
        lead.id,
        lead.sameAddress,
      ]),
    ).toEqual([
      [colleague, false],
      [first, true],
    ]);
    const shown = await rows(team.max, 'q=rel');
    const related = Object.fromEntries(shown.map((row) => [row.id, row.related]));
    expect(related[again!]).toBe(2);
    expect(related[first!]).toBe(0);
    expect(related[gmailTwo!]).toBe(0);
  });
});
