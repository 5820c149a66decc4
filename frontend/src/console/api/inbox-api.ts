import { consoleApi } from './console-api';

/** The console's inbox API (contact-service/src/inbox/console/), on the console's own origin. */
const BASE = '/api/console';

export type LeadKind = 'contact' | 'accessibility';
export type LeadStatus =
  'new' | 'contacted' | 'qualified' | 'not_a_fit' | 'acknowledged' | 'assessed' | 'resolved';

/** A promise to the sender: a contact request's call-back, accessibility feedback's answers. */
export type PromisedStep = 'callback' | 'acknowledge' | 'assess';

/** The promise a lead still has open: when it is due, past it, or within the reminder window. */
export interface Due {
  step: PromisedStep;
  at: string;
  overdue: boolean;
  /** Within the reminder window and not overdue yet. */
  soon: boolean;
}

/**
 * The discovery call the lead booked through the scheduler (contact-service/src/leads/
 * lead-meeting.ts): the booking still on, else the latest one, cancelled.
 */
export interface Meeting {
  scheduler: 'calendly' | 'cal.com';
  status: 'booked' | 'rescheduled' | 'cancelled';
  startsAt: string;
  endsAt: string;
  /** The host's name (or address) as the scheduler gave it. */
  host: string | null;
}

/** A lead in the inbox's list: no address, no message. */
export interface InboxEntry {
  id: string;
  receivedAt: string;
  kind: LeadKind;
  status: LeadStatus;
  name: string;
  company: string;
  role: string;
  /** Not opened yet by the operator who asks: each operator reads leads for themselves. */
  unread: boolean;
  spam: boolean;
  deliveryFailed: boolean;
  due: Due | null;
  /** The operator's username who owns the lead; null: the team's. */
  owner: string | null;
  /** Earlier leads from the same address or company domain, counted up to 100 ("99+"). */
  related: number;
  /** Absent from a service older than the bookings (issue 42). */
  meeting?: Meeting | null;
}

export interface InboxPage {
  leads: InboxEntry[];
  /** The cursor of the next page in the page's order (after=…), when there is one. */
  next: string | null;
}

/** The promises of the leads received in one week (the Monday), of one kind. */
export interface PromiseWeek {
  week: string;
  kind: LeadKind;
  answered: number;
  kept: number;
  late: number;
  open: number;
  /** kept / (kept + late), 0..1; null while no promise of the week is due or answered. */
  keptShare: number | null;
  medianHours: number | null;
  p90Hours: number | null;
}

/**
 * Speed to lead with the booking, per week of receipt (contact-service/src/leads/
 * speed-to-lead.ts): the form's contact requests, those booked through the scheduler, those
 * booked within the callback promise (`share` of the requests), the hours to the first booking,
 * and the bookings that came with no form.
 */
export interface BookingWeek {
  week: string;
  requests: number;
  booked: number;
  inPromise: number;
  share: number | null;
  medianHours: number | null;
  p90Hours: number | null;
  noForm: number;
}

/** The open promises of one kind and step, past due or within the reminder window. */
export interface DueCount {
  kind: LeadKind;
  step: string;
  overdue: number;
  soon: number;
}

export interface Overview {
  since: string;
  weekly: { week: string; kind: LeadKind; n: number }[];
  firstResponse: { kind: LeadKind; leads: number; medianHours: number }[];
  /** Absent from a service older than the promises (issue 30), as `due` is. */
  promises?: PromiseWeek[];
  due?: DueCount[];
  /** Absent from a service older than the bookings (issue 42). */
  bookings?: BookingWeek[];
  /** What an older service answers instead of `due`. */
  accessibility?: { overdue: number; dueToday: number };
  /** The public pages' field measurements; absent from a service older than issue 31. */
  field?: FieldPercentile[];
}

/** A page's 75th percentile of one metric (seconds, or the CLS score), last 28 days. */
export interface FieldPercentile {
  route: string;
  metric: 'LCP' | 'INP' | 'CLS' | 'FCP' | 'TTFB';
  views: number;
  p75: number | null;
}

