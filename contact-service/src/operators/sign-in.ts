import { Clock } from './clock.js';
import { EnvironmentService } from '../config/environment.service.js';
import { InjectDataSource } from '@nestjs/typeorm';
import { Injectable } from '@nestjs/common';
import { createHmac } from 'node:crypto';
import type { DataSource, EntityManager } from 'typeorm';
import { AuditTrail } from '../audit/audit-trail.js';
import { hashPassword, needsRehash, PasswordHashBusy, verifyPassword } from './password-hash.js';
import { PASSWORD_MAX } from './password-policy.js';
import { raiseBreakGlassAlert } from './break-glass-alarm.js';
import { SecretBox } from './secret-box.js';
import { FACTOR_COLUMNS, useCode, type StoredFactor } from './second-factor.js';
import { Passkeys } from './passkeys.js';
import { Sessions } from './sessions.js';
import { SignInThrottle } from './sign-in-throttle.js';
import { User } from './user.entity.js';

/** How long a sign-in refused because too many are being checked at once is asked to wait. */
const BUSY_SECONDS = 5;

/** The one answer to every failed sign-in: it tells a guesser nothing. */
export const SIGN_IN_FAILED = 'Wrong username, password or code.';

export interface SignInRequest {
  username: string;
  password: string;
  /** The second factor: a code (TOTP or recovery), or a passkey's answer (JSON text). */
  code?: string;
  passkey?: string;
  /** The client's address, as the trusted proxy gives it: kept only as a keyed hash. */
  address: string;
  userAgent?: string;
}

export type SignInResult =
  | { outcome: 'signed in'; sessionId: string }
  | { outcome: 'failed' }
  /**
   * Not decided: the attempt may be made again in this many seconds, because of its failures
   * (throttled) or because too many are being checked at once (busy).
   */
  | { outcome: 'wait'; seconds: number; busy?: true };

type Candidate = StoredFactor & {
  username: string;
  password: string | null;
  usable: boolean;
  breakGlass: boolean;
  /** Linked to the provider's user (or made by it): signs in there, unless break-glass. */
  linked: boolean;
};

/** The account of a sign-in, as check() weighs it; undefined: no such account. */
function candidateOf(user: User | null): Candidate | undefined {
  if (!user) return undefined;
  const { id, username, password, totpSecret, totpLastStep, breakGlass } = user;
  const usable = user.enrolledAt !== null && user.disabledAt === null;
  const linked = user.ssoSubject !== null;
  return { id, username, password, totpSecret, totpLastStep, usable, breakGlass, linked };
}

/** How SSO_REQUIRED bears on passwords. */
export interface LocalSignInPolicy {
  /** SSO_REQUIRED=true: only break-glass accounts may sign in with a password. */
  ssoRequired: boolean;
}

/**
 * Password, then second factor, for one attempt: throttled per account and per address, the same
 * work for an unknown user as for a wrong password (a dummy hash is checked), and every attempt in
 * the audit trail with its reason, which the person is not told.
 */
@Injectable()
export class SignIn {
  private dummyHash?: Promise<string>;

