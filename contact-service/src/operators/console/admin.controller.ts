import {
  BadRequestException,
  Body,
  ConflictException,
  Controller,
  Get,
  HttpCode,
  NotFoundException,
  Param,
  Post,
  Query,
} from '@nestjs/common';
import {
  AuditFilterError,
  auditFilterOf,
  AuditTrail,
  type AuditPage,
} from '../../audit/audit-trail.js';
import { EnvironmentService } from '../../config/environment.service.js';
import { apiError } from '../../http/api-error.js';
import { AccountError, Accounts, roleOf, usernameOf, type Account } from '../accounts.js';
import { enrolmentLink } from '../enrolment.js';
import type { Operator } from '../sessions.js';
import { AdminOnly, CurrentOperator } from './access.js';
import { fieldsOf } from './console-body.js';

/** A new or reset account, and the one-time link its owner enrols with (shown once). */
export interface EnrolableAccount {
  account: Account;
  link: string;
}

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
@Controller('admin')
@AdminOnly()
export class AdminController {
  constructor(
    private readonly accounts: Accounts,
    private readonly audit: AuditTrail,
    private readonly environment: EnvironmentService,
  ) {}

  @Get('users')
  users(): Promise<Account[]> {
    return this.accounts.list();
  }

  /** `{username, role}`: a new account and its enrolment link. */
  @Post('users')
  add(@Body() body: unknown, @CurrentOperator() operator: Operator): Promise<EnrolableAccount> {
    const fields = fieldsOf(body, { username: 200, role: 20 });
    return answered(async () => {
      const role = roleOf(fields.role);
      const { account, token } = await this.accounts.add(fields.username, role, operator.username);
      return { account, link: this.link(token) };
    });
  }

  /** A new enrolment link: the owner sets a new password and second factor; sessions end. */
  @Post('users/:username/reset')
  @HttpCode(200)
  reset(
    @Param('username') name: string,
    @CurrentOperator() operator: Operator,
  ): Promise<EnrolableAccount> {
    return answered(async () => {
      const { account, token } = await this.accounts.reset(
        notOwn(name, operator, 'reset'),
        operator.username,
      );
      return { account, link: this.link(token) };
    });
  }

  @Post('users/:username/disable')
  @HttpCode(200)
  disable(@Param('username') name: string, @CurrentOperator() operator: Operator) {
    return answered(() =>
      this.accounts.disable(notOwn(name, operator, 'disable'), operator.username),
    );
  }

  @Post('users/:username/enable')
  @HttpCode(200)
  enable(@Param('username') name: string, @CurrentOperator() operator: Operator) {
    return answered(() =>
      this.accounts.enable(notOwn(name, operator, 'enable'), operator.username),
    );
  }

  /** `{role}`: member or admin; the account's sessions end. */
  @Post('users/:username/role')
  @HttpCode(200)
  role(
    @Param('username') name: string,
    @Body() body: unknown,
    @CurrentOperator() operator: Operator,
  ): Promise<Account> {
    const fields = fieldsOf(body, { role: 20 });
    return answered(() => {
      const username = notOwn(name, operator, 'role');
      return this.accounts.setRole(username, roleOf(fields.role), operator.username);
    });
  }

  /** ?command=&actor=&email=&from=&to= and before= (the previous page's `older`), newest first. */
  @Get('audit')
  trail(@Query() query: Record<string, unknown>): Promise<AuditPage> {
    return answered(() => this.audit.page(auditFilterOf(query)));
  }

  private link(token: string): string {
    return enrolmentLink(this.environment.get('CONSOLE_ORIGIN'), token);
  }
}

/** The username of the path, refused when it is the admin's own account. */
function notOwn(name: string, operator: Operator, change: keyof typeof OWN_ACCOUNT): string {
  const username = usernameOf(name);
  if (username === operator.username) throw new AccountError(OWN_ACCOUNT[change], 'conflict');
  return username;
}

/**
 * The accounts' and the filters' refusals as answers a person can act on: input that cannot be
 * read is a 400, no such account a 404, a clash with how things stand a 409.
 */
async function answered<T>(work: () => T | Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof AuditFilterError) {
      throw new BadRequestException(apiError(400, error.message));
    }
    if (error instanceof AccountError) {
      if (error.kind === 'missing') throw new NotFoundException(apiError(404, error.message));
      if (error.kind === 'conflict') throw new ConflictException(apiError(409, error.message));
      throw new BadRequestException(apiError(400, error.message));
    }
    throw error;
  }
}
