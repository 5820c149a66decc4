import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { EnvironmentService } from '../../config/environment.service.js';
import { Clock } from '../clock.js';
import { AuditTrail } from '../../audit/audit-trail.js';
import { Sessions } from '../sessions.js';
import { hashOf, newToken } from '../tokens.js';
import { ProviderUnavailable, RelyingParty, type ProviderTokens } from './relying-party.js';
import { SealedTokens } from './sealed-tokens.js';
import { accountOfProviderUser } from './sso-accounts.js';
import { decideAccess, providerNameOf, type AccessRules, type Refusal } from './sso-rules.js';
import { rows } from '../../database/rows.js';

export interface SingleSignOnSettings {
  rules: AccessRules;
  /** "Sign in with …" */
  providerName: string;
  /** SSO_REQUIRED=true. */
  required: boolean;
  recheckMs: number;
}

/** Single sign-on's settings (OIDC_*, SSO_REQUIRED); none when OIDC_ISSUER_URL is not set. */
export function ssoSettings(environment: EnvironmentService): SingleSignOnSettings | undefined {
  const issuer = environment.get('OIDC_ISSUER_URL');
  if (!issuer) return undefined;
  return {
    rules: {
      allowedDomains: environment.get('OIDC_ALLOWED_DOMAINS'),
      groupsClaim: environment.get('OIDC_GROUPS_CLAIM'),
      adminGroups: environment.get('OIDC_ADMIN_GROUPS'),
      memberGroups: environment.get('OIDC_MEMBER_GROUPS'),
      requiredAcr: environment.get('OIDC_REQUIRED_ACR'),
    },
    providerName: environment.get('OIDC_PROVIDER_NAME') ?? providerNameOf(issuer),
    required: environment.get('SSO_REQUIRED'),
    recheckMs: environment.get('OIDC_RECHECK_MINUTES') * 60_000,
  };
}

/**
 * What both parts of single sign-on (the sign-in here, the sessions' life in sso-sessions.ts)
 * work with: the provider's client (none when single sign-on is off), the sessions, the sealed
 * tokens, the audit trail, the settings and the clock.
 */
export abstract class SsoPart {
  protected readonly party: RelyingParty | undefined;
  protected readonly settings: SingleSignOnSettings | undefined;

  constructor(
    @InjectDataSource() protected readonly dataSource: DataSource,
    @Inject(RelyingParty) party: RelyingParty | null,
    protected readonly sessions: Sessions,
    protected readonly tokens: SealedTokens,
    protected readonly audit: AuditTrail,
    environment: EnvironmentService,
    protected readonly clock: Clock,
  ) {
    this.party = party ?? undefined;
    this.settings = ssoSettings(environment);
  }

  protected now(): Date {
    return this.clock.now();
  }
}

/** A sign-in through the provider must come back within this long. */
export const LOGIN_MINUTES = 10;
export { SSO_ACTOR } from './sso-rules.js';

type Outcome = { sessionId: string; username: string } | { refused: Refusal };

/**
 * The provider's answer, as the callback's query DTO read it (console/dto/sso.dto.ts), or the
 * sentence that DTO refused the query with.
 */
export type ProviderAnswer = URLSearchParams | { unreadable: string };

/**
 * Operators' sign-in through the company's identity provider (settings: OIDC_*, SSO_REQUIRED;
 * docs/operating.md "Single sign-on"): an account is the provider's issuer and subject, never an
 * e-mail address, made at the first sign-in when sso-rules.ts admits the user, its role following
 * the groups at every sign-in; a local account is linked only by an admin (`leads users link`).
 * What happens to the sessions it starts afterwards (re-checks, back-channel logout,
 * SSO_REQUIRED): sso-sessions.ts. Every sign-in and refusal is in the audit trail; nothing here
 * answers a 5xx.
 */
@Injectable()
export class SingleSignOn extends SsoPart {
  /** What the sign-in screen offers: null when single sign-on is not configured. */
  get offer(): { provider: string; required: boolean } | null {
    return this.settings && this.party
      ? { provider: this.settings.providerName, required: this.settings.required }
      : null;
  }

