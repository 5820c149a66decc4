import { mkdir } from 'node:fs/promises';
import pg from 'pg';
import { artifactsDir, baseUrl, databaseUrl } from './stack.ts';

/** Fails at once, with the way out, when the stack or its database is not there. */
export default async function globalSetup(): Promise<void> {
  await mkdir(`${artifactsDir}/screenshots`, { recursive: true });
  try {
    // The public site has no probes: the service's own JSON 404 for GET /api/contact shows that
    // nginx reaches it (nginx itself would answer 502/503).
    const api = await fetch(`${baseUrl}/api/contact`);
    const body = (await api.json().catch(() => ({}))) as { status?: number };
    if (api.status !== 404 || body.status !== 404) {
      throw new Error(`GET /api/contact answered ${api.status}, not the service's JSON 404`);
    }
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
