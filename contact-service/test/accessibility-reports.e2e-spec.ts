import statement from '@proposal-site/contract/accessibility-statement.json' with { type: 'json' };
import { describe, expect, it } from '@jest/globals';
import { ACCESSIBILITY_PREFIX } from '../src/leads/lead-kind.js';
import { STATUSES } from '../src/leads/lead-status.js';
import { supportDate } from '../src/leads/support-hours.js';
import { Clock } from '../src/operators/clock.js';
import { ReviewWatch } from '../src/statement/review-watch.js';
import { STATEMENT_CACHE_MS } from '../src/statement/statement.service.js';
import { consoleForThisFile, leadsCommand } from './support/console-client.js';
import { request, VALID_CONTACT } from './support/test-app.js';

// Accessibility feedback worked to its end on real Postgres and a real SMTP server: tagged with a
// criterion, each step told to its sender through the outbox, the statement's known limitations
// fed by what is confirmed and unresolved, and a missed review told to the admins once.
const team = consoleForThisFile({ mail: {}, services: [{}], operators: { max: 'member' } });

const TAG = {
  criterion: '1.4.3',
  page: '/about',
  assistiveTechnology: 'NVDA 2025.3 with Firefox',
  severity: 'serious',
  confirmed: true,
};

async function feedback(email: string) {
  const answer = await team.api.post({
    ...VALID_CONTACT,
    email,
    message: `${ACCESSIBILITY_PREFIX}The grey text on /about is hard to read. <b>bold</b>`,
  });
  expect(answer.status).toBe(201);
  return (answer.body as { id: string }).id;
}

const mailsTo = (email: string) =>
  team.smtp.mails.filter((mail) => mail.recipients.includes(email)).map((mail) => mail.parsed);

