import promises from '@proposal-site/contract/promises.json' with { type: 'json' };
import type { Lead } from '../../leads/lead.js';
import { schedulerLink } from '../scheduler-link.js';
import { messageIdOf, sendMail, type MailTransport } from './mail-transport.js';

/**
 * A short receipt to the sender. It repeats nothing they typed (not even their name), so the
 * form cannot be used to send someone else a message of one's choosing; the service sends at
 * most one per address a day (leads/lead-writer.ts). The promise it repeats is the one the site
 * states and the service tracks (contract/promises.json).
 */
export function acknowledgementOf(
  lead: Lead,
  schedulerUrl?: string,
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
      ...(schedulerUrl
        ? [
            'Would you rather pick a time now? Book the call here:',
            schedulerLink(schedulerUrl, lead),
            '',
          ]
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
    /** The scheduler's link, when its bookings come back to their leads (bookings/). */
    private readonly schedulerUrl?: string,
  ) {}

  async deliver(lead: Lead, notificationId: string): Promise<void> {
    const { subject, text } = acknowledgementOf(lead, this.schedulerUrl);
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
