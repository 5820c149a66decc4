import type { PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import { defaultQuery, type ApiError } from '../../shared/api/base-query';
import { TAGS } from './base-api';
import { generatedApi, type Me, type SignInBody } from './console-api.generated';

/**
 * The signed-in operator's session and own account (contact-service/src/operators/console/):
 * the generated endpoints, with what each change makes stale. The types are the service's.
 */
export type {
  LeadPreferences,
  Me,
  OpenedEnrolment,
  PasskeyInfo,
  SessionInfo,
  SsoOffer,
} from './console-api.generated';

/** Username and password with one second factor: a code, or a passkey's answer (JSON text). */
export type Credentials = Omit<SignInBody, 'code' | 'passkey'> &
  ({ code: string } | { passkey: string });

/** The start of a sign-in through the provider: a navigation, not a fetch. */
export const SSO_START = '/api/console/sso/start';

/**
 * What signing in or out changes: everything read for the account. Invalidated, a query on
 * screen is read again and one not on screen is dropped, so no screen ever shows the previous
 * operator's sessions or passkeys.
 */
const EVERYONES_DATA = [...TAGS];

type Endpoint = keyof typeof generatedApi.endpoints;

/**
 * What reads `tag` and what makes it stale, as enhanceEndpoints takes them: each of `reads`
 * provides it, and a change through any of `changes` invalidates it, so that what reads it is
 * read again.
 */
export function tagged<const Reads extends Endpoint, const Changes extends Endpoint>(
  tag: (typeof TAGS)[number],
  reads: readonly Reads[],
  changes: readonly Changes[],
) {
  return Object.fromEntries([
    ...reads.map((read) => [read, { providesTags: [tag] }]),
    ...changes.map((change) => [change, { invalidatesTags: [tag] }]),
  ]) as Record<Reads, { providesTags: [typeof tag] }> &
    Record<Changes, { invalidatesTags: [typeof tag] }>;
}

export const consoleApi = generatedApi.enhanceEndpoints({
  endpoints: {
    // "Who am I": the spec's read that answers null on a 401 (spec §7), i.e. "not signed in".
    me: (endpoint) => {
      endpoint.query = () => defaultQuery(['/api/console', 'me'], 'returnNull');
      endpoint.providesTags = ['Me'];
    },
    signIn: { invalidatesTags: EVERYONES_DATA },
    signOut: { invalidatesTags: EVERYONES_DATA },
    signOutEverywhere: { invalidatesTags: EVERYONES_DATA },
    finishEnrolment: { invalidatesTags: EVERYONES_DATA },
    ...tagged('Sessions', ['sessions'], ['endSession', 'changePassword']),
    ...tagged('Passkeys', ['passkeys'], ['addPasskey', 'removePasskey']),
    leadPreferences: { providesTags: ['Preferences'] },
    // The answer is the preferences as stored: the read's copy takes it, nothing is read again.
    setLeadPreferences: {
      async onQueryStarted(_body, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data)
          dispatch(consoleApi.util.updateQueryData('leadPreferences', undefined, () => data));
      },
    },
  },
});

/** Who is signed in, or null when nobody is (the service's 401). */
export const useMeQuery = consoleApi.useMeQuery as (
  ...args: Parameters<typeof consoleApi.useMeQuery>
) => Omit<ReturnType<typeof consoleApi.useMeQuery>, 'data' | 'currentData'> & {
  data?: Me | null;
  currentData?: Me | null;
};

export const {
  useSignInMutation,
  useSignInPasskeyOptionsMutation,
  usePasskeysQuery,
  usePasskeyOptionsMutation,
  useAddPasskeyMutation,
  useRemovePasskeyMutation,
  useSignOutMutation,
  useSignOutEverywhereMutation,
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

/** The options of a new passkey the service answers, in the browser library's own type. */
export type PasskeyCreationOptions = PublicKeyCredentialCreationOptionsJSON;

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
