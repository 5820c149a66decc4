import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { AuditTrail } from '../audit/audit-trail.js';
import { EnvironmentService } from '../config/environment.service.js';
import { Refusal, REFUSAL_STATUS } from '../http/refusal.js';
import type { LeadKind } from './lead-kind.js';
import {
  openPromise,
  promiseFrom,
  promiseRules,
  type Due,
  type PromiseRules,
} from './lead-promises.js';
import { workflowRefusal, type LeadStatus } from './lead-status.js';
import { supportDate } from './support-hours.js';
import {
  answerRefusal,
  isAnsweredStep,
  queueAnswer,
  writeAnswer,
  writeTag,
  type ReportTag,
  type StepAnswer,
} from './accessibility-report.js';
import { setLeadColumns } from './lead-row.js';
import { operatorIdSql } from './operators-table.js';
import type { LineDetails, NoticeEvent } from './lead-events.js';
import { LeadHistory } from './lead-history.js';
import { announce } from './announcements.js';

/**
 * A lead as a change of its state needs it: read, and locked FOR UPDATE, by the caller in the
 * transaction that makes the change.
 */
export interface LeadUnderChange {
  id: string;
  kind: LeadKind;
  status: LeadStatus;
  email: string;
  createdAt: Date;
  /** When a cancelled booking re-opened its callback promise (null: it counts from receipt). */
  callbackFrom: Date | null;
}

/** A change the workflow or the lead's state does not allow, or a lead that is not there. */
export class LeadRefusal extends Refusal {
  constructor(message: string, kind: keyof typeof REFUSAL_STATUS = 'conflict') {
    super(message, REFUSAL_STATUS[kind]);
  }
}

export const NO_SUCH_LEAD = 'There is no lead with that id: it may have been erased.';

/** The lead a line or record is about, by id, and by the keyed hash of its address. */
type Lead = Pick<LeadUnderChange, 'id' | 'email'>;
type Booking = LineDetails<'booking'>;
/** A reminder or escalation as its line tells it: which step, and who was told. */
type Notice = Pick<NoticeEvent, 'event' | 'step' | 'to'>;

/**
 * The one writer of a lead's state, for everyone who changes it: the inbox and the `leads`
 * command (an operator's hand), the scheduler's bookings and the spam verdicts. Each change
 * writes the lead's row, its history line (lead_status_changes, lead_events) and its audit record
 * in the caller's transaction, so that whoever makes a change, the lead screen and the audit
 * trail tell it the same way. It is also the one writer of the lines and records of the changes
 * made elsewhere: who owns a lead (LeadOwners, lead-owners.ts), a booking (the meeting is
 * lead-meeting.ts's), a reminder or escalation sent (the promise watch), a note (the inbox's).
 * The lines and records themselves are written by its LeadHistory (lead-history.ts), which lint
 * lets no other file import.
 */
@Injectable()
export class LeadState {
  /** The promises' rules the changes judge by (on time or late). */
  readonly rules: PromiseRules;
  private readonly history: LeadHistory;

  constructor(audit: AuditTrail, environment: EnvironmentService) {
    this.rules = promiseRules(environment);
    this.history = new LeadHistory(audit);
  }

  /** The open promise of a lead at `now`: the step it waits in, and when that is due. */
  dueOf(
    lead: Pick<LeadUnderChange, 'kind' | 'status' | 'callbackFrom'> & { receivedAt: Date },
    now: Date,
  ): Due | null {
    const { kind, status } = lead;
    return openPromise({ kind, status, receivedAt: promiseFrom(lead) }, this.rules, now);
  }

  /**
   * Moves a lead on in its workflow (lead-status.ts). The step it was waiting in is kept: its
   * reminders are cancelled, and when it was the first, this is the lead's first response, on
   * time or not. Answers false when the lead was there already (nothing written).
   *
   * Accessibility feedback: assessing it takes the plan and its date, "won't fix" its reason
   * (`answer`, kept on its report: accessibility-report.ts), and each step is told to the sender
   * by mail through the outbox when `channels` has the receipt's ('acknowledgement').
   */
  async move(
    manager: EntityManager,
    lead: LeadUnderChange,
    to: LeadStatus,
    actor: string,
    now: Date,
    answer: StepAnswer = {},
    channels: readonly string[] = [],
  ): Promise<boolean> {
    if (lead.status === to) return false;
    const refused = workflowRefusal(lead.kind, lead.status, to);
    if (refused) throw new LeadRefusal(refused);
    const refusal = answerRefusal(to, answer, supportDate(now));
    if (refusal) throw new LeadRefusal(refusal, 'invalid');
    await setLeadColumns(manager, lead.id, { status: to });
    await this.history.status(manager, lead.id, actor, lead.status, to);
    const kept = this.dueOf({ ...lead, receivedAt: lead.createdAt }, now);
    if (kept) await this.history.cancelNotices(manager, lead.id, kept.step, actor);
    if (lead.status === 'new') {
      const first = { responded_at: now, responded_on_time: !kept?.overdue };
      await setLeadColumns(manager, lead.id, first, 'responded_at IS NULL');
    }
    const details: Record<string, unknown> = { from: lead.status, to };
    if (lead.kind === 'accessibility' && isAnsweredStep(to)) {
      await writeAnswer(manager, lead.id, to, answer);
      const told =
        channels.includes('acknowledgement') && (await queueAnswer(manager, lead.id, to));
      const plannedFor = to === 'assessed' ? answer.plannedFor! : null;
      await this.history.event(manager, lead.id, actor, 'answer', { step: to, plannedFor, told });
      Object.assign(details, { plannedFor, told });
    }
    await this.history.audited(manager, lead, 'status', actor, details);
    return true;
  }

