// Chooses the Postgres the integration tests run against, once per run:
// TEST_DATABASE_URL when set; else a container through testcontainers when an engine answers;
// else each test file starts its own embedded PGlite (test/support/test-database.ts).
// TEST_DATABASE=container insists on the container (CI proves that path with it).
import type { StartedPostgreSqlContainer } from '@testcontainers/postgresql';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

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
    const container = await new PostgreSqlContainer(postgresImage()).start();
    globalThis.__postgresContainer = container;
    process.env.TEST_DATABASE_URL = container.getConnectionUri();
    console.log(
      `\nIntegration tests: Postgres container ${postgresImage()} started through testcontainers`,
    );
  } catch (error) {
    // CI's run through testcontainers asks for the container and must not quietly get PGlite.
    if (process.env.TEST_DATABASE === 'container') throw error;
    process.env.TEST_DATABASE_MODE = 'pglite';
    console.log(
      `\nIntegration tests: embedded PGlite (no TEST_DATABASE_URL, and no container: ${(error as Error).message.split('\n')[0]})`,
    );
  }
}

/** The image docker-compose.yml runs the database on (its x-postgres-image), so both agree. */
function postgresImage(): string {
  const compose = readFileSync(join(__dirname, '../../docker-compose.yml'), 'utf8');
  const image = /^x-postgres-image: &postgres-image (\S+)$/m.exec(compose)?.[1];
  if (!image) throw new Error('docker-compose.yml names no x-postgres-image');
  return image;
}
