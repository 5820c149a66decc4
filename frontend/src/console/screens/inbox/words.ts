import type { Due, LeadKind, LeadStatus } from '../../api/inbox-api';

/** The words for each status and kind, as the screens and their filters say them. */
export const STATUS_LABELS: Record<LeadStatus, string> = {
  new: 'New',
  contacted: 'Contacted',
  qualified: 'Qualified',
  not_a_fit: 'Not a fit',
  acknowledged: 'Acknowledged',
  assessed: 'Assessed',
  resolved: 'Resolved',
};

export const KIND_LABELS: Record<LeadKind, string> = {
  contact: 'Contact request',
  accessibility: 'Accessibility feedback',
};

/** The statuses of each kind in workflow order (the service holds the transitions). */
export const STATUSES_OF: Record<LeadKind, LeadStatus[]> = {
  contact: ['new', 'contacted', 'qualified', 'not_a_fit'],
  accessibility: ['new', 'acknowledged', 'assessed', 'resolved'],
};

export const ALL_STATUSES = Object.keys(STATUS_LABELS) as LeadStatus[];

const when = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Europe/Paris',
  timeZoneName: 'short',
});

/** A time as operators read it: in the support hours' time zone (CET or CEST), said so. */
export const timeText = (iso: string) => when.format(new Date(iso));

/** "Acknowledge by 22 Dec 2026, 16:00 CET", and "overdue" once it is past. */
export const dueText = (due: Due) =>
  `${due.step === 'acknowledge' ? 'Acknowledge' : 'Assess'} by ${timeText(due.at)}${due.overdue ? ' (overdue)' : ''}`;
