import { Operation } from '../../http/operation.js';
import { valuesOf } from '../../http/query-fields.js';
import { Body, Controller, Get, Param, Post, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { AuditFilter } from '../../audit/audit-filter.js';
import { AuditPage, AuditTrail } from '../../audit/audit-trail.js';
import { EnvironmentService } from '../../config/environment.service.js';
import { Account, AccountError, Accounts } from '../accounts.js';
import { enrolmentLink } from '../enrolment.js';
import type { Operator } from '../sessions.js';
import { AdminOnly, CurrentOperator } from './access.js';
import { EnrolableAccount, NewAccount, RoleChange, UsernameParams } from './dto/console.dto.js';

/**
 * What the console refuses an admin about their own account, so that nobody locks themselves
 * (or the console's last admin) out from within it. `leads users` on the server still can.
 */
export const OWN_ACCOUNT = {
  disable:
    'You cannot disable your own account: another admin can, or run leads users disable on the server.',
  role: 'You cannot change your own role, so that you do not take your admin rights away by mistake: another admin can, or run leads users role on the server.',
  reset:
    'You cannot reset your own account: it would sign you out at once. Change your password or recovery codes on Your account, or ask another admin.',
  enable: 'Your own account is enabled already: you are signed in with it.',
} as const;

/**
 * For admins only: the accounts, as `leads users` manages them (all but the first admin), and the
 * audit trail with its filters. The actor of every change is the signed-in admin.
 */
@ApiTags('admin')
@Controller('admin')
@AdminOnly()
export class AdminController {
  constructor(
    private readonly accounts: Accounts,
    private readonly audit: AuditTrail,
    private readonly environment: EnvironmentService,
  ) {}

  @Get('users')
  @Operation('accounts', [Account])
  users(): Promise<Account[]> {
    return this.accounts.list();
  }

  /** A new account and its enrolment link. */
  @Post('users')
  @Operation('addAccount', EnrolableAccount, 201)
  async add(
    @Body() { username, role }: NewAccount,
    @CurrentOperator() operator: Operator,
  ): Promise<EnrolableAccount> {
    const { account, token } = await this.accounts.add(username, role, operator.username);
    return { account, link: this.link(token) };
  }

  /** A new enrolment link: the owner sets a new password and second factor; sessions end. */
  @Post('users/:username/reset')
  @Operation('resetAccount', EnrolableAccount)
  async reset(
    @Param() { username }: UsernameParams,
    @CurrentOperator() operator: Operator,
  ): Promise<EnrolableAccount> {
    const { account, token } = await this.accounts.reset(
      notOwn(username, operator, 'reset'),
      operator.username,
    );
    return { account, link: this.link(token) };
  }

  @Post('users/:username/disable')
  @Operation('disableAccount', Account)
  disable(@Param() { username }: UsernameParams, @CurrentOperator() operator: Operator) {
    return this.accounts.disable(notOwn(username, operator, 'disable'), operator.username);
  }

  @Post('users/:username/enable')
  @Operation('enableAccount', Account)
  enable(@Param() { username }: UsernameParams, @CurrentOperator() operator: Operator) {
    return this.accounts.enable(notOwn(username, operator, 'enable'), operator.username);
  }

  /** Member or admin; the account's sessions end. */
  @Post('users/:username/role')
  @Operation('setAccountRole', Account)
  role(
    @Param() { username }: UsernameParams,
    @Body() { role }: RoleChange,
    @CurrentOperator() operator: Operator,
  ): Promise<Account> {
    return this.accounts.setRole(notOwn(username, operator, 'role'), role, operator.username);
  }

  /** The audit trail, newest first, a page at a time. */
  @Get('audit')
  @Operation('auditTrail', AuditPage)
  trail(@Query() filter: AuditFilter): Promise<AuditPage> {
    return this.audit.page(valuesOf(filter));
  }

  private link(token: string): string {
    return enrolmentLink(this.environment.get('CONSOLE_ORIGIN'), token);
  }
}

/** The username of the path (UsernameParams), refused when it is the admin's own account. */
function notOwn(username: string, operator: Operator, change: keyof typeof OWN_ACCOUNT): string {
  if (username === operator.username) throw new AccountError(OWN_ACCOUNT[change], 'conflict');
  return username;
}
