import { createApi } from '@reduxjs/toolkit/query/react';
import { createBaseQuery } from './base-query';

// Relative: the site and the contact-service share one origin behind nginx (and the dev proxy).
export const API_BASE_URL = '';

// One api per base URL; features add their endpoints with injectEndpoints. The fixed data
// defaults (frontend/README.md, "Fixed wording and constants"): nothing refetches by itself,
// cached data never goes stale, nothing is retried (RTK Query only retries when a base query is
// wrapped in `retry`, which this one is not).
export const api = createApi({
  reducerPath: 'api',
  baseQuery: createBaseQuery(API_BASE_URL),
  refetchOnFocus: false,
  refetchOnReconnect: false,
  refetchOnMountOrArgChange: false,
  keepUnusedDataFor: Infinity,
  endpoints: () => ({}),
});