  /**
   * Tags accessibility feedback with what it reports (accessibility-report.ts): the criterion,
   * the page, the assistive technology, the severity, and whether the team confirmed it (a
   * confirmed report that is not resolved is one of the statement's known limitations).
   */
  async tagReport(
    manager: EntityManager,
    lead: LeadUnderChange,
    tag: ReportTag,
    actor: string,
  ): Promise<void> {
    if (lead.kind !== 'accessibility') {
      throw new LeadRefusal('Only accessibility feedback has a report to tag.');
    }
    if (tag.confirmed && (!tag.criterion || !tag.page)) {
      throw new LeadRefusal(
        'A confirmed report names its criterion and page: the statement lists them.',
        'invalid',
      );
    }
    await writeTag(manager, lead.id, tag);
    await this.history.event(manager, lead.id, actor, 'report', { ...tag });
    const { criterion, severity, confirmed } = tag;
    await this.history.audited(manager, lead, 'report', actor, { criterion, severity, confirmed });
  }

  /**
   * The one way back in a workflow, the scheduler's: a contacted lead whose booking was called
   * off is owed a new time again, within the callback hours from `now` (callback_from). The
   * caller schedules the promise's reminders anew (notifications/promise-watch.ts).
   */
  async reopen(manager: EntityManager, lead: LeadUnderChange, actor: string, now: Date) {
    if (lead.kind !== 'contact' || lead.status !== 'contacted') return false;
    await setLeadColumns(manager, lead.id, { status: 'new', callback_from: now });
    await this.history.status(manager, lead.id, actor, lead.status, 'new');
    await this.history.audited(manager, lead, 'status', actor, {
      from: lead.status,
      to: 'new',
      reopenedAt: now.toISOString(),
    });
    return true;
  }

  /**
   * "This is spam": the lead leaves the inbox for the spam view, and nothing still waiting to go
   * out about it goes. "Not spam": it comes back, and is announced now, once, on each of
   * `channels` that has not announced it yet (the receipt only when the address got none in 24
   * hours, as for a new lead: lead-writer.ts). Answers the channels announced.
   */
  async setSpam(
    manager: EntityManager,
    lead: LeadUnderChange,
    spam: boolean,
    actor: string,
    channels: readonly string[],
  ): Promise<string[]> {
    await setLeadColumns(manager, lead.id, {
      spam_reason: spam ? `marked by ${actor.slice(0, 100)}` : null,
    });
    if (spam) await this.history.cancelNotices(manager, lead.id, null, actor);
    const announced = spam ? [] : await announce(manager, lead.id, channels);
    const command = spam ? 'spam' : 'not spam';
    await this.history.audited(manager, lead, command, actor, spam ? {} : { announced });
    return announced;
  }

  /**
   * Opened by `actor` (an operator's username; a `leads` command marks nobody's): read_at is the
   * first opening by anyone, opened_by the first operator's (migration 1796200000000).
   */
  async markRead(manager: EntityManager, id: string, actor: string): Promise<void> {
    await manager.query(
      `UPDATE contact_submissions s
          SET read_at = coalesce(s.read_at, now()), opened_by = coalesce(s.opened_by, operator.id)
         FROM (SELECT ${operatorIdSql('$2')} AS id) operator
        WHERE s.id = $1 AND (s.read_at IS NULL OR (s.opened_by IS NULL AND operator.id IS NOT NULL))`,
      [id, actor],
    );
    await manager.query(
      `INSERT INTO lead_reads (user_id, submission_id)
       SELECT operator.id, $1 FROM (SELECT ${operatorIdSql('$2')} AS id) operator
        WHERE operator.id IS NOT NULL ON CONFLICT DO NOTHING`,
      [id, actor],
    );
  }

  /** A lead given to an operator or back to the team (LeadOwners.set), with its record. */
  recordOwner(manager: EntityManager, lead: Lead, change: LineDetails<'owner'>, actor: string) {
    return this.history.changed(manager, lead, actor, 'owner', change);
  }

  /** The scheduler's booking, reschedule or cancellation of the lead's call, with its record. */
  recordBooking(manager: EntityManager, lead: Lead, booking: Booking, actor: string) {
    return this.history.changed(manager, lead, actor, 'booking', booking);
  }

  /** A reminder or an escalation of a promise, sent (notifications/promise-watch.ts). */
  recordNotice(manager: EntityManager, leadId: string, notice: Notice, actor: string) {
    const { event, ...details } = notice;
    return this.history.event(manager, leadId, actor, event, details);
  }

  /** The audit record of a note added to the lead (the note is the inbox's). */
  recordNote(manager: EntityManager, lead: Lead, actor: string): Promise<void> {
    return this.history.audited(manager, lead, 'note', actor);
  }
}
