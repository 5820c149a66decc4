import { supportHours } from '@proposal-site/contract/promises.json';
import workflows from '@proposal-site/contract/workflows.json';
import type {
  DeliveryPurpose,
  Due,
  LeadKind,
  LeadStatus,
  Meeting,
  PromisedStep,
} from '../../api/inbox-api';

/** The words for each status and kind, as the screens and their filters say them. */
export const STATUS_LABELS: Record<LeadStatus, string> = {
  new: 'New',
  contacted: 'Contacted',
  qualified: 'Qualified',
  not_a_fit: 'Not a fit',
  acknowledged: 'Acknowledged',
  assessed: 'Assessed',
  resolved: 'Resolved',
  wont_fix: "Won't fix",
};

export const KIND_LABELS: Record<LeadKind, string> = {
  contact: 'Contact request',
  accessibility: 'Accessibility feedback',
};

export const KINDS = Object.keys(KIND_LABELS) as LeadKind[];

/** The statuses of each kind in workflow order (contract/workflows.json, as the service's). */
export const STATUSES_OF = Object.fromEntries(
  Object.entries(workflows).map(([kind, steps]) => [kind, Object.keys(steps)]),
) as Record<LeadKind, LeadStatus[]>;

export const ALL_STATUSES = Object.keys(STATUS_LABELS) as LeadStatus[];

const when = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: supportHours.timeZone,
  timeZoneName: 'short',
});

/** A time as operators read it: in the support hours' time zone (CET or CEST), said so. */
export const timeText = (iso: string) => when.format(new Date(iso));

/** What each promise asks of the team, as an instruction and as a thing ("the call-back"). */
export const STEP_LABELS: Record<PromisedStep, { verb: string; noun: string }> = {
  callback: { verb: 'Call back', noun: 'the call-back' },
  acknowledge: { verb: 'Acknowledge', noun: 'the acknowledgement' },
  assess: { verb: 'Assess', noun: 'the assessment' },
};

/** A step the service may add later reads as its own name rather than breaking the screen. */
export const stepLabel = (step: string) =>
  STEP_LABELS[step as PromisedStep] ?? { verb: step, noun: step };

/**
 * "Call back by 26 Nov 2026, 14:00 CET", with "(due soon)" within the reminder window and
 * "(overdue)" once it is past.
 */
export const dueText = (due: Due) =>
  `${stepLabel(due.step).verb} by ${timeText(due.at)}${due.overdue ? ' (overdue)' : due.soon ? ' (due soon)' : ''}`;

/** The class of a due time: marked when it is past or near (the words say so too). */
export const dueClass = (due: Due) => (due.overdue ? 'due overdue' : due.soon ? 'due soon' : 'due');

/** The schedulers by name, as their own sites write them. */
export const SCHEDULER_LABELS: Record<Meeting['scheduler'], string> = {
  calendly: 'Calendly',
  'cal.com': 'Cal.com',
};

const hourFormat = new Intl.DateTimeFormat('en-GB', {
  hour: '2-digit',
  minute: '2-digit',
  timeZone: supportHours.timeZone,
});

/**
 * "Call booked: 29 Nov 2026, 10:30 CET – 11:00", "Call rescheduled: …", "Call cancelled: …", in
 * the operators' time zone like every time on the console.
 */
export const meetingText = (meeting: Pick<Meeting, 'status' | 'startsAt' | 'endsAt'>) =>
  `Call ${meeting.status}: ${timeText(meeting.startsAt)} – ${hourFormat.format(new Date(meeting.endsAt))}`;

/** The class of a meeting: a cancelled one is marked (the words say so too). */
export const meetingClass = (meeting: Pick<Meeting, 'status'>) =>
  meeting.status === 'cancelled' ? 'meeting cancelled' : 'meeting';

/** A lead nobody owns (the team's), as the inbox, its filter and the lead screen say it. */
export const UNOWNED = 'Unowned';

/** What a notification is for ("For" in the notification tables). */
export const PURPOSE_LABELS: Record<DeliveryPurpose, string> = {
  lead: 'the lead',
  reminder: 'reminder',
  escalation: 'escalation',
  answer: "the sender's answer",
};

/**
 * "the lead", "reminder", "escalation", with the step when the service names it ("reminder:
 * callback" reads "reminder: call back"). Before the promises every notification announced the
 * lead, so a missing purpose is that. A re-opened promise's own ("reminder:callback:<time>")
 * reads as its step's.
 */
export function purposeText(purpose: string | undefined): string {
  const [what = 'lead', step] = (purpose ?? 'lead').split(':');
  const label = PURPOSE_LABELS[what as DeliveryPurpose] ?? what;
  if (what === 'answer' && step) {
    return `${label}: ${(STATUS_LABELS[step as LeadStatus] ?? step).toLowerCase()}`;
  }
  return step ? `${label}: ${stepLabel(step).verb.toLowerCase()}` : label;
}

const weekFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  timeZone: 'UTC',
});

/** "24 Nov": the Monday a week of the overview starts on (YYYY-MM-DD). */
export const weekText = (week: string) => weekFormat.format(new Date(`${week}T00:00:00Z`));

/** "3 h 20 min", "2 days 4 h": a time to a first response, in hours. */
export function hoursText(hours: number): string {
  // Rounded once, first: 1.999 h reads "2 h 0 min", not "1 h 60 min".
  const minutes = Math.round(hours * 60);
  if (minutes < 60) return `${Math.max(1, minutes)} min`;
  if (minutes < 48 * 60) return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
  const whole = Math.round(hours);
  return `${Math.floor(whole / 24)} days ${whole % 24} h`;
}
