import { Module } from '@nestjs/common';
import { AuditTrail } from './audit-trail.js';

/** The audit trail, for every module whose work is audited. */
@Module({ providers: [AuditTrail], exports: [AuditTrail] })
export class AuditModule {}
