import { BadRequestException, Body, Post } from '@nestjs/common';
import { ApiBody } from '@nestjs/swagger';
import { z } from 'zod';
import { apiError } from '../http/api-error.js';
import { PublicEndpoint } from '../integrations/rate-limit/public-endpoint.js';
import { Operation, Refusals } from '../http/operation.js';
import { MEASUREMENT_REFUSED, measurementBody } from './measurement-body.js';
import { MeasurementsService } from './measurements.service.js';

/**
 * POST /api/measurements: a page's field measurements, sent by navigator.sendBeacon
 * (frontend/src/shared/measurements.ts). 204 when counted; a body that is not what
 * contract/measurements.json allows is refused with 400 and changes nothing. No cookie is read
 * or set.
 */
@PublicEndpoint('measurements', 'beacons')
export class MeasurementsController {
  constructor(private readonly measurements: MeasurementsService) {}

  @Post()
  @Operation('recordMeasurements')
  @ApiBody({ schema: z.toJSONSchema(measurementBody, { target: 'openapi-3.0' }) as object })
  @Refusals({
    400: 'A part of the body is not what contract/measurements.json allows: nothing is counted.',
    415: 'The body is not UTF-8 JSON.',
    429: 'Too many beacons from this address.',
  })
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
