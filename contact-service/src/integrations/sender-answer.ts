import statement from '@proposal-site/contract/accessibility-statement.json' with { type: 'json' };
import promises from '@proposal-site/contract/promises.json' with { type: 'json' };
import type { AnsweredStep } from '../leads/lead.js';

/**
 * What the sender of accessibility feedback is told at a step of its workflow (leads/
 * accessibility-report.ts): acknowledged (and by when it will be assessed), assessed (the plan
 * and its date), resolved, or not to be fixed (the reason). Each names where to complain when
 * the answer does not satisfy: the enforcement body of the statement
 * (contract/accessibility-statement.json). It repeats nothing the sender wrote; what it quotes
 * (the plan, the reason, the criterion) is the team's.
 */
export interface SenderAnswer {
  step: AnsweredStep;
  /** Acknowledged: when the assessment is due, by the promise (business days). */
  assessBy: Date | null;
  /** "WCAG 2.2 1.4.3 Contrast (Minimum)", when the report is tagged. */
  criterion: string | null;
  plan: string | null;
  /** YYYY-MM-DD. */
  plannedFor: string | null;
  reason: string | null;
}

const { name: body, url } = statement.enforcement;

/** A calendar date as the mails write it: "4 December 2026". */
export const calendarDate = (date: string) =>
  new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );

const dayOf = (at: Date) =>
  new Intl.DateTimeFormat('en-GB', {
    dateStyle: 'full',
    timeZone: promises.supportHours.timeZone,
  }).format(at);

export function answerMail(answer: SenderAnswer): { subject: string; text: string } {
  const about = answer.criterion ? ` (${answer.criterion})` : '';
  const [subject = '', ...lines] = ((): string[] => {
    switch (answer.step) {
      case 'acknowledged':
        return [
          'We are looking into your accessibility feedback',
          'Thank you for your accessibility feedback. The team responsible for accessibility has acknowledged it and is looking into it.',
          '',
          `We will tell you what we will do, and by when, within ${promises.assessBusinessDays} business days of your report${answer.assessBy ? `: by ${dayOf(answer.assessBy)}` : ''}.`,
        ];
      case 'assessed':
        return [
          'What we will do about the barrier you reported',
          `We have assessed the barrier you reported${about}.`,
          '',
          `What we will do: ${answer.plan ?? ''}`,
          `By: ${answer.plannedFor ? calendarDate(answer.plannedFor) : ''}`,
          '',
          'Until then, we will give you the information or service you need in another way: reply to this email.',
        ];
      case 'resolved':
        return [
          'The barrier you reported is fixed',
          `The barrier you reported${about} is fixed on the website. Thank you for telling us.`,
          '',
          'If it is still in your way, reply to this email.',
        ];
      case 'wont_fix':
        return [
          'About the barrier you reported',
          `We have decided not to change the website for the barrier you reported${about}.`,
          '',
          `Why: ${answer.reason ?? ''}`,
          '',
          'We will still give you the information or service you need in another way: reply to this email.',
        ];
    }
  })();
  return {
    subject,
    text: [
      ...lines,
      '',
      `If our answer does not satisfy you, you can complain to ${body}: ${url}`,
      '',
      'If you did not send feedback through our website, you can ignore this email.',
      '',
    ].join('\n'),
  };
}
