import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { ApiProperty } from '@nestjs/swagger';
import { Refusal } from '../http/refusal.js';
import { createHmac } from 'node:crypto';
import type { DataSource, EntityManager } from 'typeorm';

export class AuditRecord {
  @ApiProperty() id!: string;
  @ApiProperty() at!: Date;
  @ApiProperty() command!: string;
  @ApiProperty({ type: 'integer' }) rows!: number;
  @ApiProperty() actor!: string;
  /** The keyed hash of the address the record is about, never the address. */
  @ApiProperty({ type: String, nullable: true }) subjectHash!: string | null;
  @ApiProperty({ type: Object, additionalProperties: true }) details!: Record<string, unknown>;
}

export type NewAuditRecord = Pick<AuditRecord, 'command' | 'rows' | 'actor'> &
  Partial<Pick<AuditRecord, 'details'>> & {
    /** The person the record is about: kept only as the keyed hash of the address. */
    email?: string;
  };

/** Which records to read; each filter narrows, and all of them together must hold. */
export interface AuditFilter {
  /** Exactly this command ("users add", "sign-in failed", "erase"…). */
  command?: string;
  /** Exactly this actor: an operator's username, or the user@host of a `leads` command. */
  actor?: string;
  /** Only records about this address (matched by its keyed hash, never stored). */
  email?: string;
  /** On or after this day, YYYY-MM-DD in UTC. */
  from?: string;
  /** On or before this day, YYYY-MM-DD in UTC. */
  to?: string;
  /** Older than this record (its id): the place where the previous page ended. */
  before?: string;
}

/** The console's audit screen reads this many records at a time. */
export const AUDIT_PAGE = 100;

export class AuditPage {
  @ApiProperty({ type: [AuditRecord] }) records!: AuditRecord[];
  /** The `before` of the next (older) page; null when this page holds the oldest record. */
  @ApiProperty({ type: String, nullable: true }) older!: string | null;
}

/** A filter that cannot be read: the message names it and says what it takes. */
export class AuditFilterError extends Refusal {}

const FILTERS = ['command', 'actor', 'email', 'from', 'to', 'before'] as const;
type FilterName = (typeof FILTERS)[number];
/** The longest text each column holds (audit_log's varchar lengths; an address's 254). */
const TEXT_LIMITS: Partial<Record<FilterName, number>> = { command: 32, actor: 200, email: 254 };
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const EMAIL = /^[^\s@]+@[^\s@]+$/;
const BIGINT_MAX = 9223372036854775807n;

/** A day of the calendar, YYYY-MM-DD, from year 1 (Postgres has no year 0) to 9999. */
const isDay = (value: string) => {
  const at = Date.parse(`${value}T00:00:00Z`);
  return (
    DAY.test(value) &&
    !value.startsWith('0000') &&
    !isNaN(at) &&
    new Date(at).toISOString().startsWith(value)
  );
};

/**
 * The filter of an address's query (?command=users+add&actor=ada&from=2026-11-01…), as the
 * console's audit screen writes it. An empty parameter is no filter; an unknown or malformed one
 * is refused rather than ignored, so a view that looks filtered always is.
 */
export function auditFilterOf(query: Record<string, unknown>): AuditFilter {
  const filter: AuditFilter = {};
  for (const [name, raw] of Object.entries(query)) {
    if (!(FILTERS as readonly string[]).includes(name)) {
      throw new AuditFilterError(
        `The audit trail has no filter named ${JSON.stringify(name.slice(0, 40))}: use command, actor, email, from, to or before.`,
      );
    }
    if (typeof raw !== 'string') throw new AuditFilterError(`Give ${name} once, as text.`);
    const value = raw.trim();
    if (value === '') continue;
    const limit = TEXT_LIMITS[name as FilterName];
    if (value.includes('\u0000')) throw new AuditFilterError(`${name} holds a NUL character.`);
    if (limit !== undefined && value.length > limit) {
      throw new AuditFilterError(`${name} is at most ${limit} characters long.`);
    }
    switch (name as FilterName) {
      case 'from':
      case 'to':
        if (!isDay(value)) {
          throw new AuditFilterError(`${name} is a date such as 2026-11-24 (a day in UTC).`);
        }
        break;
      case 'email':
        if (!EMAIL.test(value)) {
          throw new AuditFilterError('email is an address such as jane@bank.example.');
        }
        break;
      case 'before':
        if (!/^\d{1,19}$/.test(value) || BigInt(value) < 1n || BigInt(value) > BIGINT_MAX) {
          throw new AuditFilterError(
            'before is the number of a record: follow the link to older records.',
          );
        }
        break;
    }
    filter[name as FilterName] = value;
  }
  if (filter.from && filter.to && filter.from > filter.to) {
    throw new AuditFilterError('from is after to: the date range is empty.');
  }
  return filter;
}

