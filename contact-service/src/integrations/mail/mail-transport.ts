import { createTransport, type SendMailOptions, type Transporter } from 'nodemailer';
import { DeliveryError, oneLine } from '../delivery.js';

export type { Transporter as MailTransport } from 'nodemailer';

/**
 * The SMTP connection of the mail channels (smtp://…, STARTTLS when offered or, with
 * `requireTls`, always; or smtps://…):
 * bounded waits, so an SMTP server that hangs fails the attempt, which is then retried; and a few
 * connections kept open and reused, one per delivery at a time (the queue's localConcurrency),
 * instead of a connection and a greeting (and TLS) for every mail.
 */
export function createMailTransport(smtpUrl: string, requireTls = false): Transporter {
  const url = new URL(smtpUrl);
  if (requireTls) url.searchParams.set('requireTLS', 'true');
  url.searchParams.set('connectionTimeout', '15000');
  url.searchParams.set('greetingTimeout', '15000');
  url.searchParams.set('socketTimeout', '30000');
  url.searchParams.set('pool', 'true');
  url.searchParams.set('maxConnections', '4');
  return createTransport(url.toString());
}

/** Sends one message; an SMTP failure becomes a DeliveryError, to be retried. */
export async function sendMail(transport: Transporter, message: SendMailOptions): Promise<void> {
  try {
    await transport.sendMail(message);
  } catch (error) {
    throw new DeliveryError(`SMTP: ${oneLine((error as Error).message)}`);
  }
}

/** Stable across retries, so a duplicate is recognisable: <notification id@sender's domain>. */
export function messageIdOf(notificationId: string, from: string): string {
  return `<${notificationId}@${from.split('@')[1] ?? 'localhost'}>`;
}
