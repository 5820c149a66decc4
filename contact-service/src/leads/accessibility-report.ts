import catalog from '@proposal-site/contract/accessibility-criteria.json' with { type: 'json' };
import { ApiProperty } from '@nestjs/swagger';
import type { EntityManager } from 'typeorm';
import { rows, type Statements } from '../database/rows.js';
import type { LeadStatus } from './lead-status.js';

/**
 * The report of a lead of kind accessibility, as the team works it (migration 1797100000000):
 * the criterion it fails, from the one catalog (contract/accessibility-criteria.json: WCAG 2.2 A
 * and AA, and EN 301 549's clauses beyond them), the page, the assistive technology, a severity,
 * whether the team confirmed it; and what the sender is told at each step of the workflow (the
 * plan and its date when assessed, the reason when it will not be fixed). A confirmed report
 * that is not resolved is one of the statement's known limitations (statement/). The writes are
 * LeadState's (lead-state.ts), in the transaction of the change they belong to.
 */
export const CRITERIA = catalog.criteria;
export const CRITERION_IDS = CRITERIA.map((criterion) => criterion.id);
export const criterionOf = (id: string | null) =>
  CRITERIA.find((criterion) => criterion.id === id) ?? null;

/** A criterion as people read it: "WCAG 2.2 1.4.3 Contrast (Minimum)". */
export function criterionLabel(id: string | null): string | null {
  const criterion = criterionOf(id);
  if (!criterion) return null;
  return criterion.standard === 'WCAG 2.2'
    ? `WCAG 2.2 ${criterion.id} ${criterion.name}`
    : `${criterion.standard} ${criterion.en301549} ${criterion.name}`;
}

export const SEVERITIES = ['critical', 'serious', 'moderate', 'minor'] as const;
export type Severity = (typeof SEVERITIES)[number];

/** The bounds of what an operator writes on a report (the columns' lengths). */
export const REPORT_LIMITS = { page: 500, assistiveTechnology: 100, plan: 1000, reason: 1000 };

/** The steps of the workflow at which the sender is told, by mail, through the outbox. */
export const ANSWERED_STEPS = ['acknowledged', 'assessed', 'resolved', 'wont_fix'] as const;
export type AnsweredStep = (typeof ANSWERED_STEPS)[number];
export const isAnsweredStep = (status: LeadStatus): status is AnsweredStep =>
  (ANSWERED_STEPS as readonly string[]).includes(status);

/** The purpose of the notification that tells the sender of a step (notifications.purpose). */
export const answerPurpose = (step: AnsweredStep) => `answer:${step}`;
export const stepOfPurpose = (purpose: string): AnsweredStep | null => {
  const step = purpose.startsWith('answer:') ? purpose.slice('answer:'.length) : '';
  return (ANSWERED_STEPS as readonly string[]).includes(step) ? (step as AnsweredStep) : null;
};

/** What an operator tags a report with (PUT /api/console/leads/:id/accessibility). */
export interface ReportTag {
  criterion: string | null;
  page: string | null;
  assistiveTechnology: string | null;
  severity: Severity | null;
  confirmed: boolean;
}

/** What a step tells the sender besides the step: the plan and its date, or the reason. */
export interface StepAnswer {
  plan?: string | null;
  /** An ISO calendar date, YYYY-MM-DD. */
  plannedFor?: string | null;
  reason?: string | null;
}

/** The report as the lead screen shows it. */
export class AccessibilityReport {
  @ApiProperty({ type: String, nullable: true, enum: CRITERION_IDS, enumName: 'CriterionId' })
  criterion!: string | null;
  /** The criterion's name and level, as the catalog gives them ("Contrast (Minimum)", "AA"). */
  @ApiProperty({ type: String, nullable: true }) criterionName!: string | null;
  @ApiProperty({ type: String, nullable: true }) page!: string | null;
  @ApiProperty({ type: String, nullable: true }) assistiveTechnology!: string | null;
  @ApiProperty({ enum: SEVERITIES, enumName: 'Severity', nullable: true })
  severity!: Severity | null;
  @ApiProperty() confirmed!: boolean;
  @ApiProperty({ type: String, nullable: true }) plan!: string | null;
  @ApiProperty({ type: String, nullable: true, format: 'date' }) plannedFor!: string | null;
  @ApiProperty({ type: String, nullable: true }) reason!: string | null;
}

export const EMPTY_TAG: ReportTag = {
  criterion: null,
  page: null,
  assistiveTechnology: null,
  severity: null,
  confirmed: false,
};

/** A lead's report; an accessibility lead nobody has tagged yet has an empty one. */
export async function reportOf(
  manager: EntityManager,
  leadId: string,
): Promise<AccessibilityReport> {
  const [row] = await rows<ReportTag & Required<StepAnswer>>(
    manager,
    `SELECT criterion, page, assistive_technology AS "assistiveTechnology", severity, confirmed,
            plan, to_char(planned_for, 'YYYY-MM-DD') AS "plannedFor", reason
       FROM accessibility_reports WHERE submission_id = $1`,
    [leadId],
  );
  const criterion = criterionOf(row?.criterion ?? null);
  return {
    ...EMPTY_TAG,
    plan: null,
    plannedFor: null,
    reason: null,
    ...(row && {
      criterion: row.criterion,
      page: row.page,
      assistiveTechnology: row.assistiveTechnology,
      severity: row.severity,
      confirmed: row.confirmed,
      plan: row.plan,
      plannedFor: row.plannedFor,
      reason: row.reason,
    }),
    criterionName:
      criterion && `${criterion.name}${criterion.level ? ` (${criterion.level})` : ''}`,
  };
}

