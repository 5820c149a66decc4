import { beforeAll, describe, expect, it } from '@jest/globals';
import { BookingTokens } from '../src/leads/booking-token.js';
import { PromiseWatch } from '../src/notifications/promise-watch.js';
import { consoleForThisFile, leadsCommand } from './support/console-client.js';
import { calCom, calendly, type Invitee } from './support/scheduler-payloads.js';
import { request, VALID_CONTACT } from './support/test-app.js';

// The schedulers' bookings on their leads, on real Postgres and a real SMTP server: payloads in
// the shapes Calendly and Cal.com document, signed with their schemes, sent to the service's two
// endpoints; the lead screen read through the console, with its clock moved for the promise.
const HOUR = 3_600_000;
const CALENDLY_KEY = 'calendly-signing-key-for-tests-0123456789';
const CALCOM_SECRET = 'cal-com-secret-for-tests-0123456789';

const team = consoleForThisFile({
  mail: { VITE_SCHEDULER_URL: 'https://calendly.com/bank-proposals/discovery-call' },
  services: [
    {
      CALENDLY_WEBHOOK_SIGNING_KEY: CALENDLY_KEY,
      CALCOM_WEBHOOK_SECRET: CALCOM_SECRET,
      // The examples' event type (contract/scheduler-webhooks.json); another is not taken.
      CALCOM_EVENT_TYPES: 'discovery-call',
    },
    // A second service, without background jobs.
    { BACKGROUND_JOBS: 'false' },
  ],
  // Long sessions: the promise's test moves the console's clock by a day.
  console: { SESSION_IDLE_MINUTES: '1440', SESSION_MAX_HOURS: '168' },
  // Sam, the host of the test bookings, is an operator too.
  operators: { max: 'member', sam: 'member' },
});

beforeAll(() =>
  team.db.query(
    `UPDATE users SET email = 'sam.host@bank-proposals.example' WHERE username = 'sam'`,
  ),
);

/** The token a receipt's Calendly link carries for a lead. */
const tokenOf = (id: string) => new BookingTokens([CALENDLY_KEY]).of(id);

const soon = (days: number) => new Date(Date.now() + days * 24 * HOUR);

