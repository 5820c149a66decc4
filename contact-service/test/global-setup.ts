// Chooses the Postgres the integration tests run against, once per run:
// TEST_DATABASE_URL when set; else a container through testcontainers when an engine answers;
// else the embedded Postgres server that `make start` uses, in a temporary folder. Each test
// file then gets a database of its own on it (test/support/test-database.ts).
// TEST_DATABASE=container insists on the container (CI proves that path with it).
import type { StartedPostgreSqlContainer } from '@testcontainers/postgresql';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type * as EmbeddedPostgresModule from '../src/database/embedded-postgres.js';
import type { EmbeddedPostgres } from '../src/database/embedded-postgres.js';

declare global {
  var __postgresContainer: StartedPostgreSqlContainer | undefined;
  var __embeddedPostgres: EmbeddedPostgres | undefined;
}

export default async function globalSetup(): Promise<void> {
  if (process.env.TEST_DATABASE_URL) {
    const { hostname, port } = new URL(process.env.TEST_DATABASE_URL);
    console.log(
      `\nIntegration tests: Postgres server at ${hostname}:${port || 5432} (TEST_DATABASE_URL)`,
    );
    return;
  }
  let noContainer: string;
  try {
    const { PostgreSqlContainer } = await import('@testcontainers/postgresql');
    const container = await new PostgreSqlContainer(postgresImage()).start();
    globalThis.__postgresContainer = container;
    process.env.TEST_DATABASE_URL = container.getConnectionUri();
    console.log(
      `\nIntegration tests: Postgres container ${postgresImage()} started through testcontainers`,
    );
    return;
  } catch (error) {
    // CI's run through testcontainers asks for the container and must not quietly get another.
    if (process.env.TEST_DATABASE === 'container') throw error;
    noContainer = (error as Error).message.split('\n')[0]!;
  }
  // Jest loads its global setup without moduleNameMapper, so the source is named as it is.
  const source = '../src/database/embedded-postgres.ts';
  const { startEmbeddedPostgres } = (await import(source)) as typeof EmbeddedPostgresModule;
  // Room for the apps that test files start side by side, each with its pools and queue.
  const embedded = await startEmbeddedPostgres(
    join(mkdtempSync(join(tmpdir(), 'contact-tests-')), 'postgres'),
    { port: 0, maxConnections: 300, durable: false },
  );
  globalThis.__embeddedPostgres = embedded;
  process.env.TEST_DATABASE_URL = embedded.url;
  console.log(
    `\nIntegration tests: the embedded Postgres server in ${embedded.dataDir} (no TEST_DATABASE_URL, and no container: ${noContainer})`,
  );
}

/** The image docker-compose.yml runs the database on (its x-postgres-image), so both agree. */
function postgresImage(): string {
  const compose = readFileSync(join(__dirname, '../../docker-compose.yml'), 'utf8');
  const image = /^x-postgres-image: &postgres-image (\S+)$/m.exec(compose)?.[1];
  if (!image) throw new Error('docker-compose.yml names no x-postgres-image');
  return image;
}
