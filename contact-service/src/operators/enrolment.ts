import { CONSOLE_NAME } from './console-name.js';
import { Clock } from './clock.js';
import { InjectDataSource } from '@nestjs/typeorm';
import { Injectable } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { Refusal } from '../http/refusal.js';
import type { DataSource } from 'typeorm';
import { AuditTrail } from '../audit/audit-trail.js';
import { raiseBreakGlassAlert } from './break-glass-alarm.js';
import { hashPassword } from './password-hash.js';
import { passwordProblem } from './password-policy.js';
import { SecretBox } from './secret-box.js';
import { newRecoveryCodes } from './second-factor.js';
import { Sessions } from './sessions.js';
import { hashOf } from './tokens.js';
import { acceptedStep, base32Of, newTotpSecret, provisioningUri } from './totp.js';

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
      await this.dataSource.query(`UPDATE enrolments SET totp_secret = $2 WHERE token_hash = $1`, [
        hashOf(token),
        this.box.seal(secret),
      ]);
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
      const pending = await this.pending(token, manager, 'FOR UPDATE OF e');
      if (!pending.totpSecret) throw new EnrolmentError(LINK_INVALID);
      const problem = passwordProblem(password, pending.username);
      if (problem) throw new EnrolmentError(problem);
      const now = this.now();
      const step = acceptedStep(this.box.open(pending.totpSecret), code.trim(), now, null);
      if (step === null) throw new EnrolmentError(CODE_WRONG);
      await manager.query(
        `UPDATE users SET password = $2, totp_secret = $3, totp_last_step = $4, enrolled_at = $5,
                password_changed_at = $5 WHERE id = $1`,
        [pending.userId, await hashPassword(password), pending.totpSecret, step, now],
      );
      await manager.query(`DELETE FROM enrolments WHERE user_id = $1`, [pending.userId]);
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

  private async pending(
    token: string,
    manager = this.dataSource.manager,
    lock = '',
  ): Promise<Pending> {
    const [row] = (await manager.query(
      `SELECT e.user_id AS "userId", u.username, e.totp_secret AS "totpSecret",
              u.break_glass AS "breakGlass"
         FROM enrolments e JOIN users u ON u.id = e.user_id
        WHERE e.token_hash = $1 AND e.expires_at > $2 ${lock}`,
      [hashOf(token), this.now()],
    )) as Pending[];
    if (!row) throw new EnrolmentError(LINK_INVALID);
    return row;
  }
}
