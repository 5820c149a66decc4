import { applyDecorators, NotFoundException, Post, Req, type RawBodyRequest } from '@nestjs/common';
import { ApiBody, ApiHeader, ApiProperty } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { EnvironmentService } from '../config/environment.service.js';
import { apiError } from '../http/api-error.js';
import { PublicEndpoint } from '../integrations/rate-limit/public-endpoint.js';
import { Operation, Refusals } from '../http/operation.js';
import { MetricsService } from '../metrics/metrics.service.js';
import {
  BOOKING_BODY_LIMIT_BYTES,
  BookingRefusal,
  SCHEDULER_SETTINGS,
  type BookingEvent,
  type Scheduler,
} from './booking-event.js';
import { BookingsService } from './bookings.service.js';
import { readCalCom } from './cal-com.js';
import { readCalendly } from './calendly.js';
import { verifyCalCom, verifyCalendly } from './signatures.js';

/** What the scheduler is told when an event is committed (or was, at an earlier delivery). */
export class BookingAnswer {
  /**
   * `not applied`: an event about an erased person's booking, or of an event type not named in
   * CALENDLY_EVENT_TYPES / CALCOM_EVENT_TYPES; answered 200 so that the scheduler does not retry.
   */
  @ApiProperty({ enum: ['applied', 'already applied', 'not applied'] })
  status!: 'applied' | 'already applied' | 'not applied';
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

/**
 * What tells the schedulers apart: each one's route, its name in the API document, the header of
 * its signature, how its signature is checked and its payload read (its settings:
 * SCHEDULER_SETTINGS).
 */
const SCHEDULERS = {
  calendly: {
    path: 'calendly',
    operationId: 'calendlyEvent',
    name: 'Calendly',
    header: 'Calendly-Webhook-Signature',
    verify: (signature, raw, keys) => verifyCalendly(signature, raw, keys, new Date()),
    read: readCalendly,
  },
  'cal.com': {
    path: 'cal-com',
    operationId: 'calComEvent',
    name: 'Cal.com',
    header: 'X-Cal-Signature-256',
    verify: verifyCalCom,
    read: readCalCom,
  },
} satisfies Record<
  Scheduler,
  {
    path: string;
    operationId: string;
    name: string;
    header: string;
    verify: (signature: string | undefined, raw: Buffer, secrets: readonly string[]) => void;
    read: (body: unknown) => BookingEvent;
  }
>;

/** One scheduler's webhook: its route, and how the public API document describes it. */
function SchedulerWebhook(scheduler: Scheduler) {
  const { path, operationId, name, header } = SCHEDULERS[scheduler];
  return applyDecorators(
    Post(path),
    Operation(operationId, BookingAnswer),
    ApiHeader({ name: header, required: true }),
    ApiBody({ description: `${name}'s webhook payload (contract/scheduler-webhooks.json).` }),
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
@PublicEndpoint('bookings', 'bookings')
export class BookingsController {
  constructor(
    private readonly bookings: BookingsService,
    private readonly environment: EnvironmentService,
    private readonly metrics: MetricsService,
  ) {}

  @SchedulerWebhook('calendly')
  calendly(@Req() request: RawBodyRequest<FastifyRequest>): Promise<BookingAnswer> {
    return this.receive('calendly', request);
  }

  @SchedulerWebhook('cal.com')
  calCom(@Req() request: RawBodyRequest<FastifyRequest>): Promise<BookingAnswer> {
    return this.receive('cal.com', request);
  }

  private async receive(
    scheduler: Scheduler,
    request: RawBodyRequest<FastifyRequest>,
  ): Promise<BookingAnswer> {
    const { header, verify, read } = SCHEDULERS[scheduler];
    const secret = this.environment.get(SCHEDULER_SETTINGS[scheduler].secret);
    if (!secret) throw new NotFoundException(apiError(404));
    // Node names headers in lower case, and gives a list only for set-cookie.
    const value = request.headers[header.toLowerCase()];
    const signature = typeof value === 'string' ? value : undefined;
    let event: BookingEvent;
    try {
      verify(signature, request.rawBody ?? Buffer.alloc(0), secret);
      event = read(request.body);
    } catch (error) {
      // Counted here; answered, like every refusal, by the global filter.
      if (error instanceof BookingRefusal) {
        this.metrics.bookingRefusals.inc({ scheduler, status: String(error.status) });
      }
      throw error;
    }
    const { applied, refused } = await this.bookings.apply(event);
    return { status: refused ? 'not applied' : applied ? 'applied' : 'already applied' };
  }
}
