import { Injectable, Module } from '@nestjs/common';

/**
 * The time the console's rules read (expiries, code steps) and the accessibility statement's
 * cache, so that tests can move it.
 */
@Injectable()
export class Clock {
  private offsetMs = 0;
  private frozenAtMs: number | null = null;

  now(): Date {
    return new Date((this.frozenAtMs ?? Date.now()) + this.offsetMs);
  }

  /** Tests only: lets time pass at once. */
  advance(ms: number): void {
    this.offsetMs += ms;
  }

  /**
   * Tests only: time stands still but for advance(), until thaw(), so that a test that counts
   * seconds (a throttle's waits) reads the same on a busy host as on an idle one.
   */
  freeze(): void {
    this.frozenAtMs ??= Date.now();
  }

  /** Tests only: time runs again from where it stood. */
  thaw(): void {
    if (this.frozenAtMs === null) return;
    this.offsetMs -= Date.now() - this.frozenAtMs;
    this.frozenAtMs = null;
  }
}

/**
 * The one Clock of a process, for every module that reads it (AccountsModule's console and
 * inbox, the statement's cache): a module, so that they all share it and a test moves it once.
 */
@Module({ providers: [Clock], exports: [Clock] })
export class ClockModule {}
