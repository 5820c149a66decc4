import promises from '@proposal-site/contract/promises.json' with { type: 'json' };
import { z } from 'zod';
import {
  positiveInt,
  commaSeparated,
  emailList,
  flag,
  secret,
  webhookKeys,
  shown,
  retired,
} from './setting-kinds.js';

/**
 * The settings of a lead's notifications (docs/configuration.md, "Notifications"): each channel
 * is on when its settings are given, and the rules between them (checkNotifications).
 */
export const notificationSettings = {
  /** smtp://user:pass@host:587 (STARTTLS when offered) or smtps://… (implicit TLS). */
  SMTP_URL: secret(
    z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
  ),
  /**
   * true: an smtp:// server must upgrade the connection with STARTTLS, or no mail is sent to it
   * (Microsoft 365, Google); false: STARTTLS when the server offers it. smtps:// is always TLS.
   */
  SMTP_REQUIRE_TLS: shown(flag.default(false)),
  NOTIFY_FROM: shown(z.email({ error: 'must be an email address' }).optional()),
  /** The sales inbox: every contact request. */
  NOTIFY_TO: emailList.optional(),
  /** Accessibility feedback; NOTIFY_TO when unset. */
  NOTIFY_ACCESSIBILITY_TO: emailList.optional(),
  WEBHOOK_URL: secret(
    z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  ),
  /** Standard Webhooks signing secret: whsec_ followed by base64. */
  WEBHOOK_SECRET: secret(
    z
      .string()
      .regex(/^whsec_[A-Za-z0-9+/]{24,}={0,2}$/, {
        error: 'must be a Standard Webhooks secret: whsec_ followed by at least 18 bytes in base64',
      })
      .optional(),
  ),
  SLACK_WEBHOOK_URL: secret(
    z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  ),
  /** A Teams Workflows webhook ("Post to a channel when a webhook request is received"). */
  TEAMS_WEBHOOK_URL: secret(
    z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  ),
  ACKNOWLEDGE_SENDER: shown(flag.default(false)),
  /**
   * Bookings through the scheduler (docs/bookings.md): the signing key of a Calendly webhook
   * subscription, and the secret of a Cal.com webhook. Each turns its endpoint on; two, comma-
   * separated, are both accepted while one replaces the other.
   */
  CALENDLY_WEBHOOK_SIGNING_KEY: secret(webhookKeys.optional()),
  CALCOM_WEBHOOK_SECRET: secret(webhookKeys.optional()),
  /**
   * The event types whose bookings the service takes, separated by commas (Calendly: the event
   * type's URI or its last part; Cal.com: its id or slug). Empty: every type. An event of another
   * type is answered 200 and changes nothing, so an organisation-wide subscription does not
   * turn every meeting in the company into a lead.
   */
  CALENDLY_EVENT_TYPES: shown(commaSeparated),
  CALCOM_EVENT_TYPES: shown(commaSeparated),
  /**
   * The scheduler the site's buttons open (the site reads it at build time): with bookings on,
   * the receipt offers its link, carrying the lead's booking token back (scheduler-link.ts).
   */
  VITE_SCHEDULER_URL: shown(
    z.url({ protocol: /^https$/, error: 'must be an https:// URL' }).optional(),
  ),
  /** Delivery attempts after the first; with the default delay, about a day in all. */
  NOTIFY_RETRY_LIMIT: shown(z.coerce.number().int().min(0).max(50).default(15)),
  NOTIFY_RETRY_DELAY_SECONDS: shown(positiveInt.max(3600).default(5)),
  /** How long a delivery may take before its job is given to another worker (the lease). */
  NOTIFY_LEASE_SECONDS: shown(z.coerce.number().int().min(2).max(3600).default(120)),
  /**
   * Whether this process runs the background jobs: notification deliveries and the daily
   * retention purge (false: this process only accepts leads; a worker process runs them).
   */
  BACKGROUND_JOBS: shown(flag.default(true)),
  /** The earlier name of BACKGROUND_JOBS. */
  NOTIFY_WORKER: retired('is now called BACKGROUND_JOBS: rename it'),
};

/**
 * The notifications' settings as validated, with the reminder's lead time (env.schema.ts): the
 * part of the whole that their rules read.
 */
type NotificationValues = z.output<z.ZodObject<typeof notificationSettings>> & {
  CONTACT_REMINDER_HOURS: number;
};

export function checkNotifications(env: NotificationValues, context: z.RefinementCtx): void {
  // Email needs all three; half a configuration would fail quietly at the first lead.
  const email = ['SMTP_URL', 'NOTIFY_FROM', 'NOTIFY_TO'] as const;
  const given = email.filter((name) => env[name] !== undefined);
  if (given.length > 0 && given.length < email.length) {
    for (const name of email.filter((name) => env[name] === undefined)) {
      context.addIssue({
        code: 'custom',
        path: [name],
        message: `is not set, but ${given.join(' and ')} ${given.length > 1 ? 'are' : 'is'}: email notifications need SMTP_URL, NOTIFY_FROM and NOTIFY_TO`,
      });
    }
  }
  if ((env.WEBHOOK_URL === undefined) !== (env.WEBHOOK_SECRET === undefined)) {
    context.addIssue({
      code: 'custom',
      path: [env.WEBHOOK_URL === undefined ? 'WEBHOOK_URL' : 'WEBHOOK_SECRET'],
      message: 'is not set: the signed webhook needs both WEBHOOK_URL and WEBHOOK_SECRET',
    });
  }
  // A reminder that comes when the promise is already broken reminds nobody of anything.
  if (env.CONTACT_REMINDER_HOURS >= promises.callbackHours) {
    context.addIssue({
      code: 'custom',
      path: ['CONTACT_REMINDER_HOURS'],
      message: `must be less than the callback promise's ${promises.callbackHours} hours: the reminder comes before the callback is due`,
    });
  }
  if (env.ACKNOWLEDGE_SENDER && given.length < email.length) {
    context.addIssue({
      code: 'custom',
      path: ['ACKNOWLEDGE_SENDER'],
      message: 'needs email: set SMTP_URL, NOTIFY_FROM and NOTIFY_TO too',
    });
  }
}
