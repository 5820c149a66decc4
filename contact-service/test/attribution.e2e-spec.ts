import attribution from '@proposal-site/contract/attribution.json' with { type: 'json' };
import { describe, expect, it } from '@jest/globals';
import { consoleForThisFile, leadsCommand } from './support/console-client.js';
import { calendly, type Invitee } from './support/scheduler-payloads.js';
import { request, VALID_CONTACT } from './support/test-app.js';

// What brought each lead, on real Postgres: the form's attribution stored, shown and erased; the
// 201's booking link and a booking through it; the sources report's exact counts.
const CALENDLY_KEY = 'calendly-signing-key-for-tests-0123456789';
const SCHEDULER = 'https://calendly.com/bank-proposals/discovery-call';
const HOUR = 3_600_000;

const team = consoleForThisFile({
  mail: { VITE_SCHEDULER_URL: SCHEDULER },
  services: [{ CALENDLY_WEBHOOK_SIGNING_KEY: CALENDLY_KEY }],
  operators: { max: 'member' },
});

/** The contract's example campaign link, landed on / from another site. */
const CAMPAIGN = {
  ...attribution.example.parameters,
  landing_path: '/',
  referrer_host: 'partner.example',
};

async function submit(body: object) {
  const answer = await team.api.post({ ...VALID_CONTACT, ...body });
  expect(answer.status).toBe(201);
  return answer.body as { id: string; createdAt: string; bookingUrl?: string };
}

const columnsOf = async (id: string) =>
  (
    await team.db.query<Record<string, string | null>>(
      `SELECT utm_source, utm_medium, utm_campaign, utm_term, utm_content, gclid, msclkid,
              li_fat_id, landing_path, referrer_host, source, medium, campaign
         FROM contact_submissions WHERE id = $1`,
      [id],
    )
  )[0];

describe('the attribution a form sends', () => {
  it('is stored cleaned and bounded, other keys dropped, and shown wherever the lead is', async () => {
    const email = 'attributed@northbridge.example';
    const { id } = await submit({
      email,
      attribution: { ...CAMPAIGN, utm_campaign: `q1${'x'.repeat(298)}`, evil: '1', msclkid: 7 },
    });
    const stored = await columnsOf(id);
    expect(stored).toEqual({
      ...CAMPAIGN,
      utm_campaign: `q1${'x'.repeat(198)}`,
      msclkid: null,
      li_fat_id: null,
      source: 'linkedin',
      medium: 'paid',
      campaign: `q1${'x'.repeat(198)}`,
    });

    const shown = await leadsCommand(team.db.url, `show ${id}`);
    expect(shown.out).toMatch(/utm source:\s+linkedin/);
    expect(shown.out).toMatch(/gclid:\s+abc/);
    expect(shown.out).toMatch(/landing path:\s+\//);
    expect(shown.out).toMatch(/referrer host:\s+partner\.example/);
    expect(shown.out).not.toContain('evil');

    const screen = await team.max.call('GET', `/leads/${id}`);
    expect(screen.body).toMatchObject({ utm_source: 'linkedin', source: 'linkedin' });

    const csv = await leadsCommand(team.db.url, `export --format csv`);
    const [header, ...rows] = csv.out.split('\r\n');
    const row = rows.find((line) => line.includes(email));
    expect(header).toContain('"utm_source","utm_medium","utm_campaign"');
    expect(row).toContain('"linkedin","paid"');

    const erased = await leadsCommand(team.db.url, `erase --email ${email} --yes`);
    expect(erased.code).toBe(0);
    const left = await team.db.query(
      `SELECT 1 FROM contact_submissions WHERE utm_source = 'linkedin' AND email = $1`,
      [email],
    );
    expect(left).toEqual([]);
  });

  it('never refuses a lead for it: a non-object, or values that are not text, are dropped', async () => {
    for (const attribution of ['utm_source=x', ['x'], { utm_source: { $ne: 1 } }, null]) {
      const { id } = await submit({ email: 'odd.attribution@northbridge.example', attribution });
      expect((await columnsOf(id))!.source).toBe('(direct)');
    }
    // A client that sends none (a page of the release before): none recorded, not "direct".
    const { id } = await submit({ email: 'no.attribution@northbridge.example' });
    expect((await columnsOf(id))!.source).toBeNull();
  });
});

describe('the booking link of the 201', () => {
  it("is the receipt's link for a discovery call, and a booking through it finds the lead", async () => {
    const receipt = await submit({ email: 'quick.booker@northbridge.example' });
    expect(receipt.bookingUrl).toBeDefined();
    const url = new URL(receipt.bookingUrl!);
    expect(`${url.origin}${url.pathname}`).toBe(SCHEDULER);
    expect(receipt.bookingUrl).not.toContain('northbridge');
    const token = url.searchParams.get('utm_content')!;

    const who: Invitee = {
      name: 'Quick Booker',
      email: 'typed.elsewhere@other.example',
      startsAt: new Date(Date.now() + 48 * HOUR),
      token,
    };
    const raw = JSON.stringify(calendly.body('invitee.created', calendly.newInvitee(), who));
    const booked = await request(`${team.api.baseUrl}/api/bookings/calendly`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'calendly-webhook-signature': calendly.sign(raw, CALENDLY_KEY),
      },
      body: raw,
    });
    expect(booked.status).toBe(200);
    const lead = await team.max.call('GET', `/leads/${receipt.id}`);
    const history = (lead.body as { history: { event: string; matched?: string }[] }).history;
    expect(history.find((line) => line.event === 'booking')).toMatchObject({ matched: 'link' });
  });

  it('is absent for accessibility feedback', async () => {
    const receipt = await submit({
      email: 'a11y@northbridge.example',
      message: 'Subject: Accessibility Feedback\n\nThe focus ring is faint.',
    });
    expect(receipt.bookingUrl).toBeUndefined();
  });
});

