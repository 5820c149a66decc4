import { Injectable } from '@nestjs/common';
import { SecretBox } from '../secret-box.js';
import type { ProviderTokens } from './relying-party.js';

/** The tokens a session started through the provider keeps to ask it again. */
export interface KeptTokens {
  refresh?: string;
  access?: string;
  /** When the access token expires (ms since the epoch). */
  accessExpiresAt?: number;
  /** For RP-initiated logout's id_token_hint. */
  idToken?: string;
}

/** A session's tokens as its row holds them: sealed with CONSOLE_SECRET_KEY (AES-256-GCM). */
@Injectable()
export class SealedTokens {
  constructor(private readonly box: SecretBox) {}

  seal(tokens: Partial<ProviderTokens>): Buffer {
    const kept: KeptTokens = {
      refresh: tokens.refreshToken,
      access: tokens.accessToken,
      accessExpiresAt: tokens.accessExpiresAt,
      idToken: tokens.idToken,
    };
    return this.box.seal(Buffer.from(JSON.stringify(kept)));
  }

  /**
   * The tokens, or null when they cannot be opened: sealed under another CONSOLE_SECRET_KEY (the
   * key was changed since), so the session has nothing left to ask the provider with.
   */
  open(sealed: Buffer): KeptTokens | null {
    try {
      return JSON.parse(this.box.open(sealed).toString()) as KeptTokens;
    } catch {
      return null;
    }
  }
}
