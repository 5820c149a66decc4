import { mkdir } from 'node:fs/promises';
import pg from 'pg';
import { artifactsDir, baseUrl, databaseUrl } from './stack.ts';

/** Fails at once, with the way out, when the stack or its database is not there. */
export default async function globalSetup(): Promise<void> {
  await mkdir(`${artifactsDir}/screenshots`, { recursive: true });
  try {
    const ready = await fetch(`${baseUrl}/api/health/ready`);
    if (!ready.ok) throw new Error(`GET /api/health/ready answered ${ready.status}`);
  } catch (cause) {
    throw new Error(
      `The stack is not up at ${baseUrl} (${String(cause)}). Run \`make e2e\`, or \`make stack-up\` first.`,
      { cause },
    );
  }
  const client = new pg.Client({ connectionString: databaseUrl });
  try {
    await client.connect();
    await client.query('SELECT 1 FROM contact_submissions LIMIT 1');
  } catch (cause) {
    throw new Error(
      `The stack's database is not readable at STACK_DATABASE_URL (${String(cause)}). Set it to the database the stack was started with.`,
      { cause },
    );
  } finally {
    await client.end();
  }
}
