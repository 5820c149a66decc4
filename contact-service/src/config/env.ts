import { envSchema, settingsThat, type Env } from './env.schema.js';

export type { Env } from './env.schema.js';

export class ConfigError extends Error {}

/**
 * Settings whose value may be shown back when it is wrong (marked so in env.schema.ts). Any other
 * setting, and every one added later unless marked, is named without its value: a start-up error
 * must never print a secret.
 */
const SHOWN_VALUES = new Set<string>(settingsThat('shown'));

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

/**
 * Every value a log line must not show: the secret settings (marked so in env.schema.ts) whole,
 * and the passwords and tokens inside the URLs among them.
 */
export function secretValues(env: Env): string[] {
  const values = settingsThat('secret').flatMap((name) => {
    const value: unknown = env[name as keyof Env];
    // A list of keys (the schedulers' webhooks, during a rotation) is each key.
    return typeof value === 'string' ? [value] : Array.isArray(value) ? value.map(String) : [];
  });
  for (const url of [env.DATABASE_URL, env.SMTP_URL]) {
    if (!url) continue;
    const { password } = new URL(url);
    values.push(password, safeDecode(password));
  }
  for (const url of [env.WEBHOOK_URL, env.SLACK_WEBHOOK_URL, env.TEAMS_WEBHOOK_URL]) {
    // Webhook URLs carry their token in the path or the query (Slack: /services/T…/B…/token;
    // Teams Workflows: ?…&sig=…).
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
