import { describe, expect, it } from '@jest/globals';
import { parse } from 'csv-parse/sync';
import fc from 'fast-check';
import { consoleForThisFile, leadsCommand, type ConsoleClient } from './support/console-client.js';
import { request, VALID_CONTACT } from './support/test-app.js';

// The lead inbox through the console's API, as both roles, on real Postgres, and its operations
// through the `leads` command, which runs the same code (src/inbox/inbox.ts).
const ACCESSIBILITY = 'Subject: Accessibility Feedback\n\n';

const team = consoleForThisFile({
  services: [{}],
  console: { SUPPORT_HOLIDAYS: '2026-12-25' },
  operators: { ada: 'admin', max: 'member' },
});

/** A lead stored as the form stores it; answers its id. */
async function submit(fields: Partial<typeof VALID_CONTACT> & Record<string, unknown> = {}) {
  const answer = await team.api.post({ ...VALID_CONTACT, ...fields });
  expect(answer.status).toBe(201);
  const [row] = await team.db.query<{ id: string }>(
    `SELECT id FROM contact_submissions ORDER BY created_at DESC LIMIT 1`,
  );
  return row!.id;
}

/** Leads written straight into the table, `minutesAgo` apart, for volume and for old dates. */
async function insertLeads(n: number, name: string, minutesAgo = 1) {
  await team.db.query(
    `INSERT INTO contact_submissions (name, email, company, role, message, created_at, kind)
     SELECT $1 || ' ' || i, 'bulk' || i || '@bank.example', 'Bulk Bank', 'Analyst', 'Hello',
            now() - make_interval(mins => i * $2), 'contact'
       FROM generate_series(1, $3) AS i`,
    [name, minutesAgo, n],
  );
}

const page = async (client: ConsoleClient, query: string) => {
  const answer = await client.call('GET', `/leads?${query}`);
  expect(answer.status).toBe(200);
  return answer.body as { leads: Record<string, unknown>[]; next: string | null };
};

