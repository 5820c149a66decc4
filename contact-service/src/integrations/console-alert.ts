/**
 * An event of the console the admins must hear of at once: today a break-glass account's
 * sign-in (SSO_REQUIRED=on lets only those use a password). Sent on the team's channels by
 * operators/break-glass-alarm.ts; no prospect's data in it.
 */
export interface ConsoleAlert {
  kind: 'break-glass sign-in';
  username: string;
  at: Date;
  /** The console's audit screen, filtered to this event. */
  link: string;
  /** The active admins' addresses, besides the team's inbox. */
  to: string[];
}

export function alertLine(alert: ConsoleAlert): string {
  return `Break-glass sign-in: ${alert.username} signed in to the console with a password at ${alert.at.toISOString()}`;
}

export function alertText(alert: ConsoleAlert): string {
  return [
    `${alertLine(alert)}.`,
    'Single sign-on is required, and break-glass accounts are for when the identity provider cannot be used.',
    'If nobody on the team expected this, disable the account now: leads users disable ' +
      alert.username,
    `The audit trail: ${alert.link}`,
    '',
  ].join('\n');
}
