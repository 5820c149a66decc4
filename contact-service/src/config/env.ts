import { envSchema, type Env } from './env.schema.js';

export type { Env } from './env.schema.js';

export class ConfigError extends Error {}

/**
 * Settings whose value may be shown back when it is wrong. Any other setting, and every one added
 * later, is named without its value: a start-up error must never print a secret.
 */
const SHOWN_VALUES = new Set([
  'NODE_ENV',
  'HOST',
  'PORT',
  'EMBEDDED_DATABASE',
  'DATABASE_POOL_SIZE',
  'DATABASE_TIMEOUT_MS',
  'MIGRATION_TIMEOUT_MS',
  'EMBEDDED_DB_PORT',
  'TRUST_PROXY',
  'RATE_LIMIT_MAX',
  'RATE_LIMIT_WINDOW_SECONDS',
  'LOG_LEVEL',
  'NOTIFY_FROM',
  'ACKNOWLEDGE_SENDER',
  'NOTIFY_RETRY_LIMIT',
  'NOTIFY_RETRY_DELAY_SECONDS',
  'BACKGROUND_JOBS',
  'NOTIFY_WORKER',
  'NOTIFY_LEASE_SECONDS',
  'RETENTION_DAYS',
  'CONSOLE_HOST',
  'CONSOLE_PORT',
  'CONSOLE_ORIGIN',
  'SESSION_IDLE_MINUTES',
  'SESSION_MAX_HOURS',
  'AUDIT_RETENTION_DAYS',
]);

/** Parses the environment; a bad value throws a ConfigError whose message is one line naming it. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const cleaned = Object.fromEntries(
    Object.entries(source).filter(([, value]) => value !== undefined && value !== ''),
  );
  const result = envSchema.safeParse(cleaned);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => {
    const name = String(issue.path[0] ?? 'environment');
    const shown =
      name in cleaned && SHOWN_VALUES.has(name) ? ` (got ${JSON.stringify(cleaned[name])})` : '';
    return `${name} ${issue.message}${shown}`;
  });
  throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
}

/** Settings under an old name that are still read: each start says so, in one line each. */
export function deprecatedSettings(source: Record<string, string | undefined>): string[] {
  return source.NOTIFY_WORKER
    ? ['NOTIFY_WORKER is deprecated: it is read as BACKGROUND_JOBS, the name to use from now on']
    : [];
}

/** Every value a log line must not show: passwords, and whole URLs that may carry one. */
export function secretValues(env: Env): string[] {
  const values = [
    env.CONSOLE_SECRET_KEY,
    env.DATABASE_PASSWORD,
    env.DATABASE_URL,
    env.SMTP_URL,
    env.WEBHOOK_URL,
    env.WEBHOOK_SECRET,
    env.SLACK_WEBHOOK_URL,
    env.OIDC_CLIENT_SECRET,
  ];
  for (const url of [env.DATABASE_URL, env.SMTP_URL]) {
    if (!url) continue;
    const { password } = new URL(url);
    values.push(password, safeDecode(password));
  }
  for (const url of [env.WEBHOOK_URL, env.SLACK_WEBHOOK_URL]) {
    // Webhook URLs carry their token in the path or the query (Slack: /services/T…/B…/token).
    if (url) values.push(new URL(url).pathname, new URL(url).search);
  }
  return values.filter((value): value is string => Boolean(value && value.length >= 4));
}

/** Replaces every secret in a text meant for a log or the terminal. */
export function redact(text: string, secrets: readonly string[]): string {
  return secrets.reduce((result, secret) => result.split(secret).join('[redacted]'), text);
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
