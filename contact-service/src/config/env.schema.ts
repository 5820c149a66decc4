import promises from '@proposal-site/contract/promises.json' with { type: 'json' };
import { z } from 'zod';

const port = z.coerce.number().int().min(0).max(65535);
const positiveInt = z.coerce.number().int().positive();
/** Values separated by commas ("a, b,c"), blanks left out; none when empty. */
const commaSeparated = z
  .string()
  .default('')
  .transform((value) =>
    value
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean),
  );
/** A duration in hours, fractions allowed, up to a year. */
const hours = z.coerce
  .number()
  .positive()
  .max(24 * 366);
/** "a, b,c" → ['a', 'b', 'c']: the form of every list setting. */
const splitOnCommas = (value: string) =>
  value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
const emailList = z
  .string()
  .transform(splitOnCommas)
  .pipe(
    z
      .array(z.email({ error: 'must be email addresses separated by commas' }))
      .min(1, { error: 'must name at least one email address' }),
  );
const SCOPES_ERROR = 'must be scopes separated by spaces, openid among them (openid email profile)';
/** Every switch is true or false. */
const flag = z
  .enum(['true', 'false'], { error: 'must be true or false' })
  .transform((v) => v === 'true');
/**
 * A switch that release 1.1.0 spelled on or off: that spelling is still read, so that an
 * operator's .env keeps working through `make upgrade` (CHANGELOG.md).
 */
const formerOnOff = z.preprocess(
  (value) => (value === 'on' ? 'true' : value === 'off' ? 'false' : value),
  flag,
);

/**
 * What the schema says of a setting beyond its rule. A setting marked neither is named without
 * its value when it is wrong, and is not taken out of log lines: safe for anything but a secret.
 */
export interface SettingNature {
  /** A credential, or a URL that may carry one: never shown back, taken out of every log line. */
  secret?: true;
  /** Its value may be shown back when it is wrong (config/env.ts). */
  shown?: true;
  /** No longer a setting: any value is refused (the files that pass settings on omit it). */
  retired?: true;
}
export const settingNature = z.registry<SettingNature>();
/** Marks a setting's nature in the schema (settingNature); answers the setting's schema. */
function marked<T extends z.ZodType>(schema: T, nature: SettingNature): T {
  settingNature.add(schema, nature);
  return schema;
}
const secret = <T extends z.ZodType>(schema: T) => marked(schema, { secret: true });

/** A scheduler's webhook key, or two while one replaces the other ("old,new"). */
const webhookKeys = z
  .string()
  .transform((value) => value.split(',').map((key) => key.trim()))
  .refine((keys) => keys.length <= 2 && keys.every((key) => key.length >= 16), {
    error: 'must be one key of at least 16 characters, or two separated by a comma',
  });
const shown = <T extends z.ZodType>(schema: T) => marked(schema, { shown: true });
/**
 * A setting of an earlier version: a value left in the environment stops the start with a line
 * saying what to do, instead of being ignored while the operator believes it applies.
 */
const retired = (error: string) => marked(z.undefined({ error }).optional(), { retired: true });

/**
 * Every setting of the service comes from the environment and is checked here once, at start-up
 * (env.ts); docs/configuration.md documents each variable, and settings-files.spec.ts checks
 * the files that pass them on (.env.example, docker-compose.yml, the Kubernetes settings, the
 * local stack) against this list. Code reads them through EnvironmentService, the one way in.
 */
