import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { HttpReceiver } from './support/http-receiver.js';
import { SmtpSink } from './support/smtp-sink.js';
import { createTestDatabase, type TestDatabase } from './support/test-database.js';
import { startTestApp, VALID_CONTACT, type RunningApp, stopApp } from './support/test-app.js';

// Slack, Teams and the sender's receipt, against real HTTP receivers and a real SMTP server.
let smtp: SmtpSink;
let slack: HttpReceiver;
let teams: HttpReceiver;
let db: TestDatabase;
let service: RunningApp;

beforeAll(async () => {
  smtp = await SmtpSink.start();
  slack = await HttpReceiver.start();
  teams = await HttpReceiver.start();
  db = await createTestDatabase();
  service = await startTestApp(db.url, {
    RATE_LIMIT_MAX: '10000',
    ...smtp.settings(),
    SLACK_WEBHOOK_URL: slack.url,
    TEAMS_WEBHOOK_URL: teams.url,
    CONSOLE_ORIGIN: 'https://console.bank-proposals.example',
    ACKNOWLEDGE_SENDER: 'true',
    NOTIFY_RETRY_DELAY_SECONDS: '1',
  });
});

afterAll(() => stopApp(service, db, smtp, slack, teams));

const receiptsTo = (address: string) =>
  smtp.mails.filter((mail) =>
    mail.recipients.some((to) => to.toLowerCase() === address.toLowerCase()),
  );

