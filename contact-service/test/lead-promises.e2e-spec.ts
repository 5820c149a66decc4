import { describe, expect, it } from '@jest/globals';
import { PromiseWatch } from '../src/notifications/promise-watch.js';
import { consoleForThisFile, type ConsoleClient } from './support/console-client.js';
import { VALID_CONTACT } from './support/test-app.js';

// The callback promise, owners, reminders and escalations on real Postgres: two services with
// their workers (as `make up` runs replicas), a real SMTP server, the console with its clock
// moved, and the watch's jobs run at chosen times.
const HOUR = 3_600_000;
const TEAM = 'sales@bank-proposals.example';
/** An operator's preferences as they start: no address of their own, no automatic leads. */
const NO_PREFERENCES = { email: null, autoAssign: false, awayUntil: null };

const team = consoleForThisFile({
  mail: { AUTO_ASSIGN: 'contact' },
  services: [{}, {}],
  operators: { ada: 'admin', max: 'member', eve: 'member' },
});

/** A contact request through the form; answers its id and receipt time. */
async function submit(name: string) {
  const answer = await team.apis[0]!.post({ ...VALID_CONTACT, name });
  expect(answer.status).toBe(201);
  const [row] = await team.db.query<{ id: string; created_at: Date }>(
    `SELECT id, created_at FROM contact_submissions WHERE name = $1`,
    [name],
  );
  return { id: row!.id, receivedAt: new Date(row!.created_at) };
}

const lead = async (client: ConsoleClient, id: string) => {
  const answer = await client.call('GET', `/leads/${id}`);
  expect(answer.status).toBe(200);
  return answer.body as unknown as OpenedLead;
};

/** What the lead screen reads of a lead here. */
interface OpenedLead {
  due: Record<string, unknown> | null;
  owner: string | null;
  history: ({ event: string } & Record<string, unknown>)[];
  notifications: Record<string, unknown>[];
}

const ids = async (client: ConsoleClient, query: string) => {
  const answer = await client.call('GET', `/leads?${query}`);
  expect(answer.status).toBe(200);
  return (answer.body.leads as { id: string }[]).map((row) => row.id);
};

const watches = () => team.apis.map((api) => api.app.get(PromiseWatch));