export const settings = z.object({
  NODE_ENV: shown(z.string().optional()),
  HOST: shown(z.string().min(1).default('0.0.0.0')),
  PORT: shown(port.default(3000)),
  /** postgres://user:password@host:port/database. */
  DATABASE_URL: secret(
    z
      .url({
        protocol: /^postgres(ql)?$/,
        error: 'must be a postgres://user@host:port/database URL',
      })
      .optional(),
  ),
  /**
   * The password, apart from DATABASE_URL, so that any password works (`@ / : # %` pasted into a
   * URL would break it): the Postgres driver's own setting, which it reads itself when the URL
   * holds no password; listed here so that it is kept out of every log line.
   */
  PGPASSWORD: secret(z.string().optional()),
  DATABASE_PASSWORD: retired(
    'is now PGPASSWORD, the name the Postgres driver and tools read themselves: rename it',
  ),
  /** Development only (`make start`, `make dev`): a throwaway Postgres in EMBEDDED_DB_DIR. */
  EMBEDDED_DATABASE: shown(flag.default(false)),
  DATABASE_POOL_SIZE: shown(positiveInt.max(100).default(10)),
  /** Bounds every wait on the database so that an outage answers 503 instead of hanging. */
  DATABASE_TIMEOUT_MS: shown(positiveInt.max(60000).default(1500)),
  /** Migrations may build indexes or wait for locks: they get their own, generous bound. */
  MIGRATION_TIMEOUT_MS: shown(positiveInt.max(3_600_000).default(600_000)),
  EMBEDDED_DB_DIR: z.string().min(1).default('.data/postgres'),
  EMBEDDED_DB_PORT: shown(port.default(0)),
  /** Addresses or CIDR ranges of the reverse proxy (nginx) whose X-Forwarded-For is believed. */
  TRUST_PROXY: shown(
    z
      .string()
      .default('127.0.0.1/8,::1/128')
      .transform(splitOnCommas)
      .pipe(
        z.array(
          z.union([z.ipv4(), z.ipv6(), z.cidrv4(), z.cidrv6()], {
            error: 'must be a comma-separated list of IP addresses or CIDR ranges',
          }),
        ),
      ),
  ),
  RATE_LIMIT_MAX: shown(positiveInt.default(20)),
  RATE_LIMIT_WINDOW_SECONDS: shown(positiveInt.default(600)),
  // Notifications (docs/configuration.md, "Notifications (environment)"). Each channel is on when its settings are given.
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
  /**
   * Leads older than this many days are deleted once a day, with their notifications (the
   * privacy page: "we keep it only as long as needed"). 730: two years.
   */
  RETENTION_DAYS: shown(positiveInt.max(36_500).default(730)),
  /**
   * The operators' console (src/operators/) runs when this key is given: 32 random bytes or more,
   * in base64 (`openssl rand -base64 32`). It encrypts the second factors' secrets at rest.
   */
  CONSOLE_SECRET_KEY: secret(
    z
      .string()
      .refine(
        (value) =>
          /^[A-Za-z0-9+/]+={0,2}$/.test(value) && Buffer.from(value, 'base64').length >= 32,
        {
          error:
            'must be at least 32 random bytes in base64, e.g. the output of openssl rand -base64 32',
        },
      )
      .optional(),
  ),
  /** The console's own listener: loopback unless the operator exposes it on purpose. */
  CONSOLE_HOST: shown(z.string().min(1).default('127.0.0.1')),
  CONSOLE_PORT: shown(port.default(3001)),
  /** Where operators open the console, for the links the `leads users` commands print. */
  CONSOLE_ORIGIN: shown(
    z
      .url({ protocol: /^https?$/, error: 'must be an http:// or https:// origin' })
      .transform((value) => new URL(value).origin)
      .default('http://localhost:8081'),
  ),
  /** A console session ends after this much inactivity, and in any case this long after sign-in. */
  SESSION_IDLE_MINUTES: shown(positiveInt.max(24 * 60).default(30)),
  SESSION_MAX_HOURS: shown(positiveInt.max(24 * 7).default(12)),
  // Single sign-on (src/operators/sso/, docs/configuration.md "Single sign-on"): on when OIDC_ISSUER_URL is given.
  /** The OpenID Provider's issuer, found by discovery: https only. */
  OIDC_ISSUER_URL: z
    .url({ protocol: /^https$/, error: 'must be the provider’s https:// issuer URL' })
    .optional(),
  OIDC_CLIENT_ID: z.string().min(1).max(255).optional(),
  OIDC_CLIENT_SECRET: secret(z.string().min(1).max(1024).optional()),
  /** The domains of the verified e-mail addresses that may sign in (example.com, exactly). */
  OIDC_ALLOWED_DOMAINS: z
    .string()
    .default('')
    .transform((value) => splitOnCommas(value.toLowerCase()))
    .pipe(
      z.array(
        z.string().regex(/^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, {
          error: 'must be domain names such as example.com, comma-separated',
        }),
      ),
    ),
  /**
   * The scopes every sign-in asks for, space-separated; openid among them. `groups` and
   * `offline_access` are added when the provider lists them (sso/relying-party.ts, scopesFor).
   */
  OIDC_SCOPES: z
    .string()
    .default('openid email profile')
    .transform((value) => value.split(/\s+/).filter(Boolean))
    .pipe(
      z
        .array(z.string().regex(/^[\x21\x23-\x5B\x5D-\x7E]+$/, { error: SCOPES_ERROR }))
        .refine((scopes) => scopes.includes('openid'), { error: SCOPES_ERROR }),
    ),
  /** The claim that lists the user's groups (Entra ID: groups, as object ids). */
  OIDC_GROUPS_CLAIM: z.string().min(1).max(100).default('groups'),
  /** Groups whose members are admins, then members (`*` in OIDC_MEMBER_GROUPS: anyone allowed). */
  OIDC_ADMIN_GROUPS: commaSeparated,
  OIDC_MEMBER_GROUPS: commaSeparated,
  /** When given, the ID token's acr must be one of these (the provider asserts multi-factor). */
  OIDC_REQUIRED_ACR: commaSeparated,
  /** What the sign-in button calls the provider ("Sign in with …"); found from the issuer otherwise. */
  OIDC_PROVIDER_NAME: z.string().min(1).max(60).optional(),
  /**
   * How often a session asks the provider whether its user may still sign in. Minutes, fractions
   * allowed (the browser suite re-checks every few seconds).
   */
  OIDC_RECHECK_MINUTES: z.coerce
    .number({ error: 'must be a number of minutes' })
    .positive({ error: 'must be more than 0' })
    .max(24 * 60)
    .default(10),
  /** true: passwords, codes and passkeys are refused but for break-glass accounts. */
  SSO_REQUIRED: formerOnOff.default(false),
  /**
   * Days off besides weekends, when the accessibility promises' business days do not count
   * (src/leads/support-hours.ts): dates in the support time zone, comma-separated.
   */
  SUPPORT_HOLIDAYS: commaSeparated.refine(
    (days) =>
      days.every(
        (day) =>
          /^\d{4}-\d{2}-\d{2}$/.test(day) &&
          new Date(`${day}T12:00:00Z`).toISOString().startsWith(day),
      ),
    { error: 'must be dates such as 2026-12-25, comma-separated' },
  ),
  /**
   * Once the callback promise's hours. The promise is what the site says (contract/promises.json):
   * a deployment that tracked other hours than its pages state would break its word quietly, so
   * a value stops the start instead of being ignored.
   */
  CONTACT_RESPONSE_HOURS: retired(
    'is no longer a setting: the callback promise is the one the site states (contract/promises.json), tracked as written; remove it',
  ),
  /**
   * The owner (or the team) is reminded this long before a callback is due (the callback is due
   * contract/promises.json's callbackHours after receipt).
   */
  CONTACT_REMINDER_HOURS: hours.default(4),
  /**
   * The kinds of lead given to operators in turn as they arrive (contact, accessibility,
   * comma-separated; empty: none). Operators opt in on their account page.
   */
  AUTO_ASSIGN: commaSeparated.refine(
    (kinds) => kinds.every((kind) => kind === 'contact' || kind === 'accessibility'),
    {
      error: 'must be contact, accessibility or both, comma-separated',
    },
  ),
  /** The audit trail is kept this long (at least a year), apart from the leads' retention. */
  AUDIT_RETENTION_DAYS: shown(positiveInt.min(365).max(36_500).default(730)),
  LOG_LEVEL: shown(
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ),
});

