import { CONSOLE_NAME } from './console-name.js';
import { Clock } from './clock.js';
import { EnvironmentService } from '../config/environment.service.js';
import { Injectable } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { EntityManager, QueryDeepPartialEntity } from 'typeorm';
import { answeredChallenge, parsedAnswer as parsed } from './passkey-answer.js';
import { Passkey, UsedPasskeyChallenge } from './passkey.entity.js';
import { hashOf } from './tokens.js';

/** How long a challenge may be answered: long enough to find a security key, no longer. */
const CHALLENGE_MS = 5 * 60_000;
/** What a passkey's owner sees in their account; the console names one when none is given. */
export const PASSKEY_NAME_MAX = 100;

export class PasskeyInfo {
  @ApiProperty() id!: string;
  @ApiProperty() name!: string;
  @ApiProperty() createdAt!: Date;
  @ApiProperty({ type: Date, nullable: true }) lastUsedAt!: Date | null;
}

type Purpose = 'register' | 'sign-in';

/**
 * Passkeys (WebAuthn, through @simplewebauthn/server) as a second factor beside the TOTP code: an
 * operator adds one on their account page and may then sign in with password and passkey. The
 * relying party is the console's origin (CONSOLE_ORIGIN), so a passkey works only there.
 *
 * A challenge is self-contained (purpose, account, expiry, random part and an HMAC keyed from
 * CONSOLE_SECRET_KEY), so asking for one writes nothing; an answered one is remembered until it
 * expires, so it is answered once. Sign-in options name no account and list no credential: the
 * browser offers the operator's passkeys itself, and nobody learns which usernames exist.
 */
@Injectable()
export class Passkeys {
  private readonly rpID: string;
  private readonly challengeKey: Buffer;

  private readonly origin: string;
  private readonly rpName = CONSOLE_NAME;

  constructor(
    environment: EnvironmentService,
    private readonly clock: Clock,
  ) {
    this.origin = environment.get('CONSOLE_ORIGIN');
    this.rpID = new URL(this.origin).hostname;
    this.challengeKey = createHmac('sha256', environment.get('CONSOLE_SECRET_KEY')!)
      .update('passkey challenges')
      .digest();
  }

  private now(): Date {
    return this.clock.now();
  }

  async registrationOptions(
    manager: EntityManager,
    account: { userId: string; username: string },
  ): Promise<PublicKeyCredentialCreationOptionsJSON> {
    const existing = await manager.find(Passkey, {
      select: { id: true, transports: true },
      where: { userId: account.userId },
    });
    return generateRegistrationOptions({
      rpName: this.rpName,
      rpID: this.rpID,
      userName: account.username,
      userID: Buffer.from(account.userId.replaceAll('-', ''), 'hex'),
      challenge: this.challenge('register', account.userId),
      attestationType: 'none',
      excludeCredentials: existing.map(({ id, transports }) => ({ id, transports })),
      authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
    });
  }

  /** Verifies a new passkey's answer and keeps it; false when the answer does not hold. */
  async register(
    manager: EntityManager,
    userId: string,
    responseText: string,
    name: string,
  ): Promise<boolean> {
    const response = parsed<RegistrationResponseJSON>(responseText);
    if (!response) return false;
    const verification = await verifyRegistrationResponse({
      response,
      ...this.expected('register', userId),
    }).catch(() => null);
    if (!verification?.verified || !(await this.answerOnce(manager, response))) return false;
    const { credential } = verification.registrationInfo;
    // A credential id that is kept already (ON CONFLICT DO NOTHING) adds nothing.
    return this.insertOnce(
      manager,
      Passkey,
      {
        id: credential.id,
        userId,
        publicKey: Buffer.from(credential.publicKey),
        counter: String(credential.counter),
        transports: credential.transports ?? [],
        name,
      },
      'id',
    );
  }

  async signInOptions(): Promise<PublicKeyCredentialRequestOptionsJSON> {
    return generateAuthenticationOptions({
      rpID: this.rpID,
      challenge: this.challenge('sign-in', null),
      userVerification: 'preferred',
    });
  }

