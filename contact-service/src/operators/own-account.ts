import { Clock } from './clock.js';
import { InjectDataSource } from '@nestjs/typeorm';
import { Injectable } from '@nestjs/common';
import { Refusal } from '../http/refusal.js';
import type { DataSource, EntityManager } from 'typeorm';
import { AuditTrail } from '../audit/audit-trail.js';
import { hashPassword, verifyPassword } from './password-hash.js';
import { passwordProblem } from './password-policy.js';
import { SecretBox } from './secret-box.js';
import { Passkeys, type PasskeyInfo } from './passkeys.js';
import { FACTOR_COLUMNS, newRecoveryCodes, useCode } from './second-factor.js';
import { Sessions, type Operator } from './sessions.js';
import { User } from './user.entity.js';

export const CURRENT_WRONG = 'Your current password or code is not right.';
export const NO_LOCAL_CREDENTIALS =
  'Your account signs in through your company’s single sign-on: it has no password, recovery codes or passkeys here to change.';
export const PASSKEY_REFUSED =
  'Your passkey could not be added: its answer did not hold. Start again with "Add a passkey".';

/** A refused change to one's own account: the message says what to do. */
export class OwnAccountError extends Refusal {}

/** An account that signs in through the provider has no password, codes or passkeys here. */
function signsInHere(operator: Operator): void {
  if (!operator.hasPassword) throw new OwnAccountError(NO_LOCAL_CREDENTIALS);
}

/**
 * What a signed-in operator changes on their own account: the password (their other sessions
 * end), the recovery codes and their passkeys. Each change asks for the current password and a
 * code again.
 */
@Injectable()
export class OwnAccount {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly box: SecretBox,
    private readonly sessions: Sessions,
    private readonly passkeys: Passkeys,
    private readonly audit: AuditTrail,
    private readonly clock: Clock,
  ) {}

  private now(): Date {
    return this.clock.now();
  }

  async changePassword(operator: Operator, current: string, code: string, next: string) {
    signsInHere(operator);
    const problem = passwordProblem(next, operator.username);
    if (problem) throw new OwnAccountError(problem);
    await this.dataSource.transaction(async (manager) => {
      await this.confirm(operator, current, code, manager);
      await manager.update(User, operator.userId, {
        password: await hashPassword(next),
        passwordChangedAt: this.now(),
      });
      await this.sessions.endAll(operator.userId, operator.sessionHash, manager);
      await this.record('password change', operator, manager);
    });
  }

  async replaceRecoveryCodes(operator: Operator, current: string, code: string) {
    signsInHere(operator);
    return this.dataSource.transaction(async (manager) => {
      await this.confirm(operator, current, code, manager);
      const codes = await newRecoveryCodes(manager, operator.userId);
      await this.record('recovery codes', operator, manager);
      return codes;
    });
  }

  /** What the browser needs to make a passkey for this account (nothing is stored yet). */
  passkeyOptions(operator: Operator) {
    signsInHere(operator);
    return this.passkeys.registrationOptions(this.dataSource.manager, operator);
  }

  /** Keeps the new passkey the browser made, once the password and a code confirm it is them. */
  async addPasskey(
    operator: Operator,
    current: string,
    code: string,
    passkey: string,
    name: string,
  ): Promise<void> {
    signsInHere(operator);
    await this.dataSource.transaction(async (manager) => {
      await this.confirm(operator, current, code, manager);
      const label = name.trim() || 'Passkey';
      if (!(await this.passkeys.register(manager, operator.userId, passkey, label))) {
        throw new OwnAccountError(PASSKEY_REFUSED);
      }
      await this.record('passkey added', operator, manager);
    });
  }

  listPasskeys(operator: Operator): Promise<PasskeyInfo[]> {
    return this.passkeys.list(this.dataSource.manager, operator.userId);
  }

  /** False when the operator has no passkey with that id. */
  async removePasskey(operator: Operator, id: string): Promise<boolean> {
    return this.dataSource.transaction(async (manager) => {
      if (!(await this.passkeys.remove(manager, operator.userId, id))) return false;
      await this.record('passkey removed', operator, manager);
      return true;
    });
  }

  private async confirm(
    operator: Operator,
    password: string,
    code: string,
    manager: EntityManager,
  ): Promise<void> {
    const account = await manager.findOne(User, {
      select: { ...FACTOR_COLUMNS, password: true },
      where: { id: operator.userId },
      lock: { mode: 'pessimistic_write' },
    });
    if (account && !account.password) throw new OwnAccountError(NO_LOCAL_CREDENTIALS);
    const right = account && (await verifyPassword(password, account.password!));
    if (!right || !(await useCode(manager, account, code, this.box, this.now()))) {
      throw new OwnAccountError(CURRENT_WRONG);
    }
  }

  private async record(command: string, operator: Operator, manager = this.dataSource.manager) {
    await this.audit.record({ command, rows: 1, actor: operator.username }, manager);
  }
}
