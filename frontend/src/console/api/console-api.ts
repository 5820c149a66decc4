import { createApi } from '@reduxjs/toolkit/query/react';
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import { createBaseQuery, defaultQuery, type ApiError } from '../../shared/api/base-query';

/** The console's API, on the console server's own origin (never the public site's). */
const BASE = '/api/console';

export interface Me {
  username: string;
  role: 'admin' | 'member';
  /** A password, codes and passkeys of its own; false: it signs in through the provider. */
  hasPassword: boolean;
}

/** How leads reach an operator (issue 30), set on their account screen. */
export interface LeadPreferences {
  /** Where the reminders of the leads they own go; null: to the team. */
  email: string | null;
  /** Whether new leads are given to them in turn. */
  autoAssign: boolean;
  /** A day (YYYY-MM-DD) before which no lead is given to them; null: not away. */
  awayUntil: string | null;
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

/** Username and password with one second factor: a code, or a passkey's answer (JSON text). */
export type Credentials = { username: string; password: string } & (
  { code: string } | { passkey: string }
);

export interface PasskeyInfo {
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

/** Single sign-on as the sign-in screen offers it: null when it is not configured. */
export interface SsoOffer {
  provider: string | null;
  /** SSO_REQUIRED=on: only break-glass accounts sign in with a password. */
  required: boolean;
}

/** The start of a sign-in through the provider: a navigation, not a fetch. */
export const SSO_START = `${BASE}/sso/start`;

interface RecoveryCodes {
  recoveryCodes: string[];
}

/**
 * What signing in or out changes: everything read for the account. Invalidated, a query on
 * screen is read again and one not on screen is dropped, so no screen ever shows the previous
 * operator's sessions or passkeys.
 */
const EVERYONES_DATA = [
  'Me',
  'Sessions',
  'Passkeys',
  'Preferences',
  'Admin',
  'Leads',
  'Lead',
  'Deliveries',
] as const;

// The site's data defaults (spec §9): nothing refetches by itself, nothing goes stale, nothing
// is retried. What changes on the server is refetched through tags instead.
export const consoleApi = createApi({
  reducerPath: 'consoleApi',
  baseQuery: createBaseQuery(''),
  refetchOnFocus: false,
  refetchOnReconnect: false,
  refetchOnMountOrArgChange: false,
  keepUnusedDataFor: Infinity,
  tagTypes: ['Me', 'Sessions', 'Passkeys', 'Preferences', 'Admin', 'Leads', 'Lead', 'Deliveries'],
  endpoints: (build) => ({
    // "Who am I": the spec's read that answers null on a 401 (spec §7), i.e. "not signed in".
    me: build.query<Me | null, void>({
      query: () => defaultQuery([BASE, 'me'], 'returnNull'),
      providesTags: ['Me'],
    }),
    signIn: build.mutation<{ username: string }, Credentials>({
      query: (body) => ({ url: `${BASE}/sign-in`, method: 'POST', body }),
      invalidatesTags: EVERYONES_DATA,
    }),
    signInPasskeyOptions: build.mutation<PublicKeyCredentialRequestOptionsJSON, void>({
      query: () => ({ url: `${BASE}/sign-in/passkey-options`, method: 'POST' }),
    }),
    ssoOffer: build.query<SsoOffer, void>({
      query: () => [BASE, 'sso'],
    }),
    /** This session's end; one started through the provider answers where to end its session. */
    signOut: build.mutation<{ providerLogoutUrl: string | null } | null, 'this' | 'everywhere'>({
      query: (which) => ({
        url: `${BASE}/${which === 'this' ? 'sign-out' : 'sign-out-everywhere'}`,
        method: 'POST',
      }),
      invalidatesTags: EVERYONES_DATA,
    }),
    openEnrolment: build.mutation<OpenedEnrolment, string>({
      query: (token) => ({ url: `${BASE}/enrolment/open`, method: 'POST', body: { token } }),
    }),
    finishEnrolment: build.mutation<
      RecoveryCodes,
      { token: string; password: string; code: string }
    >({
      query: (body) => ({ url: `${BASE}/enrolment/finish`, method: 'POST', body }),
      invalidatesTags: EVERYONES_DATA,
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
    passkeys: build.query<PasskeyInfo[], void>({
      query: () => [BASE, 'account', 'passkeys'],
      providesTags: ['Passkeys'],
    }),
    passkeyOptions: build.mutation<PublicKeyCredentialCreationOptionsJSON, void>({
      query: () => ({ url: `${BASE}/account/passkeys/options`, method: 'POST' }),
    }),
    addPasskey: build.mutation<
      void,
      { password: string; code: string; name: string; passkey: string }
    >({
      query: (body) => ({ url: `${BASE}/account/passkeys`, method: 'POST', body }),
      invalidatesTags: ['Passkeys'],
    }),
    removePasskey: build.mutation<void, string>({
      query: (id) => ({
        url: `${BASE}/account/passkeys/${encodeURIComponent(id)}`,
        method: 'DELETE',
      }),
      invalidatesTags: ['Passkeys'],
    }),
    leadPreferences: build.query<LeadPreferences, void>({
      query: () => [BASE, 'account', 'preferences'],
      providesTags: ['Preferences'],
    }),
    // The answer is the preferences as stored: the read's copy takes it, nothing is read again.
    setLeadPreferences: build.mutation<LeadPreferences, LeadPreferences>({
      query: (body) => ({ url: `${BASE}/account/preferences`, method: 'PUT', body }),
      async onQueryStarted(_body, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data)
          dispatch(consoleApi.util.updateQueryData('leadPreferences', undefined, () => data));
      },
    }),
    newRecoveryCodes: build.mutation<RecoveryCodes, { password: string; code: string }>({
      query: (body) => ({ url: `${BASE}/account/recovery-codes`, method: 'POST', body }),
    }),
  }),
});

export const {
  useMeQuery,
  useSignInMutation,
  useSignInPasskeyOptionsMutation,
  usePasskeysQuery,
  usePasskeyOptionsMutation,
  useAddPasskeyMutation,
  useRemovePasskeyMutation,
  useSignOutMutation,
  useSsoOfferQuery,
  useOpenEnrolmentMutation,
  useFinishEnrolmentMutation,
  useSessionsQuery,
  useEndSessionMutation,
  useChangePasswordMutation,
  useLeadPreferencesQuery,
  useSetLeadPreferencesMutation,
  useNewRecoveryCodesMutation,
} = consoleApi;

/**
 * What to tell the operator when the browser's passkey prompt ends without an answer (closed,
 * timed out, no passkey for this console, no support), in words they can act on.
 */
export function passkeyProblemText(error: unknown): string {
  const name = (error as { name?: string } | undefined)?.name;
  if (name === 'NotAllowedError' || name === 'AbortError') {
    return 'The passkey prompt closed without a passkey. Try again, or use a code.';
  }
  if (name === 'InvalidStateError') return 'This passkey is already added to your account.';
  return 'This browser could not use a passkey here. Use a code instead.';
}

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
