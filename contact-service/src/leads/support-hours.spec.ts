import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import {
  addSupportHours,
  dayEnd,
  dayOpening,
  dayStart,
  dueAt,
  receiptCutoffs,
  shiftDate,
  subtractSupportHours,
  supportCalendar,
  supportDate,
  SUPPORT_TIME_ZONE,
  type SupportCalendar,
  type SupportStep,
} from './support-hours.js';

const none = supportCalendar([]);
const christmas = supportCalendar(['2026-12-25', '2026-12-28']);
const at = (iso: string) => new Date(iso);

/** Support hours (9-17 Europe/Paris, Monday to Friday) between two instants, by the minute. */
function supportMinutesBetween(from: Date, to: Date, holidays: ReadonlySet<string>): number {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Paris',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    hourCycle: 'h23',
    weekday: 'short',
  });
  let minutes = 0;
  for (let t = from.getTime(); t < to.getTime(); t += 60_000) {
    const p = Object.fromEntries(parts.formatToParts(new Date(t)).map((x) => [x.type, x.value]));
    const day = `${p.year}-${p.month}-${p.day}`;
    const hour = Number(p.hour);
    if (p.weekday === 'Sat' || p.weekday === 'Sun' || holidays.has(day)) continue;
    if (hour >= 9 && hour < 17) minutes++;
  }
  return minutes;
}

describe('support hours', () => {
  it('counts the accessibility page’s business days in 9-17 Paris time, weekends off', () => {
    const cases: [SupportStep, string, SupportCalendar, string][] = [
      // Friday 16:00 in Paris (15:00 UTC): one hour on Friday, Monday, then 7 hours on Tuesday.
      ['acknowledge', '2026-11-20T15:00:00Z', none, '2026-11-24T15:00:00Z'],
      // Received on a Saturday: the count starts on Monday at 9.
      ['acknowledge', '2026-11-21T10:00:00Z', none, '2026-11-24T16:00:00Z'],
      // Received at night: the count starts at 9 the next working morning.
      ['acknowledge', '2026-11-24T02:00:00Z', none, '2026-11-25T16:00:00Z'],
      // Summer time: 9-17 in Paris is 7-15 UTC.
      ['acknowledge', '2026-07-06T07:00:00Z', none, '2026-07-07T15:00:00Z'],
      // Five business days over Christmas, with the 25th and the 28th off.
      ['assess', '2026-12-22T08:00:00Z', christmas, '2026-12-30T16:00:00Z'],
    ];
    for (const [step, received, calendar, due] of cases) {
      expect([received, dueAt(step, at(received), calendar)]).toEqual([received, at(due)]);
    }
  });

  it('counts across the change to and from summer time', () => {
    // Friday 2026-03-27 16:00 CET (15:00 UTC); Monday is summer time (9:00 = 07:00 UTC).
    expect(addSupportHours(at('2026-03-27T15:00:00Z'), 2, none)).toEqual(
      at('2026-03-30T08:00:00Z'),
    );
    expect(addSupportHours(at('2026-10-23T14:00:00Z'), 2, none)).toEqual(
      at('2026-10-26T09:00:00Z'),
    );
  });

  const instants = fc
    .date({ min: new Date('2026-01-01T00:00:00Z'), max: new Date('2027-12-31T00:00:00Z') })
    .filter((d) => !Number.isNaN(d.getTime()))
    .map((d) => new Date(Math.floor(d.getTime() / 60_000) * 60_000));
  const holidays = fc
    .uniqueArray(fc.date({ min: new Date('2026-01-01'), max: new Date('2027-12-31') }), {
      maxLength: 20,
    })
    .map((days) =>
      days.filter((d) => !Number.isNaN(d.getTime())).map((d) => d.toISOString().slice(0, 10)),
    );

  it('adds exactly that many support hours, by a minute-by-minute count', () => {
    fc.assert(
      fc.property(instants, fc.integer({ min: 1, max: 16 }), holidays, (from, hours, days) => {
        const calendar = supportCalendar(days);
        const due = addSupportHours(from, hours, calendar);
        expect(supportMinutesBetween(from, due, calendar.holidays)).toBe(hours * 60);
      }),
      { numRuns: 60 },
    );
  });

  it('finds receipt cutoffs that are the inverse of the due time', () => {
    fc.assert(
      fc.property(instants, instants, holidays, (received, now, days) => {
        const calendar = supportCalendar(days);
        const { overdue } = receiptCutoffs('acknowledge', now, calendar);
        const isOverdue = dueAt('acknowledge', received, calendar) <= now;
        // Received before the cutoff ⇔ its due time has come (the cutoff instant itself aside).
        if (received.getTime() !== overdue.getTime()) {
          expect(received < overdue).toBe(isOverdue);
        }
        expect(addSupportHours(subtractSupportHours(now, 16, calendar), 16, calendar) <= now).toBe(
          true,
        );
      }),
      { numRuns: 300 },
    );
  });
});

