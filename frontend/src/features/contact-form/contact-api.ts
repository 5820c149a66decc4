import { api } from '../../shared/api/api';
import type { ContactPayload } from './contact-schema';
// The endpoint below needs the API's reducer and middleware in the store.
import './inject-api';

export const CONTACT_ENDPOINT = '/api/contact';

/**
 * The service stores the first request with a key and answers a repeated key with that first
 * receipt, so a retry after a timeout cannot store the same lead twice
 * (https://datatracker.ietf.org/doc/draft-ietf-httpapi-idempotency-key-header/).
 */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

/** The 201 answer of the contact-service. */
export interface ContactReceipt {
  id: string;
  createdAt: string;
  /**
   * The scheduler's link with this lead's booking token (the receipt mail's), for a
   * discovery-call request when the service has a scheduler (contract/README.md); else absent.
   */
  bookingUrl?: string;
}

/**
 * What brought the visitor (contract/attribution.json), as the island reads it from the page's
 * address (features/attribution/read-attribution.ts): the service takes it as it is sent.
 */
export type ContactAttribution = Record<string, string>;

/** The body of the POST: the form's fields, and the attribution when there is one. */
export type ContactRequestBody = ContactPayload & { attribution?: ContactAttribution };

export interface ContactSubmission {
  body: ContactRequestBody;
  /** One per filled-in form, the same for each retry of it (see use-idempotency-key.ts). */
  idempotencyKey: string;
}

export const contactApi = api.injectEndpoints({
  endpoints: (build) => ({
    submitContact: build.mutation<ContactReceipt, ContactSubmission>({
      query: ({ body, idempotencyKey }) => ({
        url: CONTACT_ENDPOINT,
        method: 'POST',
        body,
        headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
      }),
    }),
  }),
});
