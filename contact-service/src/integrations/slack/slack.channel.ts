import { alertLine, type ConsoleAlert } from '../console-alert.js';
import { noticeLine, type PromiseNotice } from '../promise-notice.js';
import { knownSourceLines, type Lead } from '../../leads/lead.js';
import { oneLine, postJson } from '../delivery.js';

/**
 * A visitor's text as Slack shows it: `&`, `<` and `>` escaped, so it cannot mention a channel
 * or a person (`<!channel>`, `<@U…>`) or make a link (`<url|text>`)
 * (https://api.slack.com/reference/surfaces/formatting#escaping), and in inline code, where
 * Slack neither formats nor links anything; a backtick would end it, so it becomes a prime.
 */
export function slackText(text: string): string {
  const escaped = oneLine(text)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/`/g, 'ʹ');
  return `\`${escaped || ' '}\``;
}

export function slackMessageOf(lead: Lead): string {
  const what = lead.kind === 'accessibility' ? 'Accessibility feedback' : 'Discovery call request';
  const [source] = knownSourceLines(lead);
  const from = source ? `, source ${slackText(source[1])}` : '';
  return `${what} from ${slackText(lead.name)}, ${slackText(lead.role)} at ${slackText(lead.company)} (lead ${lead.id}${from})`;
}

/** A short line in a Slack channel through an incoming webhook; the full lead goes by email. */
export class SlackChannel {
  constructor(private readonly url: string) {}

  async deliver(lead: Lead, _id: string, notice?: PromiseNotice): Promise<void> {
    const body = JSON.stringify({
      text: notice
        ? `${noticeLine(notice, `${slackText(lead.name)} (${slackText(lead.company)})`)}: <${notice.link}|open the lead>`
        : slackMessageOf(lead),
      unfurl_links: false,
      unfurl_media: false,
    });
    await postJson(this.url, body, {}, 'Slack');
  }

  async alert(alert: ConsoleAlert): Promise<void> {
    const body = JSON.stringify({
      text: `${alertLine(alert)}: <${alert.link}|the audit trail>`,
      unfurl_links: false,
      unfurl_media: false,
    });
    await postJson(this.url, body, {}, 'Slack');
  }
}
