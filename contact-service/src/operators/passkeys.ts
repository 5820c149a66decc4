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
  type AuthenticatorTransport,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { EntityManager } from 'typeorm';
import { Type } from 'class-transformer';
import { Equals, IsObject, IsString, Length, MaxLength, ValidateNested } from 'class-validator';
import { Absent } from '../http/body-fields.js';
import { jsonTextOf } from '../http/body-validation.pipe.js';
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

class ClientData {
  @IsString()
  @MaxLength(8192)
  clientDataJSON!: string;
}

/**
 * A passkey answer the console's browser code sent, as text: the parts checked here, never
 * trusted; the rest (attestation, signature, transports) goes to the library, which checks it.
 */
class PasskeyAnswer {
  @IsString()
  @Length(1, 1400)
  id!: string;

  @IsString()
  @Length(1, 1400)
  rawId!: string;

  @Equals('public-key')
  type!: 'public-key';

  @IsObject()
  @ValidateNested()
  @Type(() => ClientData)
  response!: ClientData;

  @Absent()
  @IsObject()
  clientExtensionResults: object = {};
}

/** The answer as the library takes it, or null when it is not one. */
const parsed = <T>(text: string) => jsonTextOf(PasskeyAnswer, text) as T | null;

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
    const existing = (await manager.query(
      `SELECT id, transports FROM passkeys WHERE user_id = $1`,
      [account.userId],
    )) as { id: string; transports: AuthenticatorTransport[] }[];
    return generateRegistrationOptions({
      rpName: this.rpName,
      rpID: this.rpID,
      userName: account.username,
      userID: Buffer.from(account.userId.replaceAll('-', ''), 'hex'),
      challenge: this.challenge('register', account.userId),
      attestationType: 'none',
      excludeCredentials: existing,
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
      expectedChallenge: (challenge) => this.holds(challenge, 'register', userId),
      expectedOrigin: this.origin,
      expectedRPID: this.rpID,
      requireUserVerification: false,
    }).catch(() => null);
    if (!verification?.verified || !(await this.answerOnce(manager, response))) return false;
    const { credential } = verification.registrationInfo;
    const added = (await manager.query(
      `INSERT INTO passkeys (id, user_id, public_key, counter, transports, name)
       VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (id) DO NOTHING RETURNING 1`,
      [
        credential.id,
        userId,
        Buffer.from(credential.publicKey),
        credential.counter,
        credential.transports ?? [],
        name,
      ],
    )) as unknown[];
    return added.length > 0;
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
    const [stored] = (await manager.query(
      `SELECT id, public_key AS "publicKey", counter, transports FROM passkeys
        WHERE id = $1 AND user_id = $2`,
      [response.id, userId],
    )) as { id: string; publicKey: Buffer; counter: string; transports: string[] }[];
    if (!stored) return false;
    const verification = await verifyAuthenticationResponse({
      response,
      expectedChallenge: (challenge) => this.holds(challenge, 'sign-in', null),
      expectedOrigin: this.origin,
      expectedRPID: this.rpID,
      credential: {
        id: stored.id,
        publicKey: new Uint8Array(stored.publicKey),
        counter: Number(stored.counter),
        transports: stored.transports as AuthenticatorTransport[],
      },
      requireUserVerification: false,
    }).catch(() => null);
    if (!verification?.verified || !(await this.answerOnce(manager, response))) return false;
    await manager.query(`UPDATE passkeys SET counter = $2, last_used_at = $3 WHERE id = $1`, [
      stored.id,
      verification.authenticationInfo.newCounter,
      this.now(),
    ]);
    return true;
  }

  async list(manager: EntityManager, userId: string): Promise<PasskeyInfo[]> {
    return (await manager.query(
      `SELECT id, name, created_at AS "createdAt", last_used_at AS "lastUsedAt"
         FROM passkeys WHERE user_id = $1 ORDER BY created_at`,
      [userId],
    )) as PasskeyInfo[];
  }

  async remove(manager: EntityManager, userId: string, id: string): Promise<boolean> {
    const removed = (await manager.query(
      `WITH removed AS (DELETE FROM passkeys WHERE id = $1 AND user_id = $2 RETURNING 1)
       SELECT * FROM removed`,
      [id, userId],
    )) as unknown[];
    return removed.length > 0;
  }

  /** Remembers an answered challenge until it expires; false when it was answered before. */
  private async answerOnce(
    manager: EntityManager,
    response: { response: { clientDataJSON: string } },
  ): Promise<boolean> {
    const clientData = JSON.parse(
      Buffer.from(response.response.clientDataJSON, 'base64url').toString('utf8'),
    ) as { challenge: string };
    const fresh = (await manager.query(
      `INSERT INTO used_passkey_challenges (challenge_hash, expires_at) VALUES ($1, $2)
       ON CONFLICT DO NOTHING RETURNING 1`,
      [hashOf(clientData.challenge), new Date(this.now().getTime() + CHALLENGE_MS)],
    )) as unknown[];
    return fresh.length > 0;
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
