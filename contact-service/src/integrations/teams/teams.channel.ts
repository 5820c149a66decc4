import { alertLine, type ConsoleAlert } from '../console-alert.js';
import { noticeLine, type PromiseNotice } from '../promise-notice.js';
import { knownSourceLines, type Lead } from '../../leads/lead.js';
import { oneLine, postJson } from '../delivery.js';

/** An element of an Adaptive Card (https://adaptivecards.io/explorer/). */
type Element = Record<string, unknown>;

/**
 * A visitor's text where Teams shows it: only ever in a TextRun of a RichTextBlock, which
 * Adaptive Cards never read as Markdown (a TextBlock or a Fact would turn `[x](url)` into a link
 * and `**` into bold), on one line.
 */
export function visitorRun(text: string): Element {
  return { type: 'TextRun', text: oneLine(text) || ' ' };
}

/** Text of our own, in a TextRun too: the card's words are never Markdown either. */
const ours = (text: string): Element => ({ type: 'TextRun', text });

/** The message Workflows' trigger expects: one Adaptive Card (1.4, which Teams renders). */
export function teamsMessage(title: string, lines: Element[][], link?: string): string {
  return JSON.stringify({
    type: 'message',
    attachments: [
      {
        contentType: 'application/vnd.microsoft.card.adaptive',
        contentUrl: null,
        content: {
          $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
          type: 'AdaptiveCard',
          version: '1.4',
          body: [
            {
              type: 'RichTextBlock',
              inlines: [{ ...ours(title), weight: 'Bolder', size: 'Medium' }],
            },
            ...lines.map((inlines) => ({ type: 'RichTextBlock', inlines })),
          ],
          ...(link
            ? { actions: [{ type: 'Action.OpenUrl', title: 'Open in the console', url: link }] }
            : {}),
        },
      },
    ],
  });
}

/** The lead's card: who wrote, from where, and the lead's id; the message itself goes by email. */
export function teamsCardOf(lead: Lead, consoleOrigin: string): string {
  const what = lead.kind === 'accessibility' ? 'Accessibility feedback' : 'Discovery call request';
  return teamsMessage(
    what,
    [
      [
        visitorRun(lead.name),
        ours(', '),
        visitorRun(lead.role),
        ours(' at '),
        visitorRun(lead.company),
      ],
      [ours(`Lead ${lead.id}`)],
      // The source only; the whole attribution is in the mail, the lead screen and the webhook.
      ...knownSourceLines(lead)
        .slice(0, 1)
        .map(([, source]) => [ours('Source: '), visitorRun(source)]),
    ],
    `${consoleOrigin}/console/leads/${lead.id}`,
  );
}

/**
 * A card in a Microsoft Teams channel for each lead, reminder, escalation and console alert,
 * through an incoming webhook of Teams' Workflows ("Post to a channel when a webhook request is
 * received"), which takes the message shape of
 * https://learn.microsoft.com/en-us/microsoftteams/platform/webhooks-and-connectors/how-to/add-incoming-webhook
 * ("Send Adaptive Cards using an Incoming Webhook"). Its URL carries a signature (`sig=`): it is
 * a secret, and never logged.
 */
export class TeamsChannel {
  constructor(
    private readonly url: string,
    private readonly consoleOrigin: string,
  ) {}

  async deliver(lead: Lead, _id: string, notice?: PromiseNotice): Promise<void> {
    // The notice's line names the visitor: a TextRun shows all of it as typed, Markdown and all.
    const body = notice
      ? teamsMessage(
          notice.notice === 'reminder' ? 'Reminder' : 'Overdue',
          [[visitorRun(noticeLine(notice, `${lead.name} (${lead.company})`))]],
          notice.link,
        )
      : teamsCardOf(lead, this.consoleOrigin);
    await postJson(this.url, body, {}, 'Teams');
  }

  async alert(alert: ConsoleAlert): Promise<void> {
    await postJson(
      this.url,
      teamsMessage('Console alert', [[ours(alertLine(alert))]], alert.link),
      {},
      'Teams',
    );
  }
}
