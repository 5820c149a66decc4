import type { DataSource } from 'typeorm';
import { AuditTrail } from '../../audit/audit-trail.js';
import type { Role } from '../accounts.js';
import type { SecretBox } from '../secret-box.js';
import type { Operator, Sessions } from '../sessions.js';
import { hashOf, newToken } from '../tokens.js';
import {
  ProviderRefusal,
  ProviderUnavailable,
  type ProviderTokens,
  type RelyingParty,
} from './relying-party.js';
import {
  decideAccess,
  hasGroups,
  usernameFor,
  type AccessRules,
  type Admitted,
  type Refusal,
} from './sso-rules.js';

export interface SingleSignOnSettings {
  rules: AccessRules;
  /** "Sign in with …" */
  providerName: string;
  /** SSO_REQUIRED=on. */
  required: boolean;
  recheckMs: number;
}

/** A sign-in through the provider must come back within this long. */
export const LOGIN_MINUTES = 10;
/** The audit trail's actor for what the provider's sign-ins do to accounts. */
const ACTOR = 'single sign-on';

type Outcome = { sessionId: string; username: string } | { refused: Refusal };

/** The tokens a session keeps (sealed) to ask the provider again. */
interface KeptTokens {
  refresh?: string;
  access?: string;
  accessExpiresAt?: number;
  idToken?: string;
}

/**
 * Operators' sign-in through the company's identity provider, and the life of the sessions it
 * starts (settings: OIDC_*, SSO_REQUIRED; docs/operating.md "Single sign-on"):
 * - an account is the provider's issuer and subject, never an e-mail address: made at the first
 *   sign-in when sso-rules.ts admits the user, its role following the groups at every sign-in;
 *   a local account is linked only by an admin (`leads users link`);
 * - each session asks the provider again every OIDC_RECHECK_MINUTES (recheck), and a logout
 *   token from the provider ends its sessions at once (backchannelLogout);
 * - with SSO_REQUIRED=on, a session not started here is ended unless its account is break-glass.
 * Every sign-in, refusal and ending is in the audit trail; nothing here answers a 5xx.
 */
export class SingleSignOn {
  private readonly audit: AuditTrail;

  constructor(
    private readonly dataSource: DataSource,
    private readonly party: RelyingParty | undefined,
    private readonly sessions: Sessions,
    private readonly box: SecretBox,
    private readonly settings: SingleSignOnSettings | undefined,
    private readonly now: () => Date,
  ) {
    this.audit = new AuditTrail(dataSource);
  }

  /** What the sign-in screen offers: null when single sign-on is not configured. */
  get offer(): { provider: string; required: boolean } | null {
    return this.settings && this.party
      ? { provider: this.settings.providerName, required: this.settings.required }
      : null;
  }

