// Applies pending migrations and exits: `npm run migrate -w contact-service`. The service also
// applies them on start; running them again is a no-op.
import { parseEnv, secretValues, type Env } from '../config/env.js';
import { applyMigrations } from './apply-migrations.js';
import { describeStartupError } from './connection-errors.js';
import { resolveDatabase } from './resolve-database.js';

let env: Env | undefined;

async function migrate(): Promise<void> {
  env = parseEnv(process.env);
  const database = await resolveDatabase(env);
  console.log(`Migrating ${database.description}`);
  try {
    const { applied } = await applyMigrations(database.url, {
      timeoutMs: env.MIGRATION_TIMEOUT_MS,
    });
    console.log(
      applied.length === 0 ? 'The schema is up to date.' : `Applied: ${applied.join(', ')}`,
    );
  } finally {
    await database.stop?.();
  }
}

migrate().catch((error: unknown) => {
  console.error(describeStartupError(error, env ? secretValues(env) : []));
  process.exit(1);
});
