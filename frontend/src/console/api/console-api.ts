import { createApi } from '@reduxjs/toolkit/query/react';
import { createBaseQuery, defaultQuery, type ApiError } from '../../shared/api/base-query';

/** The console's API, on the console server's own origin (never the public site's). */
const BASE = '/api/console';

export interface Me {
  username: string;
  role: 'admin' | 'member';
}

export interface SessionInfo {
  ref: string;
  createdAt: string;
  lastSeenAt: string;
  userAgent: string | null;
  current: boolean;
}

export interface OpenedEnrolment {
  username: string;
  totpUri: string;
  totpSecret: string;
}

export interface Credentials {
  username: string;
  password: string;
  code: string;
}

interface RecoveryCodes {
  recoveryCodes: string[];
}

// The site's data defaults (spec §9): nothing refetches by itself, nothing goes stale, nothing
// is retried. What changes on the server is refetched through tags instead.
export const consoleApi = createApi({
  reducerPath: 'consoleApi',
  baseQuery: createBaseQuery(''),
  refetchOnFocus: false,
  refetchOnReconnect: false,
  refetchOnMountOrArgChange: false,
  keepUnusedDataFor: Infinity,
  tagTypes: ['Me', 'Sessions'],
  endpoints: (build) => ({
    // "Who am I": the spec's read that answers null on a 401 (spec §7), i.e. "not signed in".
    me: build.query<Me | null, void>({
      query: () => defaultQuery([BASE, 'me'], 'returnNull'),
      providesTags: ['Me'],
    }),
    signIn: build.mutation<{ username: string }, Credentials>({
      query: (body) => ({ url: `${BASE}/sign-in`, method: 'POST', body }),
      invalidatesTags: ['Me', 'Sessions'],
    }),
    signOut: build.mutation<void, 'this' | 'everywhere'>({
      query: (which) => ({
        url: `${BASE}/${which === 'this' ? 'sign-out' : 'sign-out-everywhere'}`,
        method: 'POST',
      }),
      invalidatesTags: ['Me', 'Sessions'],
    }),
    openEnrolment: build.mutation<OpenedEnrolment, string>({
      query: (token) => ({ url: `${BASE}/enrolment/open`, method: 'POST', body: { token } }),
    }),
    finishEnrolment: build.mutation<
      RecoveryCodes,
      { token: string; password: string; code: string }
    >({
      query: (body) => ({ url: `${BASE}/enrolment/finish`, method: 'POST', body }),
      invalidatesTags: ['Me', 'Sessions'],
    }),
    sessions: build.query<SessionInfo[], void>({
      query: () => [BASE, 'account', 'sessions'],
      providesTags: ['Sessions'],
    }),
    endSession: build.mutation<void, string>({
      query: (ref) => ({
        url: `${BASE}/account/sessions/${encodeURIComponent(ref)}`,
        method: 'DELETE',
      }),
      invalidatesTags: ['Sessions'],
    }),
    changePassword: build.mutation<void, { password: string; code: string; newPassword: string }>({
      query: (body) => ({ url: `${BASE}/account/password`, method: 'POST', body }),
      invalidatesTags: ['Sessions'],
    }),
    newRecoveryCodes: build.mutation<RecoveryCodes, { password: string; code: string }>({
      query: (body) => ({ url: `${BASE}/account/recovery-codes`, method: 'POST', body }),
    }),
  }),
});

export const {
  useMeQuery,
  useSignInMutation,
  useSignOutMutation,
  useOpenEnrolmentMutation,
  useFinishEnrolmentMutation,
  useSessionsQuery,
  useEndSessionMutation,
  useChangePasswordMutation,
  useNewRecoveryCodesMutation,
} = consoleApi;

/**
 * The sentence to show for a failed call: the service's own message (its JSON error shape,
 * written for a person), or a plain one when no answer came.
 */
export function problemText(error: unknown): string {
  const apiError = error as Partial<ApiError> | undefined;
  const data = apiError?.data as { message?: unknown } | undefined;
  if (typeof data?.message === 'string') return data.message;
  if (apiError?.status === 'FETCH_ERROR') {
    return 'The console could not reach the service. Check your connection and try again.';
  }
  return 'Something went wrong. Try again in a minute.';
}
