import { z } from 'zod';
import {
  port,
  positiveInt,
  commaSeparated,
  hours,
  splitOnCommas,
  flag,
  secret,
  shown,
  retired,
  settingNature,
  type SettingNature,
} from './setting-kinds.js';
import { checkSingleSignOn, consoleSettings } from './console-settings.js';
import { checkNotifications, notificationSettings } from './notification-settings.js';

/**
 * Every setting of the service comes from the environment and is checked here once, at start-up
 * (env.ts), the notifications' and the console's from their own files (notification-settings.ts,
 * console-settings.ts) and the kinds from setting-kinds.ts; docs/configuration.md documents each variable, and settings-files.spec.ts checks
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
  ...notificationSettings,
  /**
   * Leads older than this many days are deleted once a day, with their notifications (the
   * privacy page: "we keep it only as long as needed"). 730: two years.
   */
  RETENTION_DAYS: shown(positiveInt.max(36_500).default(730)),
  ...consoleSettings,
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

export type Settings = z.output<typeof settings>;

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

function checkDevelopmentOnly(env: Settings, context: z.RefinementCtx): void {
  if (env.EMBEDDED_DATABASE && env.NODE_ENV === 'production') {
    context.addIssue({
      code: 'custom',
      path: ['EMBEDDED_DATABASE'],
      message: 'is for development only and is refused with NODE_ENV=production: set DATABASE_URL',
    });
  }
}