describe('the inbox', () => {
  it('lists leads newest first with what a list needs, and no address or message', async () => {
    const id = await submit({ name: 'Newest Person' });
    const { leads } = await page(team.max, '');
    expect(leads[0]).toMatchObject({ id, name: 'Newest Person', status: 'new', unread: true });
    expect(Object.keys(leads[0]!).sort()).toEqual(
      [
        'company',
        'deliveryFailed',
        'due',
        'id',
        'kind',
        'meeting',
        'name',
        'owner',
        'receivedAt',
        'related',
        'role',
        'spam',
        'status',
        'unread',
      ].sort(),
    );
  });

  it('pages by keyset, newest or oldest first: every lead once, in order, across pages', async () => {
    await insertLeads(120, 'Paged');
    for (const order of ['newest', 'oldest']) {
      const seen: string[] = [];
      const times: number[] = [];
      let next: string | null = '';
      while (next !== null) {
        const answer = await page(
          team.max,
          `q=paged&order=${order}${next ? `&after=${next}` : ''}`,
        );
        seen.push(...answer.leads.map((lead) => lead.id as string));
        times.push(...answer.leads.map((lead) => Date.parse(lead.receivedAt as string)));
        next = answer.next;
      }
      expect(seen).toHaveLength(120);
      expect(new Set(seen).size).toBe(120);
      const sorted = [...times].sort((a, b) => a - b);
      expect(times).toEqual(order === 'oldest' ? sorted : sorted.reverse());
    }
  });

  it('searches every field, any script, accents ignored, each word as a prefix', async () => {
    const zoe = await submit({ name: 'Zoë Ångström', company: 'Crédit Lyonnais' });
    const greek = await submit({ name: 'Ελένη Παπαδοπούλου', email: 'eleni@athens-bank.example' });
    const russian = await submit({ name: 'Anna', message: 'Нужно предложение по облигациям' });
    const ids = async (q: string) =>
      (await page(team.max, `q=${encodeURIComponent(q)}`)).leads.map((lead) => lead.id);
    expect(await ids('zoe angstrom')).toEqual([zoe]);
    expect(await ids('CREDIT lyon')).toEqual([zoe]);
    expect(await ids('ελενη')).toEqual([greek]);
    expect(await ids('athens-bank')).toEqual([greek]);
    expect(await ids('облигац')).toEqual([russian]);
    expect(await ids('zoe nobody')).toEqual([]);
  });

  it('filters by kind, status, unread and dates, and counts per status', async () => {
    const feedback = await submit({ message: `${ACCESSIBILITY}The focus ring is faint.` });
    const only = await page(team.max, 'kind=accessibility');
    expect(only.leads.map((lead) => lead.id)).toContain(feedback);
    expect(only.leads.every((lead) => lead.kind === 'accessibility')).toBe(true);
    expect((await page(team.max, 'from=2000-01-01&to=2000-01-31')).leads).toEqual([]);

    const counts = await team.max.call('GET', '/leads/counts?kind=accessibility');
    expect(counts.status).toBe(200);
    expect(counts.body).toEqual({ new: only.leads.length });
  });

  it('refuses a filter it cannot read, with a sentence that says what it takes', async () => {
    for (const [query, message] of [
      ['kind=sales', 'kind is contact or accessibility.'],
      ['status=won', 'There is no status "won".'],
      ['from=2026-02-30', 'from is a date such as 2026-11-24.'],
      ['from=2026-02-02&to=2026-02-01', 'from is after to: the date range is empty.'],
      ['colour=red', 'The inbox has no filter named "colour".'],
      ['after=1;DROP', 'after is not a place in the inbox: follow the link to the next page.'],
      ['order=name', 'order is newest or oldest.'],
      [`q=${'a'.repeat(201)}`, 'Search for at most 200 characters.'],
      ['kind=contact&kind=accessibility', 'Give kind once, as text.'],
    ]) {
      const answer = await team.max.call('GET', `/leads?${query}`);
      expect([query, answer.status, answer.body.message]).toEqual([query, 400, message]);
    }
  });

  it('records every list in the audit trail, without the search words', async () => {
    await page(team.max, 'q=Secret%20Person&kind=contact');
    const [record] = await team.db.query<{ actor: string; details: Record<string, unknown> }>(
      `SELECT actor, details FROM audit_log WHERE command = 'list' ORDER BY id DESC LIMIT 1`,
    );
    expect(record).toEqual({
      actor: 'max',
      details: { kind: 'contact', spam: false, search: true },
    });
  });

  it('answers 401 to anyone not signed in', async () => {
    const answer = await request(`${team.console_.baseUrl}/api/console/leads`, {
      headers: { 'sec-fetch-site': 'same-origin' },
    });
    expect(answer.status).toBe(401);
  });
});

