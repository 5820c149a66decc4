import type { DataSource } from 'typeorm';
import { Inbox } from '../inbox/inbox.js';
import { settleLeadCounts } from '../leads/lead-counts.js';
import type { PromiseRules } from '../leads/lead-promises.js';
import { supportCalendar } from '../leads/support-hours.js';
import { AuditTrail } from '../audit/audit-trail.js';
import { LeadRemoval } from '../leads/lead-removal.js';
import { LeadsStore } from '../leads/leads.store.js';
import { Redelivery } from '../notifications/redelivery.js';
import { Accounts } from '../operators/accounts.js';
import { enrolmentLink } from '../operators/enrolment.js';
import type { OperatorTools } from './leads-context.js';

export interface ToolSettings {
  /** CONSOLE_ORIGIN. */
  consoleOrigin: string;
  /** The promises' rules (SUPPORT_HOLIDAYS, CONTACT_REMINDER_HOURS); the defaults when none. */
  rules?: PromiseRules;
  /** The channels a lead released from spam is announced on (channels.ts, announcedChannels). */
  channels?: readonly string[];
  /** OIDC_ISSUER_URL: the provider `leads users link` links to unless told another. */
  ssoIssuer?: string;
}

/** The settings' defaults (config/env.schema.ts), for tests that give none. */
const DEFAULT_RULES: PromiseRules = {
  calendar: supportCalendar([]),
  callbackReminderHours: 4,
};

/**
 * The operations of the `leads` command on one database connection; `consoleOrigin` is where
 * operators open the console (CONSOLE_ORIGIN), for the enrolment links (operators/enrolment.ts).
 */
export function operatorTools(
  dataSource: DataSource,
  { consoleOrigin, rules = DEFAULT_RULES, channels = [], ssoIssuer }: ToolSettings,
): OperatorTools {
  return {
    inbox: new Inbox(dataSource, {
      rules,
      channels,
      now: () => new Date(),
    }),
    accounts: new Accounts(dataSource),
    ssoIssuer,
    enrolmentLink: (token) => enrolmentLink(consoleOrigin, token),
    recountLeads: () => settleLeadCounts(dataSource, { recount: true }),
    leads: new LeadsStore(dataSource),
    removal: new LeadRemoval(dataSource),
    redelivery: new Redelivery(dataSource),
    audit: new AuditTrail(dataSource),
  };
}
