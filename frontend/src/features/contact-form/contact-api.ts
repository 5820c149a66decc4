import { api } from '../../shared/api/api';
import type { ContactPayload } from './contact-schema';

export const CONTACT_ENDPOINT = '/api/contact';

/** The 201 answer of the contact-service. */
export interface ContactReceipt {
  id: string;
  createdAt: string;
}

export const contactApi = api.injectEndpoints({
  endpoints: (build) => ({
    submitContact: build.mutation<ContactReceipt, ContactPayload>({
      query: (body) => ({ url: CONTACT_ENDPOINT, method: 'POST', body }),
    }),
  }),
});