describe('Slack and the receipt to the sender', () => {
  it('posts a short line to Slack in which the visitor can mention no one and link nothing', async () => {
    const answer = await service.post({
      ...VALID_CONTACT,
      email: 'mallory@example.com',
      name: '<!channel> <@U123> Mallory',
      company: '<https://evil.example|Click me> & Co',
      role: '`CEO` *boss*',
      message: 'Not sent to Slack at all',
    });
    expect(answer.status).toBe(201);
    const [body] = (await slack.waitFor(1)) as { text: string; unfurl_links: boolean }[];
    expect(body!.unfurl_links).toBe(false);
    expect(body!.text).toBe(
      'Discovery call request from `&lt;!channel&gt; &lt;@U123&gt; Mallory`, `ʹCEOʹ *boss*` at ' +
        `\`&lt;https://evil.example|Click me&gt; &amp; Co\` (lead ${String(answer.body.id)})`,
    );
    expect(body!.text).not.toContain('Not sent to Slack');
    expect(body!.text).not.toMatch(/<[!@#h]/);
  });

  it('posts a card to Teams that shows the visitor’s text as typed: no Markdown, no link', async () => {
    const typed = {
      name: '[Click here](https://evil.example) **Mallory**',
      company: '<at>General</at> & _Co_ `x`',
      role: '# Head of ![x](https://evil.example/pixel.png)',
    };
    const answer = await service.post({ ...VALID_CONTACT, ...typed, message: 'Not sent to Teams' });
    expect(answer.status).toBe(201);
    const id = String(answer.body.id);
    let card: Record<string, unknown> | undefined;
    for (let i = 0; i < 200 && !card; i++) {
      card = (teams.bodies as Record<string, unknown>[]).find((body) =>
        JSON.stringify(body).includes(id),
      );
      if (!card) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    // The shape Teams' Workflows webhook takes: a message with one Adaptive Card attached.
    expect(card).toMatchObject({
      type: 'message',
      attachments: [
        {
          contentType: 'application/vnd.microsoft.card.adaptive',
          contentUrl: null,
          content: { type: 'AdaptiveCard', version: '1.4' },
        },
      ],
    });
    const content = (card!.attachments as { content: Record<string, unknown> }[])[0]!.content;
    expect(content.actions).toEqual([
      {
        type: 'Action.OpenUrl',
        title: 'Open in the console',
        url: `https://console.bank-proposals.example/console/leads/${id}`,
      },
    ]);
    // Every text of the card is in a TextRun, which Teams never reads as Markdown (nor a mention
    // as <at>…</at>): the visitor's fields are there as typed.
    const body = content.body as { type: string; inlines: { type: string; text: string }[] }[];
    expect(body.every((element) => element.type === 'RichTextBlock')).toBe(true);
    const runs = body.flatMap((element) => element.inlines);
    expect(runs.every((run) => run.type === 'TextRun')).toBe(true);
    expect(runs.map((run) => run.text)).toEqual([
      'Discovery call request',
      typed.name,
      ', ',
      typed.role,
      ' at ',
      typed.company,
      `Lead ${id}`,
    ]);
    expect(JSON.stringify(card)).not.toContain('Not sent to Teams');
  });

  it('sends the sender a receipt that repeats nothing they wrote, once per address a day', async () => {
    const sender = 'Repeat.Sender@Example.com';
    for (const name of ['First Try', 'Second Try']) {
      const answer = await service.post({
        ...VALID_CONTACT,
        email: sender,
        name,
        message: 'Subject: Accessibility Feedback\n\nhttps://spam.example buy now',
      });
      expect(answer.status).toBe(201);
    }
    // Both leads reach the inbox; the sender gets one receipt (and no second one, even later).
    for (let i = 0; i < 200 && receiptsTo(sender).length === 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const receipts = receiptsTo(sender);
    expect(receipts).toHaveLength(1);
    const receipt = receipts[0]!;
    expect(receipt.parsed.subject).toBe('We received your accessibility feedback');
    expect(receipt.parsed.text).toContain('within 2 business days');
    expect(receipt.parsed.text).toContain('within 5 business days');
    for (const typed of ['First Try', 'spam.example', 'buy now', VALID_CONTACT.company]) {
      expect(receipt.raw).not.toContain(typed);
    }
    const [row] = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM notifications n JOIN contact_submissions s ON s.id = n.submission_id
        WHERE n.channel = 'acknowledgement' AND lower(s.email) = lower($1)`,
      [sender],
    );
    expect(row!.n).toBe(1);
  });

  it('keeps the sender’s address out of a delivery error, also when the mail server quotes it', async () => {
    const sender = 'Quoted.Back@Example.com';
    smtp.refused.add(sender.toLowerCase());
    const answer = await service.post({ ...VALID_CONTACT, email: sender });
    expect(answer.status).toBe(201);
    let errors: { last_error: string | null }[] = [];
    for (let i = 0; i < 200 && !errors[0]?.last_error; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      errors = await db.query<{ last_error: string | null }>(
        `SELECT n.last_error FROM notifications n WHERE n.submission_id = $1
            AND n.channel = 'acknowledgement'`,
        [answer.body.id],
      );
    }
    // The error is what an operator reads (leads notifications) and what the log line says.
    expect(errors[0]?.last_error).toContain('Recipient address rejected');
    expect(errors[0]!.last_error!.toLowerCase()).not.toContain(sender.toLowerCase());
    expect(errors[0]!.last_error).toContain("[the lead's address]");
  });

  it('with SMTP_REQUIRE_TLS, sends nothing to a server that offers no STARTTLS, and says so', async () => {
    const strictDb = await createTestDatabase();
    const strict = await startTestApp(strictDb.url, {
      SMTP_URL: smtp.url,
      SMTP_REQUIRE_TLS: 'true',
      NOTIFY_FROM: 'website@bank-proposals.example',
      NOTIFY_TO: 'tls-only@bank-proposals.example',
      NOTIFY_RETRY_DELAY_SECONDS: '1',
    });
    try {
      const answer = await strict.post({ ...VALID_CONTACT, email: 'tls@example.com' });
      expect(answer.status).toBe(201);
      let errors: { last_error: string | null }[] = [];
      for (let i = 0; i < 200 && !errors[0]?.last_error; i++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        errors = await strictDb.query<{ last_error: string | null }>(
          `SELECT last_error FROM notifications WHERE submission_id = $1 AND channel = 'email'`,
          [answer.body.id],
        );
      }
      expect(errors[0]?.last_error).toMatch(/^SMTP: .*STARTTLS/);
      expect(receiptsTo('tls-only@bank-proposals.example')).toHaveLength(0);
    } finally {
      await strict.close();
      await strictDb.drop();
    }
  });

  it('plans one receipt when submissions from one address arrive together', async () => {
    const sender = 'together@example.com';
    // Stored by one statement or a few (statement-batcher.ts): still one receipt in all.
    const answers = await Promise.all([
      service.post({ ...VALID_CONTACT, email: 'opener@example.com' }),
      ...['together@example.com', 'Together@Example.com', 'TOGETHER@example.com'].flatMap((email) =>
        [1, 2].map((i) => service.post({ ...VALID_CONTACT, email, name: `Lead ${i}` })),
      ),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 201));
    const [row] = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM notifications n JOIN contact_submissions s ON s.id = n.submission_id
        WHERE n.channel = 'acknowledgement' AND lower(s.email) = lower($1)`,
      [sender],
    );
    expect(row!.n).toBe(1);
  });
});
