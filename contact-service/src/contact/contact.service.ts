import {
  Injectable,
  Logger,
  ServiceUnavailableException,
  UnprocessableEntityException,
} from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { EnvironmentService } from '../config/environment.service.js';
import { apiError } from '../http/api-error.js';
import { kindOf, type LeadKind } from '../leads/lead-kind.js';
import { LeadWriter, type NewLead } from '../leads/lead-writer.js';
import { MetricsService } from '../metrics/metrics.service.js';
import { bookingLinkOf } from '../notifications/channels.js';
import { NotificationsService } from '../notifications/notifications.service.js';
import type { CreateContactDto } from './dto/create-contact.dto.js';
import { ApiProperty } from '@nestjs/swagger';

/** The 201 of a stored submission, and the answer to a repeated Idempotency-Key. */
export class ContactReceipt {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty() createdAt!: Date;
  /**
   * For a discovery-call request, when the scheduler is set and its bookings come back: the
   * receipt mail's booking link, with the lead's token, so the call booked at once attaches to
   * this lead. The site adds the name and address the visitor typed; this answer carries none.
   */
  @ApiProperty({ required: false, format: 'uri' }) bookingUrl?: string;
}

/** The 503 of a submission that may or may not have been stored: it says what is true. */
export const NOT_CONFIRMED_MESSAGE =
  'Your message could not be confirmed as saved just now. Please try again in a minute; a retry from the form is never stored twice.';

export const KEY_REUSED_MESSAGE =
  'This Idempotency-Key was already used for a different message. Send a new message with a new key.';

/** Why a submission is suspected spam, or null for a person's. */
export function spamReasonOf(dto: CreateContactDto): string | null {
  if (dto.contact_me_by_fax_only === true) return 'trap field contact_me_by_fax_only was ticked';
  if (dto.website) return 'trap field website (of earlier forms) was filled';
  return null;
}

const FIELDS = ['name', 'email', 'company', 'role', 'message'] as const;

/**
 * The form's submissions become leads: the lead and its notifications are written together
 * (leads/lead-writer.ts), and the receipt is returned only once they are committed. Suspected
 * spam is stored too, marked with the reason, so an operator can still find a person that a trap
 * caught by mistake.
 */
@Injectable()
export class ContactService {
  private readonly logger = new Logger(ContactService.name);
  private readonly writer: LeadWriter;
  private readonly bookingLink: ReturnType<typeof bookingLinkOf>;

  constructor(
    @InjectDataSource() dataSource: DataSource,
    private readonly notifications: NotificationsService,
    private readonly metrics: MetricsService,
    environment: EnvironmentService,
  ) {
    this.writer = new LeadWriter(
      dataSource,
      notifications.plannedChannels(),
      environment.get('DATABASE_TIMEOUT_MS'),
    );
    this.bookingLink = bookingLinkOf(environment);
  }

  /** With an Idempotency-Key, a retry of the same submission gets the first receipt back. */
  async create(dto: CreateContactDto, idempotencyKey?: string): Promise<ContactReceipt> {
    const lead: NewLead = {
      name: dto.name,
      email: dto.email,
      company: dto.company,
      role: dto.role,
      message: dto.message || null,
      spamReason: spamReasonOf(dto),
      idempotencyKey: idempotencyKey ?? null,
      attribution: dto.attribution ?? null,
    };
    let result: Awaited<ReturnType<LeadWriter['write']>>;
    try {
      result = await this.writer.write(lead);
    } catch (error) {
      // Valid input cannot break a constraint, so a failure here is the database being away.
      // The commit may still have happened (a timeout does not cancel it), hence the wording.
      this.logger.error(`Could not store a submission: ${(error as Error).message}`);
      throw new ServiceUnavailableException(apiError(503, NOT_CONFIRMED_MESSAGE));
    }
    if (result.stored) {
      if (!lead.spamReason) this.notifications.relaySoon();
      this.metrics.submissions.inc({
        kind: kindOf(lead.message),
        spam: String(Boolean(lead.spamReason)),
      });
      if (lead.spamReason) {
        this.logger.warn(`Suspected spam stored as ${result.id}: ${lead.spamReason}`);
      }
      return this.receipt(result.id, result.createdAt, kindOf(lead.message));
    }
    // Erased between the two statements: nothing of it is kept, so it may be sent again.
    const { earlier } = result;
    if (!earlier) throw new ServiceUnavailableException(apiError(503, NOT_CONFIRMED_MESSAGE));
    if (FIELDS.some((field) => earlier[field] !== lead[field])) {
      throw new UnprocessableEntityException(apiError(422, KEY_REUSED_MESSAGE));
    }
    return this.receipt(earlier.id, earlier.createdAt, earlier.kind);
  }

  private receipt(id: string, createdAt: Date, kind: LeadKind): ContactReceipt {
    const bookingUrl = kind === 'contact' ? this.bookingLink?.({ id }) : undefined;
    return bookingUrl ? { id, createdAt, bookingUrl } : { id, createdAt };
  }
}
