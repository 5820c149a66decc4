import { createApi } from '@reduxjs/toolkit/query/react';
import { createBaseQuery } from '../../shared/api/base-query';

/** What the console reads, by kind: a change invalidates a tag, and what reads it is read again. */
export const TAGS = [
  'Me',
  'Sessions',
  'Passkeys',
  'Preferences',
  'Admin',
  'Leads',
  'Lead',
  'Deliveries',
] as const;

/**
 * The console's API client, on the console server's own origin (never the public site's). Its
 * endpoints are generated from the service's description of its API (console-api.generated.ts,
 * `make openapi`); console-api.ts, inbox-api.ts and admin-api.ts add what a description does not
 * say: which reads a change makes stale.
 */
// The site's data defaults (spec §9): nothing refetches by itself, nothing goes stale, nothing
// is retried. What changes on the server is refetched through tags instead.
export const consoleApi = createApi({
  reducerPath: 'consoleApi',
  baseQuery: createBaseQuery(''),
  refetchOnFocus: false,
  refetchOnReconnect: false,
  refetchOnMountOrArgChange: false,
  keepUnusedDataFor: Infinity,
  tagTypes: TAGS,
  endpoints: () => ({}),
});