/** The first mail whose subject starts so, once it has arrived. */
async function mailNamed(start: string, timeoutMs = 20_000) {
  const started = Date.now();
  for (;;) {
    const mail = team.smtp.mails.find((each) => each.parsed.subject?.startsWith(start));
    if (mail) return mail;
    if (Date.now() - started > timeoutMs)
      throw new Error(`no mail "${start}…" within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function preferences(client: ConsoleClient, body: Record<string, unknown>) {
  const answer = await client.call('PUT', '/account/preferences', body);
  expect([answer.status, answer.body]).toEqual([200, expect.objectContaining(body)]);
}

/** A contact request received `hours` ago, written as the form writes it. */
async function receivedAgo(name: string, hours: number) {
  const [row] = await team.db.query<{ id: string; created_at: Date }>(
    `INSERT INTO contact_submissions (name, email, company, role, message, created_at, kind)
     VALUES ($1, 'ago@bank.example', 'Ago Bank', 'CFO', 'Hi', now() - make_interval(secs => $2), 'contact')
     RETURNING id, created_at`,
    [name, hours * 3600],
  );
  return { id: row!.id, receivedAt: new Date(row!.created_at) };
}

describe('the callback promise', () => {
  it('is due 24 hours after receipt by the clock, due soon 4 hours before, then overdue', async () => {
    const { id, receivedAt } = await submit('Promise Person');
    expect((await lead(team.max, id)).due).toEqual({
      step: 'callback',
      at: new Date(receivedAt.getTime() + 24 * HOUR).toISOString(),
      overdue: false,
      soon: false,
    });
    const soon = await receivedAgo('Soon Person', 20.1);
    const overdue = await receivedAgo('Overdue Person', 24.1);
    expect((await lead(team.max, soon.id)).due).toMatchObject({ soon: true, overdue: false });
    expect((await lead(team.max, overdue.id)).due).toMatchObject({ soon: false, overdue: true });
    expect(await ids(team.max, 'due=soon&kind=contact')).toEqual([soon.id]);
    expect(await ids(team.max, 'due=overdue')).toEqual([overdue.id]);
    expect(await ids(team.max, 'due=today&kind=accessibility')).toEqual([]);

    const metrics = await fetch(`${team.apis[0]!.baseUrl}/metrics`).then((answer) => answer.text());
    expect(metrics).toMatch(/lead_promises_due\{kind="contact",step="callback",due="overdue"\} 1/);
    expect(metrics).toMatch(/lead_promises_due\{kind="contact",step="callback",due="soon"\} 1/);
  });

  it('is tracked for the very hours the receipt promises', async () => {
    // The site, the toast and the receipt read contract/promises.json; the service tracks it. A
    // receipt that said other hours than the due time the team works to would break the promise
    // quietly, whichever side drifted.
    const { id, receivedAt } = await submit('Receipt Reader');
    const receipt = await mailNamed('We received your request');
    const promised = /within (\d+) hours/.exec(receipt.parsed.text ?? '');
    expect(promised).not.toBeNull();
    const due = (await lead(team.max, id)).due as { at: string };
    expect(Date.parse(due.at) - receivedAt.getTime()).toBe(Number(promised![1]) * HOUR);
  });

  it('is kept when the lead is contacted in time, and the overview counts it kept or late', async () => {
    const before = (await team.max.call('GET', '/overview')).body.promises as Record<
      string,
      unknown
    >[];
    const leads = [await receivedAgo('Late Lead', 30), await receivedAgo('Kept Lead', 2)];
    for (const { id } of leads) {
      const moved = await team.max.call('POST', `/leads/${id}/status`, { status: 'contacted' });
      expect(moved.status).toBe(200);
      expect(moved.body.due).toBeNull();
    }
    const rows = await team.db.query<{ name: string; responded_on_time: boolean }>(
      `SELECT name, responded_on_time FROM contact_submissions
        WHERE id = ANY($1::uuid[]) ORDER BY name`,
      [leads.map((row) => row.id)],
    );
    expect(rows.map((row) => [row.name, row.responded_on_time])).toEqual([
      ['Kept Lead', true],
      ['Late Lead', false],
    ]);
    const after = (await team.max.call('GET', '/overview')).body.promises as Record<
      string,
      unknown
    >[];
    const sum = (list: Record<string, unknown>[], field: string) =>
      list
        .filter((row) => row.kind === 'contact')
        .reduce((n, row) => n + (row[field] as number), 0);
    expect(sum(after, 'answered') - sum(before, 'answered')).toBe(2);
    expect(sum(after, 'kept') - sum(before, 'kept')).toBe(1);
    expect(sum(after, 'late') - sum(before, 'late')).toBe(1);
  });
});

describe('owners', () => {
  it('lets a member take a lead nobody owns and hand it back, and an admin assign it', async () => {
    const { id } = await submit('Owned Person');
    expect((await lead(team.max, id)).owner).toBeNull();
    expect(await ids(team.max, 'owner=unowned')).toContain(id);

    const taken = await team.max.call('PUT', `/leads/${id}/owner`, { owner: 'max' });
    expect([taken.status, taken.body.owner]).toEqual([200, 'max']);
    expect(await ids(team.max, 'owner=mine')).toContain(id);
    expect(await ids(team.eve, 'owner=mine')).not.toContain(id);

    const refused = await team.eve.call('PUT', `/leads/${id}/owner`, { owner: 'eve' });
    expect([refused.status, refused.body.message]).toEqual([
      403,
      'max is on this lead: only an admin can give it to someone else.',
    ]);
    const nobody = await team.ada.call('PUT', `/leads/${id}/owner`, { owner: 'nobody' });
    expect(nobody.status).toBe(400);
    const bad = await team.ada.call('PUT', `/leads/${id}/owner`, { owner: 42 });
    expect(bad.status).toBe(400);

    expect((await team.ada.call('PUT', `/leads/${id}/owner`, { owner: 'eve' })).body.owner).toBe(
      'eve',
    );
    const back = await team.eve.call('PUT', `/leads/${id}/owner`, { owner: null });
    expect([back.status, back.body.owner]).toEqual([200, null]);

    const history = (await lead(team.ada, id)).history.filter((e) => e.event === 'owner');
    expect(history.map((e: Record<string, unknown>) => [e.actor, e.from, e.to])).toEqual([
      ['max', null, 'max'],
      ['ada', 'max', 'eve'],
      ['eve', 'eve', null],
    ]);
    const audit = await team.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM audit_log WHERE command = 'owner'`,
    );
    expect(audit[0]!.n).toBeGreaterThanOrEqual(3);
  });

  it('hands an account’s open leads back to the team when it is disabled', async () => {
    const { id } = await submit('Disabled Owner Lead');
    await team.ada.call('PUT', `/leads/${id}/owner`, { owner: 'eve' });
    const disable = await team.ada.call('POST', '/admin/users/eve/disable');
    expect(disable.status).toBeLessThan(300);
    expect((await lead(team.ada, id)).owner).toBeNull();
    expect((await team.ada.call('POST', '/admin/users/eve/enable')).status).toBeLessThan(300);
  });

  it('keeps an operator’s preferences as given: the day away is the same day when read back', async () => {
    for (const awayUntil of ['2026-12-31', '2027-01-01', '2028-02-29', null]) {
      const body = { email: 'ada@bank-proposals.example', autoAssign: true, awayUntil };
      await preferences(team.ada, body);
      const read = await team.ada.call('GET', '/account/preferences');
      expect([read.status, read.body]).toEqual([200, body]);
    }
    await preferences(team.ada, NO_PREFERENCES);
  });
});

