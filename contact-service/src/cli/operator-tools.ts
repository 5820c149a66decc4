import type { DataSource } from 'typeorm';
import { AuditTrail } from '../audit/audit-trail.js';
import { LeadRemoval } from '../leads/lead-removal.js';
import { LeadsStore } from '../leads/leads.store.js';
import { Redelivery } from '../notifications/redelivery.js';
import type { OperatorTools } from './leads-context.js';

/** The operations of the `leads` command on one database connection. */
export function operatorTools(dataSource: DataSource): OperatorTools {
  return {
    leads: new LeadsStore(dataSource),
    removal: new LeadRemoval(dataSource),
    redelivery: new Redelivery(dataSource),
    audit: new AuditTrail(dataSource),
  };
}
