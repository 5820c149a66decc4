import { Controller, Get } from '@nestjs/common';
import { AuditTrail, type AuditRecord } from '../../audit/audit-trail.js';
import { Accounts, type Account } from '../accounts.js';
import { AdminOnly } from './access.js';

/** For admins only: the accounts and the audit trail (the inbox's admin screens build on it). */
@Controller('admin')
@AdminOnly()
export class AdminController {
  constructor(
    private readonly accounts: Accounts,
    private readonly audit: AuditTrail,
  ) {}

  @Get('users')
  users(): Promise<Account[]> {
    return this.accounts.list();
  }

  @Get('audit')
  trail(): Promise<AuditRecord[]> {
    return this.audit.list({ limit: 200 });
  }
}
