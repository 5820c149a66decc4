import type { AccountInfo } from '../api/admin-api';
import type { InboxEntry, Lead } from '../api/inbox-api';

// Leads and accounts as the console's API answers them, for the screens' tests: one shape each,
// what a test cares about given as `more`.

/** A row of the inbox: a new contact request of Acme Bank's CFO, read, owned by nobody. */
export const inboxEntry = (id: string, more: Partial<InboxEntry> = {}): InboxEntry => ({
  id,
  receivedAt: '2026-11-25T13:00:00Z',
  kind: 'contact',
  status: 'new',
  name: `Lead ${id}`,
  company: 'Acme Bank',
  role: 'CFO',
  unread: false,
  spam: false,
  deliveryFailed: false,
  due: null,
  owner: null,
  related: 0,
  ...more,
});

/** A lead from before attribution was kept: none of its columns. */
const NO_ATTRIBUTION = {
  utm_source: null,
  utm_medium: null,
  utm_campaign: null,
  utm_term: null,
  utm_content: null,
  gclid: null,
  msclkid: null,
  li_fat_id: null,
  landing_path: null,
  referrer_host: null,
  source: null,
  medium: null,
  campaign: null,
};

/** An opened lead: Ada Lovelace's contact request, new, with nothing happened to it yet. */
export const openedLead = (more: Partial<Lead> = {}): Lead => ({
  id: 'L1',
  createdAt: '2026-11-25T13:00:00Z',
  kind: 'contact',
  status: 'new',
  name: 'Ada Lovelace',
  email: 'ada@acme.example',
  company: 'Acme Bank',
  role: 'CFO',
  message: 'Please call me.',
  spamReason: null,
  ...NO_ATTRIBUTION,
  readAt: null,
  due: null,
  owner: null,
  next: ['contacted'],
  notifications: [],
  history: [],
  related: [],
  notes: [],
  ...more,
});

/** An operator's account: an enrolled, enabled member. */
export const operatorAccount = (
  username: string,
  more: Partial<AccountInfo> = {},
): AccountInfo => ({
  id: username,
  username,
  role: 'member',
  enrolled: true,
  disabled: false,
  linked: false,
  breakGlass: false,
  createdAt: '2026-11-01T10:00:00Z',
  ...more,
});
