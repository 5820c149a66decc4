import { Injectable } from '@nestjs/common';

/** The time the console's rules read (expiries, code steps), so that tests can move it. */
@Injectable()
export class Clock {
  private offsetMs = 0;

  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }

  /** Tests only: lets time pass at once. */
  advance(ms: number): void {
    this.offsetMs += ms;
  }
}
