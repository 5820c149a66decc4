import { BadRequestException, Body, Controller, HttpCode, Post, UseGuards } from '@nestjs/common';
import { Throttle, ThrottlerGuard } from '@nestjs/throttler';
import { apiError } from '../http/api-error.js';
import { JsonOnlyGuard } from '../http/json-only.guard.js';
import { MEASUREMENT_REFUSED, measurementBody } from './measurement-body.js';
import { MeasurementsService } from './measurements.service.js';

/** Beacons per client address and window: a page view sends one or two, a busy reader a few dozen. */
const BEACONS_PER_WINDOW = 120;

/**
 * POST /api/measurements: a page's field measurements, sent by navigator.sendBeacon
 * (frontend/src/shared/measurements.ts). 204 when counted; a body that is not what
 * contract/measurements.json allows is refused with 400 and changes nothing. No cookie is read
 * or set.
 */
@Controller('measurements')
@UseGuards(ThrottlerGuard, JsonOnlyGuard)
export class MeasurementsController {
  constructor(private readonly measurements: MeasurementsService) {}

  @Post()
  @HttpCode(204)
  @Throttle({ default: { limit: BEACONS_PER_WINDOW, ttl: 600_000 } })
  record(@Body() body: unknown): void {
    const parsed = measurementBody.safeParse(body);
    if (!parsed.success) {
      const where = parsed.error.issues[0]?.path.join('.') || 'the body';
      throw new BadRequestException(
        apiError(
          400,
          `The measurements were not counted: ${where} is not allowed. ${MEASUREMENT_REFUSED}`,
        ),
      );
    }
    this.measurements.record(parsed.data);
  }
}