describe('reminders and escalations', () => {
  it('reminds the team before the due time and escalates at it, once each with two workers', async () => {
    await preferences(team.ada, { ...NO_PREFERENCES, email: 'ada@bank-proposals.example' });
    const { id, receivedAt } = await submit('Reminded Person');
    await team.smtp.waitFor(1);
    const job = { leadId: id, action: 'reminder', step: 'callback' } as const;
    const at = (hours: number) => new Date(receivedAt.getTime() + hours * HOUR);

    // Early (the settings moved its time): nothing yet, the job waits for its time.
    expect(await watches()[0]!.run(job, at(19))).toBe(false);
    const runs = await Promise.all(watches().map((watch) => watch.run(job, at(20.1))));
    expect(runs.filter(Boolean)).toHaveLength(1);
    const reminder = await mailNamed('Reminder: call back Reminded Person');
    expect(reminder.parsed.subject).toMatch(/^Reminder: call back Reminded Person \(.+\) by /);
    expect(reminder.recipients).toEqual([TEAM]);
    expect(reminder.parsed.text).toContain(
      `https://console.bank-proposals.example/console/leads/${id}`,
    );
    expect(reminder.parsed.text).not.toContain(VALID_CONTACT.email);

    const escalation = { ...job, action: 'escalation' } as const;
    expect(await watches()[1]!.run(escalation, at(23.9))).toBe(false);
    const escalations = await Promise.all(watches().map((watch) => watch.run(escalation, at(24))));
    expect(escalations.filter(Boolean)).toHaveLength(1);
    const overdue = await mailNamed('Overdue: nobody has managed to call back Reminded Person');
    expect(overdue.recipients.sort()).toEqual(['ada@bank-proposals.example', TEAM].sort());

    const opened = await lead(team.ada, id);
    expect(
      opened.history
        .filter((e) => e.event !== 'owner')
        .map((e: Record<string, unknown>) => [e.event, e.step, e.to]),
    ).toEqual([
      ['reminder', 'callback', 'the team'],
      ['escalation', 'callback', 'the admins and the team'],
    ]);
    expect(
      opened.notifications.map((n: Record<string, unknown>) => `${n.purpose}:${n.channel}`).sort(),
    ).toEqual(['escalation:callback:email', 'lead:email', 'reminder:callback:email']);
  });

  it('reminds the owner at their address, and says nothing once the promise is kept', async () => {
    await preferences(team.max, { ...NO_PREFERENCES, email: 'max@bank-proposals.example' });
    const { id, receivedAt } = await submit('Owner Reminded');
    await team.max.call('PUT', `/leads/${id}/owner`, { owner: 'max' });
    const job = { leadId: id, action: 'reminder', step: 'callback' } as const;
    expect(await watches()[0]!.run(job, new Date(receivedAt.getTime() + 21 * HOUR))).toBe(true);
    const mail = await mailNamed('Reminder: call back Owner Reminded');
    expect(mail.recipients).toEqual(['max@bank-proposals.example']);

    expect(
      (await team.max.call('POST', `/leads/${id}/status`, { status: 'contacted' })).status,
    ).toBe(200);
    const escalation = { ...job, action: 'escalation' } as const;
    expect(await watches()[1]!.run(escalation, new Date(receivedAt.getTime() + 25 * HOUR))).toBe(
      false,
    );
    const notices = await team.db.query(
      `SELECT 1 FROM notifications WHERE submission_id = $1 AND purpose LIKE 'escalation:%'`,
      [id],
    );
    expect(notices).toHaveLength(0);
  });

  it('sends nothing for a lead marked spam, and cancels what it has pending', async () => {
    const { id, receivedAt } = await submit('Spam Later');
    await team.db.query(
      `INSERT INTO notifications (submission_id, channel, purpose, enqueued_at)
       VALUES ($1, 'slack', 'reminder:callback', now())`,
      [id],
    );
    expect((await team.max.call('POST', `/leads/${id}/spam`)).status).toBe(200);
    const [row] = await team.db.query<{ status: string }>(
      `SELECT status FROM notifications WHERE submission_id = $1 AND channel = 'slack'`,
      [id],
    );
    expect(row!.status).toBe('cancelled');
    const job = { leadId: id, action: 'escalation', step: 'callback' } as const;
    expect(await watches()[0]!.run(job, new Date(receivedAt.getTime() + 25 * HOUR))).toBe(false);
  });
});

