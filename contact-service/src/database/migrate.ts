// Applies pending migrations and exits: `npm run migrate -w contact-service`. The service also
// applies them on start; running them again is a no-op.
import { DataSource } from 'typeorm';
import { ConfigError, parseEnv } from '../config/env.js';
import { dataSourceOptions } from './data-source-options.js';
import { resolveDatabase } from './resolve-database.js';

async function migrate(): Promise<void> {
  const env = parseEnv(process.env);
  const database = await resolveDatabase(env);
  console.log(`Migrating ${database.description}`);
  const dataSource = new DataSource(
    dataSourceOptions({ url: database.url, poolSize: 1, timeoutMs: 10_000 }),
  );
  try {
    await dataSource.initialize();
    const applied = await dataSource.runMigrations();
    console.log(
      applied.length === 0
        ? 'The schema is up to date.'
        : `Applied: ${applied.map((migration) => migration.name).join(', ')}`,
    );
  } finally {
    if (dataSource.isInitialized) await dataSource.destroy();
    await database.stop?.();
  }
}

migrate().catch((error: unknown) => {
  console.error(
    error instanceof ConfigError ? error.message : `Migration failed: ${String(error)}`,
  );
  process.exit(1);
});
