// What every process of the service does the same way: read the settings once, say in one line
// (never with a secret) why it failed, and stop gracefully on the first SIGTERM or SIGINT.
import 'reflect-metadata';
import { parseEnv, secretValues, type Env } from '../config/env.js';
import { describeStartupError } from '../database/connection-errors.js';

let settings: Env | undefined;

/** The validated settings of this process; `overrides` are those a process fixes for itself. */
export function readSettings(overrides: Record<string, string | undefined> = {}): Env {
  settings = parseEnv({ ...process.env, ...overrides });
  return settings;
}

/** Words for a failure that stopped a process: one line, every secret of the settings redacted. */
export function describeFailure(error: unknown, fallback?: string): string {
  return describeStartupError(error, settings ? secretValues(settings) : [], fallback);
}

/** Runs a process's work; a failure prints one line and exits 1. */
export function run(work: () => Promise<void>): void {
  work().catch((error: unknown) => {
    console.error(describeFailure(error));
    process.exit(1);
  });
}

/**
 * `stop` runs once, on the first SIGTERM or SIGINT, then the process exits 0. Another signal of
 * the other kind waits for it; the same one again (a second Ctrl-C) ends the process at once.
 */
export function onStopSignal(stop: (signal: string) => Promise<void>): void {
  let stopping = false;
  const handle = (signal: string) => {
    if (stopping) return;
    stopping = true;
    stop(signal).then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(describeFailure(error, 'the graceful stop failed'));
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', () => handle('SIGTERM'));
  process.once('SIGINT', () => handle('SIGINT'));
}