describe('automatic assignment', () => {
  it('gives leads in turn to the operators who opted in, never two to one while another is next', async () => {
    for (const client of [team.ada, team.max]) {
      await preferences(client, { email: null, autoAssign: true, awayUntil: null });
    }
    // Eve's sessions ended when she was disabled above: she opts in as her account page would.
    await team.db.query(`UPDATE users SET auto_assign = true WHERE username = 'eve'`);
    await team.db.query(`UPDATE users SET last_assigned_at = NULL`);
    const rows = await team.db.query<{ id: string }>(
      `INSERT INTO contact_submissions (name, email, company, role, message, kind)
       SELECT 'Turn ' || i, 'turn' || i || '@bank.example', 'Turn Bank', 'CFO', 'Hi', 'contact'
         FROM generate_series(1, 6) AS i RETURNING id`,
    );
    const now = new Date();
    await Promise.all(
      rows.map(({ id }, i) => watches()[i % 2]!.run({ leadId: id, action: 'assign' }, now)),
    );
    const owners = await team.db.query<{ username: string; n: number }>(
      `SELECT u.username, count(*)::int AS n FROM contact_submissions s JOIN users u ON u.id = s.owner_id
        WHERE s.id = ANY($1::uuid[]) GROUP BY 1 ORDER BY 1`,
      [rows.map((row) => row.id)],
    );
    expect(owners).toEqual([
      { username: 'ada', n: 2 },
      { username: 'eve', n: 2 },
      { username: 'max', n: 2 },
    ]);
  });

  it('skips an operator who is away, and assigns a lead from the form by itself', async () => {
    await team.db.query(`UPDATE users SET away_until = '2999-01-01' WHERE username = 'eve'`);
    await preferences(team.ada, NO_PREFERENCES);
    const { id } = await submit('Auto Assigned');
    const started = Date.now();
    let owner: string | null = null;
    while (!owner && Date.now() - started < 20_000) {
      owner = (await lead(team.ada, id)).owner;
      if (!owner) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(owner).toBe('max');
  });
});