/** What a notification is for: announcing the lead, reminding its owner, escalating a promise. */
export type DeliveryPurpose = 'lead' | 'reminder' | 'escalation';

/**
 * The purpose as the service stores it, which may name the promise's step too
 * (contact-service/src/notifications/cancellation.ts, noticePurpose: "reminder:callback").
 */
export type StoredPurpose =
  | DeliveryPurpose
  | `${Exclude<DeliveryPurpose, 'lead'>}:${PromisedStep}`
  /** A promise re-opened by a cancelled booking: its own reminders, by the re-opening's time. */
  | `${Exclude<DeliveryPurpose, 'lead'>}:${PromisedStep}:${number}`;

export interface Delivery {
  id: string;
  submissionId: string;
  channel: string;
  purpose: StoredPurpose;
  /** Cancelled: a reminder no longer needed (the promise was kept, or the lead is spam). */
  status: 'pending' | 'sent' | 'failed' | 'cancelled';
  attempts: number;
  lastError: string | null;
  createdAt: string;
  updatedAt: string;
  sentAt: string | null;
}

export interface Note {
  id: string;
  at: string;
  author: string;
  body: string;
}

/** One line of a lead's history; `actor` is a username or a system actor (`auto-assign`, …). */
export type HistoryEntry = { at: string; actor: string } & (
  | { event: 'status'; from: LeadStatus; to: LeadStatus }
  | { event: 'owner'; from: string | null; to: string | null }
  /** `to`: who was told, in words ("ada", "the team", "the admins and the team"). */
  | { event: 'reminder' | 'escalation'; step: PromisedStep; to: string }
  /** Pending notifications dropped: a step's promise was kept, or (step null) the lead is spam. */
  | { event: 'cancelled'; step: PromisedStep | null; count: number }
  /** The scheduler (actor `calendly` or `cal.com`) booked, moved or called off the call. */
  | {
      event: 'booking';
      status: Meeting['status'];
      startsAt: string;
      endsAt: string;
      host: string | null;
    }
);

/** An earlier lead from the same address, or the same company's (not a free-mail) domain. */
export type RelatedLead = Pick<
  InboxEntry,
  'id' | 'receivedAt' | 'kind' | 'status' | 'name' | 'company'
> & { sameAddress: boolean };

export interface Lead {
  id: string;
  createdAt: string;
  kind: LeadKind;
  status: LeadStatus;
  name: string;
  email: string;
  company: string;
  role: string;
  message: string | null;
  spamReason: string | null;
  readAt: string | null;
  due: Due | null;
  owner: string | null;
  /** Absent from a service older than the bookings (issue 42). */
  meeting?: Meeting | null;
  next: LeadStatus[];
  notifications: Delivery[];
  history: HistoryEntry[];
  /** Newest first, at most 20 (spam is never related). */
  related: RelatedLead[];
  notes: Note[];
}

export interface Removed {
  submissions: number;
  notifications: number;
}

/** How often the inbox's first page is read again, so new leads show within 10 s. */
export const INBOX_REFRESH_MS = 5000;