  /**
   * Whether the answer proves a passkey of this account: its signature over an unexpired sign-in
   * challenge of ours, answered for the first time, with a counter that went forward.
   */
  async verifySignIn(manager: EntityManager, userId: string, responseText: string) {
    const response = parsed<AuthenticationResponseJSON>(responseText);
    if (!response) return false;
    const stored = await manager.findOneBy(Passkey, { id: response.id, userId });
    if (!stored) return false;
    const verification = await verifyAuthenticationResponse({
      response,
      ...this.expected('sign-in', null),
      credential: {
        id: stored.id,
        publicKey: new Uint8Array(stored.publicKey),
        counter: Number(stored.counter),
        transports: stored.transports,
      },
    }).catch(() => null);
    if (!verification?.verified || !(await this.answerOnce(manager, response))) return false;
    await manager.update(Passkey, stored.id, {
      counter: String(verification.authenticationInfo.newCounter),
      lastUsedAt: this.now(),
    });
    return true;
  }

  async list(manager: EntityManager, userId: string): Promise<PasskeyInfo[]> {
    const passkeys = await manager.find(Passkey, {
      select: { id: true, name: true, createdAt: true, lastUsedAt: true },
      where: { userId },
      order: { createdAt: 'ASC' },
    });
    return passkeys.map(({ id, name, createdAt, lastUsedAt }) => ({
      id,
      name,
      createdAt,
      lastUsedAt,
    }));
  }

  async remove(manager: EntityManager, userId: string, id: string): Promise<boolean> {
    const removed = await manager.delete(Passkey, { id, userId });
    return (removed.affected ?? 0) > 0;
  }

  /** Remembers an answered challenge until it expires; false when it was answered before. */
  private async answerOnce(
    manager: EntityManager,
    response: { response: { clientDataJSON: string } },
  ): Promise<boolean> {
    return this.insertOnce(
      manager,
      UsedPasskeyChallenge,
      {
        challengeHash: hashOf(answeredChallenge(response)),
        expiresAt: new Date(this.now().getTime() + CHALLENGE_MS),
      },
      'challengeHash',
    );
  }

  /** Inserts the row unless its key is kept already (ON CONFLICT DO NOTHING); false then. */
  private async insertOnce<T extends Passkey | UsedPasskeyChallenge>(
    manager: EntityManager,
    entity: new () => T,
    row: QueryDeepPartialEntity<T>,
    key: keyof T & string,
  ): Promise<boolean> {
    const inserted = await manager
      .createQueryBuilder()
      .insert()
      .into(entity)
      .values(row)
      .orIgnore()
      .returning([key])
      .updateEntity(false)
      .execute();
    const rows: unknown[] = inserted.raw;
    return rows.length > 0;
  }

  private challenge(purpose: Purpose, userId: string | null): string {
    const body = [
      purpose,
      userId ?? '-',
      this.now().getTime() + CHALLENGE_MS,
      randomBytes(16).toString('base64url'),
    ].join('.');
    return `${body}.${this.mac(body)}`;
  }

  /**
   * What both ceremonies check an answer against: a challenge of ours for this purpose and
   * account, this origin and relying party; user verification is asked for, not required.
   */
  private expected(purpose: Purpose, userId: string | null) {
    return {
      expectedChallenge: (challenge: string) => this.holds(challenge, purpose, userId),
      expectedOrigin: this.origin,
      expectedRPID: this.rpID,
      requireUserVerification: false,
    };
  }

  /** The challenge came back as base64url of the text we made: ours, for this, and not expired. */
  private holds(encoded: string, purpose: Purpose, userId: string | null): boolean {
    const text = Buffer.from(encoded, 'base64url').toString('utf8');
    const at = text.lastIndexOf('.');
    const body = text.slice(0, at);
    const mac = Buffer.from(text.slice(at + 1));
    const expected = Buffer.from(this.mac(body));
    if (at < 0 || mac.length !== expected.length || !timingSafeEqual(mac, expected)) return false;
    const [what, who, until] = body.split('.');
    return what === purpose && who === (userId ?? '-') && Number(until) > this.now().getTime();
  }

  private mac(body: string): string {
    return createHmac('sha256', this.challengeKey).update(body).digest('base64url');
  }
}