describe('the sources report', () => {
  it('counts leads, bookings and bookings within the promise per source, exactly', async () => {
    const from = '2024-03-01';
    // Seeded on days of their own: four leads of two campaigns, one direct, one spam.
    const seed = async (
      day: string,
      source: string,
      medium: string,
      campaign: string,
      spam: string | null = null,
    ) =>
      (
        await team.db.query<{ id: string }>(
          `INSERT INTO contact_submissions (name, email, company, role, kind, created_at,
                                            source, medium, campaign, spam_reason)
           VALUES ('Seed', 'seed@sources.example', 'Seed', 'CFO', 'contact', $1, $2, $3, $4, $5)
           RETURNING id`,
          [`${day}T10:00:00Z`, source, medium, campaign, spam],
        )
      )[0]!.id;
    const a = await seed('2024-03-01', 'linkedin', 'paid', 'q1');
    const b = await seed('2024-03-02', 'linkedin', 'paid', 'q1');
    await seed('2024-03-03', 'linkedin', 'paid', 'q1');
    const d = await seed('2024-03-04', 'news.example', 'referral', '');
    await seed('2024-03-05', '(direct)', '(none)', '');
    await seed('2024-03-05', 'linkedin', 'paid', 'q1', 'trap field');
    await seed('2024-04-05', 'linkedin', 'paid', 'q1'); // after the range
    const book = (lead: string, hours: number) =>
      team.db.query(
        `INSERT INTO lead_bookings (submission_id, scheduler, reference, status, updated_at,
                                    booked_at, starts_at, ends_at)
         SELECT id, 'calendly', $2, 'booked', now(), created_at + $3 * interval '1 hour',
                created_at + interval '3 days', created_at + interval '3 days 30 minutes'
           FROM contact_submissions WHERE id = $1`,
        [lead, `ref-${lead}`, hours],
      );
    await book(a, 2);
    await book(b, 30);
    await book(d, 4);

    const answer = await team.max.call('GET', `/sources?from=${from}&to=2024-03-31`);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      from,
      to: '2024-03-31',
      rows: [
        {
          source: 'linkedin',
          medium: 'paid',
          campaign: 'q1',
          leads: 3,
          booked: 2,
          inPromise: 1,
          medianHoursToBooking: 16,
        },
        {
          source: '(direct)',
          medium: '(none)',
          campaign: '',
          leads: 1,
          booked: 0,
          inPromise: 0,
          medianHoursToBooking: null,
        },
        {
          source: 'news.example',
          medium: 'referral',
          campaign: '',
          leads: 1,
          booked: 1,
          inPromise: 1,
          medianHoursToBooking: 4,
        },
      ],
      knownShare: 0.8,
    });
  });

  it("gives /metrics and the overview the share of the last 28 days' requests with a known source", async () => {
    await submit({
      email: 'newsletter.reader@northbridge.example',
      attribution: { utm_source: 'newsletter', landing_path: '/' },
    });
    const [truth] = await team.db.query<{ share: number }>(
      `SELECT (count(*) FILTER (WHERE source IS NOT NULL AND source <> '(direct)'))::float
                / count(*) AS share
         FROM contact_submissions
        WHERE spam_reason IS NULL AND kind = 'contact' AND created_at > now() - interval '20 days'`,
    );
    expect(truth!.share).toBeGreaterThan(0);
    const metrics = await fetch(`${team.api.baseUrl}/metrics`).then((answer) => answer.text());
    const shown = /^leads_known_source_ratio ([\d.]+)$/m.exec(metrics);
    expect(Number(shown?.[1])).toBeCloseTo(truth!.share, 6);
    const overview = await team.max.call('GET', '/overview');
    expect((overview.body as { knownSourceShare: number }).knownSourceShare).toBeCloseTo(
      truth!.share,
      6,
    );
  });

  it('refuses a range it cannot read, in words', async () => {
    const long = await team.max.call('GET', '/sources?from=2024-01-01&to=2025-03-01');
    expect(long.status).toBe(400);
    expect(long.body.message).toBe(
      'Choose at most 366 days: from 2024-01-01 to 2025-03-01 is 426.',
    );
    const backwards = await team.max.call('GET', '/sources?from=2024-03-02&to=2024-03-01');
    expect(backwards.status).toBe(400);
    const unknown = await team.max.call('GET', '/sources?campaign=q1');
    expect(unknown.status).toBe(400);
  });
});