function post(path: string, raw: string, headers: Record<string, string>, app = team.api) {
  return request(`${app.baseUrl}/api/bookings/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: raw,
  });
}

async function toCalendly(body: object, app = team.api) {
  const raw = JSON.stringify(body);
  return post(
    'calendly',
    raw,
    { 'calendly-webhook-signature': calendly.sign(raw, CALENDLY_KEY) },
    app,
  );
}

async function toCalCom(body: object) {
  const raw = JSON.stringify(body);
  return post('cal-com', raw, { 'x-cal-signature-256': calCom.sign(raw, CALCOM_SECRET) });
}

/** A contact request through the form, from `email`; answers its id. */
async function submit(name: string, email: string) {
  const answer = await team.api.post({ ...VALID_CONTACT, name, email });
  expect(answer.status).toBe(201);
  return answer.body.id as string;
}

interface Lead {
  status: string;
  owner: string | null;
  due: { step: string; at: string; overdue: boolean; soon: boolean } | null;
  meeting: {
    scheduler: string;
    status: string;
    startsAt: string;
    endsAt: string;
    host: string;
  } | null;
  history: ({ event: string; actor: string } & Record<string, unknown>)[];
  respondedAt: string | null;
  message: string;
  name: string;
  company: string;
  role: string;
}

async function lead(id: string): Promise<Lead> {
  const answer = await team.max.call('GET', `/leads/${id}`);
  expect(answer.status).toBe(200);
  return answer.body as unknown as Lead;
}

const leadsOf = (email: string) =>
  team.db.query<{ id: string; status: string }>(
    `SELECT id, status FROM contact_submissions WHERE email = $1 ORDER BY created_at`,
    [email],
  );

const stored = async () =>
  (
    await team.db.query<{ n: number }>(
      `SELECT (SELECT count(*) FROM booking_deliveries) + (SELECT count(*) FROM lead_bookings)
            + (SELECT count(*) FROM contact_submissions) AS n`,
    )
  )[0]!.n;

const invitee = (name: string, email: string, more: Partial<Invitee> = {}): Invitee => ({
  name,
  email,
  startsAt: soon(2),
  ...more,
});

describe('a booking after the form', () => {
  it('keeps the callback promise, shows the meeting and gives the lead to its host', async () => {
    const email = 'booker@northbridge.example';
    const id = await submit('Bea Booker', email);
    expect((await lead(id)).due).toMatchObject({ step: 'callback', overdue: false });

    const who = invitee('Bea Booker', email);
    const answer = await toCalendly(calendly.body('invitee.created', calendly.newInvitee(), who));
    expect([answer.status, answer.body]).toEqual([200, { status: 'applied' }]);

    const booked = await lead(id);
    expect(booked.status).toBe('contacted');
    expect(booked.due).toBeNull();
    expect(booked.respondedAt).not.toBeNull();
    expect(booked.owner).toBe('sam');
    expect(booked.meeting).toEqual({
      scheduler: 'calendly',
      status: 'booked',
      startsAt: who.startsAt.toISOString(),
      endsAt: new Date(who.startsAt.getTime() + 30 * 60_000).toISOString(),
      host: 'Sam Host',
    });
    expect(booked.history.map((line) => [line.event, line.actor])).toEqual(
      expect.arrayContaining([
        ['booking', 'calendly'],
        ['status', 'calendly'],
        ['owner', 'calendly'],
      ]),
    );
    // The booking first, then what it did; matched by the address the booker typed.
    const events = booked.history.map((line) => line.event);
    expect(events.indexOf('booking')).toBeLessThan(events.indexOf('status'));
    expect(booked.history[events.indexOf('booking')]).toMatchObject({ matched: 'address' });
    // The status change is audited as the inbox's is, and so is the booking, with its match.
    const audited = await team.db.query<{ command: string; actor: string; details: object }>(
      `SELECT command, actor, details FROM audit_log
        WHERE subject_hash IS NOT NULL AND actor = 'calendly' AND command IN ('status', 'booking')
          AND at > now() - interval '1 minute' ORDER BY id`,
    );
    expect(audited).toEqual(
      expect.arrayContaining([
        {
          command: 'booking',
          actor: 'calendly',
          details: expect.objectContaining({ matched: 'address' }),
        },
        { command: 'status', actor: 'calendly', details: { from: 'new', to: 'contacted' } },
      ]),
    );
    const [row] = await team.db.query<{ responded_on_time: boolean }>(
      `SELECT responded_on_time FROM contact_submissions WHERE id = $1`,
      [id],
    );
    expect(row!.responded_on_time).toBe(true);

    // So does `leads show`, in UTC like the rest of the command.
    const shown = await leadsCommand(team.db.url, `show ${id}`);
    const at = (time: Date) => time.toISOString().replace(/\.\d{3}Z$/, 'Z');
    expect(shown.out).toContain(
      `meeting:        booked ${at(who.startsAt)} to ${at(new Date(who.startsAt.getTime() + 30 * 60_000))} with Sam Host (calendly)`,
    );

    // The inbox row shows the meeting beside the status.
    const page = await team.max.call('GET', `/leads?q=${encodeURIComponent(email)}`);
    const rowOf = (page.body.leads as { id: string; meeting: unknown }[]).find((r) => r.id === id);
    expect(rowOf?.meeting).toMatchObject({ status: 'booked', scheduler: 'calendly' });
  });

  it('finds the lead by the token the receipt carried, over a later lead of the address', async () => {
    const email = 'token@northbridge.example';
    const first = await submit('Tom Token', email);
    const second = await submit('Tom Token', email);
    const token = new BookingTokens([CALCOM_SECRET]).of(first);
    const answer = await toCalCom(
      calCom.body('BOOKING_CREATED', calCom.newUid(), invitee('Tom Token', email, { token })),
    );
    expect(answer.status).toBe(200);
    const booked = await lead(first);
    expect(booked.meeting).toMatchObject({ scheduler: 'cal.com', status: 'booked' });
    expect(booked.history.find((line) => line.event === 'booking')).toMatchObject({
      matched: 'link',
    });
    expect((await lead(second)).meeting).toBeNull();
  });

  it("matches nothing by a lead id the service did not sign: another lead's stays untouched", async () => {
    const victim = await submit('Vera Victim', 'victim@northbridge.example');
    const forged = [
      victim,
      victim.replaceAll('-', ''),
      `${new BookingTokens([CALCOM_SECRET]).of(victim).slice(0, -1)}A`,
    ];
    for (const [n, token] of forged.entries()) {
      const email = `forger${n}@elsewhere.example`;
      const answer = await toCalCom(
        calCom.body('BOOKING_CREATED', calCom.newUid(), invitee('Fred Forger', email, { token })),
      );
      expect([answer.status, answer.body]).toEqual([200, { status: 'applied' }]);
      // The booking made a lead of its own, from the address its booker typed.
      const [made] = await leadsOf(email);
      expect((await lead(made!.id)).history.find((line) => line.event === 'booking')).toMatchObject(
        { matched: 'new' },
      );
    }
    const untouched = await lead(victim);
    expect([untouched.status, untouched.meeting, untouched.owner]).toEqual(['new', null, null]);
    expect(untouched.history).toEqual([]);
  });

  it('goes to the latest lead of an address with two, without a token', async () => {
    const email = 'two@northbridge.example';
    const older = await submit('Two Leads', email);
    const newer = await submit('Two Leads', email);
    expect(
      (
        await toCalendly(
          calendly.body('invitee.created', calendly.newInvitee(), invitee('Two Leads', email)),
        )
      ).status,
    ).toBe(200);
    expect((await lead(newer)).status).toBe('contacted');
    expect((await lead(older)).status).toBe('new');
  });
});

describe('a booking with no form', () => {
  it('becomes a lead announced to the team, with the answers, and no receipt', async () => {
    const email = 'noform@bank.example';
    const answers = [
      { question: 'Company', answer: 'Meridian Bank' },
      { question: 'Your role', answer: 'Head of M&A' },
      { question: 'What would you like to discuss?', answer: 'Pitch books\nand timing' },
    ];
    const answer = await toCalCom(
      calCom.body('BOOKING_CREATED', calCom.newUid(), invitee('Nora Noform', email, { answers })),
    );
    expect(answer.status).toBe(200);
    const [row] = await leadsOf(email);
    const made = await lead(row!.id);
    expect(made).toMatchObject({
      name: 'Nora Noform',
      company: 'Meridian Bank',
      role: 'Head of M&A',
      status: 'contacted',
      meeting: { scheduler: 'cal.com', status: 'booked' },
    });
    expect(made.message).toBe(
      'Booked a call through Cal.com.\nCompany: Meridian Bank\nYour role: Head of M&A\nWhat would you like to discuss?: Pitch books\nand timing',
    );
    const started = Date.now();
    while (!team.smtp.mails.some((mail) => mail.parsed.text?.includes('Nora Noform'))) {
      if (Date.now() - started > 20_000) throw new Error('the team was not told of the booking');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const receipts = team.smtp.mails.filter((mail) => mail.recipients.includes(email));
    expect(receipts).toEqual([]);
  });

  it('keeps the meeting on its lead when the form comes after it', async () => {
    const email = 'formafter@bank.example';
    await toCalendly(
      calendly.body('invitee.created', calendly.newInvitee(), invitee('Fay After', email)),
    );
    const formLead = await submit('Fay After', email);
    const rows = await leadsOf(email);
    expect(rows.map((row) => row.status)).toEqual(['contacted', 'new']);
    // The form's question is a new one: it has its own promise, and the earlier booked lead is
    // beside it on its screen.
    const form = await lead(formLead);
    expect(form.due).toMatchObject({ step: 'callback' });
    expect(form.meeting).toBeNull();
  });
});

describe('reschedules and cancellations', () => {
  it("moves the meeting on a reschedule, in either order of Calendly's two events", async () => {
    const email = 'move@northbridge.example';
    const id = await submit('Max Mover', email);
    const oldUri = calendly.newInvitee();
    const newUri = calendly.newInvitee();
    await toCalendly(calendly.body('invitee.created', oldUri, invitee('Max Mover', email)));
    const later = soon(5);
    // The new invitee arrives first here; the old one's cancellation (rescheduled) after it.
    expect(
      (
        await toCalendly(
          calendly.body(
            'invitee.created',
            newUri,
            invitee('Max Mover', email, { startsAt: later }),
            { oldInvitee: oldUri },
          ),
        )
      ).status,
    ).toBe(200);
    expect(
      (
        await toCalendly(
          calendly.body('invitee.canceled', oldUri, invitee('Max Mover', email), {
            rescheduled: true,
            newInvitee: newUri,
          }),
        )
      ).status,
    ).toBe(200);
    const moved = await lead(id);
    expect(moved.meeting).toMatchObject({ status: 'rescheduled', startsAt: later.toISOString() });
    expect(moved.status).toBe('contacted');
    expect(moved.due).toBeNull();

    // Cal.com's reschedule is one event naming the booking it replaces.
    const calEmail = 'calmove@northbridge.example';
    const calLead = await submit('Cal Mover', calEmail);
    const uid = calCom.newUid();
    await toCalCom(calCom.body('BOOKING_CREATED', uid, invitee('Cal Mover', calEmail)));
    await toCalCom(
      calCom.body(
        'BOOKING_RESCHEDULED',
        calCom.newUid(),
        invitee('Cal Mover', calEmail, { startsAt: later }),
        { rescheduleUid: uid },
      ),
    );
    expect((await lead(calLead)).meeting).toMatchObject({
      status: 'rescheduled',
      startsAt: later.toISOString(),
    });
  });

  it('re-opens the promise from the cancellation, reminds and escalates it, and a new booking keeps it again', async () => {
    const email = 'cancel@northbridge.example';
    const id = await submit('Cass Cancel', email);
    const uid = calCom.newUid();
    await toCalCom(calCom.body('BOOKING_CREATED', uid, invitee('Cass Cancel', email)));
    expect((await lead(id)).status).toBe('contacted');

    const cancelled = await toCalCom(
      calCom.body('BOOKING_CANCELLED', uid, invitee('Cass Cancel', email)),
    );
    expect(cancelled.status).toBe(200);
    const [row] = await team.db.query<{ callback_from: Date }>(
      `SELECT callback_from FROM contact_submissions WHERE id = $1`,
      [id],
    );
    const from = new Date(row!.callback_from).getTime();
    const reopened = await lead(id);
    expect(reopened.status).toBe('new');
    expect(reopened.meeting).toMatchObject({ status: 'cancelled' });
    expect(reopened.due).toEqual({
      step: 'callback',
      at: new Date(from + 24 * HOUR).toISOString(),
      overdue: false,
      soon: false,
    });

    // The console's clock moved: due soon 21 hours after the cancellation, overdue after 24.
    const moved = (at: number) => at - Date.now();
    const shift = moved(from + 21 * HOUR);
    team.console_.clock.advance(shift);
    try {
      expect((await lead(id)).due).toMatchObject({ soon: true, overdue: false });
      const dueSoon = await team.max.call('GET', '/leads?due=soon&kind=contact');
      expect((dueSoon.body.leads as { id: string }[]).map((r) => r.id)).toContain(id);
      team.console_.clock.advance(4 * HOUR);
      expect((await lead(id)).due).toMatchObject({ overdue: true });
      const overdue = await team.max.call('GET', '/leads?due=overdue');
      expect((overdue.body.leads as { id: string }[]).map((r) => r.id)).toContain(id);
    } finally {
      team.console_.clock.advance(-shift - 4 * HOUR);
    }

    // The watch reminds at the re-opened promise's reminder time and escalates at its due time.
    const watch = team.api.app.get(PromiseWatch);
    expect(
      await watch.run(
        { leadId: id, action: 'reminder', step: 'callback' },
        new Date(from + 21 * HOUR),
      ),
    ).toBe(true);
    expect(
      await watch.run(
        { leadId: id, action: 'escalation', step: 'callback' },
        new Date(from + 24 * HOUR),
      ),
    ).toBe(true);
    const notices = await team.db.query<{ purpose: string }>(
      `SELECT DISTINCT purpose FROM notifications WHERE submission_id = $1 AND purpose <> 'lead' ORDER BY purpose`,
      [id],
    );
    const round = Math.floor(from / 1000);
    expect(notices.map((n) => n.purpose)).toEqual([
      `escalation:callback:${round}`,
      `reminder:callback:${round}`,
    ]);

    // A new booking keeps it again.
    await toCalCom(
      calCom.body(
        'BOOKING_CREATED',
        calCom.newUid(),
        invitee('Cass Cancel', email, { startsAt: soon(3) }),
      ),
    );
    const again = await lead(id);
    expect(again.status).toBe('contacted');
    expect(again.due).toBeNull();
    expect(again.meeting).toMatchObject({ status: 'booked' });
    expect(
      again.history.filter((line) => line.event === 'status').map((line) => [line.from, line.to]),
    ).toEqual([
      ['new', 'contacted'],
      ['contacted', 'new'],
      ['new', 'contacted'],
    ]);
  });

  it('does not re-open a lead an operator moved on after the booking', async () => {
    const email = 'operator@northbridge.example';
    const id = await submit('Olga Operator', email);
    const uri = calendly.newInvitee();
    await toCalendly(calendly.body('invitee.created', uri, invitee('Olga Operator', email)));
    expect(
      (await team.max.call('POST', `/leads/${id}/status`, { status: 'qualified' })).status,
    ).toBe(200);
    await toCalendly(calendly.body('invitee.canceled', uri, invitee('Olga Operator', email)));
    const after = await lead(id);
    expect([after.status, after.due, after.meeting?.status]).toEqual([
      'qualified',
      null,
      'cancelled',
    ]);
  });
});

describe('deliveries', () => {
  it('applies the same event once, however often it arrives', async () => {
    const email = 'twice@northbridge.example';
    const id = await submit('Tess Twice', email);
    const body = calendly.body(
      'invitee.created',
      calendly.newInvitee(),
      invitee('Tess Twice', email),
    );
    const answers = await Promise.all([toCalendly(body), toCalendly(body), toCalendly(body)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(answers.map((a) => a.body.status).sort()).toEqual([
      'already applied',
      'already applied',
      'applied',
    ]);
    const history = (await lead(id)).history.filter((line) => line.event === 'booking');
    expect(history).toHaveLength(1);
  });

  it("stores hostile fields as text, cut to the form's limits", async () => {
    const email = 'hostile@bank.example';
    const name = '<img src=x onerror=alert(1)> 🦊 Ünïcødé';
    const answers = [
      { question: '<script>alert(1)</script>', answer: '**bold** <b>markup</b> 𝔘𝔫𝔦' },
      { question: 'Notes', answer: '🦊'.repeat(50_000) },
    ];
    const answer = await toCalendly(
      calendly.body('invitee.created', calendly.newInvitee(), invitee(name, email, { answers })),
    );
    expect(answer.status).toBe(200);
    const [row] = await leadsOf(email);
    const made = await lead(row!.id);
    expect(made.name).toBe(name);
    expect(
      made.message.startsWith(
        'Booked a call through Calendly.\n<script>alert(1)</script>: **bold** <b>markup</b> 𝔘𝔫𝔦\nNotes: 🦊',
      ),
    ).toBe(true);
    expect(made.message.length).toBeLessThanOrEqual(5000);
    // Never half a character.
    expect(made.message.endsWith('🦊')).toBe(true);
  });

  it('refuses a wrong, missing or stale signature, an unreadable body and an unknown event, storing nothing', async () => {
    const before = await stored();
    const body = JSON.stringify(
      calendly.body(
        'invitee.created',
        calendly.newInvitee(),
        invitee('Sly Sender', 'sly@bank.example'),
      ),
    );
    const stale = Math.floor(Date.now() / 1000) - 600;
    const cases: [string, Promise<{ status: number; body: Record<string, unknown> }>, number][] = [
      ['no signature', post('calendly', body, {}), 401],
      [
        'wrong key',
        post('calendly', body, {
          'calendly-webhook-signature': calendly.sign(body, 'not-the-key-at-all-000'),
        }),
        401,
      ],
      [
        'stale',
        post('calendly', body, {
          'calendly-webhook-signature': calendly.sign(body, CALENDLY_KEY, stale),
        }),
        401,
      ],
      ['garbled header', post('calendly', body, { 'calendly-webhook-signature': 'v1=zz' }), 401],
      [
        'other body',
        post('calendly', body.replace('Sly', 'Sli'), {
          'calendly-webhook-signature': calendly.sign(body, CALENDLY_KEY),
        }),
        401,
      ],
      [
        'cal.com unsigned',
        post('cal-com', body, { 'x-cal-signature-256': 'no-secret-provided' }),
        401,
      ],
      [
        'cal.com wrong',
        post('cal-com', body, {
          'x-cal-signature-256': calCom.sign(body, 'wrong-secret-000000000'),
        }),
        401,
      ],
      [
        'not JSON',
        post('calendly', '{"event":', {
          'calendly-webhook-signature': calendly.sign('{"event":', CALENDLY_KEY),
        }),
        400,
      ],
      ['no payload', toCalendly({ event: 'invitee.created' }), 400],
      ['a list', toCalendly([1, 2] as unknown as object), 400],
      [
        'no times',
        toCalendly({
          event: 'invitee.created',
          payload: { uri: 'x', name: 'n', email: 'e@x.example', scheduled_event: {} },
        }),
        400,
      ],
      [
        'bad time',
        toCalendly({
          event: 'invitee.created',
          payload: {
            uri: 'x',
            name: 'n',
            email: 'e@x.example',
            scheduled_event: { start_time: 'soon', end_time: 'later' },
          },
        }),
        400,
      ],
      ['unknown event', toCalendly({ event: 'routing_form_submission.created', payload: {} }), 422],
      ['unknown trigger', toCalCom({ triggerEvent: 'MEETING_ENDED', payload: {} }), 422],
      [
        'feature off',
        toCalendly(
          calendly.body(
            'invitee.created',
            calendly.newInvitee(),
            invitee('Off', 'off@bank.example'),
          ),
          team.apis[1]!,
        ),
        404,
      ],
    ];
    for (const [what, pending, status] of cases) {
      const answer = await pending;
      expect([what, answer.status]).toEqual([what, status]);
      expect([what, typeof answer.body.message]).toEqual([what, 'string']);
    }
    expect(await stored()).toBe(before);
    const metrics = await fetch(`${team.api.baseUrl}/metrics`).then((answer) => answer.text());
    expect(metrics).toMatch(
      /scheduler_booking_refusals_total\{scheduler="calendly",status="401"\} [1-9]/,
    );
    expect(metrics).toMatch(
      /scheduler_booking_events_total\{scheduler="calendly",action="booked"\} [1-9]/,
    );
  });

  it('takes 100 KB of answers, which is more than a form body', async () => {
    const answers = Array.from({ length: 20 }, (_, index) => ({
      question: `Question ${index}`,
      answer: 'x'.repeat(5000),
    }));
    const answer = await toCalCom(
      calCom.body(
        'BOOKING_CREATED',
        calCom.newUid(),
        invitee('Long Answers', 'long@bank.example', { answers }),
      ),
    );
    expect(answer.status).toBe(200);
  });
});

describe('the receipt', () => {
  it("offers the scheduler's link with the lead's sealed token: no address, no id, no name", async () => {
    const email = 'receipt.link@northbridge.example';
    const id = await submit('Rita <b>Receipt</b>', email);
    const started = Date.now();
    let receipt;
    while (!(receipt = team.smtp.mails.find((mail) => mail.recipients.includes(email)))) {
      if (Date.now() - started > 20_000) throw new Error('no receipt');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const link = /https:\/\/calendly\.com\/\S+/.exec(receipt.parsed.text ?? '')?.[0];
    expect(link).toBeDefined();
    const url = new URL(link!);
    expect([...url.searchParams.keys()]).toEqual(['utm_content']);
    const token = url.searchParams.get('utm_content')!;
    expect(link).not.toContain(id);
    expect(link).not.toContain(id.replaceAll('-', ''));
    expect(decodeURIComponent(link!)).not.toContain('northbridge');
    expect(receipt.parsed.text).not.toContain('Rita');

    // Booked from the link by someone who typed another address: the link decides.
    await submit('Rita Receipt', 'rita.later@northbridge.example');
    const answer = await toCalendly(
      calendly.body(
        'invitee.created',
        calendly.newInvitee(),
        invitee('Rita Receipt', 'rita.typed@elsewhere.example', { token }),
      ),
    );
    expect([answer.status, answer.body]).toEqual([200, { status: 'applied' }]);
    const booked = await lead(id);
    expect(booked.status).toBe('contacted');
    expect(booked.history.find((line) => line.event === 'booking')).toMatchObject({
      matched: 'link',
    });
  });
});

describe('an erased person', () => {
  it('stays erased: a later reschedule or cancellation is refused and counted, and stores nothing', async () => {
    const email = 'erased.booker@northbridge.example';
    await submit('Eve Erased', email);
    const uri = calendly.newInvitee();
    const uid = calCom.newUid();
    await toCalendly(calendly.body('invitee.created', uri, invitee('Eve Erased', email)));
    await toCalCom(calCom.body('BOOKING_CREATED', uid, invitee('Eve Erased', email)));
    const erased = await leadsCommand(team.db.url, `erase --email ${email} --yes`);
    expect(erased.code).toBe(0);
    const before = await stored();

    const later = invitee('Eve Erased', email, { startsAt: soon(6) });
    const events = [
      toCalendly(calendly.body('invitee.canceled', uri, later, { rescheduled: true })),
      toCalendly(
        calendly.body('invitee.created', calendly.newInvitee(), later, { oldInvitee: uri }),
      ),
      toCalCom(calCom.body('BOOKING_RESCHEDULED', calCom.newUid(), later, { rescheduleUid: uid })),
      toCalCom(calCom.body('BOOKING_CANCELLED', uid, later)),
    ];
    for (const answer of await Promise.all(events)) {
      expect([answer.status, answer.body]).toEqual([200, { status: 'not applied' }]);
    }
    expect(await stored()).toBe(before);
    expect(await leadsOf(email)).toEqual([]);
    const metrics = await request(`${team.api.baseUrl}/metrics`);
    expect(metrics.text).toMatch(
      /scheduler_booking_refusals_total\{scheduler="calendly",status="erased"\} [2-9]/,
    );
    expect(metrics.text).toMatch(
      /scheduler_booking_refusals_total\{scheduler="cal.com",status="erased"\} [2-9]/,
    );
  });
});

describe('event types', () => {
  it('takes only the event types the operator named, and answers the others 200 storing nothing', async () => {
    const body = calCom.body(
      'BOOKING_CREATED',
      calCom.newUid(),
      invitee('Board Member', 'board@northbridge.example'),
    );
    Object.assign(body.payload, { type: 'board-meeting', eventTypeId: 99 });
    const before = await stored();
    const answer = await toCalCom(body);
    expect([answer.status, answer.body]).toEqual([200, { status: 'not applied' }]);
    expect(await stored()).toBe(before);
  });
});

describe('speed to lead', () => {
  it('counts the bookings in the overview and in Prometheus: within the promise, late, with no form', async () => {
    const thisWeek = async () => {
      const answer = await team.max.call('GET', '/overview');
      expect(answer.status).toBe(200);
      const weeks = answer.body.bookings as Record<string, number | string | null>[];
      return weeks[weeks.length - 1]!;
    };
    const before = await thisWeek();

    const quick = await submit('Quick Booker', 'quick@speed.example');
    const [late] = await team.db.query<{ id: string }>(
      `INSERT INTO contact_submissions (name, email, company, role, created_at, kind)
       VALUES ('Late Booker', 'late@speed.example', 'Slow Bank', 'CFO', now() - interval '30 hours', 'contact')
       RETURNING id`,
    );
    await toCalendly(
      calendly.body(
        'invitee.created',
        calendly.newInvitee(),
        invitee('Quick Booker', 'quick@speed.example', { token: tokenOf(quick) }),
      ),
    );
    await toCalendly(
      calendly.body(
        'invitee.created',
        calendly.newInvitee(),
        invitee('Late Booker', 'late@speed.example', { token: tokenOf(late!.id) }),
      ),
    );
    await toCalCom(
      calCom.body('BOOKING_CREATED', calCom.newUid(), invitee('Walk In', 'walkin@speed.example')),
    );

    const after = await thisWeek();
    // The late lead was received 30 hours ago: in this week or the one before.
    const counted = (field: string) => (after[field] as number) - (before[field] as number);
    const lateHere = counted('requests') === 2;
    expect(counted('requests')).toBe(lateHere ? 2 : 1);
    expect(counted('booked')).toBe(lateHere ? 2 : 1);
    // The quick one only: the late one booked 30 hours after its receipt.
    expect(counted('inPromise')).toBe(1);
    expect(counted('noForm')).toBe(1);
    expect(after.share).toBe((after.inPromise as number) / (after.requests as number));
    expect(after.medianHours).toEqual(expect.any(Number));

    const [truth] = await team.db.query<{ late_in_promise: boolean }>(
      `SELECT b.booked_at <= s.created_at + interval '24 hours' AS late_in_promise
         FROM lead_bookings b JOIN contact_submissions s ON s.id = b.submission_id WHERE s.id = $1`,
      [late!.id],
    );
    expect(truth!.late_in_promise).toBe(false);

    const metrics = await fetch(`${team.api.baseUrl}/metrics`).then((answer) => answer.text());
    expect(metrics).toMatch(/lead_time_to_booking_hours\{quantile="0.5"\} \d/);
    expect(metrics).toMatch(/lead_time_to_booking_hours\{quantile="0.9"\} \d/);
    expect(metrics).toMatch(/contact_requests_booked_within_promise_ratio 0\.\d+/);
    expect(metrics).toMatch(/lead_bookings_without_form [1-9]/);
  });
});
