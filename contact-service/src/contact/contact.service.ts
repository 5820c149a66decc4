import {
  Injectable,
  Logger,
  ServiceUnavailableException,
  UnprocessableEntityException,
} from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { apiError } from '../http/api-error.js';
import { MetricsService } from '../metrics/metrics.service.js';
import { kindOf } from '../notifications/lead.js';
import {
  notificationsOfANewLead,
  NotificationsService,
} from '../notifications/notifications.service.js';
import type { CreateContactDto } from './dto/create-contact.dto.js';

export interface ContactReceipt {
  id: string;
  createdAt: Date;
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

interface StoredRow {
  id: string;
  created_at: Date;
  name: string;
  email: string;
  company: string;
  role: string;
  message: string | null;
}

@Injectable()
export class ContactService {
  private readonly logger = new Logger(ContactService.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly notifications: NotificationsService,
    private readonly metrics: MetricsService,
  ) {}

  /**
   * Stores a submission; the receipt is returned only once the row is committed. With an
   * Idempotency-Key, a retry of the same submission gets the first receipt and stores nothing.
   * Suspected spam is stored too, marked with the reason, so an operator can still find a person
   * that a trap caught by mistake.
   */
  async create(dto: CreateContactDto, idempotencyKey?: string): Promise<ContactReceipt> {
    const values = [dto.name, dto.email, dto.company, dto.role, dto.message || null];
    const spamReason = spamReasonOf(dto);
    let inserted: StoredRow | undefined;
    let row: StoredRow | undefined;
    try {
      // One statement, so one transaction and one round trip: the submission and its
      // notifications (none for suspected spam) are committed together or not at all, and the
      // 201 only after the commit. A key that is already stored inserts nothing; the row
      // holding it is then read (a new statement, so it also sees a row that a concurrent
      // request with the same key committed meanwhile).
      [inserted] = (await this.dataSource.query(
        `WITH lead AS (
           INSERT INTO contact_submissions (name, email, company, role, message, spam_reason, idempotency_key)
           VALUES ($1, $2, $3, $4, $5, $6, $7)
           ON CONFLICT (idempotency_key) DO NOTHING
           RETURNING id, created_at, name, email, company, role, message
         ), ${notificationsOfANewLead('$8')}
         SELECT * FROM lead`,
        [
          ...values,
          spamReason,
          idempotencyKey ?? null,
          spamReason ? [] : this.notifications.plannedChannels(),
        ],
      )) as StoredRow[];
      row = inserted;
      if (!row) {
        [row] = (await this.dataSource.query(
          `SELECT id, created_at, name, email, company, role, message
             FROM contact_submissions WHERE idempotency_key = $1`,
          [idempotencyKey],
        )) as StoredRow[];
      }
    } catch (error) {
      // Valid input cannot break a constraint, so a failure here is the database being away.
      // The commit may still have happened (a timeout does not cancel it), hence the wording.
      this.logger.error(`Could not store a submission: ${(error as Error).message}`);
      throw new ServiceUnavailableException(apiError(503, NOT_CONFIRMED_MESSAGE));
    }
    // Erased between the two statements: nothing of it is kept, so it may be sent again.
    if (!row) throw new ServiceUnavailableException(apiError(503, NOT_CONFIRMED_MESSAGE));
    const stored = [row.name, row.email, row.company, row.role, row.message];
    if (stored.some((value, index) => value !== values[index])) {
      throw new UnprocessableEntityException(apiError(422, KEY_REUSED_MESSAGE));
    }
    if (inserted) {
      if (!spamReason) this.notifications.relaySoon();
      this.metrics.submissions.inc({
        kind: kindOf(row.message),
        spam: String(Boolean(spamReason)),
      });
      if (spamReason) this.logger.warn(`Suspected spam stored as ${row.id}: ${spamReason}`);
    }
    return { id: row.id, createdAt: row.created_at };
  }
}
