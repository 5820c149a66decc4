import { afterEach, describe, expect, it, jest } from '@jest/globals';
import type { Lead } from '../../leads/lead.js';
import { TeamsChannel } from './teams.channel.js';

// What the reminders, escalations and console alerts put on a Teams card (the lead's own card is
// checked against a real receiver: test/notification-channels.e2e-spec.ts).
const lead: Lead = {
  id: '6ecea719-331c-4a8a-a7c9-47ff09ffe95e',
  kind: 'contact',
  name: '[Jane](https://evil.example)',
  email: 'jane@example.com',
  company: '**Acme**',
  role: 'CFO',
  message: 'never on a card',
  createdAt: new Date('2026-11-27T08:00:00Z'),
  attribution: null,
  source: null,
};

function posted(): { url: string; card: Record<string, unknown> } {
  const [url, init] = (globalThis.fetch as jest.Mock).mock.calls[0] as [string, RequestInit];
  const message = JSON.parse(init.body as string) as {
    attachments: { content: Record<string, unknown> }[];
  };
  return { url, card: message.attachments[0]!.content };
}

const texts = (card: Record<string, unknown>) =>
  (card.body as { inlines: { type: string; text: string }[] }[]).flatMap((block) =>
    block.inlines.map((run) => `${run.type}: ${run.text}`),
  );

afterEach(() => {
  jest.restoreAllMocks();
});

describe('a Teams card', () => {
  const channel = new TeamsChannel(
    'https://teams.example/workflows/1?sig=secret',
    'https://c.example',
  );
  const answer = () =>
    jest.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(null, { status: 202 }));

  it('of a reminder names the lead as typed, in a TextRun, with the link to it', async () => {
    answer();
    await channel.deliver(lead, 'n1', {
      notice: 'reminder',
      step: 'callback',
      dueAt: new Date('2026-11-28T08:00:00Z'),
      owner: null,
      to: [],
      link: 'https://c.example/console/leads/6ecea719-331c-4a8a-a7c9-47ff09ffe95e',
    });
    const { url, card } = posted();
    expect(url).toBe('https://teams.example/workflows/1?sig=secret');
    expect(texts(card)).toEqual([
      'TextRun: Reminder',
      'TextRun: Reminder: call back [Jane](https://evil.example) (**Acme**) by 28 Nov 2026, 09:00 CET',
    ]);
    expect(card.actions).toEqual([
      {
        type: 'Action.OpenUrl',
        title: 'Open in the console',
        url: expect.stringContaining('/console/leads/'),
      },
    ]);
    expect(JSON.stringify(card)).not.toContain('never on a card');
  });

  it('of a console alert says what happened and links the audit trail', async () => {
    answer();
    await channel.alert({
      kind: 'break-glass sign-in',
      username: 'root.glass',
      by: null,
      at: new Date('2026-11-27T08:00:00Z'),
      link: 'https://c.example/console/admin/audit?command=break-glass+sign-in',
      to: [],
    });
    const { card } = posted();
    expect(texts(card)).toEqual([
      'TextRun: Console alert',
      'TextRun: Break-glass sign-in: root.glass signed in to the console with a password at 2026-11-27T08:00:00.000Z',
    ]);
  });

  it('that Teams refuses is a failed delivery, retried', async () => {
    jest.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(null, { status: 400 }));
    await expect(channel.deliver(lead, 'n2')).rejects.toThrow('Teams answered 400');
  });
});
