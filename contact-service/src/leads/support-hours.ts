import promises from '@proposal-site/contract/promises.json' with { type: 'json' };

/**
 * The support hours the accessibility page states (contract/promises.json: 9 AM - 5 PM CET,
 * weekends off) and the promises counted in them: acknowledgement within 2 business days,
 * assessment within 5. A business day is the 8 support hours of a working day, so a report
 * received on Friday at 4 PM is to be acknowledged by Tuesday at 4 PM, and one received on a
 * Saturday by Tuesday at 5 PM. Holidays (SUPPORT_HOLIDAYS) are days off like weekends.
 *
 * CET is read as Central European time, summer time included: Europe/Paris.
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

const dayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: SUPPORT_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
const offsetFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: SUPPORT_TIME_ZONE,
  timeZoneName: 'longOffset',
});

/** The support time zone's date of an instant, YYYY-MM-DD. */
export const supportDate = (at: Date) => dayFormat.format(at);

/** The zone's offset from UTC in ms at an instant ("GMT+01:00" → 3,600,000). */
function offsetAt(at: Date): number {
  const name = offsetFormat.formatToParts(at).find((part) => part.type === 'timeZoneName')!.value;
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  if (!match) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return (match[1] === '-' ? -1 : 1) * minutes * 60_000;
}

/** The instant of a wall-clock hour on a date in the support time zone. */
function wallClock(date: string, hour: number): Date {
  const utc = Date.parse(`${date}T${String(hour).padStart(2, '0')}:00:00Z`);
  // Clocks change at night: the offset at noon is the offset of the whole working day.
  return new Date(utc - offsetAt(new Date(Date.parse(`${date}T12:00:00Z`))));
}

export const shiftDate = (date: string, days: number) =>
  new Date(Date.parse(`${date}T12:00:00Z`) + days * 24 * HOUR).toISOString().slice(0, 10);

function isWorkingDay(date: string, calendar: SupportCalendar): boolean {
  const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
  return weekday !== 0 && weekday !== 6 && !calendar.holidays.has(date);
}

/** The working day's support hours that lie on one date, or none. */
function windowOf(date: string, calendar: SupportCalendar): [Date, Date] | null {
  return isWorkingDay(date, calendar) ? [wallClock(date, OPENS), wallClock(date, CLOSES)] : null;
}

/** The instant by which `hours` support hours have passed since `from`. */
export function addSupportHours(from: Date, hours: number, calendar: SupportCalendar): Date {
  let left = hours * HOUR;
  // A year of holidays cannot hold more than a year of days off: the walk always ends.
  for (let date = supportDate(from), day = 0; day < 3660; date = shiftDate(date, 1), day++) {
    const window = windowOf(date, calendar);
    if (!window) continue;
    const start = Math.max(window[0].getTime(), from.getTime());
    const available = window[1].getTime() - start;
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
  for (let date = supportDate(to), day = 0; day < 3660; date = shiftDate(date, -1), day++) {
    const window = windowOf(date, calendar);
    if (!window) continue;
    const end = Math.min(window[1].getTime(), to.getTime());
    const available = end - window[0].getTime();
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
export const dayOpening = (date: string) => wallClock(date, OPENS);

/** The start of a day (YYYY-MM-DD) in the support time zone, and of the day after it. */
export const dayStart = (date: string) => wallClock(date, 0);
export const dayEnd = (date: string) => wallClock(shiftDate(date, 1), 0);

/** SUPPORT_HOLIDAYS ("2026-12-25,2026-12-26") as a calendar. */
export function supportCalendar(holidays: readonly string[]): SupportCalendar {
  return { holidays: new Set(holidays) };
}