describe('a lead', () => {
  it('opens with every field, marks it read, and audits the read by the person’s hash', async () => {
    const id = await submit({ name: 'Open Me', email: 'open@bank.example' });
    const opened = await team.max.call('GET', `/leads/${id}`);
    expect(opened.status).toBe(200);
    expect(opened.body).toMatchObject({
      id,
      name: 'Open Me',
      email: 'open@bank.example',
      status: 'new',
      next: ['contacted'],
      history: [],
      notes: [],
    });
    expect((opened.body.notifications as unknown[]).length).toBeGreaterThan(0);
    const listed = (await page(team.max, 'q=open')).leads.find((lead) => lead.id === id);
    expect(listed?.unread).toBe(false);
    const [shown] = await team.db.query<{ subject_hash: string | null; actor: string }>(
      `SELECT subject_hash, actor FROM audit_log WHERE command = 'show' ORDER BY id DESC LIMIT 1`,
    );
    expect(shown?.actor).toBe('max');
    expect(shown?.subject_hash).toMatch(/^[0-9a-f]{64}$/);
    expect((await team.max.call('GET', '/leads/not-an-id')).status).toBe(404);
    expect((await team.max.call('GET', `/leads/${crypto.randomUUID()}`)).status).toBe(404);
  });

  it('moves through its workflow, refuses a skipped step, and keeps the history', async () => {
    const id = await submit({ name: 'Workflow' });
    const skipped = await team.max.call('POST', `/leads/${id}/status`, { status: 'qualified' });
    expect([skipped.status, skipped.body.message]).toEqual([
      409,
      'A new lead can move to contacted, not to qualified.',
    ]);
    expect((await team.max.call('POST', `/leads/${id}/status`, { status: 'won' })).status).toBe(
      400,
    );
    const contacted = await team.max.call('POST', `/leads/${id}/status`, { status: 'contacted' });
    expect(contacted.body).toMatchObject({ status: 'contacted', next: ['qualified', 'not_a_fit'] });
    // The `leads` command is a second face of the same operation.
    const cli = await leadsCommand(team.db.url, `status ${id} not_a_fit`, 'operator@test-host');
    expect(cli).toEqual({ code: 0, out: 'The lead is not a fit.\n', err: '' });
    const done = await team.ada.call('GET', `/leads/${id}`);
    expect(done.body.history).toEqual([
      expect.objectContaining({ actor: 'max', from: 'new', to: 'contacted' }),
      expect.objectContaining({ actor: 'operator@test-host', from: 'contacted', to: 'not_a_fit' }),
    ]);
    const late = await team.max.call('POST', `/leads/${id}/status`, { status: 'qualified' });
    expect([late.status, late.body.message]).toEqual([
      409,
      'This lead is not a fit: its work is done.',
    ]);
  });

  it('keeps notes as plain text with their author and time', async () => {
    const id = await submit();
    const note = await team.max.call('POST', `/leads/${id}/notes`, {
      body: '  Called back <b>Tuesday</b>.\nWants a demo.  ',
    });
    expect(note.status).toBe(201);
    expect(note.body).toMatchObject({
      author: 'max',
      body: 'Called back <b>Tuesday</b>.\nWants a demo.',
    });
    expect((await team.max.call('POST', `/leads/${id}/notes`, { body: '   ' })).status).toBe(400);
    const long = await team.max.call('POST', `/leads/${id}/notes`, { body: 'x'.repeat(5001) });
    expect([long.status, long.body.message]).toEqual([
      400,
      'Shorten the note to 5,000 characters or fewer.',
    ]);
    expect((await team.max.call('POST', `/leads/${id}/notes`, { body: 7 })).status).toBe(400);
    // Read back with the lead as it was answered: its id, time, author and text, nothing else.
    const opened = await team.max.call('GET', `/leads/${id}`);
    expect(opened.body.notes).toEqual([note.body]);
    expect(Object.keys(note.body).sort()).toEqual(['at', 'author', 'body', 'id']);
  });

  it('is marked spam and released; a released lead is announced once', async () => {
    await team.api.post({ ...VALID_CONTACT, name: 'Flagged', contact_me_by_fax_only: true });
    const [{ id }] = (await team.db.query<{ id: string }>(
      `SELECT id FROM contact_submissions WHERE name = 'Flagged'`,
    )) as [{ id: string }];
    expect((await page(team.max, 'spam=true')).leads.map((lead) => lead.id)).toContain(id);
    const released = await team.max.call('POST', `/leads/${id}/not-spam`);
    expect(released.status).toBe(200);
    expect(released.body.spamReason).toBeNull();
    const channels = (released.body.notifications as { channel: string }[]).map((n) => n.channel);
    expect(channels).toContain('email');
    await team.max.call('POST', `/leads/${id}/spam`);
    const again = await team.max.call('POST', `/leads/${id}/not-spam`);
    expect((again.body.notifications as unknown[]).length).toBe(channels.length);
    const [{ n }] = (await team.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM audit_log WHERE command IN ('spam', 'not spam')`,
    )) as [{ n: number }];
    expect(n).toBe(3);
  });
});

describe('due times', () => {
  it('counts business days in support hours and shows overdue feedback in the inbox and /metrics', async () => {
    const id = await submit({ message: `${ACCESSIBILITY}The skip link is hidden.` });
    // Received on Friday 2026-12-18 at 16:00 in Paris: 16 support hours later is Tuesday 16:00.
    await team.db.query(
      `UPDATE contact_submissions SET created_at = '2026-12-18T15:00:00Z' WHERE id = $1`,
      [id],
    );
    const opened = await team.max.call('GET', `/leads/${id}`);
    expect(opened.body.due).toMatchObject({ step: 'acknowledge', at: '2026-12-22T15:00:00.000Z' });
    // Acknowledged: assessment is due 5 business days from receipt, Christmas (a holiday) off.
    const acknowledged = await team.max.call('POST', `/leads/${id}/status`, {
      status: 'acknowledged',
    });
    expect(acknowledged.body.due).toMatchObject({ step: 'assess', at: '2026-12-28T15:00:00.000Z' });

    // The clock passes the due time: the report is overdue in the inbox's filter.
    await team.db.query(
      `UPDATE contact_submissions SET created_at = now() - interval '30 days' WHERE id = $1`,
      [id],
    );
    const overdue = await page(team.max, 'due=overdue');
    expect(overdue.leads.map((lead) => lead.id)).toContain(id);
    expect(overdue.leads.find((lead) => lead.id === id)?.due).toMatchObject({ overdue: true });
    const metrics = await request(`${team.api.baseUrl}/metrics`);
    expect(metrics.text).toMatch(
      /lead_promises_due\{kind="accessibility",step="assess",due="overdue"\} 1/,
    );
  });
});

describe('deliveries', () => {
  it('lists failed notifications and delivers one again', async () => {
    const id = await submit({ name: 'Undelivered' });
    await team.db.query(
      `UPDATE notifications SET status = 'failed', last_error = 'connection refused' WHERE submission_id = $1`,
      [id],
    );
    const failed = await team.max.call('GET', '/deliveries?status=failed');
    expect(failed.status).toBe(200);
    const ofLead = (failed.body as unknown as { id: string; submissionId: string }[]).filter(
      (delivery) => delivery.submissionId === id,
    );
    expect(ofLead.length).toBeGreaterThan(0);
    const again = await team.max.call('POST', `/deliveries/${ofLead[0]!.id}/deliver-again`);
    expect([again.status, again.body.status]).toEqual([200, 'pending']);
    const none = await team.max.call('POST', `/deliveries/${ofLead[0]!.id}/deliver-again`);
    expect(none.status).toBe(409);
    const all = await team.max.call('POST', `/leads/${id}/deliver-again`);
    expect(all.status).toBe(ofLead.length > 1 ? 200 : 409);
    expect((await team.max.call('GET', '/deliveries?status=sent')).status).toBe(400);
  });
});

describe('admin', () => {
  it('exports the filter as formula-safe CSV and as JSON, for admins only', async () => {
    await submit({ name: '=HYPERLINK("http://evil.example","x")', company: 'Export Co' });
    expect((await team.max.call('GET', '/admin/leads/export?format=csv')).status).toBe(403);
    const csv = await team.ada.call('GET', '/admin/leads/export?format=csv&q=export');
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.headers.get('content-disposition')).toMatch(
      /^attachment; filename="leads-.*\.csv"$/,
    );
    const rows = parse(csv.text.replace(/^\ufeff/, ''), { columns: true }) as Record<
      string,
      string
    >[];
    expect(rows.map((row) => row.name)).toEqual(['\'=HYPERLINK("http://evil.example","x")']);
    const json = await team.ada.call('GET', '/admin/leads/export?format=json&q=export');
    expect(JSON.parse(json.text)).toEqual([
      expect.objectContaining({ name: '=HYPERLINK("http://evil.example","x")', status: 'new' }),
    ]);
    const [record] = await team.db.query<{ actor: string; rows: number; details: object }>(
      `SELECT actor, rows, details FROM audit_log WHERE command = 'export' ORDER BY id DESC LIMIT 1`,
    );
    expect(record).toEqual({
      actor: 'ada',
      rows: 1,
      details: { format: 'json', spam: false, search: true },
    });
    expect((await team.ada.call('GET', '/admin/leads/export?format=xml')).status).toBe(400);
  });

  it('erases an address once the admin types it again', async () => {
    await submit({ email: 'Forget.Me@bank.example' });
    await submit({ email: 'forget.me@bank.example' });
    const body = { email: 'forget.me@BANK.example' };
    expect((await team.max.call('POST', '/admin/leads/erasure/preview', body)).status).toBe(403);
    const preview = await team.ada.call('POST', '/admin/leads/erasure/preview', body);
    expect(preview.body).toMatchObject({ submissions: 2 });
    const mistyped = await team.ada.call('POST', '/admin/leads/erasure', {
      ...body,
      confirm: 'forget@bank.example',
    });
    expect([mistyped.status, mistyped.body.message]).toEqual([
      400,
      'Type the address again, exactly, to confirm the erasure.',
    ]);
    const erased = await team.ada.call('POST', '/admin/leads/erasure', {
      ...body,
      confirm: body.email,
    });
    expect(erased.body).toMatchObject({ submissions: 2 });
    const [{ n }] = (await team.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM contact_submissions WHERE lower(email) = 'forget.me@bank.example'`,
    )) as [{ n: number }];
    expect(n).toBe(0);
    expect(
      (await team.ada.call('POST', '/admin/leads/erasure', { email: 'nope', confirm: 'nope' }))
        .status,
    ).toBe(400);
  });
});

