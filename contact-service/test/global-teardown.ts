import { rmSync } from 'node:fs';
import { dirname } from 'node:path';

/** How long the run may take to end by itself once everything is stopped. */
const EXIT_GRACE_MS = 10_000;

export default async function globalTeardown(): Promise<void> {
  await globalThis.__postgresContainer?.stop();
  const embedded = globalThis.__embeddedPostgres;
  if (embedded) {
    await embedded.stop();
    rmSync(dirname(embedded.dataDir), { recursive: true, force: true });
  }
  // A handle something left open would keep Jest alive after its summary, silently and for ever
  // (each test file is checked by test/support/integration-environment.ts; this catches what
  // escaped it). The run then ends, failed, naming what was still open. An unref'd timer: it
  // does not itself keep the process alive.
  setTimeout(() => {
    const open = process
      .getActiveResourcesInfo()
      .filter((resource) => resource !== 'TTYWrap' && resource !== 'PipeWrap');
    console.error(
      `\nThe test run did not end ${EXIT_GRACE_MS / 1000} s after its last test: still open ${open.join(', ') || '(nothing Node lists)'}. Failing instead of hanging.`,
    );
    process.exit(1);
  }, EXIT_GRACE_MS).unref();
}