describe('days in the support time zone', () => {
  const HOUR = 3_600_000;
  // A day runs from its start (included) to its end, the start of the next day (excluded).
  const days: [string, string, string, number][] = [
    // An ordinary day in winter, and one in summer: 24 hours.
    ['2026-11-24', '2026-11-23T23:00:00.000Z', '2026-11-24T23:00:00.000Z', 24],
    ['2026-07-06', '2026-07-05T22:00:00.000Z', '2026-07-06T22:00:00.000Z', 24],
    // Sunday 29 March 2026: 2:00 CET is 3:00 CEST, a 23-hour day.
    ['2026-03-29', '2026-03-28T23:00:00.000Z', '2026-03-29T22:00:00.000Z', 23],
    // Sunday 25 October 2026: 3:00 CEST is 2:00 CET, a 25-hour day.
    ['2026-10-25', '2026-10-24T22:00:00.000Z', '2026-10-25T23:00:00.000Z', 25],
  ];

  it('starts a day at midnight in Paris and ends it at the next midnight, 23 or 25 hours on', () => {
    expect(SUPPORT_TIME_ZONE).toBe('Europe/Paris');
    for (const [date, start, end, hours] of days) {
      const [from, until] = [dayStart(date), dayEnd(date)];
      expect([date, from.toISOString(), until.toISOString()]).toEqual([date, start, end]);
      expect((until.getTime() - from.getTime()) / HOUR).toBe(hours);
      // Its first and last millisecond are on the day, the ones around it on the next days.
      expect(
        [-1, 0, until.getTime() - from.getTime() - 1, until.getTime() - from.getTime()].map((ms) =>
          supportDate(new Date(from.getTime() + ms)),
        ),
      ).toEqual([shiftDate(date, -1), date, date, shiftDate(date, 1)]);
      expect(dayEnd(shiftDate(date, -1))).toEqual(from);
      expect(dayStart(shiftDate(date, 1))).toEqual(until);
    }
  });

  it('opens at 9 on the days the clocks change', () => {
    expect(dayOpening('2026-03-29')).toEqual(at('2026-03-29T07:00:00Z'));
    expect(dayOpening('2026-10-25')).toEqual(at('2026-10-25T08:00:00Z'));
  });

  it('sums business days across the weekends the clocks change, as on any weekend', () => {
    const cases: [SupportStep, string, string][] = [
      // An ordinary weekend, for contrast: Thursday 12:00 CET to the next Thursday 12:00 CET.
      ['assess', '2026-11-19T11:00:00Z', '2026-11-26T11:00:00Z'],
      // Friday 16:00 CET: 1 hour on Friday, 8 on Monday, 7 on Tuesday to 16:00 CEST.
      ['acknowledge', '2026-03-27T15:00:00Z', '2026-03-31T14:00:00Z'],
      // Sunday 29 March, 10:00 CEST: Monday and Tuesday, to 17:00 CEST.
      ['acknowledge', '2026-03-29T08:00:00Z', '2026-03-31T15:00:00Z'],
      ['assess', '2026-03-26T11:00:00Z', '2026-04-02T10:00:00Z'],
      // Friday 16:00 CEST: 1 hour on Friday, 8 on Monday, 7 on Tuesday to 16:00 CET.
      ['acknowledge', '2026-10-23T14:00:00Z', '2026-10-27T15:00:00Z'],
      // 2:30 on Sunday 25 October, both of them (CEST, then CET): Tuesday 17:00 CET.
      ['acknowledge', '2026-10-25T00:30:00Z', '2026-10-27T16:00:00Z'],
      ['acknowledge', '2026-10-25T01:30:00Z', '2026-10-27T16:00:00Z'],
      ['assess', '2026-10-22T10:00:00Z', '2026-10-29T11:00:00Z'],
    ];
    for (const [step, received, due] of cases) {
      expect([received, dueAt(step, at(received), none)]).toEqual([received, at(due)]);
    }
  });

  it('draws the receipt cutoffs back across those weekends', () => {
    // Monday 30 March, 10:00 CEST: overdue if received before Thursday 10:00 CET; due today
    // (by Tuesday 00:00 CEST) if received before Friday 9:00 CET.
    expect(receiptCutoffs('acknowledge', at('2026-03-30T08:00:00Z'), none)).toEqual({
      overdue: at('2026-03-26T09:00:00Z'),
      dueToday: at('2026-03-27T08:00:00Z'),
    });
    // Monday 26 October, 10:00 CET: Thursday 10:00 CEST and Friday 9:00 CEST.
    expect(receiptCutoffs('acknowledge', at('2026-10-26T09:00:00Z'), none)).toEqual({
      overdue: at('2026-10-22T08:00:00Z'),
      dueToday: at('2026-10-23T07:00:00Z'),
    });
  });
});