/**
 * Why a step cannot be taken with this answer, or null: assessing needs the plan and its date
 * (not in the past), "won't fix" its reason; any other step takes neither.
 */
export function answerRefusal(to: LeadStatus, answer: StepAnswer, today: string): string | null {
  const plan = answer.plan?.trim() || null;
  const reason = answer.reason?.trim() || null;
  const date = answer.plannedFor ?? null;
  if (to === 'assessed') {
    if (!plan || !date) {
      return 'Assessing a report tells its sender what will be done and by when: write the plan and its date.';
    }
    if (date < today) return `The plan's date ${date} is past: give today's or a later one.`;
    return null;
  }
  if (to === 'wont_fix') {
    return reason ? null : 'Say why it will not be fixed: the sender is told the reason.';
  }
  return plan || reason || date
    ? 'A plan and its date go with assessed, a reason with wont_fix; this step takes neither.'
    : null;
}

/** Writes the tag, keeping what the steps wrote (the plan, its date, the reason). */
export async function writeTag(
  manager: EntityManager,
  leadId: string,
  tag: ReportTag,
): Promise<void> {
  await manager.query(
    `INSERT INTO accessibility_reports
            (submission_id, criterion, page, assistive_technology, severity, confirmed, confirmed_at)
     VALUES ($1, $2, $3, $4, $5, $6, CASE WHEN $6 THEN now() END)
     ON CONFLICT (submission_id) DO UPDATE
        SET criterion = EXCLUDED.criterion, page = EXCLUDED.page,
            assistive_technology = EXCLUDED.assistive_technology, severity = EXCLUDED.severity,
            confirmed = EXCLUDED.confirmed,
            confirmed_at = CASE WHEN EXCLUDED.confirmed
                                THEN coalesce(accessibility_reports.confirmed_at, now()) END,
            updated_at = now()`,
    [leadId, tag.criterion, tag.page, tag.assistiveTechnology, tag.severity, tag.confirmed],
  );
}

/** Keeps a step's answer on the report (the plan and its date, or the reason). */
export async function writeAnswer(
  manager: EntityManager,
  leadId: string,
  to: LeadStatus,
  answer: StepAnswer,
): Promise<void> {
  if (to !== 'assessed' && to !== 'wont_fix') return;
  const plan = to === 'assessed' ? answer.plan!.trim() : null;
  const plannedFor = to === 'assessed' ? answer.plannedFor! : null;
  const reason = to === 'wont_fix' ? answer.reason!.trim() : null;
  await manager.query(
    `INSERT INTO accessibility_reports (submission_id, plan, planned_for, reason)
     VALUES ($1, $2, $3, $4)
     ON CONFLICT (submission_id) DO UPDATE
        SET plan = coalesce(EXCLUDED.plan, accessibility_reports.plan),
            planned_for = coalesce(EXCLUDED.planned_for, accessibility_reports.planned_for),
            reason = EXCLUDED.reason, updated_at = now()`,
    [leadId, plan, plannedFor, reason],
  );
}

/**
 * The sender's mail of a step, through the outbox: once per lead and step, and never to the
 * address of a lead marked spam (which gets no receipt either).
 */
export async function queueAnswer(
  manager: EntityManager,
  leadId: string,
  step: AnsweredStep,
): Promise<boolean> {
  const queued = await rows<{ id: string }>(
    manager,
    `INSERT INTO notifications (submission_id, channel, purpose)
     SELECT s.id, 'acknowledgement', $2 FROM contact_submissions s
      WHERE s.id = $1 AND s.spam_reason IS NULL
     ON CONFLICT (submission_id, channel, purpose) DO NOTHING RETURNING id`,
    [leadId, answerPurpose(step)],
  );
  return queued.length > 0;
}

/** A confirmed, unresolved report, as the accessibility statement lists it (statement/). */
export interface OpenReport {
  criterion: string;
  page: string;
  status: string;
  /** When the team confirmed it, and the plan's date: YYYY-MM-DD. */
  reported: string;
  plannedFor: string | null;
  reason: string | null;
}

/** The confirmed reports not resolved yet, of leads not marked spam: the first 200 confirmed. */
export function openReports(db: Statements): Promise<OpenReport[]> {
  return rows<OpenReport>(
    db,
    `SELECT r.criterion, r.page, s.status,
            to_char(r.confirmed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS reported,
            to_char(r.planned_for, 'YYYY-MM-DD') AS "plannedFor", r.reason
       FROM accessibility_reports r JOIN contact_submissions s ON s.id = r.submission_id
      WHERE r.confirmed AND s.status <> 'resolved' AND s.spam_reason IS NULL
      ORDER BY r.confirmed_at, r.submission_id
      LIMIT 200`,
  );
}
