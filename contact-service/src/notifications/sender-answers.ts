import type { DataSource } from 'typeorm';
import type { SenderAnswer } from '../integrations/sender-answer.js';
import { criterionLabel, reportOf, stepOfPurpose } from '../leads/accessibility-report.js';
import { dueAt, type PromiseRules } from '../leads/lead-promises.js';
import type { Attempt } from './settlement.js';

/**
 * The answers to senders of accessibility feedback among notifications being delivered, by
 * notification id (purpose `answer:<step>`: leads/accessibility-report.ts), read from their
 * reports as they are now: the plan and date an operator wrote when assessing, the reason of a
 * "won't fix", and when an acknowledged report's assessment is due.
 */
export async function senderAnswers(
  dataSource: DataSource,
  attempts: Attempt[],
  rules: PromiseRules,
): Promise<Map<string, SenderAnswer>> {
  const answers = new Map<string, SenderAnswer>();
  for (const attempt of attempts) {
    const step = stepOfPurpose(attempt.purpose);
    if (!step) continue;
    const report = await reportOf(dataSource.manager, attempt.id);
    answers.set(attempt.notificationId, {
      step,
      assessBy:
        step === 'acknowledged' ? dueAt('assess', new Date(attempt.promiseFrom), rules) : null,
      criterion: criterionLabel(report.criterion),
      plan: report.plan,
      plannedFor: report.plannedFor,
      reason: report.reason,
    });
  }
  return answers;
}
