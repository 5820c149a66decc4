import type { INestApplicationContext } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { AuditTrail } from '../audit/audit-trail.js';
import { EnvironmentService } from '../config/environment.service.js';
import { Inbox } from '../inbox/inbox.js';
import { settleLeadCounts } from '../leads/lead-counts.js';
import { LeadRemoval } from '../leads/lead-removal.js';
import { LeadsStore } from '../leads/leads.store.js';
import { Redelivery } from '../notifications/redelivery.js';
import { Accounts } from '../operators/accounts.js';
import { enrolmentLink } from '../operators/enrolment.js';
import type { OperatorTools } from './leads-context.js';

/**
 * The operations of the `leads` command, from its application context
 * (app/leads-command.module.ts): the console's own classes, with the settings of this start.
 */
export function operatorTools(app: INestApplicationContext): OperatorTools {
  const environment = app.get(EnvironmentService);
  const dataSource = app.get<DataSource>(getDataSourceToken());
  return {
    inbox: app.get(Inbox),
    accounts: app.get(Accounts),
    ssoIssuer: environment.get('OIDC_ISSUER_URL'),
    enrolmentLink: (token) => enrolmentLink(environment.get('CONSOLE_ORIGIN'), token),
    recountLeads: () => settleLeadCounts(dataSource, { recount: true }),
    leads: app.get(LeadsStore),
    removal: app.get(LeadRemoval),
    redelivery: app.get(Redelivery),
    audit: app.get(AuditTrail),
  };
}
