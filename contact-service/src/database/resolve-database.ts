import type { Env } from '../config/env.js';
import { runningEmbeddedPostgres, startEmbeddedPostgres } from './embedded-postgres.js';

export interface ResolvedDatabase {
  url: string;
  /** Set when an embedded database was started and must be stopped with the service. */
  stop?: () => Promise<void>;
  /** Where the data goes, for the start-up log: never the password. */
  description: string;
}

/**
 * DATABASE_URL when given (its password, when it holds none, is PGPASSWORD's, which the driver
 * reads itself); an embedded Postgres only when EMBEDDED_DATABASE=true asks for one.
 * With `shareRunning` (the `leads` command), an embedded database that a running service has
 * open is reached through that service's server instead of being opened a second time.
 */
export async function resolveDatabase(
  env: Env,
  { shareRunning = false }: { shareRunning?: boolean } = {},
): Promise<ResolvedDatabase> {
  if (env.DATABASE_URL) {
    const { host, port, pathname } = new URL(env.DATABASE_URL);
    return {
      url: env.DATABASE_URL,
      description: `Postgres at ${host}:${port || 5432}${pathname}`,
    };
  }
  const running = shareRunning ? runningEmbeddedPostgres(env.EMBEDDED_DB_DIR) : null;
  if (running) {
    return {
      url: running.url,
      description: `the embedded database of the running service (process ${running.pid})`,
    };
  }
  // Room for the service and a worker (each its pool, the migrations' lock and runner, the
  // queue's pool and listener) and a `leads` command beside them; at least Postgres' default.
  const embedded = await startEmbeddedPostgres(env.EMBEDDED_DB_DIR, {
    port: env.EMBEDDED_DB_PORT,
    maxConnections: Math.max(100, 2 * env.DATABASE_POOL_SIZE + 40),
  });
  return {
    url: embedded.url,
    stop: embedded.stop,
    description: `EMBEDDED_DATABASE=true: an embedded Postgres server with its data in ${embedded.dataDir}; for development only`,
  };
}
