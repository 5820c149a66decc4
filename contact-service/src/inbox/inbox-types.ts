import type { DeliveryRecord } from '../leads/delivery-record.js';
import type { LeadEvent } from '../leads/lead-events.js';
import type { Due, PromiseRules } from '../leads/lead-promises.js';
import type { LeadStatus } from '../leads/lead-status.js';
import type { RelatedLead } from '../leads/related-leads.js';
import type { Role } from '../operators/accounts.js';
import type { InboxCursor } from './inbox-filter.js';
import type { InboxLead, InboxRow, Note } from './inbox.store.js';

/** What the inbox's operations take and answer (inbox.ts). */
export type { Due };

export type InboxEntry = Omit<InboxRow, 'micros' | 'callbackFrom'> & { due: Due | null };

export interface InboxPage {
  leads: InboxEntry[];
  /** The cursor of the next page in the page's order, when there is one. */
  next: InboxCursor | null;
}

export interface OpenedLead extends InboxLead {
  due: Due | null;
  next: readonly LeadStatus[];
  notifications: DeliveryRecord[];
  history: LeadEvent[];
  /** Earlier leads from the same address or company domain, newest first. */
  related: RelatedLead[];
  notes: Note[];
}

/**
 * An operation the inbox's rules refuse: its message says why, for a person. `invalid`: what was
 * sent cannot be used; `missing`: no such lead; `conflict`: the lead's state does not allow it;
 * `forbidden`: the operator's role does not.
 */
export class InboxRefusal extends Error {
  constructor(
    message: string,
    readonly kind: 'invalid' | 'missing' | 'conflict' | 'forbidden' = 'conflict',
  ) {
    super(message);
  }
}

export const NO_SUCH_LEAD = 'There is no lead with that id: it may have been erased.';
export const NOTE_MAX = 5000;

/** Who asks: an operator's username and role (the `leads` command acts as an admin). */
export interface Actor {
  username: string;
  role: Role;
}

export interface InboxSettings {
  rules: PromiseRules;
  /** The channels a lead is announced on (notifications/channels.ts's plannedChannels). */
  channels: readonly string[];
  now: () => Date;
}
