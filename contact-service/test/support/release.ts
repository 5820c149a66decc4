import type { Server } from 'node:http';

/**
 * Everything an integration test starts (apps, databases, servers) is registered here, and the
 * test environment (integration-environment.ts) stops whatever is still running once the file's
 * own hooks have run: a test that fails half-way leaves nothing behind to keep Jest alive.
 */
interface Started {
  what: string;
  stop: () => Promise<void>;
}

const running = new Set<Started>();

/**
 * Registers a thing that was started; returns its stop, which may be called any number of
 * times and stops it once.
 */
export function started(what: string, stop: () => Promise<void>): () => Promise<void> {
  let stopping: Promise<void> | undefined;
  const entry: Started = {
    what,
    stop: () => {
      running.delete(entry);
      stopping ??= stop();
      return stopping;
    },
  };
  running.add(entry);
  return entry.stop;
}

/** Stops what is still running, newest first; names what it had to stop. */
export async function stopEverything(): Promise<string[]> {
  const left = [...running].reverse();
  const failures: string[] = [];
  for (const entry of left) {
    await entry.stop().catch((error: unknown) => failures.push(`${entry.what}: ${String(error)}`));
  }
  if (failures.length) throw new Error(`could not stop ${failures.join('; ')}`);
  return left.map((entry) => entry.what);
}

// The environment reaches the registry of the test file's own module instance through this.
(globalThis as { __stopEverything?: typeof stopEverything }).__stopEverything = stopEverything;

/**
 * Resolves with `list` once it holds `count` items (polled every 50 ms); fails after `timeoutMs`
 * saying how many of what arrived: a receiver's waitFor.
 */
export async function received<T>(list: T[], count: number, what: string, timeoutMs: number) {
  const since = Date.now();
  while (list.length < count) {
    if (Date.now() - since > timeoutMs) {
      throw new Error(`${list.length} of ${count} ${what} arrived within ${timeoutMs} ms`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return list;
}

/** Closes a test's HTTP server at once, its open connections with it. */
export async function closeServer(server: Server): Promise<void> {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
}
