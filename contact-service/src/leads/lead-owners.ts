import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { setLeadColumns } from './lead-row.js';
import { activeOperators, markAssigned, type Assignee } from './operators-table.js';
import { LeadState } from './lead-state.js';
import { STATUSES, nextStatuses } from './lead-status.js';
import { supportDate } from './support-hours.js';

/** The actor of automatic assignments, in the history and the audit trail. */
export const AUTO_ASSIGN_ACTOR = 'auto-assign';

export type { Assignee };

/**
 * Who is on a lead (contact_submissions.owner_id), the one writer of it: an operator's own
 * choice or an admin's (inbox/inbox.ts checks who may), the round-robin of automatic assignment,
 * and the hand-back when an account is disabled. Each change is in the lead's history and the
 * audit trail, written by LeadState, in the transaction that makes it.
 */
@Injectable()
export class LeadOwners {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly state: LeadState,
  ) {}

  /** An operator who may own leads, by username; none when there is no such active account. */
  async assignee(username: string, manager: EntityManager): Promise<Assignee | null> {
    return (
      (await activeOperators(manager)
        .andWhere('username = :username', { username })
        .getRawOne<Assignee>()) ?? null
    );
  }

  /** The active operator whose address this is (a booking's host), or none. */
  async byEmail(email: string, manager: EntityManager): Promise<Assignee | null> {
    return (
      (await activeOperators(manager)
        .andWhere('lower(email) = lower(:email)', { email })
        .orderBy('username')
        .limit(1)
        .getRawOne<Assignee>()) ?? null
    );
  }

  /** Gives a lead to `to`, or back to the team (null). */
  async set(
    manager: EntityManager,
    lead: { id: string; email: string; owner: string | null },
    to: Assignee | null,
    actor: string,
  ): Promise<void> {
    await setLeadColumns(manager, lead.id, { owner_id: to?.id ?? null });
    const change = { from: lead.owner, to: to?.username ?? null };
    await this.state.recordOwner(manager, lead, change, actor);
  }

  /**
   * Gives a new, unowned lead to the next operator in turn: of those who opted in and are not
   * away today, the one given a lead longest ago. Assignments take turns under one lock, so two
   * leads arriving at once go to two operators. Answers who got it, or null (no one is
   * available, or the lead has an owner, moved on, was marked spam or erased meanwhile).
   */
  async assignInTurn(leadId: string, now: Date): Promise<string | null> {
    return this.dataSource.transaction(async (manager) => {
      await manager.query(`SELECT pg_advisory_xact_lock(hashtext('lead auto-assignment'))`);
      const [lead] = await manager.query<{ id: string; email: string }[]>(
        `SELECT id, email FROM contact_submissions
          WHERE id = $1 AND owner_id IS NULL AND status = 'new' AND spam_reason IS NULL
          FOR UPDATE`,
        [leadId],
      );
      if (!lead) return null;
      const next = await activeOperators(manager)
        .andWhere('auto_assign')
        .andWhere('(away_until IS NULL OR away_until <= CAST(:today AS date))', {
          today: supportDate(now),
        })
        .orderBy('last_assigned_at', 'ASC', 'NULLS FIRST')
        .addOrderBy('username')
        .limit(1)
        .getRawOne<Assignee>();
      if (!next) return null;
      await markAssigned(manager, next.id);
      await this.set(manager, { ...lead, owner: null }, next, AUTO_ASSIGN_ACTOR);
      return next.username;
    });
  }

  /** Hands every open lead of an account back to the team (the account is being disabled). */
  async handBackAll(manager: EntityManager, user: Assignee, actor: string): Promise<number> {
    const open = STATUSES.filter(
      (status) =>
        nextStatuses('contact', status).length > 0 ||
        nextStatuses('accessibility', status).length > 0,
    );
    const leads = await manager.query<{ id: string; email: string }[]>(
      `SELECT id, email FROM contact_submissions
        WHERE owner_id = $1 AND status = ANY($2::varchar[]) FOR UPDATE`,
      [user.id, open],
    );
    for (const lead of leads)
      await this.set(manager, { ...lead, owner: user.username }, null, actor);
    return leads.length;
  }
}
