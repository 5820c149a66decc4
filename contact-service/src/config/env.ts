import { z } from 'zod';

const port = z.coerce.number().int().min(0).max(65535);
const positiveInt = z.coerce.number().int().positive();

/**
 * Every setting of the service comes from the environment and is checked here once, at start-up.
 * README.md documents each variable.
 */
export const envSchema = z.object({
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: port.default(3000),
  /** postgres://user:password@host:port/database; without it an embedded Postgres is started. */
  DATABASE_URL: z
    .url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// URL' })
    .optional(),
  DATABASE_POOL_SIZE: positiveInt.max(100).default(10),
  /** Bounds every wait on the database so that an outage answers 503 instead of hanging. */
  DATABASE_TIMEOUT_MS: positiveInt.max(60000).default(1500),
  EMBEDDED_DB_DIR: z.string().min(1).default('.data/pglite'),
  EMBEDDED_DB_PORT: port.default(0),
  /** Addresses or CIDR ranges of the reverse proxy (nginx) whose X-Forwarded-For is believed. */
  TRUST_PROXY: z
    .string()
    .default('127.0.0.1/8,::1/128')
    .transform((value) =>
      value
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean),
    )
    .pipe(
      z.array(
        z.union([z.ipv4(), z.ipv6(), z.cidrv4(), z.cidrv6()], {
          error: 'must be a comma-separated list of IP addresses or CIDR ranges',
        }),
      ),
    ),
  RATE_LIMIT_MAX: positiveInt.default(20),
  RATE_LIMIT_WINDOW_SECONDS: positiveInt.default(600),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type Env = z.infer<typeof envSchema>;

export class ConfigError extends Error {}

/** Parses the environment; a bad value throws a ConfigError whose message is one line naming it. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const cleaned = Object.fromEntries(
    Object.entries(source).filter(([, value]) => value !== undefined && value !== ''),
  );
  const result = envSchema.safeParse(cleaned);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => {
    const name = String(issue.path[0] ?? 'environment');
    const shown = name in cleaned ? ` (got ${JSON.stringify(cleaned[name])})` : '';
    return `${name} ${issue.message}${shown}`;
  });
  throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
}
