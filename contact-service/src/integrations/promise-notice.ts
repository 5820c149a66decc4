import promises from '@proposal-site/contract/promises.json' with { type: 'json' };
import type { PromisedStep } from '../leads/lead.js';

/**
 * A reminder or an escalation of one lead's promise, as the channels tell it: who the lead is
 * (name and company, nothing the visitor wrote beyond them), what is due and when, and where to
 * open it in the console. Its purpose is stored with the notification (leads/pending-notices.ts's
 * noticePurpose); the recipients are read when it is delivered, so it goes to whoever owns the
 * lead then.
 */
export interface PromiseNotice {
  notice: 'reminder' | 'escalation';
  step: PromisedStep;
  dueAt: Date;
  /** The owner's username, or null: the team's. */
  owner: string | null;
  /** The addresses an email goes to; none: the team's inbox. */
  to: string[];
  /** The lead's screen in the console. */
  link: string;
}

const WHAT: Record<PromisedStep, string> = {
  callback: 'call back',
  acknowledge: 'acknowledge the accessibility feedback of',
  assess: 'assess the accessibility feedback of',
};

/** A due time as people read it in the support time zone: "26 Nov 2026, 14:00 CET". */
export const dueText = (at: Date) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone: promises.supportHours.timeZone,
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(at);

/** One line: "Reminder: call back Ada Lovelace (Acme Bank) by 26 Nov 2026, 14:00 CET". */
export function noticeLine(notice: PromiseNotice, who: string): string {
  return notice.notice === 'reminder'
    ? `Reminder: ${WHAT[notice.step]} ${who} by ${dueText(notice.dueAt)}`
    : `Overdue: nobody has managed to ${WHAT[notice.step]} ${who}; it was due ${dueText(notice.dueAt)}`;
}

/** The mail's text: the line, who owns it, where to open it; never the visitor's message. */
export function noticeText(notice: PromiseNotice, who: string): string {
  return [
    `${noticeLine(notice, who)}.`,
    '',
    notice.owner ? `Owner: ${notice.owner}` : 'Owner: nobody yet (the team)',
    '',
    `Open the lead in the console: ${notice.link}`,
    '',
    notice.notice === 'reminder'
      ? 'This reminder stops once the lead has moved on in the console.'
      : 'The admins and the team are told of every promise that breaks.',
    '',
  ].join('\n');
}
