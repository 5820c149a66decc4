import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { LEAD_ROW_ENTITIES } from './lead-rows.entity.js';
import { AuditModule } from '../audit/audit.module.js';
import { LeadOwners } from './lead-owners.js';
import { LeadRemoval } from './lead-removal.js';
import { LeadState } from './lead-state.js';
import { LeadsStore } from './leads.store.js';

/**
 * The lead as one concept, for every app that works on leads: reading them, the one writer of
 * their state (lead-state.ts), who owns them, and their removal (each change audited, so the
 * audit trail comes with them).
 */
@Module({
  imports: [AuditModule, TypeOrmModule.forFeature(LEAD_ROW_ENTITIES)],
  providers: [LeadsStore, LeadOwners, LeadRemoval, LeadState],
  exports: [LeadsStore, LeadOwners, LeadRemoval, LeadState, AuditModule],
})
export class LeadsModule {}
