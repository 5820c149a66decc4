import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { ApiProperty } from '@nestjs/swagger';
import { createHmac } from 'node:crypto';
import type { DataSource, EntityManager } from 'typeorm';
import { rows } from '../database/rows.js';
import type { AuditFilter } from './audit-filter.js';

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

/** The console's audit screen reads this many records at a time. */
export const AUDIT_PAGE = 100;

export class AuditPage {
  @ApiProperty({ type: [AuditRecord] }) records!: AuditRecord[];
  /** The `before` of the next (older) page; null when this page holds the oldest record. */
  @ApiProperty({ type: String, nullable: true }) older!: string | null;
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
    return rows<AuditRecord>(
      this.dataSource,
      `SELECT id::text, at, command, rows, actor, subject_hash AS "subjectHash", details
         FROM audit_log ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
        ORDER BY audit_log.id DESC LIMIT $${params.length}`,
      params,
    );
  }

  /** Deletes the records older than `days` (the retention purge's); answers how many. */
  async purgeOlderThan(days: number): Promise<number> {
    const [gone] = await rows<{ n: number }>(
      this.dataSource,
      `WITH gone AS (DELETE FROM audit_log WHERE at < now() - make_interval(days => $1) RETURNING 1)
       SELECT count(*)::int AS n FROM gone`,
      [days],
    );
    return gone?.n ?? 0;
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
  const [row] = await rows<{ key: string }>(manager, `SELECT key FROM audit_key WHERE id = 1`);
  if (!row) throw new Error('the audit key is missing: run the migrations');
  return createHmac('sha256', row.key).update(email.toLowerCase()).digest('hex');
}
