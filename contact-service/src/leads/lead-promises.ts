import { ApiProperty } from '@nestjs/swagger';
import promises from '@proposal-site/contract/promises.json' with { type: 'json' };
import type { EnvironmentService } from '../config/environment.service.js';
import type { LeadKind } from './lead-kind.js';
import type { LeadStatus } from './lead-status.js';
import {
  dayEnd,
  dayOpening,
  dueAt as supportDueAt,
  receiptCutoffs as supportCutoffs,
  supportCalendar,
  supportDate,
  type SupportCalendar,
} from './support-hours.js';

/**
 * The promises the site makes to the people who write, the one rule of each, read by the inbox,
 * the metrics, the overview and the reminders (promise-watch.ts). Their numbers are the ones the
 * pages, the success toast and the receipt state: contract/promises.json.
 *
 * - callback: the success toast and the receipt say "We'll be in touch within 24 hours": a
 *   contact request is to leave `new` for `contacted` within CALLBACK_HOURS of its receipt, by
 *   the clock (nights, weekends and holidays count: that is what the prospect read). The owner,
 *   or the team, is reminded CONTACT_REMINDER_HOURS before.
 * - acknowledge and assess: the accessibility page's 2 and 5 business days in support hours
 *   (support-hours.ts); the reminder comes when support opens on the day it is due.
 *
 * Marking a lead spam ends its promise instead: spam is in no count, filter or reminder.
 */
export const PROMISED_STEPS = ['callback', 'acknowledge', 'assess'] as const;
export type PromisedStep = (typeof PROMISED_STEPS)[number];

/** The kind and status a lead is in while a step is open. */
export const OPEN_WHILE = {
  callback: { kind: 'contact', status: 'new' },
  acknowledge: { kind: 'accessibility', status: 'new' },
  assess: { kind: 'accessibility', status: 'acknowledged' },
} as const satisfies Record<PromisedStep, { kind: LeadKind; status: LeadStatus }>;

/** The first promise of each kind: keeping it is the lead's first response. */
export const FIRST_STEP = {
  contact: 'callback',
  accessibility: 'acknowledge',
} as const satisfies Record<LeadKind, PromisedStep>;

export interface PromiseRules {
  calendar: SupportCalendar;
  /** CONTACT_REMINDER_HOURS: before the callback's due time. */
  callbackReminderHours: number;
}

const HOUR = 3_600_000;

/** The callback promise, in hours from receipt by the clock: what the toast and receipt say. */
export const CALLBACK_HOURS = promises.callbackHours;

/**
 * When a lead's promises count from, in SQL over the alias `s`: its receipt, or the moment a
 * cancelled booking re-opened its callback (contact_submissions.callback_from, bookings/).
 */
export const PROMISE_FROM_SQL = 'coalesce(s.callback_from, s.created_at)';

/** The same in TypeScript, for a lead read with its callback_from. */
export const promiseFrom = (lead: { receivedAt: Date; callbackFrom?: Date | null }) =>
  lead.callbackFrom ?? lead.receivedAt;

/** The step a lead of this kind has open in this status, if any. */
export function pendingStep(kind: LeadKind, status: LeadStatus): PromisedStep | null {
  return (
    PROMISED_STEPS.find(
      (step) => OPEN_WHILE[step].kind === kind && OPEN_WHILE[step].status === status,
    ) ?? null
  );
}

/** When a step is due for a lead received at `receivedAt`. */
export function dueAt(step: PromisedStep, receivedAt: Date, rules: PromiseRules): Date {
  return step === 'callback'
    ? new Date(receivedAt.getTime() + CALLBACK_HOURS * HOUR)
    : supportDueAt(step, receivedAt, rules.calendar);
}

/** When the owner (or the team) is reminded of a step still open. */
export function reminderAt(step: PromisedStep, receivedAt: Date, rules: PromiseRules): Date {
  const due = dueAt(step, receivedAt, rules);
  return step === 'callback'
    ? new Date(due.getTime() - rules.callbackReminderHours * HOUR)
    : dayOpening(supportDate(due));
}

/** The promise a lead still has open: when it is due, and whether it is overdue or due soon. */
export class Due {
  @ApiProperty({ enum: PROMISED_STEPS, enumName: 'PromisedStep' }) step!: PromisedStep;
  @ApiProperty() at!: Date;
  @ApiProperty() overdue!: boolean;
  /** Its reminder time has come, its due time not yet. */
  @ApiProperty({ description: 'Its reminder time has come, its due time not yet.' }) soon!: boolean;
}

export function openPromise(
  lead: { kind: LeadKind; status: LeadStatus; receivedAt: Date },
  rules: PromiseRules,
  now: Date,
): Due | null {
  const step = pendingStep(lead.kind, lead.status);
  if (!step) return null;
  const at = dueAt(step, lead.receivedAt, rules);
  // Overdue from the due time on: the same line as receiptCutoffs draws for the filters.
  const overdue = at.getTime() <= now.getTime();
  const soon = !overdue && reminderAt(step, lead.receivedAt, rules).getTime() <= now.getTime();
  return { step, at, overdue, soon };
}

/**
 * The receipt times that sort the leads with a step open at `now`: received before `overdue`,
 * past due; before `soon`, past the reminder; before `dueToday`, due by the end of today (in
 * the support time zone). Each is one comparison on created_at, which an index answers.
 */
export interface Cutoffs {
  overdue: Date;
  soon: Date;
  dueToday: Date;
}

export function receiptCutoffs(step: PromisedStep, now: Date, rules: PromiseRules): Cutoffs {
  const today = supportDate(now);
  if (step === 'callback') {
    const hours = CALLBACK_HOURS * HOUR;
    return {
      overdue: new Date(now.getTime() - hours),
      soon: new Date(now.getTime() - hours + rules.callbackReminderHours * HOUR),
      dueToday: new Date(dayEnd(today).getTime() - hours),
    };
  }
  const { overdue, dueToday } = supportCutoffs(step, now, rules.calendar);
  // A step is due within support hours, so its reminder (support's opening on the due day) has
  // come for everything due today once support has opened, and for nothing more before.
  const soon = now.getTime() >= dayOpening(today).getTime() ? dueToday : overdue;
  return { overdue, soon, dueToday };
}

/** The receipt cutoffs of every promised step at `now`: what the due filters compare. */
export type DueCutoffs = Record<PromisedStep, Cutoffs>;

export function dueCutoffs(now: Date, rules: PromiseRules): DueCutoffs {
  return Object.fromEntries(
    PROMISED_STEPS.map((step) => [step, receiptCutoffs(step, now, rules)]),
  ) as DueCutoffs;
}

/** The rules under the settings (config/env.schema.ts). */
export function promiseRules(environment: Pick<EnvironmentService, 'get'>): PromiseRules {
  return {
    calendar: supportCalendar(environment.get('SUPPORT_HOLIDAYS')),
    callbackReminderHours: environment.get('CONTACT_REMINDER_HOURS'),
  };
}
