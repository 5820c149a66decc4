import promises from '@proposal-site/contract/promises.json' with { type: 'json' };
import type { Lead } from '../../leads/lead.js';
import type { PromiseNotice } from '../promise-notice.js';
import { answerMail, type SenderAnswer } from '../sender-answer.js';
import { messageIdOf, sendMail, type MailTransport } from './mail-transport.js';

/**
 * A short receipt to the sender. It repeats nothing they typed (not even their name), so the
 * form cannot be used to send someone else a message of one's choosing; the service sends at
 * most one per address a day (leads/lead-writer.ts). The promise it repeats is the one the site
 * states and the service tracks (contract/promises.json).
 */
export function acknowledgementOf(
  lead: Lead,
  bookingLink?: (lead: Lead) => string,
): { subject: string; text: string } {
  if (lead.kind === 'accessibility') {
    return {
      subject: 'We received your accessibility feedback',
      text: [
        'Thank you for your accessibility feedback. We received it.',
        '',
        `We will acknowledge it within ${promises.acknowledgeBusinessDays} business days and assess it within ${promises.assessBusinessDays} business days.`,
        '',
        'If you did not send feedback through our website, you can ignore this email.',
        '',
      ].join('\n'),
    };
  }
  return {
    subject: 'We received your request',
    text: [
      `Thank you for your interest. We received your request for a discovery call and will be in touch within ${promises.callbackHours} hours to schedule it.`,
      '',
      ...(bookingLink
        ? ['Would you rather pick a time now? Book the call here:', bookingLink(lead), '']
        : []),
      'If you did not send a request through our website, you can ignore this email.',
      '',
    ].join('\n'),
  };
}

export class AcknowledgementChannel {
  constructor(
    private readonly transport: MailTransport,
    private readonly from: string,
    /** The lead's booking link, when the scheduler's bookings come back to leads (bookings/). */
    private readonly bookingLink?: (lead: Lead) => string,
  ) {}

  /** The receipt, or (`answer`) a step of the sender's accessibility feedback. */
  async deliver(
    lead: Lead,
    notificationId: string,
    _notice?: PromiseNotice,
    answer?: SenderAnswer,
  ): Promise<void> {
    const { subject, text } = answer
      ? answerMail(answer)
      : acknowledgementOf(lead, this.bookingLink);
    await sendMail(this.transport, {
      from: this.from,
      to: lead.email,
      subject,
      text,
      messageId: messageIdOf(notificationId, this.from),
      headers: { 'Auto-Submitted': 'auto-replied' },
    });
  }
}
