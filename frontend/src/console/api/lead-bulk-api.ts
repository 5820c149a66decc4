import { consoleApi } from './console-api';
import type { LeadStatus } from './inbox-api';

/** One action on many leads (contact-service/src/inbox/bulk.ts), on the console's own origin. */
const BASE = '/api/console';

/** What is done to every selected lead: a status, an owner (null: the team's), spam or not. */
export type BulkChange =
  | { action: 'status'; status: LeadStatus }
  | { action: 'owner'; owner: string | null }
  | { action: 'spam' }
  | { action: 'not-spam' };

/** 1 to 100 ids: more than an inbox page (50), so "all on this page" always fits. */
export type BulkRequest = { ids: string[] } & BulkChange;

/** Each lead is done on its own; a refused one says why, for a person. */
export interface BulkResult {
  id: string;
  ok: boolean;
  message?: string;
}

export const leadBulkApi = consoleApi.injectEndpoints({
  endpoints: (build) => ({
    bulkLeads: build.mutation<{ results: BulkResult[] }, BulkRequest>({
      query: (body) => ({ url: `${BASE}/leads/bulk`, method: 'POST', body }),
      // As setStatus, setOwner and setSpam for each lead: a kept promise or spam cancels pending
      // reminders, so the notifications screen changes too.
      invalidatesTags: (_answer, _error, { ids }) => [
        ...ids.map((id) => ({ type: 'Lead' as const, id })),
        'Leads',
        'Deliveries',
      ],
    }),
  }),
});

export const { useBulkLeadsMutation } = leadBulkApi;
