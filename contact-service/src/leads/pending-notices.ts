import type { PromisedStep } from './lead-promises.js';

/**
 * The purpose of a reminder or an escalation of one step's promise (notifications.purpose): the
 * promise watch writes them (notifications/promise-watch.ts), and a kept promise cancels those
 * still pending (LeadHistory.cancelNotices, lead-history.ts).
 */
export const noticePurpose = (
  notice: 'reminder' | 'escalation',
  step: PromisedStep,
  reopenedAt?: Date | null,
) =>
  // A promise re-opened by a cancelled booking is a new promise, with reminders of its own.
  reopenedAt ? `${notice}:${step}:${Math.floor(reopenedAt.getTime() / 1000)}` : `${notice}:${step}`;
