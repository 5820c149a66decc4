import { tz, type TZDate } from '@date-fns/tz';
import promises from '@proposal-site/contract/promises.json' with { type: 'json' };
import { addDays, format, isWeekend, parseISO, setHours, startOfDay } from 'date-fns';

/**
 * The support hours the accessibility page states (contract/promises.json: 9 AM - 5 PM CET,
 * weekends off) and the promises counted in them: acknowledgement within 2 business days,
 * assessment within 5. A business day is the 8 support hours of a working day, so a report
 * received on Friday at 4 PM is to be acknowledged by Tuesday at 4 PM, and one received on a
 * Saturday by Tuesday at 5 PM. Holidays (SUPPORT_HOLIDAYS) are days off like weekends.
 *
 * CET is read as Central European time, summer time included: Europe/Paris. Every day boundary,
 * wall-clock hour and day walk in it is @date-fns/tz's (through date-fns), which knows the days
 * the clocks change: in Paris the last Sunday of March has 23 hours, the last of October 25.
 */
export const SUPPORT_TIME_ZONE = promises.supportHours.timeZone;
const OPENS = promises.supportHours.opens;
const CLOSES = promises.supportHours.closes;
const HOUR = 3_600_000;
export const BUSINESS_DAY_HOURS = CLOSES - OPENS;

/** The accessibility page's promises, in business days from receipt (lead-promises.ts). */
export const PROMISES = {
  acknowledge: promises.acknowledgeBusinessDays,
  assess: promises.assessBusinessDays,
} as const;
export type SupportStep = keyof typeof PROMISES;

export interface SupportCalendar {
  /** Days off besides weekends, as YYYY-MM-DD in the support time zone. */
  holidays: ReadonlySet<string>;
}

/** The date-fns context of the support time zone: its functions count days and hours there. */
const inZone = { in: tz(SUPPORT_TIME_ZONE) };
/** A calendar date's own arithmetic, the same in every zone: in UTC, where every day is 24 hours. */
const inUtc = { in: tz('UTC') };
const DATE = 'uuuu-MM-dd';

/** The support time zone's date of an instant, YYYY-MM-DD. */
export const supportDate = (at: Date) => format(at, DATE, inZone);

/** Midnight at the start of a date (YYYY-MM-DD) in the support time zone. */
const midnight = (date: string): TZDate => parseISO(date, inZone);

/** A plain Date of the same instant: what the module gives its callers (SQL, JSON, jest). */
const instant = (at: Date) => new Date(at.getTime());

/** The date (YYYY-MM-DD) `days` calendar days after `date` (before it, when negative). */
export const shiftDate = (date: string, days: number) =>
  format(addDays(parseISO(date, inUtc), days, inUtc), DATE, inUtc);

function isWorkingDay(day: TZDate, calendar: SupportCalendar): boolean {
  return !isWeekend(day, inZone) && !calendar.holidays.has(supportDate(day));
}

/** The working day's support hours that lie on one day, or none. */
function windowOf(day: TZDate, calendar: SupportCalendar): [number, number] | null {
  return isWorkingDay(day, calendar)
    ? [setHours(day, OPENS, inZone).getTime(), setHours(day, CLOSES, inZone).getTime()]
    : null;
}

/** The instant by which `hours` support hours have passed since `from`. */
export function addSupportHours(from: Date, hours: number, calendar: SupportCalendar): Date {
  let left = hours * HOUR;
  // A year of holidays cannot hold more than a year of days off: the walk always ends.
  for (let day = startOfDay(from, inZone), n = 0; n < 3660; day = addDays(day, 1, inZone), n++) {
    const window = windowOf(day, calendar);
    if (!window) continue;
    const start = Math.max(window[0], from.getTime());
    const available = window[1] - start;
    if (available <= 0) continue;
    if (available >= left) return new Date(start + left);
    left -= available;
  }
  throw new Error('SUPPORT_HOLIDAYS leaves no working day within ten years');
}

/**
 * The latest instant from which `hours` support hours have passed by `to`: everything received
 * before it is past a promise of that many hours. The inverse of addSupportHours, so that "which
 * reports are overdue" is one comparison on created_at, which an index answers.
 */
export function subtractSupportHours(to: Date, hours: number, calendar: SupportCalendar): Date {
  let left = hours * HOUR;
  for (let day = startOfDay(to, inZone), n = 0; n < 3660; day = addDays(day, -1, inZone), n++) {
    const window = windowOf(day, calendar);
    if (!window) continue;
    const end = Math.min(window[1], to.getTime());
    const available = end - window[0];
    if (available <= 0) continue;
    if (available >= left) return new Date(end - left);
    left -= available;
  }
  throw new Error('SUPPORT_HOLIDAYS leaves no working day within ten years');
}

/** When a promised step is due for a report received at `receivedAt`. */
export function dueAt(step: SupportStep, receivedAt: Date, calendar: SupportCalendar): Date {
  return addSupportHours(receivedAt, PROMISES[step] * BUSINESS_DAY_HOURS, calendar);
}

/**
 * The receipt times that separate the reports past a step's due time at `now` (received before
 * `overdue`) from those due by the end of today (received before `dueToday`).
 */
export function receiptCutoffs(step: SupportStep, now: Date, calendar: SupportCalendar) {
  const hours = PROMISES[step] * BUSINESS_DAY_HOURS;
  const endOfToday = dayEnd(supportDate(now));
  return {
    overdue: subtractSupportHours(now, hours, calendar),
    dueToday: subtractSupportHours(endOfToday, hours, calendar),
  };
}

/** When support opens on a day (YYYY-MM-DD), whether or not it is a working day. */
export const dayOpening = (date: string) => instant(setHours(midnight(date), OPENS, inZone));

/**
 * The start of a day (YYYY-MM-DD) in the support time zone, and its end: the start of the day
 * after it, excluded from the day (created_at < dayEnd). On the days the clocks change they are
 * 23 or 25 hours apart, not 24.
 */
export const dayStart = (date: string) => instant(midnight(date));
export const dayEnd = (date: string) => instant(addDays(midnight(date), 1, inZone));

/** SUPPORT_HOLIDAYS ("2026-12-25,2026-12-26") as a calendar. */
export function supportCalendar(holidays: readonly string[]): SupportCalendar {
  return { holidays: new Set(holidays) };
}