  /** A new sign-in: the id for the browser's cookie, and the provider's URL to send it to. */
  async start(): Promise<{ loginId: string; url: string } | { refused: Refusal }> {
    const party = this.configured();
    let authorization: Awaited<ReturnType<RelyingParty['authorizationUrl']>>;
    try {
      authorization = await party.authorizationUrl();
    } catch (error) {
      await this.refusal('(unknown)', 'unavailable', (error as Error).message);
      return { refused: 'unavailable' };
    }
    const loginId = newToken();
    const now = this.now();
    await this.dataSource.query(`DELETE FROM sso_logins WHERE created_at < $1`, [
      new Date(now.getTime() - LOGIN_MINUTES * 60_000),
    ]);
    const { state, nonce, verifier } = authorization.checks;
    await this.dataSource.query(
      `INSERT INTO sso_logins (id_hash, state, nonce, verifier, created_at)
       VALUES ($1, $2, $3, $4, $5)`,
      [hashOf(loginId), state, nonce, verifier, now],
    );
    return { loginId, url: authorization.url.toString() };
  }

  /**
   * The browser's return from the provider (`answer`: the parameters it came back with): the
   * sign-in's checks taken (once), the code exchanged, the user admitted or refused, the account
   * found by issuer and subject or made. An answer that could not be read fails the sign-in.
   */
  async finish(
    loginId: string | undefined,
    answer: ProviderAnswer,
    userAgent?: string,
  ): Promise<Outcome> {
    const party = this.configured();
    const [checks] = loginId
      ? await rows<{ state: string; nonce: string; verifier: string }>(
          this.dataSource,
          `WITH used AS (DELETE FROM sso_logins WHERE id_hash = $1 RETURNING *)
           SELECT state, nonce, verifier FROM used WHERE created_at > $2`,
          [hashOf(loginId), new Date(this.now().getTime() - LOGIN_MINUTES * 60_000)],
        )
      : [];
    if (!checks) {
      await this.refusal(
        '(unknown)',
        'expired',
        loginId ? 'sign-in used or expired' : 'no sign-in cookie',
      );
      return { refused: 'expired' };
    }
    if (!(answer instanceof URLSearchParams)) {
      await this.refusal('(unknown)', 'failed', `callback: ${answer.unreadable}`);
      return { refused: 'failed' };
    }
    const currentUrl = new URL(party.redirectUri);
    currentUrl.search = answer.toString();
    let tokens: ProviderTokens;
    try {
      tokens = await party.finish(currentUrl, checks);
      tokens.claims = await party.claimsOf(tokens, this.settings!.rules.groupsClaim);
    } catch (error) {
      const refused: Refusal = error instanceof ProviderUnavailable ? 'unavailable' : 'failed';
      await this.refusal('(unknown)', refused, (error as Error).message);
      return { refused };
    }
    const { claims } = tokens;
    const issuer = String(claims.iss);
    const subject = String(claims.sub);
    const decision = decideAccess(claims, this.settings!.rules);
    const email = typeof claims.email === 'string' ? claims.email : undefined;
    if ('refused' in decision) {
      await this.refusal(`sso:${subject.slice(0, 80)}`, decision.refused, decision.detail, email);
      return { refused: decision.refused };
    }
    const account = await this.dataSource.transaction((manager) =>
      accountOfProviderUser(manager, this.audit, { issuer, subject }, decision, this.now()),
    );
    if (account.disabled) {
      await this.refusal(account.username, 'disabled', 'account disabled', email);
      return { refused: 'disabled' };
    }
    const sessionId = await this.sessions.start(account.id, userAgent, undefined, {
      sid: typeof claims.sid === 'string' ? claims.sid.slice(0, 255) : null,
      tokens: this.tokens.seal(tokens),
    });
    await this.audit.record({
      command: 'sso sign-in',
      rows: 1,
      actor: account.username,
      email: decision.email,
      details: { issuer: new URL(issuer).host, role: decision.role, acr: claims.acr ?? null },
    });
    return { sessionId, username: account.username };
  }

  private async refusal(actor: string, refused: Refusal, detail: string, email?: string) {
    await this.audit.record({
      command: 'sso sign-in refused',
      rows: 0,
      actor,
      ...(email ? { email } : {}),
      details: { reason: refused, detail: detail.slice(0, 300) },
    });
  }

  private configured(): RelyingParty {
    if (!this.party) throw new Error('single sign-on is not configured');
    return this.party;
  }
}
