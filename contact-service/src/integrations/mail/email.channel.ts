import promises from '@proposal-site/contract/promises.json' with { type: 'json' };
import { attributionLines, type Lead } from '../../leads/lead.js';
import { alertLine, alertText, type ConsoleAlert } from '../console-alert.js';
import { noticeLine, noticeText, type PromiseNotice } from '../promise-notice.js';
import { oneLine } from '../delivery.js';
import { messageIdOf, sendMail, type MailTransport } from './mail-transport.js';

export interface EmailSettings {
  from: string;
  to: string[];
  accessibilityTo: string[];
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The subject names who wrote, from where, in which role. */
export function subjectOf(lead: Lead): string {
  const what = lead.kind === 'accessibility' ? 'Accessibility feedback' : 'Discovery call request';
  return `${what}: ${oneLine(lead.name)}, ${oneLine(lead.role)} at ${oneLine(lead.company)}`;
}

function fieldsOf(lead: Lead): [string, string][] {
  return [
    ['Name', lead.name],
    ['Email', lead.email],
    ['Company', lead.company],
    ['Role', lead.role],
    ['Received', lead.createdAt.toISOString()],
    ['Lead id', lead.id],
    ...attributionLines(lead).map(([label, value]): [string, string] => [
      label[0]!.toUpperCase() + label.slice(1),
      oneLine(value),
    ]),
  ];
}

export function textOf(lead: Lead): string {
  const intro =
    lead.kind === 'accessibility'
      ? `Accessibility feedback arrived through the website. The accessibility statement promises an acknowledgement within ${promises.acknowledgeBusinessDays} business days and an assessment within ${promises.assessBusinessDays}.`
      : 'A prospect asked for a discovery call through the website.';
  return [
    intro,
    '',
    ...fieldsOf(lead).map(([label, value]) => `${`${label}:`.padEnd(15)}${value}`),
    '',
    'Message:',
    lead.message || '(none)',
    '',
    `Reply to this email to answer ${oneLine(lead.name)} directly.`,
    '',
  ].join('\n');
}

export function htmlOf(lead: Lead): string {
  const rows = fieldsOf(lead)
    .map(([label, value]) => `<tr><th align="left">${label}</th><td>${escapeHtml(value)}</td></tr>`)
    .join('');
  const message = lead.message
    ? `<p style="white-space:pre-wrap">${escapeHtml(lead.message)}</p>`
    : '<p>(none)</p>';
  return `<!doctype html><html><body><table>${rows}</table><h2>Message</h2>${message}<p>Reply to this email to answer ${escapeHtml(oneLine(lead.name))} directly.</p></body></html>`;
}

/**
 * The lead to the sales inbox (accessibility feedback to its own), every field in plain text and
 * simple HTML, Reply-To the prospect. Nodemailer encodes every header, and the one-line fields
 * hold no line breaks (the DTO refuses control characters; oneLine() again here), so nothing a
 * visitor types can add a header or a recipient.
 */
export class EmailChannel {
  constructor(
    private readonly transport: MailTransport,
    private readonly settings: EmailSettings,
  ) {}

  close(): void {
    this.transport.close();
  }

  async deliver(lead: Lead, notificationId: string, notice?: PromiseNotice): Promise<void> {
    const team = lead.kind === 'accessibility' ? this.settings.accessibilityTo : this.settings.to;
    if (notice) return this.deliverNotice(lead, notificationId, notice, team);
    await sendMail(this.transport, {
      from: this.settings.from,
      to: team,
      replyTo: { name: oneLine(lead.name), address: lead.email },
      subject: subjectOf(lead),
      messageId: messageIdOf(notificationId, this.settings.from),
      text: textOf(lead),
      html: htmlOf(lead),
      headers: { 'X-Lead-Id': lead.id },
    });
  }

  /**
   * A reminder or an escalation: the lead's name and company only, and the link to open it.
   */
  private async deliverNotice(lead: Lead, id: string, notice: PromiseNotice, team: string[]) {
    const who = `${oneLine(lead.name)} (${oneLine(lead.company)})`;
    const text = noticeText(notice, who);
    await sendMail(this.transport, {
      from: this.settings.from,
      // An escalation goes to the admins and the team's inbox; a reminder to its owner, if any.
      to:
        notice.notice === 'escalation'
          ? [...new Set([...team, ...notice.to])]
          : notice.to.length > 0
            ? notice.to
            : team,
      subject: noticeLine(notice, who),
      messageId: messageIdOf(id, this.settings.from),
      text,
      html: `<!doctype html><html><body><p style="white-space:pre-wrap">${escapeHtml(text)}</p></body></html>`,
      headers: { 'X-Lead-Id': lead.id, 'X-Lead-Notice': `${notice.notice}:${notice.step}` },
    });
  }

  /** An alert of the console to the admins and the sales inbox. */
  async alert(alert: ConsoleAlert, id: string): Promise<void> {
    const text = alertText(alert);
    await sendMail(this.transport, {
      from: this.settings.from,
      to: [...new Set([...this.settings.to, ...alert.to])],
      subject: alertLine(alert),
      messageId: messageIdOf(id, this.settings.from),
      text,
      html: `<!doctype html><html><body><p style="white-space:pre-wrap">${escapeHtml(text)}</p></body></html>`,
      headers: { 'X-Console-Alert': alert.kind },
    });
  }
}