export const inboxApi = consoleApi.injectEndpoints({
  endpoints: (build) => ({
    /** `query`: the inbox's filter as the URL holds it (kind=…&status=…), and after=… */
    inboxPage: build.query<InboxPage, string>({
      query: (query) => ({ url: `${BASE}/leads?${query}`, method: 'GET' }),
      providesTags: ['Leads'],
    }),
    inboxCounts: build.query<Partial<Record<LeadStatus, number>>, string>({
      query: (query) => ({ url: `${BASE}/leads/counts?${query}`, method: 'GET' }),
      providesTags: ['Leads'],
    }),
    lead: build.query<Lead, string>({
      query: (id) => [BASE, 'leads', encodeURIComponent(id)],
      providesTags: (_lead, _error, id) => [{ type: 'Lead', id }],
    }),
    setStatus: build.mutation<Lead, { id: string; status: LeadStatus }>({
      query: ({ id, status }) => ({
        url: `${BASE}/leads/${encodeURIComponent(id)}/status`,
        method: 'POST',
        body: { status },
      }),
      // A kept promise cancels its pending reminders: the notifications screen changes too.
      invalidatesTags: (_lead, _error, { id }) => [{ type: 'Lead', id }, 'Leads', 'Deliveries'],
    }),
    /** Takes, assigns (admins) or hands back (null) the lead; answers the lead as GET does. */
    setOwner: build.mutation<Lead, { id: string; owner: string | null }>({
      query: ({ id, owner }) => ({
        url: `${BASE}/leads/${encodeURIComponent(id)}/owner`,
        method: 'PUT',
        body: { owner },
      }),
      invalidatesTags: (_lead, _error, { id }) => [{ type: 'Lead', id }, 'Leads'],
    }),
    addNote: build.mutation<Note, { id: string; body: string }>({
      query: ({ id, body }) => ({
        url: `${BASE}/leads/${encodeURIComponent(id)}/notes`,
        method: 'POST',
        body: { body },
      }),
      invalidatesTags: (_note, _error, { id }) => [{ type: 'Lead', id }],
    }),
    setSpam: build.mutation<Lead, { id: string; spam: boolean }>({
      query: ({ id, spam }) => ({
        url: `${BASE}/leads/${encodeURIComponent(id)}/${spam ? 'spam' : 'not-spam'}`,
        method: 'POST',
      }),
      invalidatesTags: (_lead, _error, { id }) => [{ type: 'Lead', id }, 'Leads', 'Deliveries'],
    }),
    deliverLeadAgain: build.mutation<Lead, string>({
      query: (id) => ({
        url: `${BASE}/leads/${encodeURIComponent(id)}/deliver-again`,
        method: 'POST',
      }),
      invalidatesTags: (_lead, _error, id) => [{ type: 'Lead', id }, 'Leads', 'Deliveries'],
    }),
    deliveries: build.query<Delivery[], 'failed' | 'pending'>({
      query: (status) => ({ url: `${BASE}/deliveries?status=${status}`, method: 'GET' }),
      providesTags: ['Deliveries'],
    }),
    deliverAgain: build.mutation<Delivery, string>({
      query: (id) => ({
        url: `${BASE}/deliveries/${encodeURIComponent(id)}/deliver-again`,
        method: 'POST',
      }),
      invalidatesTags: ['Deliveries', 'Lead', 'Leads'],
    }),
    overview: build.query<Overview, void>({
      query: () => [BASE, 'overview'],
      providesTags: ['Leads'],
    }),
    erasurePreview: build.mutation<Removed, string>({
      query: (email) => ({
        url: `${BASE}/admin/leads/erasure/preview`,
        method: 'POST',
        body: { email },
      }),
    }),
    erase: build.mutation<Removed, { email: string; confirm: string }>({
      query: (body) => ({ url: `${BASE}/admin/leads/erasure`, method: 'POST', body }),
      invalidatesTags: ['Leads', 'Lead', 'Deliveries', 'Admin'],
    }),
  }),
});

export const {
  useInboxPageQuery,
  useInboxCountsQuery,
  useOverviewQuery,
  useLeadQuery,
  useSetStatusMutation,
  useSetOwnerMutation,
  useAddNoteMutation,
  useSetSpamMutation,
  useDeliverLeadAgainMutation,
  useDeliveriesQuery,
  useDeliverAgainMutation,
  useErasurePreviewMutation,
  useEraseMutation,
} = inboxApi;

/** The export of the inbox's filter, a file the browser downloads (admins only). */
export const exportUrl = (format: 'csv' | 'json', filter: string) =>
  `${BASE}/admin/leads/export?format=${format}${filter ? `&${filter}` : ''}`;