type Settings = z.output<typeof settings>;

/** The names of the settings of a nature: the secrets, or those whose value may be shown. */
export function settingsThat(nature: keyof SettingNature): (keyof Settings)[] {
  return (Object.keys(settings.shape) as (keyof Settings)[]).filter(
    (name) => settingNature.get(settings.shape[name])?.[nature],
  );
}

/**
 * The settings, validated: each value on its own, then the rules between them, each of which
 * names the setting to fix.
 */
export const envSchema = settings
  .superRefine(checkDatabase)
  .superRefine(checkNotifications)
  .superRefine(checkDevelopmentOnly)
  .superRefine(checkSingleSignOn);

export type Env = z.infer<typeof envSchema>;

function checkDatabase(env: Settings, context: z.RefinementCtx): void {
  // A service without a database address must never quietly write to a throwaway database.
  if (!env.DATABASE_URL && !env.EMBEDDED_DATABASE) {
    context.addIssue({
      code: 'custom',
      path: ['DATABASE_URL'],
      message:
        'is not set: give the postgres:// URL of the database (EMBEDDED_DATABASE=true starts a throwaway embedded one, for development only)',
    });
  }
  if (env.DATABASE_URL && env.EMBEDDED_DATABASE) {
    context.addIssue({
      code: 'custom',
      path: ['EMBEDDED_DATABASE'],
      message: 'cannot be true together with DATABASE_URL: set one of them',
    });
  }
}

