import type { EntityManager } from 'typeorm';
import { ApiProperty } from '@nestjs/swagger';
import {
  BOOKING_MATCHES,
  MEETING_STATUSES,
  type BookingMatch,
  type MeetingStatus,
} from './lead-meeting.js';
import { PROMISED_STEPS, type PromisedStep } from './lead-promises.js';
import {
  ANSWERED_STEPS,
  SEVERITIES,
  type AnsweredStep,
  type Severity,
} from './accessibility-report.js';
import { STATUSES, type LeadStatus } from './lead-status.js';

/**
 * One line of a lead's history, as the lead screen and `leads show` tell it: its status changes
 * (lead_status_changes) and everything else that happened to it (lead_events): who took it or
 * was given it, each reminder and escalation of its promises, notifications cancelled, and each
 * booking, reschedule and cancellation of its call through the scheduler (actor: the scheduler).
 */
export type LeadEvent =
  | StatusEvent
  | OwnerEvent
  | NoticeEvent
  | CancelledEvent
  | MeetingEvent
  | ReportEvent
  | AnswerEvent;

/** When and who: a username, or a system actor (`auto-assign`, `calendly`, …). */
abstract class HistoryLine {
  @ApiProperty() at!: Date;
  @ApiProperty() actor!: string;
}

export class StatusEvent extends HistoryLine {
  @ApiProperty({ enum: ['status'] }) event!: 'status';
  @ApiProperty({ enum: STATUSES, enumName: 'LeadStatus' }) from!: LeadStatus;
  @ApiProperty({ enum: STATUSES, enumName: 'LeadStatus' }) to!: LeadStatus;
}

export class OwnerEvent extends HistoryLine {
  @ApiProperty({ enum: ['owner'] }) event!: 'owner';
  @ApiProperty({ type: String, nullable: true }) from!: string | null;
  @ApiProperty({ type: String, nullable: true }) to!: string | null;
}

/** A reminder or escalation of a promise; `to`: who was told, in words ("the team"). */
export class NoticeEvent extends HistoryLine {
  @ApiProperty({ enum: ['reminder', 'escalation'] }) event!: 'reminder' | 'escalation';
  @ApiProperty({ enum: PROMISED_STEPS, enumName: 'PromisedStep' }) step!: PromisedStep;
  @ApiProperty() to!: string;
}

/** Pending notifications dropped: a step's promise was kept, or (step null) the lead is spam. */
export class CancelledEvent extends HistoryLine {
  @ApiProperty({ enum: ['cancelled'] }) event!: 'cancelled';
  @ApiProperty({ enum: PROMISED_STEPS, enumName: 'PromisedStep', nullable: true })
  step!: PromisedStep | null;
  @ApiProperty({ type: 'integer' }) count!: number;
}

/** The scheduler (actor `calendly` or `cal.com`) booked, moved or called off the call. */
export class MeetingEvent extends HistoryLine {
  @ApiProperty({ enum: ['booking'] }) event!: 'booking';
  @ApiProperty({ enum: MEETING_STATUSES, enumName: 'MeetingStatus' }) status!: MeetingStatus;
  @ApiProperty({ format: 'date-time' }) startsAt!: string;
  @ApiProperty({ format: 'date-time' }) endsAt!: string;
  @ApiProperty({ type: String, nullable: true }) host!: string | null;
  /** How the event found its lead; absent from lines written before bookings were matched so. */
  @ApiProperty({ enum: BOOKING_MATCHES, enumName: 'BookingMatch', required: false })
  matched?: BookingMatch;
}

/** Accessibility feedback tagged (accessibility-report.ts): what it was tagged with. */
export class ReportEvent extends HistoryLine {
  @ApiProperty({ enum: ['report'] }) event!: 'report';
  @ApiProperty({ type: String, nullable: true }) criterion!: string | null;
  @ApiProperty({ type: String, nullable: true }) page!: string | null;
  @ApiProperty({ type: String, nullable: true }) assistiveTechnology!: string | null;
  @ApiProperty({ enum: SEVERITIES, enumName: 'Severity', nullable: true })
  severity!: Severity | null;
  @ApiProperty() confirmed!: boolean;
}

/** A step of accessibility feedback answered: whether its sender's mail was queued. */
export class AnswerEvent extends HistoryLine {
  @ApiProperty({ enum: ['answer'] }) event!: 'answer';
  @ApiProperty({ enum: ANSWERED_STEPS, enumName: 'AnsweredStep' }) step!: AnsweredStep;
  @ApiProperty({ type: String, nullable: true, format: 'date' }) plannedFor!: string | null;
  /** False: the receipt's channel is not configured (ACKNOWLEDGE_SENDER), nobody was mailed. */
  @ApiProperty() told!: boolean;
}

/** The classes of a history's lines, for the API's description of the lead screen. */
export const LEAD_EVENT_TYPES = [
  StatusEvent,
  OwnerEvent,
  NoticeEvent,
  CancelledEvent,
  MeetingEvent,
  ReportEvent,
  AnswerEvent,
];

/** What an event of kind E holds besides when, who and which (LeadHistory.event writes it). */
export type LineDetails<E extends LeadEvent['event']> = LeadEvent extends infer Each
  ? Each extends { event: infer Kind }
    ? E extends Kind
      ? Omit<Each, 'at' | 'actor' | 'event'>
      : never
    : never
  : never;

/** Each kind of line without its time: a distributive Omit, one shape per kind. */
type Untimed<Line> = Line extends LeadEvent ? Omit<Line, 'at'> : never;

/**
 * A lead's whole history, oldest first, in the order its lines were written: by the statement
 * clock of each line (LeadHistory writes clock_timestamp()), to Postgres' microsecond, which one
 * transaction's lines need and a JavaScript Date (milliseconds) would lose. Each row's line is
 * built whole in SQL, so that its type follows from its kind.
 */
export async function historyOf(manager: EntityManager, leadId: string): Promise<LeadEvent[]> {
  const rows = await manager.query<{ at: Date; line: Untimed<LeadEvent> }[]>(
    `SELECT at, line FROM (
       SELECT at, id, 0 AS source,
              jsonb_build_object('actor', actor, 'event', 'status',
                                 'from', from_status, 'to', to_status) AS line
         FROM lead_status_changes WHERE submission_id = $1
       UNION ALL
       SELECT at, id, 1, details || jsonb_build_object('actor', actor, 'event', event)
         FROM lead_events WHERE submission_id = $1) history
      ORDER BY at, source, id`,
    [leadId],
  );
  return rows.map(({ at, line }) => ({ at, ...line }));
}

/** Who moved a lead's status last (null: its status never moved). */
export async function lastMover(manager: EntityManager, leadId: string): Promise<string | null> {
  const [last] = await manager.query<{ actor: string }[]>(
    `SELECT actor FROM lead_status_changes WHERE submission_id = $1
      ORDER BY at DESC, id DESC LIMIT 1`,
    [leadId],
  );
  return last?.actor ?? null;
}
