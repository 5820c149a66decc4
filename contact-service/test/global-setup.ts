// Chooses the Postgres the integration tests run against, once per run:
// TEST_DATABASE_URL when set; else a container through testcontainers when an engine answers;
// else each test file starts its own embedded PGlite (test/support/test-database.ts).
import type { StartedPostgreSqlContainer } from '@testcontainers/postgresql';

declare global {
  var __postgresContainer: StartedPostgreSqlContainer | undefined;
}

export default async function globalSetup(): Promise<void> {
  if (process.env.TEST_DATABASE_URL) {
    const { hostname, port } = new URL(process.env.TEST_DATABASE_URL);
    console.log(
      `\nIntegration tests: Postgres server at ${hostname}:${port || 5432} (TEST_DATABASE_URL)`,
    );
    return;
  }
  try {
    const { PostgreSqlContainer } = await import('@testcontainers/postgresql');
    const container = await new PostgreSqlContainer('postgres:17-bookworm').start();
    globalThis.__postgresContainer = container;
    process.env.TEST_DATABASE_URL = container.getConnectionUri();
    console.log('\nIntegration tests: Postgres container started through testcontainers');
  } catch (error) {
    process.env.TEST_DATABASE_MODE = 'pglite';
    console.log(
      `\nIntegration tests: embedded PGlite (no TEST_DATABASE_URL, and no container: ${(error as Error).message.split('\n')[0]})`,
    );
  }
}
