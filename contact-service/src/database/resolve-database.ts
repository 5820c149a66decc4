import type { Env } from '../config/env.js';
import { startEmbeddedPostgres } from './embedded-postgres.js';

export interface ResolvedDatabase {
  url: string;
  /** Set when an embedded database was started and must be stopped with the service. */
  stop?: () => Promise<void>;
  description: string;
}

/** DATABASE_URL when given; otherwise an embedded Postgres with its data in EMBEDDED_DB_DIR. */
export async function resolveDatabase(env: Env): Promise<ResolvedDatabase> {
  if (env.DATABASE_URL) {
    const { host, port, pathname } = new URL(env.DATABASE_URL);
    return { url: env.DATABASE_URL, description: `Postgres at ${host}:${port || 5432}${pathname}` };
  }
  // The embedded server takes a fixed number of connections: the pool plus one spare.
  const embedded = await startEmbeddedPostgres(
    env.EMBEDDED_DB_DIR,
    env.EMBEDDED_DB_PORT,
    env.DATABASE_POOL_SIZE + 1,
  );
  return {
    url: embedded.url,
    stop: embedded.stop,
    description: `no DATABASE_URL set: started an embedded Postgres (PGlite) with its data in ${embedded.dataDir}`,
  };
}
