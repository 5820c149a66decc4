import { applyDecorators, Controller, UseGuards } from '@nestjs/common';
import { SkipThrottle, ThrottlerGuard } from '@nestjs/throttler';
import { JsonOnlyGuard } from '../../http/json-only.guard.js';
import { LIMITS, type Limit } from './rate-limit.module.js';

/**
 * A public endpoint's controller (the form, the beacons, the schedulers' webhooks): Nest's
 * Controller at `path`, its requests counted against the one per-client limit it names and no
 * other, and JSON bodies only.
 */
export function PublicEndpoint(path: string, limit: Limit) {
  const others = LIMITS.filter((name) => name !== limit);
  return applyDecorators(
    Controller(path),
    UseGuards(ThrottlerGuard, JsonOnlyGuard),
    SkipThrottle(Object.fromEntries(others.map((name) => [name, true]))),
  );
}
