import { CONSOLE_NAME } from './console-name.js';
import { Clock } from './clock.js';
import { InjectDataSource } from '@nestjs/typeorm';
import { Injectable } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { Refusal } from '../http/refusal.js';
import type { DataSource, EntityManager } from 'typeorm';
import { AuditTrail } from '../audit/audit-trail.js';
import { raiseBreakGlassAlert } from './break-glass-alarm.js';
import { EnrolmentLink } from './enrolment-link.entity.js';
import { hashPassword } from './password-hash.js';
import { passwordProblem } from './password-policy.js';
import { SecretBox } from './secret-box.js';
import { newRecoveryCodes } from './second-factor.js';
import { Sessions } from './sessions.js';
import { hashOf } from './tokens.js';
import { acceptedStep, base32Of, newTotpSecret, provisioningUri } from './totp.js';
import { User } from './user.entity.js';

export const LINK_INVALID =
  'This enrolment link has expired or was used already. Ask an admin for a new one (leads users reset).';
export const CODE_WRONG =
  'That code is not right. Check that your phone’s clock is set automatically, and enter the newest code.';

/**
 * The link that enrols an account, from its token: CONSOLE_ORIGIN/console/enrol#token, the same
 * from `leads users` and from the console's accounts screen. The token follows `#`, which a
 * browser never sends to a server, so no log keeps it.
 */
export function enrolmentLink(consoleOrigin: string, token: string): string {
  return `${consoleOrigin}/console/enrol#${token}`;
}

/** A refused enrolment step: the message says what to do. */
export class EnrolmentError extends Refusal {}

export class OpenedEnrolment {
  @ApiProperty() username!: string;
  /** For the authenticator app: the otpauth:// URI (a QR code) and the same secret to type. */
  @ApiProperty() totpUri!: string;
  @ApiProperty() totpSecret!: string;
}

interface Pending {
  userId: string;
  username: string;
  totpSecret: Buffer | null;
  breakGlass: boolean;
}

/**
 * The one-time link of a new (or reset) account: its owner opens it, adds the TOTP secret to an
 * authenticator app, and sets a password with a first code; the link is then used up, the codes
 * to recover with are shown once, and they are signed in.
 */
@Injectable()
export class Enrolment {
  private readonly issuer = CONSOLE_NAME;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly box: SecretBox,
    private readonly sessions: Sessions,
    private readonly audit: AuditTrail,
    private readonly clock: Clock,
  ) {}

  private now(): Date {
    return this.clock.now();
  }

  async open(token: string): Promise<OpenedEnrolment> {
    const pending = await this.pending(token);
    let secret = pending.totpSecret ? this.box.open(pending.totpSecret) : null;
    if (!secret) {
      secret = newTotpSecret();
      await this.dataSource.manager.update(
        EnrolmentLink,
        { tokenHash: hashOf(token) },
        { totpSecret: this.box.seal(secret) },
      );
    }
    return {
      username: pending.username,
      totpUri: provisioningUri(secret, pending.username, this.issuer),
      totpSecret: base32Of(secret),
    };
  }

  async finish(
    token: string,
    password: string,
    code: string,
    userAgent?: string,
  ): Promise<{ sessionId: string; recoveryCodes: string[] }> {
    return this.dataSource.transaction(async (manager) => {
      const pending = await this.pending(token, manager, true);
      if (!pending.totpSecret) throw new EnrolmentError(LINK_INVALID);
      const problem = passwordProblem(password, pending.username);
      if (problem) throw new EnrolmentError(problem);
      const now = this.now();
      const step = acceptedStep(this.box.open(pending.totpSecret), code.trim(), now, null);
      if (step === null) throw new EnrolmentError(CODE_WRONG);
      await manager.update(User, pending.userId, {
        password: await hashPassword(password),
        totpSecret: pending.totpSecret,
        totpLastStep: String(step),
        enrolledAt: now,
        passwordChangedAt: now,
      });
      await manager.delete(EnrolmentLink, { userId: pending.userId });
      const recoveryCodes = await newRecoveryCodes(manager, pending.userId);
      await this.sessions.endAll(pending.userId, undefined, manager);
      const sessionId = await this.sessions.start(pending.userId, userAgent, manager);
      await this.audit.record(
        { command: 'enrolment', rows: 1, actor: pending.username, details: { factor: 'totp' } },
        manager,
      );
      if (pending.breakGlass) {
        await raiseBreakGlassAlert(manager, 'break-glass enrolment', pending.username, now);
      }
      return { sessionId, recoveryCodes };
    });
  }

  /** The unexpired link of this token with its account; `lock`: the link's row, for finishing. */
  private async pending(
    token: string,
    manager: EntityManager = this.dataSource.manager,
    lock = false,
  ): Promise<Pending> {
    const query = manager
      .createQueryBuilder(EnrolmentLink, 'e')
      .innerJoin(User, 'u', 'u.id = e.userId')
      .select('e.userId', 'userId')
      .addSelect('u.username', 'username')
      .addSelect('e.totpSecret', 'totpSecret')
      .addSelect('u.breakGlass', 'breakGlass')
      .where('e.tokenHash = :hash AND e.expiresAt > :now', {
        hash: hashOf(token),
        now: this.now(),
      });
    if (lock) query.setLock('pessimistic_write', undefined, ['e']);
    const row = await query.getRawOne<Pending>();
    if (!row) throw new EnrolmentError(LINK_INVALID);
    return row;
  }
}