async function mailTo(email: string, subject: string) {
  for (let waited = 0; waited < 20_000; waited += 100) {
    const mail = mailsTo(email).find((each) => each.subject === subject);
    if (mail) return mail;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(
    `No mail "${subject}" to ${email}: ${JSON.stringify(mailsTo(email).map((m) => m.subject))}`,
  );
}

const statementOf = async () =>
  (await request(`${team.api.baseUrl}/api/accessibility/statement`)).body as {
    limitations: { text: string; criteria: string[]; source: string; plannedFor: string | null }[];
    review: { nextReview: string; overdue: boolean };
    enforcement: { url: string };
  };

const reports = async () =>
  (await statementOf()).limitations.filter((limitation) => limitation.source === 'report');

/**
 * The statement is read at most every 15 s (STATEMENT_CACHE_MS, on the service's Clock); a test
 * lets that time pass at once, and waits until it shows what it expects.
 */
async function statementUntil(
  check: (limitations: Awaited<ReturnType<typeof reports>>) => boolean,
) {
  for (let waited = 0; waited <= 20_000; waited += 500) {
    team.api.app.get(Clock).advance(STATEMENT_CACHE_MS + 1);
    const limitations = await reports();
    if (check(limitations)) return limitations;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`The statement never showed it: ${JSON.stringify(await reports())}`);
}

describe('an accessibility report', () => {
  it('is tagged, told to its sender at each step, and on the statement while confirmed and open', async () => {
    const email = 'reporter@northbridge.example';
    const id = await feedback(email);
    await mailTo(email, 'We received your accessibility feedback');

    const tagged = await team.max.call('PUT', `/leads/${id}/accessibility`, TAG);
    expect(tagged.status).toBe(200);
    expect((tagged.body as { report: object }).report).toMatchObject({
      ...TAG,
      criterionName: 'Contrast (Minimum) (AA)',
      plan: null,
    });
    const audit = await team.db.query<{ command: string; details: object }>(
      `SELECT command, details FROM audit_log WHERE command = 'report'`,
    );
    expect(audit).toEqual([
      expect.objectContaining({
        details: { criterion: '1.4.3', severity: 'serious', confirmed: true },
      }),
    ]);

    // Listed within the statement's cache time, in words the team's, not the sender's.
    const listed = await statementUntil((limitations) => limitations.length === 1);
    expect(listed[0]).toMatchObject({ criteria: ['1.4.3'], plannedFor: null });
    expect(listed[0]!.text).toContain('/about: WCAG 2.2 1.4.3 Contrast (Minimum) is not met');
    expect(listed[0]!.text).not.toContain('grey text');
    const items = await request(`${team.api.baseUrl}/api/accessibility/limitations`);
    expect(items.headers.get('content-type')).toMatch(/^text\/html/);
    expect(items.text).toMatch(/^<li data-source="report">\/about: WCAG 2\.2 1\.4\.3/);

    expect(
      (await team.max.call('POST', `/leads/${id}/status`, { status: 'acknowledged' })).status,
    ).toBe(200);
    const acknowledged = await mailTo(email, 'We are looking into your accessibility feedback');
    expect(acknowledged.text).toContain('within 5 business days of your report: by ');
    expect(acknowledged.text).toContain(statement.enforcement.url);

    // Assessing takes the plan and its date; without them, nothing changes.
    const bare = await team.max.call('POST', `/leads/${id}/status`, { status: 'assessed' });
    expect(bare.status).toBe(400);
    expect(bare.body).toMatchObject({
      message: expect.stringContaining('write the plan and its date'),
    });
    const past = await team.max.call('POST', `/leads/${id}/status`, {
      status: 'assessed',
      plan: 'Darken the grey text.',
      plannedFor: '2020-01-01',
    });
    expect(past.status).toBe(400);
    const date = await team.max.call('POST', `/leads/${id}/status`, {
      status: 'assessed',
      plan: 'Darken the grey text.',
      plannedFor: '2026-02-30',
    });
    expect(date.status).toBe(400);
    expect(
      (await team.db.query(`SELECT status FROM contact_submissions WHERE id = $1`, [id]))[0],
    ).toEqual({
      status: 'acknowledged',
    });

    const plannedFor = supportDate(new Date(Date.now() + 7 * 86_400_000));
    const assessed = await team.max.call('POST', `/leads/${id}/status`, {
      status: 'assessed',
      plan: 'Darken the grey text to #595959.',
      plannedFor,
    });
    expect(assessed.status).toBe(200);
    const plan = await mailTo(email, 'What we will do about the barrier you reported');
    expect(plan.text).toContain('What we will do: Darken the grey text to #595959.');
    expect(plan.text).toContain('(WCAG 2.2 1.4.3 Contrast (Minimum))');
    expect(plan.text).toContain(statement.enforcement.url);
    expect(plan.text).not.toContain('grey text on /about');
    await statementUntil((limitations) => limitations[0]?.plannedFor === plannedFor);

    expect(
      (await team.max.call('POST', `/leads/${id}/status`, { status: 'resolved' })).status,
    ).toBe(200);
    await mailTo(email, 'The barrier you reported is fixed');
    await statementUntil((limitations) => limitations.length === 0);

    const history = (
      (await team.max.call('GET', `/leads/${id}`)).body as {
        history: { event: string; step?: string }[];
      }
    ).history
      .filter((line) => line.event === 'answer')
      .map((line) => line.step);
    expect(history).toEqual(['acknowledged', 'assessed', 'resolved']);
    // Once per step: the outbox's rows, each sent.
    expect(
      await team.db.query(
        `SELECT purpose, status FROM notifications WHERE submission_id = $1 AND purpose LIKE 'answer:%' ORDER BY created_at`,
        [id],
      ),
    ).toEqual(
      ['acknowledged', 'assessed', 'resolved'].map((step) => ({
        purpose: `answer:${step}`,
        status: 'sent',
      })),
    );
  }, 120_000);

  it("won't fix: needs its reason, tells it, and stays a known limitation with it", async () => {
    const email = 'second@northbridge.example';
    const id = await feedback(email);
    await team.max.call('PUT', `/leads/${id}/accessibility`, {
      ...TAG,
      criterion: '2.5.8',
      page: '/demo',
    });
    await team.max.call('POST', `/leads/${id}/status`, { status: 'acknowledged' });
    const bare = await team.max.call('POST', `/leads/${id}/status`, { status: 'wont_fix' });
    expect(bare.status).toBe(400);
    const done = await team.max.call('POST', `/leads/${id}/status`, {
      status: 'wont_fix',
      reason: 'The scheduler’s widget is a third party’s.',
    });
    expect(done.status).toBe(200);
    const mail = await mailTo(email, 'About the barrier you reported');
    expect(mail.text).toContain('Why: The scheduler’s widget is a third party’s.');
    const listed = await statementUntil((limitations) =>
      limitations.some(
        (l) => l.criteria[0] === '2.5.8' && l.text.includes('We do not plan to change it.'),
      ),
    );
    expect(listed.find((l) => l.criteria[0] === '2.5.8')).toMatchObject({ plannedFor: null });
  }, 60_000);

  it('is answered from the leads command too, with the same rules', async () => {
    const email = 'cli@northbridge.example';
    const id = await feedback(email);
    expect((await leadsCommand(team.db.url, `status ${id} acknowledged`)).code).toBe(0);
    const bare = await leadsCommand(team.db.url, `status ${id} assessed`);
    expect(bare.code).not.toBe(0);
    expect(bare.err).toContain('write the plan and its date');
    const wrong = await leadsCommand(
      team.db.url,
      `status ${id} assessed --plan Fix --date 2026-13-45`,
    );
    expect(wrong.err).toContain('is not a date');
    const plannedFor = supportDate(new Date(Date.now() + 3 * 86_400_000));
    const done = await leadsCommand(
      team.db.url,
      `status ${id} assessed --plan Fix --date ${plannedFor}`,
    );
    expect(done).toMatchObject({ code: 0, out: expect.stringContaining('The lead is assessed.') });
    expect(
      await team.db.query(
        `SELECT plan, planned_for::text AS date FROM accessibility_reports WHERE submission_id = $1`,
        [id],
      ),
    ).toEqual([{ plan: 'Fix', date: plannedFor }]);
  });

  it('refuses what cannot be a report, and changes nothing', async () => {
    const id = await feedback('third@northbridge.example');
    const contact = (await team.api.post({ ...VALID_CONTACT, email: 'buyer@northbridge.example' }))
      .body as { id: string };
    for (const [body, status] of [
      [{ ...TAG, criterion: '9.9.9' }, 400],
      [{ ...TAG, criterion: '4.1.1' }, 400],
      [{ ...TAG, page: 'about' }, 400],
      [{ ...TAG, page: `/${'a'.repeat(500)}` }, 400],
      [{ ...TAG, severity: 'urgent' }, 400],
      [{ ...TAG, assistiveTechnology: 'NVDA\u0007' }, 400],
      [{ ...TAG, confirmed: 'yes' }, 400],
      [{ ...TAG, extra: 1 }, 400],
      [{ ...TAG, criterion: null }, 400],
      [[], 400],
    ] as const) {
      const answer = await team.max.call('PUT', `/leads/${id}/accessibility`, body);
      expect([answer.status, JSON.stringify(body).slice(0, 80)]).toEqual([
        status,
        JSON.stringify(body).slice(0, 80),
      ]);
      expect((answer.body as { message: string }).message).toMatch(/\w/);
    }
    const onContact = await team.max.call('PUT', `/leads/${contact.id}/accessibility`, TAG);
    expect(onContact.status).toBe(409);
    const planned = await team.max.call('POST', `/leads/${contact.id}/status`, {
      status: 'contacted',
      plan: 'Call back.',
    });
    expect(planned.status).toBe(400);
    expect(
      (
        await team.db.query(`SELECT status FROM contact_submissions WHERE id = $1`, [contact.id])
      )[0],
    ).toEqual({ status: 'new' });
    expect(
      await team.db.query(`SELECT 1 FROM accessibility_reports WHERE submission_id = ANY($1)`, [
        [id, contact.id],
      ]),
    ).toEqual([]);
  });
});

describe('the workflow in the database', () => {
  it("allows exactly the workflows' statuses (contract/workflows.json)", async () => {
    const [check] = await team.db.query<{ definition: string }>(
      `SELECT pg_get_constraintdef(oid) AS definition FROM pg_constraint
        WHERE conname = 'CHK_contact_submissions_status_v2' AND convalidated`,
    );
    const allowed = [...check!.definition.matchAll(/'([a-z_]+)'/g)].map((match) => match[1]);
    expect(allowed.sort()).toEqual([...STATUSES].sort());
  });
});

describe('the statement', () => {
  it('is public data with its review, enforcement body and fixed limitations', async () => {
    const document = await statementOf();
    expect(document.review.nextReview).toBe(statement.nextReview);
    expect(document.review.overdue).toBe(statement.nextReview < supportDate(new Date()));
    expect(document.enforcement.url).toBe(statement.enforcement.url);
    expect(document.limitations.filter((l) => l.source === 'statement')).toHaveLength(
      statement.limitations.length,
    );
  });

  it('tells the admins of a missed review once per date, and never of one that is not due', async () => {
    const watch = team.api.app.get(ReviewWatch);
    const before = new Date(`${statement.nextReview}T12:00:00Z`);
    const after = new Date(before.getTime() + 2 * 86_400_000);
    await team.db.query(`DELETE FROM console_alerts`);
    expect(await watch.check(before)).toBe(false);
    const written = await Promise.all([watch.check(after), watch.check(after), watch.check(after)]);
    expect(written.filter(Boolean)).toHaveLength(1);
    expect(await watch.check(new Date(after.getTime() + 86_400_000))).toBe(false);
    expect(await team.db.query(`SELECT kind, username FROM console_alerts`)).toEqual([
      { kind: 'statement review missed', username: statement.nextReview },
    ]);
  });
});
