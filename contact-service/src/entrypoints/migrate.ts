// Applies pending migrations and exits: `npm run migrate -w contact-service`. The service also
// applies them on start; running them again is a no-op.
import { applyMigrations } from '../database/apply-migrations.js';
import { resolveDatabase } from '../database/resolve-database.js';
import { readSettings, run } from './start-up.js';

run(async () => {
  const env = readSettings();
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
});