  private readonly addressKey: string;
  private readonly policy: LocalSignInPolicy;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly box: SecretBox,
    private readonly sessions: Sessions,
    private readonly passkeys: Passkeys,
    private readonly throttle: SignInThrottle,
    private readonly audit: AuditTrail,
    environment: EnvironmentService,
    private readonly clock: Clock,
  ) {
    this.addressKey = environment.get('CONSOLE_SECRET_KEY')!;
    this.policy = { ssoRequired: environment.get('SSO_REQUIRED') };
  }

  private now(): Date {
    return this.clock.now();
  }

  async attempt(request: SignInRequest): Promise<SignInResult> {
    const username = request.username.trim().toLowerCase().slice(0, 100);
    const address = createHmac('sha256', this.addressKey).update(request.address).digest('hex');
    const audit = (command: string, details: Record<string, unknown>, manager?: EntityManager) =>
      this.audit.record(
        {
          command,
          rows: 0,
          actor: username || '(no username)',
          details: { ...details, address: address.slice(0, 16) },
        },
        manager,
      );
    const account = candidateOf(
      await this.dataSource.manager.findOne(User, {
        select: {
          ...FACTOR_COLUMNS,
          username: true,
          password: true,
          enrolledAt: true,
          disabledAt: true,
          breakGlass: true,
          ssoSubject: true,
        },
        where: { username },
      }),
    );
    // A break-glass account is counted per address only: a guesser's failures slow the guesser,
    // and never lock out the owner, who needs the account when the provider is down.
    const keys = account?.breakGlass
      ? [`address:${address}`]
      : [`account:${username}`, `address:${address}`];
    // Decided, and counted, before any password is hashed (sign-in-throttle.ts).
    const wait = await this.throttle.begin(keys);
    if (wait) {
      await audit('sign-in refused', { reason: 'throttled' });
      const seconds = Math.max(1, Math.ceil((wait.untilMs - this.now().getTime()) / 1000));
      return { outcome: 'wait', seconds };
    }
    let checked: Awaited<ReturnType<SignIn['check']>>;
    try {
      checked = await this.check(account, request);
    } catch (error) {
      if (!(error instanceof PasswordHashBusy)) throw error;
      // More password checks waiting than the process takes on: this attempt was never decided.
      await this.throttle.undo(keys);
      await audit('sign-in refused', { reason: 'busy' });
      return { outcome: 'wait', seconds: BUSY_SECONDS, busy: true };
    }
    if ('reason' in checked || !account) {
      await audit('sign-in failed', { reason: 'reason' in checked ? checked.reason : null });
      return { outcome: 'failed' };
    }
    await this.throttle.succeeded(keys);
    if (account.password && needsRehash(account.password)) {
      await this.rehash(account.id, request.password);
    }
    const sessionId = await this.sessions.start(account.id, request.userAgent);
    if (account.breakGlass) {
      // Every use of a break-glass account is an event the admins hear of (break-glass-alarm.ts).
      await this.dataSource.transaction(async (manager) => {
        await audit('break-glass sign-in', { factor: checked.factor }, manager);
        await raiseBreakGlassAlert(manager, 'break-glass sign-in', account.username, this.now());
      });
    } else {
      await audit('sign-in', { factor: checked.factor });
    }
    return { outcome: 'signed in', sessionId };
  }

  /** A password stored under older parameters, stored again under today's now that it is known. */
  private async rehash(userId: string, password: string): Promise<void> {
    try {
      const hash = await hashPassword(password);
      await this.dataSource.manager.update(User, userId, { password: hash });
    } catch (error) {
      // Too busy now: a later sign-in does it.
      if (!(error instanceof PasswordHashBusy)) throw error;
    }
  }

  /** Why the attempt fails, or the factor it succeeded with (a code is then used up). */
  private async check(
    account: Candidate | undefined,
    request: SignInRequest,
  ): Promise<{ reason: string } | { factor: string }> {
    this.dummyHash ??= hashPassword('an account that does not exist has this password');
    const tooLong = [...request.password].length > PASSWORD_MAX;
    // Every attempt costs one check: an account without a password (unknown, not enrolled, or
    // signing in through the provider) is checked against the dummy hash, and never passes.
    const stored = account?.password ?? null;
    const right =
      (await verifyPassword(tooLong ? '' : request.password, stored ?? (await this.dummyHash))) &&
      stored !== null;
    if (!account) return { reason: 'no such account' };
    if (account.linked && !account.breakGlass) {
      return { reason: 'signs in through single sign-on' };
    }
    if (!account.usable) return { reason: account.password ? 'account disabled' : 'not enrolled' };
    if (tooLong || !right) return { reason: 'wrong password' };
    if (this.policy.ssoRequired && !account.breakGlass)
      return { reason: 'single sign-on required' };
    const manager = this.dataSource.manager;
    if (request.passkey !== undefined) {
      const proved = await this.passkeys.verifySignIn(manager, account.id, request.passkey);
      return proved ? { factor: 'passkey' } : { reason: 'wrong passkey' };
    }
    const factor = await useCode(manager, account, request.code ?? '', this.box, this.now());
    return factor ? { factor } : { reason: 'wrong code' };
  }
}
