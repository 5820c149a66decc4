import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import {
  dueAt,
  openPromise,
  pendingStep,
  receiptCutoffs,
  reminderAt,
  type PromiseRules,
  PROMISED_STEPS,
  OPEN_WHILE,
} from './lead-promises.js';
import { supportCalendar } from './support-hours.js';

const rules: PromiseRules = {
  calendar: supportCalendar(['2026-12-25']),
  callbackReminderHours: 4,
};
const at = (iso: string) => new Date(iso);

describe('the callback promise', () => {
  it('is 24 hours by the clock: across a weekend, a holiday and the clock change', () => {
    // Saturday night: due Sunday night, the weekend counts.
    expect(dueAt('callback', at('2026-11-28T22:00:00Z'), rules)).toEqual(
      at('2026-11-29T22:00:00Z'),
    );
    // Christmas Eve: due on the holiday.
    expect(dueAt('callback', at('2026-12-24T10:00:00Z'), rules)).toEqual(
      at('2026-12-25T10:00:00Z'),
    );
    // The night the clocks go back in Paris (25 October 2026): 24 real hours, 25 on the wall.
    expect(dueAt('callback', at('2026-10-24T22:00:00Z'), rules)).toEqual(
      at('2026-10-25T22:00:00Z'),
    );
    expect(reminderAt('callback', at('2026-10-24T22:00:00Z'), rules)).toEqual(
      at('2026-10-25T18:00:00Z'),
    );
  });

  it('is open while a contact request is new, and is the only promise of one', () => {
    expect(pendingStep('contact', 'new')).toBe('callback');
    expect(pendingStep('contact', 'contacted')).toBeNull();
    expect(pendingStep('accessibility', 'new')).toBe('acknowledge');
    expect(pendingStep('accessibility', 'acknowledged')).toBe('assess');
    expect(pendingStep('accessibility', 'resolved')).toBeNull();
  });

  it('follows CONTACT_REMINDER_HOURS', () => {
    const early = { ...rules, callbackReminderHours: 12 };
    expect(reminderAt('callback', at('2026-11-25T10:00:00Z'), early)).toEqual(
      at('2026-11-25T22:00:00Z'),
    );
  });
});

describe('accessibility reminders', () => {
  it('come when support opens on the day the step is due', () => {
    // Received Friday 16:00 Paris: acknowledgement due Tuesday 16:00, reminded Tuesday 9:00.
    expect(reminderAt('acknowledge', at('2026-11-20T15:00:00Z'), rules)).toEqual(
      at('2026-11-24T08:00:00Z'),
    );
  });
});

describe('the cutoffs', () => {
  // Instants over two years, to the minute, around now.
  const instant = fc
    .integer({
      min: Date.parse('2026-01-01T00:00:00Z') / 60_000,
      max: Date.parse('2027-12-31T00:00:00Z') / 60_000,
    })
    .map((minutes) => new Date(minutes * 60_000));

  it('sort every lead as openPromise does: overdue, due soon, or neither', () => {
    fc.assert(
      fc.property(
        instant,
        fc.integer({ min: 0, max: 10 * 24 * 60 }),
        fc.constantFrom(...PROMISED_STEPS),
        (now, minutesAgo, step) => {
          const receivedAt = new Date(now.getTime() - minutesAgo * 60_000);
          const cut = receiptCutoffs(step, now, rules);
          const { kind, status } = OPEN_WHILE[step];
          const due = openPromise({ kind, status, receivedAt }, rules, now)!;
          // The cutoff instants themselves aside, as for the support hours' cutoffs
          // (support-hours.spec.ts): a receipt exactly on one is due exactly now.
          fc.pre(
            receivedAt.getTime() !== cut.overdue.getTime() &&
              receivedAt.getTime() !== cut.soon.getTime(),
          );
          expect(due.overdue).toBe(receivedAt < cut.overdue);
          expect(due.soon).toBe(receivedAt >= cut.overdue && receivedAt < cut.soon);
        },
      ),
      { numRuns: 2000 },
    );
  });
});