/**
 * The audit trail (table audit_log): who read personal data in bulk or changed data, when, and
 * how much. A record is written in the transaction of the change it describes, so no change goes
 * unrecorded; a person is named only by the HMAC of their address under this installation's key
 * (table audit_key), so an erased address leaves no readable trace.
 */
@Injectable()
export class AuditTrail {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Writes a record; with `manager`, in that transaction. */
  async record(record: NewAuditRecord, manager = this.dataSource.manager): Promise<void> {
    const subjectHash = record.email === undefined ? null : await hashOf(manager, record.email);
    await manager.query(
      `INSERT INTO audit_log (command, rows, actor, subject_hash, details)
       VALUES ($1, $2, $3, $4, $5)`,
      [
        record.command,
        record.rows,
        record.actor.slice(0, 200),
        subjectHash,
        JSON.stringify(record.details ?? {}),
      ],
    );
  }

  /**
   * The newest records first (by id: the order they were written), those the filter lets
   * through, at most `limit`; the CLI's `leads audit` and the console's audit screen both read
   * the trail here.
   */
  async list({ limit = 50, ...filter }: AuditFilter & { limit?: number } = {}): Promise<
    AuditRecord[]
  > {
    const params: unknown[] = [];
    const where: string[] = [];
    const add = (condition: string, value: unknown) => {
      params.push(value);
      where.push(condition.replace('?', `$${params.length}`));
    };
    if (filter.command !== undefined) add('command = ?', filter.command);
    if (filter.actor !== undefined) add('actor = ?', filter.actor);
    if (filter.email !== undefined) {
      add('subject_hash = ?', await hashOf(this.dataSource.manager, filter.email));
    }
    // Days in UTC: from the start of `from` to the start of the day after `to`.
    if (filter.from !== undefined) add(`at >= ?::date::timestamp AT TIME ZONE 'UTC'`, filter.from);
    if (filter.to !== undefined) add(`at < (?::date + 1)::timestamp AT TIME ZONE 'UTC'`, filter.to);
    if (filter.before !== undefined) add('id < ?::bigint', filter.before);
    params.push(limit);
    // audit_log.id: the number, not the text the list answers (which sorts "99" after "100").
    return (await this.dataSource.query(
      `SELECT id::text, at, command, rows, actor, subject_hash AS "subjectHash", details
         FROM audit_log ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
        ORDER BY audit_log.id DESC LIMIT $${params.length}`,
      params,
    )) as AuditRecord[];
  }

  /**
   * One page of the console's audit screen: AUDIT_PAGE records and, when there are more, `older`:
   * the id to ask for next (`before`), the last record's on this page.
   */
  async page(filter: AuditFilter): Promise<AuditPage> {
    const records = await this.list({ ...filter, limit: AUDIT_PAGE + 1 });
    const more = records.length > AUDIT_PAGE;
    if (more) records.length = AUDIT_PAGE;
    return { records, older: more ? records.at(-1)!.id : null };
  }
}

/** HMAC-SHA256 of the address in lower case, keyed by this installation's audit key. */
async function hashOf(manager: EntityManager, email: string): Promise<string> {
  const [row] = (await manager.query(`SELECT key FROM audit_key WHERE id = 1`)) as {
    key: string;
  }[];
  if (!row) throw new Error('the audit key is missing: run the migrations');
  return createHmac('sha256', row.key).update(email.toLowerCase()).digest('hex');
}
