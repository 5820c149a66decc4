import {
  applyDecorators,
  Controller,
  Headers,
  HttpException,
  NotFoundException,
  Post,
  Req,
  UseGuards,
  type RawBodyRequest,
} from '@nestjs/common';
import { ApiBody, ApiHeader, ApiProperty } from '@nestjs/swagger';
import { SkipThrottle, ThrottlerGuard } from '@nestjs/throttler';
import type { FastifyRequest } from 'fastify';
import { EnvironmentService } from '../config/environment.service.js';
import { apiError } from '../http/api-error.js';
import { JsonOnlyGuard } from '../http/json-only.guard.js';
import { Operation, Refusals } from '../http/operation.js';
import { MetricsService } from '../metrics/metrics.service.js';
import {
  BOOKING_BODY_LIMIT_BYTES,
  BookingRefusal,
  type BookingEvent,
  type Scheduler,
} from './booking-event.js';
import { BookingsService } from './bookings.service.js';
import { readCalCom } from './cal-com.js';
import { readCalendly } from './calendly.js';
import { verifyCalCom, verifyCalendly } from './signatures.js';

/** What the scheduler is told when an event is committed (or was, at an earlier delivery). */
export class BookingAnswer {
  @ApiProperty({ enum: ['applied', 'already applied'] }) status!: 'applied' | 'already applied';
}

/** What each webhook is answered besides its 200 (docs/bookings.md): a sentence, nothing stored. */
const REFUSED = {
  400: 'The body is not JSON, or a field the product needs is missing or of the wrong type.',
  401: 'The signature is missing, wrong, or (Calendly) more than 3 minutes old.',
  404: "That scheduler's setting is not set.",
  413: `The body is over ${BOOKING_BODY_LIMIT_BYTES / 1024} KB.`,
  415: 'Not Content-Type: application/json.',
  422: 'An event the endpoint does not apply.',
  429: 'Too many deliveries from this address.',
  503: 'The database is away for a moment: the scheduler retries.',
};

/** One scheduler's webhook as the public API document describes it. */
function SchedulerWebhook(path: string, operationId: string, header: string, scheduler: string) {
  return applyDecorators(
    Post(path),
    Operation(operationId, BookingAnswer),
    ApiHeader({ name: header, required: true }),
    ApiBody({ description: `${scheduler}'s webhook payload (contract/scheduler-webhooks.json).` }),
    Refusals(REFUSED),
  );
}
/**
 * The schedulers' webhooks, POST /api/bookings/calendly and /api/bookings/cal-com: each is on
 * when its secret is set (CALENDLY_WEBHOOK_SIGNING_KEY, CALCOM_WEBHOOK_SECRET), and the site's
 * 404 otherwise. The signature is checked on the raw bytes before the body is read; every refusal
 * is a 4xx with a sentence and stores nothing. Deliveries count against their own per-address
 * limit (integrations/rate-limit), never the form's.
 */
@Controller('bookings')
@UseGuards(ThrottlerGuard, JsonOnlyGuard)
@SkipThrottle({ default: true, beacons: true })
export class BookingsController {
  constructor(
    private readonly bookings: BookingsService,
    private readonly environment: EnvironmentService,
    private readonly metrics: MetricsService,
  ) {}

  @SchedulerWebhook('calendly', 'calendlyEvent', 'Calendly-Webhook-Signature', 'Calendly')
  calendly(
    @Req() request: RawBodyRequest<FastifyRequest>,
    @Headers('calendly-webhook-signature') signature: string | undefined,
  ): Promise<BookingAnswer> {
    const key = this.environment.get('CALENDLY_WEBHOOK_SIGNING_KEY');
    return this.receive('calendly', key, request, (raw) => {
      verifyCalendly(signature, raw, key!, new Date());
      return readCalendly(request.body);
    });
  }

  @SchedulerWebhook('cal-com', 'calComEvent', 'X-Cal-Signature-256', 'Cal.com')
  calCom(
    @Req() request: RawBodyRequest<FastifyRequest>,
    @Headers('x-cal-signature-256') signature: string | undefined,
  ): Promise<BookingAnswer> {
    const secret = this.environment.get('CALCOM_WEBHOOK_SECRET');
    return this.receive('cal.com', secret, request, (raw) => {
      verifyCalCom(signature, raw, secret!);
      return readCalCom(request.body);
    });
  }

  private async receive(
    scheduler: Scheduler,
    secret: readonly string[] | undefined,
    request: RawBodyRequest<FastifyRequest>,
    read: (raw: Buffer) => BookingEvent,
  ): Promise<BookingAnswer> {
    if (!secret) throw new NotFoundException(apiError(404));
    let event: BookingEvent;
    try {
      event = read(request.rawBody ?? Buffer.alloc(0));
    } catch (error) {
      if (!(error instanceof BookingRefusal)) throw error;
      this.metrics.bookingRefusals.inc({ scheduler, status: String(error.status) });
      throw new HttpException(apiError(error.status, error.message), error.status);
    }
    const { applied } = await this.bookings.apply(event);
    return { status: applied ? 'applied' : 'already applied' };
  }
}
