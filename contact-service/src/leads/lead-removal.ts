import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { ApiProperty } from '@nestjs/swagger';
import { createHash } from 'node:crypto';
import { In, type DataSource, type EntityManager } from 'typeorm';
import { rows } from '../database/rows.js';
import { ErasedBookingRow } from './lead-rows.entity.js';
import { AuditTrail } from '../audit/audit-trail.js';

/** What an erasure or a purge removed (or, counted first, would remove). */
export class Removed {
  @ApiProperty({ type: 'integer' }) submissions!: number;
  @ApiProperty({ type: 'integer' }) notifications!: number;
}

/** The submissions an erasure ($1: the address, in any case) and a purge ($1: days) remove. */
const BY_EMAIL = 'lower(s.email) = lower($1)';
const OLDER_THAN = 's.created_at < now() - make_interval(days => $1)';

/**
 * Every removal of leads: a person's erasure request, an operator's purge and the daily retention
 * purge. Each runs in one transaction with its audit record, and a lead's notifications, queued
 * or past, go with it (ON DELETE CASCADE; the queue's jobs carry only a notification's id).
 */
@Injectable()
export class LeadRemoval {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly audit: AuditTrail,
  ) {}

  /** What `erase` would remove, for its confirmation question. */
  async countByEmail(email: string): Promise<Removed> {
    return count(this.dataSource.manager, BY_EMAIL, [email]);
  }

  async countOlderThan(days: number): Promise<Removed> {
    return count(this.dataSource.manager, OLDER_THAN, [days]);
  }

  /** Every submission from the address; the audit record names it by its keyed hash only. */
  async erase(email: string, actor: string): Promise<Removed> {
    return this.dataSource.transaction(async (manager) => {
      // The person stays erased: the scheduler's later events about their bookings are refused.
      const bookings = await rows<{ scheduler: string; reference: string }>(
        manager,
        `SELECT b.scheduler, b.reference
           FROM lead_bookings b JOIN contact_submissions s ON s.id = b.submission_id
          WHERE ${BY_EMAIL}`,
        [email],
      );
      if (bookings.length > 0) {
        await manager
          .createQueryBuilder()
          .insert()
          .into(ErasedBookingRow)
          .values(
            bookings.map((b) => ({ scheduler: b.scheduler, referenceHash: hashOf(b.reference) })),
          )
          .orIgnore()
          .execute();
      }
      const removed = await remove(manager, BY_EMAIL, [email]);
      await this.audit.record(
        {
          command: 'erase',
          rows: removed.submissions,
          actor,
          email,
          details: { notifications: removed.notifications },
        },
        manager,
      );
      return removed;
    });
  }

  /** Every submission older than `days` days. */
  async purge(days: number, actor: string, command = 'purge'): Promise<Removed> {
    return this.dataSource.transaction(async (manager) => {
      const removed = await remove(manager, OLDER_THAN, [days]);
      await this.audit.record(
        {
          command,
          rows: removed.submissions,
          actor,
          details: { olderThanDays: days, notifications: removed.notifications },
        },
        manager,
      );
      return removed;
    });
  }
}

async function count(
  manager: EntityManager,
  condition: string,
  values: unknown[],
): Promise<Removed> {
  const [row] = await rows<Removed>(
    manager,
    `SELECT count(DISTINCT s.id)::int AS submissions, count(n.id)::int AS notifications
       FROM contact_submissions s LEFT JOIN notifications n ON n.submission_id = s.id
      WHERE ${condition}`,
    values,
  );
  return row!;
}

/** Deletes the submissions; their notifications go with them, counted first. */
async function remove(
  manager: EntityManager,
  condition: string,
  values: unknown[],
): Promise<Removed> {
  const [row] = await rows<Removed>(
    manager,
    `WITH doomed AS (SELECT s.id FROM contact_submissions s WHERE ${condition} FOR UPDATE),
          their_notifications AS (
            SELECT count(*)::int AS n FROM notifications WHERE submission_id IN (SELECT id FROM doomed)),
          gone AS (
            DELETE FROM contact_submissions WHERE id IN (SELECT id FROM doomed) RETURNING 1)
     SELECT (SELECT count(*) FROM gone)::int AS submissions,
            (SELECT n FROM their_notifications) AS notifications`,
    values,
  );
  return row!;
}

/**
 * Whether any of a scheduler's booking references belongs to an erased person (erase() kept the
 * SHA-256 of each reference of theirs).
 */
export function erasedBooking(
  manager: EntityManager,
  scheduler: string,
  references: string[],
): Promise<boolean> {
  return manager.exists(ErasedBookingRow, {
    where: { scheduler, referenceHash: In(references.map(hashOf)) },
  });
}

/** What erased_bookings keeps of a booking reference: its SHA-256, nothing else. */
const hashOf = (reference: string) => createHash('sha256').update(reference).digest();