function checkNotifications(env: Settings, context: z.RefinementCtx): void {
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

function checkDevelopmentOnly(env: Settings, context: z.RefinementCtx): void {
  if (env.EMBEDDED_DATABASE && env.NODE_ENV === 'production') {
    context.addIssue({
      code: 'custom',
      path: ['EMBEDDED_DATABASE'],
      message: 'is for development only and is refused with NODE_ENV=production: set DATABASE_URL',
    });
  }
}

function checkSingleSignOn(env: Settings, context: z.RefinementCtx): void {
  const issue = (name: keyof Settings, message: string) =>
    context.addIssue({ code: 'custom', path: [name], message });
  const given = (
    [
      'OIDC_CLIENT_ID',
      'OIDC_CLIENT_SECRET',
      'OIDC_ALLOWED_DOMAINS',
      'OIDC_ADMIN_GROUPS',
      'OIDC_MEMBER_GROUPS',
      'OIDC_REQUIRED_ACR',
    ] as const
  ).filter((name) => {
    const value = env[name];
    return Array.isArray(value) ? value.length > 0 : value !== undefined;
  });
  if (!env.OIDC_ISSUER_URL) {
    if (given.length > 0) {
      issue(
        'OIDC_ISSUER_URL',
        `is not set, but ${given.join(', ')} ${given.length > 1 ? 'are' : 'is'}: single sign-on needs the provider’s issuer URL`,
      );
    }
    if (env.SSO_REQUIRED) {
      issue(
        'SSO_REQUIRED',
        'is true, but OIDC_ISSUER_URL is not set: nobody but break-glass accounts could sign in',
      );
    }
    return;
  }
  for (const name of ['OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET'] as const) {
    if (!env[name])
      issue(name, 'is not set: single sign-on needs the client registered at the provider');
  }
  if (env.OIDC_ALLOWED_DOMAINS.length === 0) {
    issue(
      'OIDC_ALLOWED_DOMAINS',
      'is not set: name the e-mail domains whose people may sign in (example.com)',
    );
  }
  if (env.OIDC_ADMIN_GROUPS.length === 0 && env.OIDC_MEMBER_GROUPS.length === 0) {
    issue(
      'OIDC_MEMBER_GROUPS',
      'is not set, nor OIDC_ADMIN_GROUPS: name the provider’s groups that give a role',
    );
  }
  if (env.OIDC_ADMIN_GROUPS.includes('*')) {
    issue('OIDC_ADMIN_GROUPS', 'cannot be *: name the groups whose members are admins');
  }
}
