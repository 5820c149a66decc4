/**
 * An event of the console the admins must hear of at once: something happened to a break-glass
 * account, the door for when the identity provider cannot be used; or the accessibility
 * statement's review date passed (statement/review-watch.ts). Sent on the team's channels by
 * operators/break-glass-alarm.ts; no prospect's data in it.
 */
export interface ConsoleAlert {
  kind: ConsoleAlertKind;
  /** The break-glass account; for a review missed, the review's date (YYYY-MM-DD). */
  username: string;
  /** Who did it, when someone else did (the admin who reset the account). */
  by: string | null;
  at: Date;
  /** The console's audit screen, filtered to this event; for a review, the overview. */
  link: string;
  /** The active admins' addresses, besides the team's inbox. */
  to: string[];
}

export const CONSOLE_ALERT_KINDS = [
  'break-glass sign-in',
  'break-glass reset',
  'break-glass enrolment',
  'statement review missed',
] as const;
export type ConsoleAlertKind = (typeof CONSOLE_ALERT_KINDS)[number];

export function alertLine(alert: ConsoleAlert): string {
  const at = alert.at.toISOString();
  switch (alert.kind) {
    case 'break-glass sign-in':
      return `Break-glass sign-in: ${alert.username} signed in to the console with a password at ${at}`;
    case 'break-glass reset':
      return `Break-glass reset: ${alert.by ?? 'someone'} reset the password and second factor of ${alert.username} at ${at}`;
    case 'break-glass enrolment':
      return `Break-glass enrolment: ${alert.username} set a new password and second factor at ${at}`;
    case 'statement review missed':
      return `Accessibility statement review missed: it was due on ${alert.username}`;
  }
}

export function alertText(alert: ConsoleAlert): string {
  if (alert.kind === 'statement review missed') {
    return [
      `${alertLine(alert)}.`,
      'The accessibility statement says when it is reviewed next; that date has passed, so the statement now makes a promise the team has not kept.',
      'Review the statement, then set lastReview and nextReview in contract/accessibility-statement.json and ship the release (docs/accessibility.md).',
      `The overview: ${alert.link}`,
      '',
    ].join('\n');
  }
  return [
    `${alertLine(alert)}.`,
    'Break-glass accounts are for when the identity provider cannot be used: each use, reset and enrolment is told to the admins.',
    'If nobody on the team expected this, disable the account now: leads users disable ' +
      alert.username,
    `The audit trail: ${alert.link}`,
    '',
  ].join('\n');
}
