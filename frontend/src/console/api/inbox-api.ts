import { consoleApi } from './console-api';
import type {
  BulkBody,
  InboxEntry as ServiceInboxEntry,
  LeadAttribution,
  OpenedLead,
  Overview as ServiceOverview,
} from './console-api.generated';

/**
 * The inbox, the lead screen, the deliveries, the overview and the erasure
 * (contact-service/src/inbox/console/): the generated endpoints, with what each change makes
 * stale. The types are the service's; the names below are the console's words for them.
 */
export type {
  BookingWeekShare as BookingWeek,
  DeliveryRecord as Delivery,
  DeliveryStatus,
  Due,
  FieldPercentile,
  LeadKind,
  LeadStatus,
  Meeting,
  Note,
  OpenPromises as DueCount,
  PromisedStep,
  PromiseWeek,
  RelatedLead,
  AccessibilityReport,
  ReportBody,
  Removed,
  Severity,
  SourceReport,
  SourceRow,
} from './console-api.generated';

// The console of a release may meet the service of the release before during an upgrade
// (docs/operating.md): what that service leaves out is optional here, and nothing else.

/** A lead in the inbox's list; `meeting` is absent from a service older than 1.1.0. */
export type InboxEntry = Omit<ServiceInboxEntry, 'meeting'> &
  Partial<Pick<ServiceInboxEntry, 'meeting'>>;

/** What brought a lead (the service's columns, as its document names them): absent before 1.3.0. */
type AttributionField = keyof LeadAttribution;

/**
 * A lead on its screen; its first response, meeting, source and accessibility report are absent
 * from older services.
 */
type Later = 'meeting' | 'respondedAt' | 'callbackFrom' | 'report' | AttributionField;
export type Lead = Omit<OpenedLead, Later> & Partial<Pick<OpenedLead, Later>>;

/**
 * The overview: a service older than the promises (issue 30) answers `accessibility` instead
 * of `due`, and one older than a table leaves it out.
 */
export type Overview = Omit<
  ServiceOverview,
  'promises' | 'due' | 'bookings' | 'field' | 'knownSourceShare' | 'statementReview'
> &
  Partial<
    Pick<
      ServiceOverview,
      'promises' | 'due' | 'bookings' | 'field' | 'knownSourceShare' | 'statementReview'
    >
  > & {
    accessibility?: { overdue: number; dueToday: number };
  };

/** One line of a lead's history; `actor` is a username or a system actor (`auto-assign`, …). */
export type HistoryEntry = OpenedLead['history'][number];

/**
 * What a notification is for: announcing the lead, reminding its owner, escalating a promise, or
 * telling the sender of accessibility feedback of a step.
 */
export type DeliveryPurpose = 'lead' | 'reminder' | 'escalation' | 'answer';

/**
 * What is done to every selected lead: an action, with the status or the owner (null: the
 * team's) it needs. The service's BulkBody, whose rules (1 to 100 ids, more than an inbox page,
 * so "all on this page" always fits) the service holds.
 */
export type BulkRequest = BulkBody;
export type BulkChange = Omit<BulkBody, 'ids'>;

/** How often the inbox's first page is read again, so new leads show within 10 s. */
export const INBOX_REFRESH_MS = 5000;

export const inboxApi = consoleApi.enhanceEndpoints({
  endpoints: {
    inboxPage: { providesTags: ['Leads'] },
    inboxCounts: { providesTags: ['Leads'] },
    lead: { providesTags: (_lead, _error, id) => [{ type: 'Lead', id }] },
    // A kept promise cancels its pending reminders: the notifications screen changes too.
    setStatus: {
      invalidatesTags: (_lead, _error, { id }) => [{ type: 'Lead', id }, 'Leads', 'Deliveries'],
    },
    // A confirmed report changes the statement, not the inbox's lists.
    tagReport: { invalidatesTags: (_lead, _error, { id }) => [{ type: 'Lead', id }] },
    setOwner: { invalidatesTags: (_lead, _error, { id }) => [{ type: 'Lead', id }, 'Leads'] },
    addNote: { invalidatesTags: (_note, _error, { id }) => [{ type: 'Lead', id }] },
    markSpam: {
      invalidatesTags: (_lead, _error, id) => [{ type: 'Lead', id }, 'Leads', 'Deliveries'],
    },
    markNotSpam: {
      invalidatesTags: (_lead, _error, id) => [{ type: 'Lead', id }, 'Leads', 'Deliveries'],
    },
    deliverLeadAgain: {
      invalidatesTags: (_lead, _error, id) => [{ type: 'Lead', id }, 'Leads', 'Deliveries'],
    },
    deliveries: { providesTags: ['Deliveries'] },
    deliverAgain: { invalidatesTags: ['Deliveries', 'Lead', 'Leads'] },
    overview: { providesTags: ['Leads'] },
    sources: { providesTags: ['Leads'] },
    erase: { invalidatesTags: ['Leads', 'Lead', 'Deliveries', 'Admin'] },
    bulkLeads: {
      invalidatesTags: (_answer, _error, { ids }) => [
        ...ids.map((id) => ({ type: 'Lead' as const, id })),
        'Leads',
        'Deliveries',
      ],
    },
  },
});

export const {
  useInboxPageQuery,
  useInboxCountsQuery,
  useOverviewQuery,
  useSourcesQuery,
  useLeadQuery,
  useSetStatusMutation,
  useTagReportMutation,
  useSetOwnerMutation,
  useAddNoteMutation,
  useMarkSpamMutation,
  useMarkNotSpamMutation,
  useDeliverLeadAgainMutation,
  useDeliveriesQuery,
  useDeliverAgainMutation,
  useErasurePreviewMutation,
  useEraseMutation,
  useBulkLeadsMutation,
} = inboxApi;

/** The export of the inbox's filter, a file the browser downloads (admins only). */
export const exportUrl = (format: 'csv' | 'json', filter: string) =>
  `/api/console/admin/leads/export?format=${format}${filter ? `&${filter}` : ''}`;
