import type { Circus } from '@jest/types';
import { TestEnvironment } from 'jest-environment-node';

type Timer = NodeJS.Timeout & { _destroyed?: boolean };
type Handle = { constructor: { name: string }; hasRef?: () => boolean };

/**
 * The integration tests' environment. After a test file's last hook it stops whatever the file
 * started and left running (support/release.ts), then checks that the file left nothing open
 * that would keep Node alive: a socket, a server, a child process (the process's active handles
 * that were not there before the file) or a timer (each one the file's code set is noted). A file
 * that did fails, naming what it left, instead of keeping the run alive after its summary.
 */
export default class IntegrationEnvironment extends TestEnvironment {
  private handlesBefore = new Set<Handle>();
  private timers = new Map<Timer, string>();
  private stopped: string[] = [];

  override async setup(): Promise<void> {
    await super.setup();
    this.handlesBefore = new Set(activeHandles());
    for (const name of ['setTimeout', 'setInterval'] as const) {
      const original = this.global[name] as (...args: unknown[]) => Timer;
      const noted = (...args: unknown[]) => {
        const timer = original(...args);
        // Where it was set, to name it if it is left running.
        this.timers.set(timer, setBy(new Error().stack));
        return timer;
      };
      this.global[name] = Object.assign(noted, original) as never;
    }
  }

  async handleTestEvent(event: Circus.Event): Promise<void> {
    if (event.name !== 'run_finish') return;
    const stopEverything = (this.global as { __stopEverything?: () => Promise<string[]> })
      .__stopEverything;
    this.stopped = (await stopEverything?.()) ?? [];
  }

  override async teardown(): Promise<void> {
    // Sockets and servers close a moment after their close() resolves.
    let left = this.leftOpen();
    for (let i = 0; i < 50 && left.length; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      left = this.leftOpen();
    }
    await super.teardown();
    if (this.stopped.length) {
      console.warn(`Stopped after the file's own hooks: ${this.stopped.join(', ')}`);
    }
    if (left.length) {
      throw new Error(
        `The test file left open: ${left.join(', ')}. Stop what it starts in afterAll/afterEach, or register it with test/support/release.ts.`,
      );
    }
  }

  private leftOpen(): string[] {
    const names = activeHandles()
      .filter((handle) => !this.handlesBefore.has(handle))
      .map((handle) => handle.constructor.name);
    for (const [timer, where] of this.timers) {
      if (timer._destroyed || !timer.hasRef()) this.timers.delete(timer);
      else names.push(`a timer set ${where}`);
    }
    const counts = new Map<string, number>();
    for (const name of names) counts.set(name, (counts.get(name) ?? 0) + 1);
    return [...counts].map(([name, n]) => (n > 1 ? `${name} ×${n}` : name));
  }
}

/**
 * The handles keeping Node alive, as objects, so that those of the file can be told apart:
 * process.getActiveResourcesInfo() gives only their kinds. A long-standing, undocumented API;
 * Jest's own --detectOpenHandles looks at the same thing through async_hooks, far slower.
 */
function activeHandles(): Handle[] {
  const handles = (process as unknown as { _getActiveHandles(): Handle[] })._getActiveHandles();
  // An unref'd handle does not keep Node alive.
  return handles.filter((handle) => handle.hasRef?.() ?? true);
}

/** The first frame of a stack outside this file: the code that set the timer. */
function setBy(stack: string | undefined): string {
  const frame = stack
    ?.split('\n')
    .slice(1)
    .find((line) => !line.includes('integration-environment'));
  return frame?.trim() ?? 'somewhere unknown';
}
