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
}

export interface ContactSubmission {
  body: ContactPayload;
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