  get required(): boolean {
    return this.settings?.required ?? false;
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
   * The browser's return from the provider (`search`: the query it came back with): the
   * sign-in's checks taken (once), the code
   * exchanged, the user admitted or refused, the account found by issuer and subject or made.
   */
  async finish(loginId: string | undefined, search: string, userAgent?: string): Promise<Outcome> {
    const party = this.configured();
    const currentUrl = new URL(`${party.redirectUri}${search}`);
    const [checks] = loginId
      ? ((await this.dataSource.query(
          `WITH used AS (DELETE FROM sso_logins WHERE id_hash = $1 RETURNING *)
           SELECT state, nonce, verifier FROM used WHERE created_at > $2`,
          [hashOf(loginId), new Date(this.now().getTime() - LOGIN_MINUTES * 60_000)],
        )) as { state: string; nonce: string; verifier: string }[])
      : [];
    if (!checks) {
      await this.refusal(
        '(unknown)',
        'expired',
        loginId ? 'sign-in used or expired' : 'no sign-in cookie',
      );
      return { refused: 'expired' };
    }
    let tokens: ProviderTokens;
    try {
      tokens = await party.finish(currentUrl, checks);
      tokens.claims = await this.withGroups(tokens);
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
    const account = await this.accountFor(issuer, subject, decision);
    if (account.disabled) {
      await this.refusal(account.username, 'disabled', 'account disabled', email);
      return { refused: 'disabled' };
    }
    const sessionId = await this.sessions.start(account.id, userAgent, undefined, {
      sid: typeof claims.sid === 'string' ? claims.sid.slice(0, 255) : null,
      tokens: this.seal(tokens),
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

  /**
   * Whether the session may go on: with SSO_REQUIRED=on, one not started through the provider
   * only for a break-glass account; one started through it, once OIDC_RECHECK_MINUTES have passed,
   * only when the provider still says yes. A session that may not is ended here.
   */
  async admit(operator: Operator): Promise<boolean> {
    if (!operator.ssoCheckedAt) {
      if (!this.required || operator.breakGlass) return true;
      await this.end(operator, 'single sign-on required');
      return false;
    }
    if (!this.settings || !this.party) {
      await this.end(operator, 'single sign-on is no longer configured');
      return false;
    }
    const due = this.now().getTime() - this.settings.recheckMs;
    if (new Date(operator.ssoCheckedAt).getTime() > due) return true;
    return this.recheck(operator, new Date(due));
  }

  /**
   * A logout token from the provider (Back-Channel Logout 1.0): checked (relying-party.ts), used
   * once, then every session of its sid (or, without one, of its subject) ended. Answers how many
   * ended, or why the token is refused.
   */
  async backchannelLogout(token: string): Promise<{ ended: number } | { refused: string }> {
    const party = this.configured();
    let claims: Awaited<ReturnType<RelyingParty['verifyLogoutToken']>>;
    try {
      claims = await party.verifyLogoutToken(token);
    } catch (error) {
      const reason = error instanceof ProviderRefusal ? error.message : 'provider unavailable';
      await this.audit.record({
        command: 'sso logout refused',
        rows: 0,
        actor: ACTOR,
        details: { reason },
      });
      return { refused: reason };
    }
    const now = this.now();
    await this.dataSource.query(`DELETE FROM sso_logout_tokens WHERE seen_at < $1`, [
      new Date(now.getTime() - 24 * 3600_000),
    ]);
    const fresh = (await this.dataSource.query(
      `INSERT INTO sso_logout_tokens (jti, seen_at) VALUES ($1, $2)
       ON CONFLICT (jti) DO NOTHING RETURNING jti`,
      [String(claims.jti).slice(0, 255), now],
    )) as unknown[];
    if (fresh.length === 0) {
      await this.audit.record({
        command: 'sso logout refused',
        rows: 0,
        actor: ACTOR,
        details: { reason: 'logout token used before' },
      });
      return { refused: 'logout token used before' };
    }
    const ended = (await this.dataSource.query(
      `WITH ended AS (
         DELETE FROM console_sessions s USING users u
          WHERE u.id = s.user_id AND u.sso_issuer = $1
            AND ($2::text IS NULL OR s.sso_sid = $2)
            AND ($3::text IS NULL OR u.sso_subject = $3)
          RETURNING u.username)
       SELECT username, count(*)::int AS n FROM ended GROUP BY username`,
      [claims.iss, claims.sid ?? null, typeof claims.sub === 'string' ? claims.sub : null],
    )) as { username: string; n: number }[];
    const total = ended.reduce((sum, row) => sum + row.n, 0);
    await this.audit.record({
      command: 'sso logout',
      rows: total,
      actor: ended[0]?.username ?? ACTOR,
      details: { sessions: total, by: claims.sid ? 'sid' : 'sub' },
    });
    return { ended: total };
  }

  /** Where the browser goes to end the provider's session as well, after the console's. */
  async endSessionUrl(operator: Operator): Promise<string | undefined> {
    if (!operator.ssoCheckedAt || !this.party) return undefined;
    const [row] = (await this.dataSource.query(
      `SELECT sso_tokens AS tokens FROM console_sessions WHERE id_hash = $1`,
      [operator.sessionHash],
    )) as { tokens: Buffer | null }[];
    return this.party.endSessionUrl(row?.tokens ? this.open(row.tokens).idToken : undefined);
  }

  private async recheck(operator: Operator, due: Date): Promise<boolean> {
    // One request of the session asks; the others at the same moment go on with it.
    const [claimed] = (await this.dataSource.query(
      `WITH old AS (
         SELECT id_hash, sso_checked_at AS before FROM console_sessions
          WHERE id_hash = $1 AND sso_checked_at <= $2 FOR UPDATE SKIP LOCKED),
       claimed AS (
         UPDATE console_sessions s SET sso_checked_at = $3 FROM old
          WHERE s.id_hash = old.id_hash RETURNING old.before, s.sso_tokens AS tokens)
       SELECT * FROM claimed`,
      [operator.sessionHash, due, this.now()],
    )) as { before: Date; tokens: Buffer | null }[];
    if (!claimed) return true;
    const kept = claimed.tokens ? this.open(claimed.tokens) : {};
    const [user] = (await this.dataSource.query(
      `SELECT sso_subject AS subject, role FROM users WHERE id = $1`,
      [operator.userId],
    )) as { subject: string | null; role: Role }[];
    try {
      let claims: Record<string, unknown>;
      if (kept.refresh) {
        const fresh = await this.party!.refresh(kept.refresh);
        claims = await this.withGroups(fresh);
        await this.dataSource.query(
          `UPDATE console_sessions SET sso_tokens = $2 WHERE id_hash = $1`,
          [operator.sessionHash, this.seal({ ...fresh, idToken: fresh.idToken ?? kept.idToken })],
        );
      } else if (kept.access && (kept.accessExpiresAt ?? 0) > Date.now() && user?.subject) {
        claims = await this.party!.userInfo(kept.access, user.subject);
      } else {
        await this.end(operator, 'nothing left to ask the provider with: sign in again');
        return false;
      }
      // What the provider says now decides again when it says enough (an address and groups).
      if (typeof claims.email === 'string' && hasGroups(claims, this.settings!.rules)) {
        const decision = decideAccess(claims, { ...this.settings!.rules, requiredAcr: [] });
        if ('refused' in decision) {
          await this.end(operator, `provider: ${decision.refused} (${decision.detail})`);
          return false;
        }
        if (user && decision.role !== user.role) {
          await this.follow(operator, decision.role);
          return false;
        }
      }
      return true;
    } catch (error) {
      if (error instanceof ProviderRefusal) {
        await this.end(operator, `provider refused: ${error.message}`);
        return false;
      }
      // The provider cannot be asked: the session goes on for one more period, not longer.
      await this.dataSource.query(
        `UPDATE console_sessions SET sso_checked_at = $2 WHERE id_hash = $1`,
        [operator.sessionHash, claimed.before],
      );
      if (new Date(claimed.before).getTime() > due.getTime() - this.settings!.recheckMs)
        return true;
      await this.end(operator, `provider unavailable: ${(error as Error).message}`);
      return false;
    }
  }

  /** The role the groups give now; the account's sessions end (its role is read at sign-in). */
  private async follow(operator: Operator, role: Role): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      await manager.query(`UPDATE users SET role = $2 WHERE id = $1`, [operator.userId, role]);
      await manager.query(`DELETE FROM console_sessions WHERE user_id = $1`, [operator.userId]);
      await this.audit.record(
        {
          command: 'users role',
          rows: 1,
          actor: ACTOR,
          details: { username: operator.username, role },
        },
        manager,
      );
    });
  }

  private async end(operator: Operator, reason: string): Promise<void> {
    await this.sessions.endCurrent(operator);
    await this.audit.record({
      command: 'sso session ended',
      rows: 1,
      actor: operator.username,
      details: { reason: reason.slice(0, 300) },
    });
  }

  /** The account of the provider's user: found by issuer and subject, or made now. */
  private async accountFor(
    issuer: string,
    subject: string,
    admitted: Admitted,
  ): Promise<{ id: string; username: string; disabled: boolean }> {
    return this.dataSource.transaction(async (manager) => {
      type Found = { id: string; username: string; role: Role; disabled: boolean };
      const find = async (): Promise<Found | undefined> =>
        (
          (await manager.query(
            `SELECT id, username, role, disabled_at IS NOT NULL AS disabled FROM users
            WHERE sso_issuer = $1 AND sso_subject = $2 FOR UPDATE`,
            [issuer, subject],
          )) as { id: string; username: string; role: Role; disabled: boolean }[]
        )[0];
      let account = await find();
      if (account) {
        await manager.query(`UPDATE users SET email = $2, role = $3 WHERE id = $1`, [
          account.id,
          admitted.email,
          admitted.role,
        ]);
        if (account.role !== admitted.role) {
          await this.audit.record(
            {
              command: 'users role',
              rows: 1,
              actor: ACTOR,
              details: { username: account.username, role: admitted.role },
            },
            manager,
          );
        }
        return account;
      }
      for (let attempt = 1; !account && attempt <= 50; attempt++) {
        const username = usernameFor(admitted.email, attempt);
        const [made] = (await manager.query(
          `INSERT INTO users (username, role, email, sso_issuer, sso_subject, enrolled_at)
           VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING
           RETURNING id, username, role, false AS disabled`,
          [username, admitted.role, admitted.email, issuer, subject, this.now()],
        )) as Found[];
        account = made ?? (await find());
        if (made) {
          await this.audit.record(
            {
              command: 'users add',
              rows: 1,
              actor: ACTOR,
              email: admitted.email,
              details: { username, role: admitted.role, via: 'single sign-on' },
            },
            manager,
          );
        }
      }
      if (!account) throw new Error('no free username for a new account');
      return account;
    });
  }

  /** The claims, with the userinfo's groups when the ID token carries none (Okta's default). */
  private async withGroups(tokens: ProviderTokens): Promise<Record<string, unknown>> {
    const { claims } = tokens;
    if (hasGroups(claims, this.settings!.rules) || !tokens.accessToken) return claims;
    if (!(await this.party!.hasUserInfo()) || typeof claims.sub !== 'string') return claims;
    const info = await this.party!.userInfo(tokens.accessToken, claims.sub);
    return {
      ...info,
      ...claims,
      [this.settings!.rules.groupsClaim]: info[this.settings!.rules.groupsClaim],
    };
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

  private seal(tokens: Partial<ProviderTokens>): Buffer {
    const kept: KeptTokens = {
      refresh: tokens.refreshToken,
      access: tokens.accessToken,
      accessExpiresAt: tokens.accessExpiresAt,
      idToken: tokens.idToken,
    };
    return this.box.seal(Buffer.from(JSON.stringify(kept)));
  }

  private open(sealed: Buffer): KeptTokens {
    return JSON.parse(this.box.open(sealed).toString()) as KeptTokens;
  }

  private configured(): RelyingParty {
    if (!this.party) throw new Error('single sign-on is not configured');
    return this.party;
  }
}
