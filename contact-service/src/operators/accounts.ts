import accountRules from '@proposal-site/contract/accounts.json' with { type: 'json' };
import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { Not, type DataSource, type EntityManager, type Repository } from 'typeorm';
import { AuditTrail } from '../audit/audit-trail.js';
import { LeadOwners } from '../leads/lead-owners.js';
import { Account, AccountError, accountOf, addAccount, usernameOf, writeRole } from './account.js';
import { raiseBreakGlassAlert } from './break-glass-alarm.js';
import { Clock } from './clock.js';
import { ConsoleSession } from './console-session.entity.js';
import { EnrolmentLink } from './enrolment-link.entity.js';
import { Passkey } from './passkey.entity.js';
import { RecoveryCode } from './recovery-code.entity.js';
import { hashOf, newToken } from './tokens.js';
import { User, type Role } from './user.entity.js';

export {
  Account,
  AccountError,
  ROLE_REFUSAL,
  SYSTEM_ACTORS,
  usernameOf,
  usernameRefusal,
} from './account.js';

/** How long an enrolment link works, once (contract/accounts.json: the console says it too). */
export const ENROLMENT_HOURS = accountRules.enrolmentHours;

/** Removes what an account signs in with locally: password, authenticator, codes, passkeys, link. */
async function retireLocalCredentials(manager: EntityManager, userId: string): Promise<void> {
  await manager.update(User, userId, { password: null, totpSecret: null, totpLastStep: null });
  await manager.delete(RecoveryCode, { userId });
  await manager.delete(Passkey, { userId });
  await manager.delete(EnrolmentLink, { userId });
}

/**
 * The operators' accounts as an admin manages them (`leads users`, and the console's accounts
 * screen through console/admin.controller.ts): no default account and no sign-up; an account is
 * added with a role and gets a one-time enrolment link, with which its owner sets a password and
 * a second factor. Every change is audited and ends the sessions it should.
 */
