import type { EnvironmentService } from '../config/environment.service.js';
import { AcknowledgementChannel } from '../integrations/mail/acknowledgement.channel.js';
import { EmailChannel } from '../integrations/mail/email.channel.js';
import { createMailTransport } from '../integrations/mail/mail-transport.js';
import { SlackChannel } from '../integrations/slack/slack.channel.js';
import { TeamsChannel } from '../integrations/teams/teams.channel.js';
import { WebhookChannel } from '../integrations/webhook/webhook.channel.js';
import { schedulerLink, schedulerOfLink } from '../integrations/scheduler-link.js';
import { BookingTokens } from '../leads/booking-token.js';
import type { Lead } from '../leads/lead.js';
import type { ConsoleAlert } from '../integrations/console-alert.js';
import type { PromiseNotice } from '../integrations/promise-notice.js';
import type { SenderAnswer } from '../integrations/sender-answer.js';

/** The injection token of the channels the settings configure (buildChannels). */
export const NOTIFICATION_CHANNELS = Symbol('NOTIFICATION_CHANNELS');

/** The channels a lead can be announced on, the one list of them. */
export const CHANNELS = ['email', 'webhook', 'slack', 'teams', 'acknowledgement'] as const;
export type Channel = (typeof CHANNELS)[number];

/** One way of telling people about a lead (src/integrations/: mail, webhook, Slack, Teams). */
export interface NotificationChannel {
  /**
   * Delivers one notification. `notificationId` is stable across retries: it is the Message-ID
   * or webhook id by which a rare duplicate (delivery is at least once) is recognised. A
   * `notice` is a reminder or an escalation of the lead's promise instead of the lead itself.
   */
  deliver(
    lead: Lead,
    notificationId: string,
    notice?: PromiseNotice,
    /** The receipt's channel only: a step of the sender's accessibility feedback. */
    answer?: SenderAnswer,
  ): Promise<void>;
  /** Tells the team of an event of the console (the acknowledgement to visitors has none). */
  alert?(alert: ConsoleAlert, id: string): Promise<void>;
  /** Lets go of what it holds open (the SMTP connections), when the service stops. */
  close?(): void;
}

export type Channels = ReadonlyMap<Channel, NotificationChannel>;

/** The channels the settings configure (env.schema.ts has checked that each is complete). */
export function buildChannels(environment: EnvironmentService): Channels {
  const channels = new Map<Channel, NotificationChannel>();
  const smtp = environment.get('SMTP_URL');
  const sender = environment.get('NOTIFY_FROM');
  const inboxes = environment.get('NOTIFY_TO');
  if (smtp && sender && inboxes) {
    const transport = createMailTransport(smtp, environment.get('SMTP_REQUIRE_TLS'));
    const accessibilityTo = environment.get('NOTIFY_ACCESSIBILITY_TO') ?? inboxes;
    channels.set(
      'email',
      new EmailChannel(transport, { from: sender, to: inboxes, accessibilityTo }),
    );
    if (environment.get('ACKNOWLEDGE_SENDER')) {
      channels.set(
        'acknowledgement',
        new AcknowledgementChannel(transport, sender, bookingLinkOf(environment)),
      );
    }
  }
  const webhookUrl = environment.get('WEBHOOK_URL');
  const webhookSecret = environment.get('WEBHOOK_SECRET');
  if (webhookUrl && webhookSecret) {
    channels.set('webhook', new WebhookChannel(webhookUrl, webhookSecret));
  }
  const slackUrl = environment.get('SLACK_WEBHOOK_URL');
  if (slackUrl) channels.set('slack', new SlackChannel(slackUrl));
  const teamsUrl = environment.get('TEAMS_WEBHOOK_URL');
  if (teamsUrl) {
    channels.set('teams', new TeamsChannel(teamsUrl, environment.get('CONSOLE_ORIGIN')));
  }
  return channels;
}

/**
 * The booking link the receipt offers: when the site's scheduler is set and its bookings come
 * back (a Calendly signing key for a calendly.com link, a Cal.com secret for any other), the
 * scheduler's page with the lead's token, sealed under that secret (leads/booking-token.ts).
 */
export function bookingLinkOf(
  environment: EnvironmentService,
): ((lead: { id: string }) => string) | undefined {
  const url = environment.get('VITE_SCHEDULER_URL');
  if (!url) return undefined;
  const secrets = environment.get(
    schedulerOfLink(url) === 'calendly' ? 'CALENDLY_WEBHOOK_SIGNING_KEY' : 'CALCOM_WEBHOOK_SECRET',
  );
  if (!secrets) return undefined;
  const tokens = new BookingTokens(secrets);
  return (lead) => schedulerLink(url, tokens.of(lead.id));
}

/**
 * The channels a new lead is announced on: email always (it waits, stored, while SMTP is not
 * configured), the others when configured (the receipt's one-a-day rule: leads/lead-writer.ts).
 */
export function plannedChannels(channels: Channels): Channel[] {
  return CHANNELS.filter((channel) => channel === 'email' || channels.has(channel));
}

/**
 * The names of the channels a lead is announced on under these settings, for a process that
 * delivers nothing itself (the console, the `leads` command) but asks for a lead to be announced:
 * the channels are built to be counted, then let go.
 */
export function announcedChannels(environment: EnvironmentService): Channel[] {
  const channels = buildChannels(environment);
  for (const channel of channels.values()) channel.close?.();
  return plannedChannels(channels);
}

/**
 * The channels a reminder to the team, or an escalation, goes out on: the team's (email always,
 * Slack, Teams and the webhook when configured), never the visitor's receipt.
 */
export function teamChannels(channels: Channels): Channel[] {
  return plannedChannels(channels).filter((channel) => channel !== 'acknowledgement');
}
