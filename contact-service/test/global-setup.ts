// Chooses the Postgres the integration tests run against, once per run:
// TEST_DATABASE_URL when set; else a container through testcontainers when an engine answers;
// else the embedded Postgres server that `make start` uses, in a temporary folder. Each test
// file then gets a database of its own on it (test/support/test-database.ts).
// TEST_DATABASE=container insists on the container (CI proves that path with it).
import type { StartedPostgreSqlContainer } from '@testcontainers/postgresql';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { registerHooks } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
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
  const { startEmbeddedPostgres } = (await importSource(
    '../src/database/embedded-postgres.js',
  )) as typeof EmbeddedPostgresModule;
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

/**
 * Jest loads its global setup without the config's moduleNameMapper, so the config's rule is
 * given to Node here for the service's own files: `./x.js` in an import is the source `./x.ts`.
 */
async function importSource(path: string): Promise<unknown> {
  const root = pathToFileURL(join(__dirname, '..')).href;
  registerHooks({
    resolve(specifier, context, next) {
      const ours =
        context.parentURL?.startsWith(root) && !context.parentURL.includes('/node_modules/');
      if (ours && /^\.{1,2}\/.*\.js$/.test(specifier)) {
        return next(specifier.replace(/\.js$/, '.ts'), context);
      }
      return next(specifier, context);
    },
  });
  return import(path.replace(/\.js$/, '.ts'));
}

/** The image docker-compose.yml runs the database on (its x-postgres-image), so both agree. */
function postgresImage(): string {
  const compose = readFileSync(join(__dirname, '../../docker-compose.yml'), 'utf8');
  const image = /^x-postgres-image: &postgres-image (\S+)$/m.exec(compose)?.[1];
  if (!image) throw new Error('docker-compose.yml names no x-postgres-image');
  return image;
}