@Injectable()
export class Accounts {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @InjectRepository(User) private readonly users: Repository<User>,
    private readonly audit: AuditTrail,
    private readonly owners: LeadOwners,
    private readonly clock: Clock,
  ) {}

  private now(): Date {
    return this.clock.now();
  }

  async list(): Promise<Account[]> {
    return (await this.users.find({ order: { username: 'ASC' } })).map(accountOf);
  }

  /**
   * A new account and its enrolment link's token (shown once, stored as a hash). A break-glass
   * account may use its password when SSO_REQUIRED=true.
   */
  async add(
    name: string,
    role: Role,
    actor: string,
    { breakGlass = false }: { breakGlass?: boolean } = {},
  ): Promise<{ account: Account; token: string }> {
    const username = usernameOf(name);
    return this.dataSource.transaction(async (manager) => {
      const added = await addAccount(manager, { username, role, breakGlass });
      if (!added) {
        throw new AccountError(`There is already an account named ${username}.`, 'conflict');
      }
      const account = accountOf(await manager.findOneByOrFail(User, { id: added }));
      const token = await this.newEnrolment(manager, account.id);
      await this.record(manager, 'users add', actor, {
        username,
        role,
        ...(breakGlass ? { breakGlass } : {}),
      });
      return { account, token };
    });
  }

  /**
   * A new enrolment link: the password and the second factor are set again, sessions end. An
   * account that signs in through the provider has none to reset, unless it is break-glass.
   */
  async reset(name: string, actor: string): Promise<{ account: Account; token: string }> {
    return this.change(name, actor, 'users reset', {}, async (manager, account) => {
      if (account.linked && !account.breakGlass) {
        throw new AccountError(
          `${account.username} signs in through single sign-on: it has no password or second factor to reset.`,
          'conflict',
        );
      }
      await retireLocalCredentials(manager, account.id);
      await manager.update(User, account.id, { enrolledAt: null });
      // Whoever holds the new link can take the emergency door: the admins hear of it.
      if (account.breakGlass) {
        await raiseBreakGlassAlert(
          manager,
          'break-glass reset',
          account.username,
          this.now(),
          actor,
        );
      }
      return {
        account: { ...account, enrolled: false },
        token: await this.newEnrolment(manager, account.id),
      };
    });
  }

  /**
   * Signs the account out everywhere at once and refuses its sign-ins until enabled again; its
   * open leads go back to the team (their history and the audit trail say so).
   */
  async disable(name: string, actor: string): Promise<Account> {
    return this.change(name, actor, 'users disable', {}, async (manager, account) => {
      await manager.update(User, account.id, { disabledAt: this.now() });
      await this.owners.handBackAll(manager, account, actor);
      return { ...account, disabled: true };
    });
  }

  async enable(name: string, actor: string): Promise<Account> {
    return this.change(name, actor, 'users enable', {}, async (manager, account) => {
      await manager.update(User, account.id, { disabledAt: null });
      return { ...account, disabled: false };
    });
  }

  /**
   * Links the account to the identity provider's user (its issuer and subject, as the provider
   * names them: never by a matching address); from then on it signs in through the provider only:
   * its password, authenticator, recovery codes, passkeys and any enrolment link are removed, so
   * that someone the company's provider turned away cannot come back with them. A break-glass
   * account keeps them: it is the door for when the provider is down.
   */
  async link(name: string, issuer: string, subject: string, actor: string): Promise<Account> {
    const sub = subject.trim();
    if (!/^[\x21-\x7e]{1,255}$/.test(sub)) {
      throw new AccountError(
        'A subject is the provider’s id of the user: 1 to 255 visible ASCII characters.',
      );
    }
    return this.change(
      name,
      actor,
      'users link',
      { issuer, subject: sub },
      async (manager, account) => {
        const taken = await manager.findOneBy(User, {
          ssoIssuer: issuer,
          ssoSubject: sub,
          id: Not(account.id),
        });
        if (taken) {
          throw new AccountError(
            `That user of the provider is linked to ${taken.username} already.`,
            'conflict',
          );
        }
        // The row is locked (change): a break-glass account keeps its enrolment as it stands; any
        // other counts as enrolled from now on, if it was not already.
        const enrolled = account.breakGlass || account.enrolled ? {} : { enrolledAt: this.now() };
        await manager.update(User, account.id, { ssoIssuer: issuer, ssoSubject: sub, ...enrolled });
        if (!account.breakGlass) await retireLocalCredentials(manager, account.id);
        return { ...account, linked: true, enrolled: account.breakGlass ? account.enrolled : true };
      },
    );
  }

  async setRole(name: string, role: Role, actor: string): Promise<Account> {
    return this.change(name, actor, 'users role', { role }, async (manager, account) => {
      await writeRole(manager, account.id, role);
      return { ...account, role };
    });
  }

  /**
   * One change to an existing account, in one transaction with its audit record; the account's
   * sessions end with it (a role, too, is read afresh at the next sign-in).
   */
  private async change<T>(
    name: string,
    actor: string,
    command: string,
    details: Record<string, unknown>,
    apply: (manager: EntityManager, account: Account) => Promise<T>,
  ): Promise<T> {
    const username = usernameOf(name);
    return this.dataSource.transaction(async (manager) => {
      const user = await manager.findOne(User, {
        where: { username },
        lock: { mode: 'pessimistic_write' },
      });
      if (!user) throw new AccountError(`There is no account named ${username}.`, 'missing');
      const account = accountOf(user);
      const result = await apply(manager, account);
      await manager.delete(ConsoleSession, { userId: account.id });
      await this.record(manager, command, actor, { username, ...details });
      return result;
    });
  }

  private async newEnrolment(manager: EntityManager, userId: string): Promise<string> {
    const token = newToken();
    await manager.delete(EnrolmentLink, { userId });
    await manager.insert(EnrolmentLink, {
      tokenHash: hashOf(token),
      userId,
      expiresAt: new Date(this.now().getTime() + ENROLMENT_HOURS * 3600_000),
    });
    return token;
  }

  private async record(
    manager: EntityManager,
    command: string,
    actor: string,
    details: Record<string, unknown>,
  ): Promise<void> {
    await this.audit.record({ command, rows: 1, actor, details }, manager);
  }
}
