import { rmSync } from 'node:fs';
import { dirname } from 'node:path';

export default async function globalTeardown(): Promise<void> {
  await globalThis.__postgresContainer?.stop();
  const embedded = globalThis.__embeddedPostgres;
  if (embedded) {
    await embedded.stop();
    rmSync(dirname(embedded.dataDir), { recursive: true, force: true });
  }
}
