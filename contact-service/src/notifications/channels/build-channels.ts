import { createTransport } from 'nodemailer';
import type { Env } from '../../config/env.js';
import type { Channel } from '../notification.entity.js';
import { AcknowledgementChannel } from './acknowledgement.channel.js';
import type { NotificationChannel } from './channel.js';
import { EmailChannel } from './email.channel.js';
import { SlackChannel } from './slack.channel.js';
import { WebhookChannel } from './webhook.channel.js';

/** The channels the environment configures (env.ts has checked that each is complete). */
export function buildChannels(env: Env): Map<Channel, NotificationChannel> {
  const channels = new Map<Channel, NotificationChannel>();
  if (env.SMTP_URL && env.NOTIFY_FROM && env.NOTIFY_TO) {
    // Bounded waits: an SMTP server that hangs fails the attempt, which is then retried.
    const url = new URL(env.SMTP_URL);
    url.searchParams.set('connectionTimeout', '15000');
    url.searchParams.set('greetingTimeout', '15000');
    url.searchParams.set('socketTimeout', '30000');
    // A few connections, kept open and reused: one per delivery at a time (the queue's
    // localConcurrency), instead of a connection and a greeting (and TLS) for every mail.
    url.searchParams.set('pool', 'true');
    url.searchParams.set('maxConnections', '4');
    const transport = createTransport(url.toString());
    channels.set(
      'email',
      new EmailChannel(transport, {
        from: env.NOTIFY_FROM,
        to: env.NOTIFY_TO,
        accessibilityTo: env.NOTIFY_ACCESSIBILITY_TO ?? env.NOTIFY_TO,
      }),
    );
    if (env.ACKNOWLEDGE_SENDER) {
      channels.set('acknowledgement', new AcknowledgementChannel(transport, env.NOTIFY_FROM));
    }
  }
  if (env.WEBHOOK_URL && env.WEBHOOK_SECRET) {
    channels.set('webhook', new WebhookChannel(env.WEBHOOK_URL, env.WEBHOOK_SECRET));
  }
  if (env.SLACK_WEBHOOK_URL) channels.set('slack', new SlackChannel(env.SLACK_WEBHOOK_URL));
  return channels;
}
