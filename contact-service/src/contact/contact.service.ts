import {
  Injectable,
  Logger,
  ServiceUnavailableException,
  UnprocessableEntityException,
} from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { isRowError, StatementBatcher } from '../database/statement-batcher.js';
import type { Env } from '../config/env.js';
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

/** A submission on its way into the database, with the id it is stored under. */
interface NewLead {
  id: string;
  values: [name: string, email: string, company: string, role: string, message: string | null];
  spamReason: string | null;
  idempotencyKey: string | null;
}

@Injectable()
export class ContactService {
  private readonly logger = new Logger(ContactService.name);
  /**
   * Submissions that arrive together are stored by one statement (statement-batcher.ts), and
   * none waits for it longer than any other wait on the database (DATABASE_TIMEOUT_MS).
   */
  private readonly inserts: StatementBatcher<NewLead, Date | null>;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly notifications: NotificationsService,
    private readonly metrics: MetricsService,
    config: ConfigService<Env, true>,
  ) {
    this.inserts = new StatementBatcher((leads) => this.insert(leads), {
      retryAlone: isRowError,
      maxWaitMs: config.get('DATABASE_TIMEOUT_MS', { infer: true }),
    });
  }

  /**
   * Stores a submission; the receipt is returned only once the row is committed. With an
   * Idempotency-Key, a retry of the same submission gets the first receipt and stores nothing.
   * Suspected spam is stored too, marked with the reason, so an operator can still find a person
   * that a trap caught by mistake.
   */
  async create(dto: CreateContactDto, idempotencyKey?: string): Promise<ContactReceipt> {
    const lead: NewLead = {
      id: randomUUID(),
      values: [dto.name, dto.email, dto.company, dto.role, dto.message || null],
      spamReason: spamReasonOf(dto),
      idempotencyKey: idempotencyKey ?? null,
    };
    let row: StoredRow | undefined;
    let createdAt: Date | null;
    try {
      createdAt = await this.inserts.add(lead);
      // A key that is already stored inserted nothing; the row holding it is then read (a new
      // statement, so it also sees a row that a concurrent request with the same key committed).
      if (!createdAt) {
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
    if (createdAt) {
      if (!lead.spamReason) this.notifications.relaySoon();
      this.metrics.submissions.inc({
        kind: kindOf(lead.values[4]),
        spam: String(Boolean(lead.spamReason)),
      });
      if (lead.spamReason)
        this.logger.warn(`Suspected spam stored as ${lead.id}: ${lead.spamReason}`);
      return { id: lead.id, createdAt };
    }
    // Erased between the two statements: nothing of it is kept, so it may be sent again.
    if (!row) throw new ServiceUnavailableException(apiError(503, NOT_CONFIRMED_MESSAGE));
    const stored = [row.name, row.email, row.company, row.role, row.message];
    if (stored.some((value, index) => value !== lead.values[index])) {
      throw new UnprocessableEntityException(apiError(422, KEY_REUSED_MESSAGE));
    }
    return { id: row.id, createdAt: row.created_at };
  }

  /**
   * Stores leads in one statement, so one transaction and one round trip: each submission and its
   * notifications (none for suspected spam) are committed together or not at all, and the 201
   * only after the commit. Answers each lead's created_at, or null where its Idempotency-Key was
   * already stored (then nothing of it is inserted; a key twice in one batch keeps the first).
   */
  private async insert(leads: NewLead[]): Promise<(Date | null)[]> {
    const column = <T>(pick: (lead: NewLead) => T) => leads.map(pick);
    const rows = (await this.dataSource.query(
      `WITH lead AS (
         INSERT INTO contact_submissions
                (id, name, email, company, role, message, spam_reason, idempotency_key)
         SELECT * FROM unnest($1::uuid[], $2::varchar[], $3::varchar[], $4::varchar[],
                              $5::varchar[], $6::text[], $7::text[], $8::varchar[])
         ON CONFLICT (idempotency_key) DO NOTHING
         RETURNING id, created_at, email, spam_reason IS NOT NULL AS spam
       ), ${notificationsOfANewLead('$9')}
       SELECT id, created_at FROM lead`,
      [
        column((lead) => lead.id),
        ...[0, 1, 2, 3, 4].map((field) => column((lead) => lead.values[field])),
        column((lead) => lead.spamReason),
        column((lead) => lead.idempotencyKey),
        this.notifications.plannedChannels(),
      ],
    )) as { id: string; created_at: Date }[];
    const createdAt = new Map(rows.map((row) => [row.id, row.created_at]));
    return leads.map((lead) => createdAt.get(lead.id) ?? null);
  }
}