describe('the overview', () => {
  it('counts leads per week and kind, the median time to a first status change, and due promises', async () => {
    const answer = await team.max.call('GET', '/overview');
    expect(answer.status).toBe(200);
    const overview = answer.body as unknown as {
      weekly: { week: string; kind: string; n: number }[];
      firstResponse: { kind: string; leads: number; medianHours: number }[];
      due: { kind: string; step: string; overdue: number; soon: number }[];
    };
    const [{ n: stored }] = (await team.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM contact_submissions
        WHERE spam_reason IS NULL AND created_at >= now() - interval '84 days'`,
    )) as [{ n: number }];
    expect(overview.weekly.reduce((sum, week) => sum + week.n, 0)).toBe(stored);
    expect(overview.weekly.every((week) => /^\d{4}-\d{2}-\d{2}$/.test(week.week))).toBe(true);
    expect(overview.firstResponse.find((row) => row.kind === 'contact')?.leads).toBeGreaterThan(0);
    expect(overview.due.map((row) => `${row.kind}/${row.step}`)).toEqual([
      'contact/callback',
      'accessibility/acknowledge',
      'accessibility/assess',
    ]);
    expect(overview.due.find((row) => row.step === 'assess')?.overdue).toBeGreaterThanOrEqual(1);
  });
});

describe('any input', () => {
  const names = fc.oneof(
    fc.constantFrom('kind', 'status', 'spam', 'from', 'to', 'q', 'unread', 'due', 'order', 'after'),
    fc.string({ maxLength: 8 }),
  );
  const values = fc.oneof(
    fc.constantFrom('contact', 'accessibility', 'new', 'true', 'oldest', 'overdue', '2026-11-24'),
    fc.string({ maxLength: 30, unit: 'binary' }),
    fc.string({ maxLength: 250 }),
  );

  it('any query on the inbox and its counts is a page or a 400, never a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(names, values), { maxLength: 5 }), async (pairs) => {
        const query = new URLSearchParams(pairs).toString();
        for (const path of ['/leads', '/leads/counts']) {
          const answer = await team.max.call('GET', `${path}?${query}`);
          expect([200, 400]).toContain(answer.status);
          if (answer.status === 400) expect(typeof answer.body.message).toBe('string');
        }
      }),
      { numRuns: 150 },
    );
  });

  it('any body for a status or a note is answered with a 4xx or done, never a 5xx', async () => {
    const id = await submit({ name: 'Fuzzed' });
    const bodies = fc.oneof(
      fc.jsonValue(),
      fc.record({ status: fc.oneof(fc.string(), fc.constantFrom('contacted', 'resolved')) }),
      fc.record({ body: fc.string({ maxLength: 6000, unit: 'binary' }) }),
    );
    await fc.assert(
      fc.asyncProperty(bodies, fc.constantFrom('status', 'notes'), async (body, what) => {
        const answer = await team.max.call('POST', `/leads/${id}/${what}`, body);
        expect([200, 201, 400, 409]).toContain(answer.status);
      }),
      { numRuns: 150 },
    );
    // Whatever was refused changed nothing: the lead is new or contacted, its notes well formed.
    const [lead] = await team.db.query<{ status: string }>(
      `SELECT status FROM contact_submissions WHERE id = $1`,
      [id],
    );
    expect(['new', 'contacted']).toContain(lead?.status);
  });
});
