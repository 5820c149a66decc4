import { Body, Post } from '@nestjs/common';
import { PublicEndpoint } from '../integrations/rate-limit/public-endpoint.js';
import { Operation, Refusals } from '../http/operation.js';
import { MeasurementBody } from './measurement-body.js';
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
  @Refusals({
    400: 'A part of the body is not what contract/measurements.json allows: nothing is counted.',
    415: 'The body is not UTF-8 JSON.',
    429: 'Too many beacons from this address.',
  })
  record(@Body() body: MeasurementBody): void {
    this.measurements.record(body);
  }
}
