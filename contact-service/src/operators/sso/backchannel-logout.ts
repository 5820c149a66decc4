import { createHash } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { LessThan, type DataSource } from 'typeorm';
import { AuditTrail } from '../../audit/audit-trail.js';
import { EnvironmentService } from '../../config/environment.service.js';
import { PostgresThrottlerStorage } from '../../integrations/rate-limit/postgres-throttler.storage.js';
import { consoleMetrics, type LogoutRefusal } from '../../metrics/console-metrics.js';
import { Clock } from '../clock.js';
import { ProviderRefusal, RelyingParty } from './relying-party.js';
import { UsedLogoutToken } from './logout-token.entity.js';
import { SSO_ACTOR } from './sso-rules.js';

/**
 * Logout tokens checked per minute for the provider, by every replica together (counted in
 * Postgres, in rate_limits, so that more replicas do not allow more). A provider sends one per
 * console session that ends: a few hundred a minute is room for a whole team offboarded at once,
 * from as many of the provider's addresses as nginx lets through (60 a minute each, per nginx:
 * infra/nginx/conf.d/rate-limits.conf), and bounds what strangers can make the console's small
 * pool do. Past it, a token is answered 429 without being checked until the minute is over; the
 * sessions a refused real logout should have ended still end at their re-check
 * (OIDC_RECHECK_MINUTES). A constant rather than a setting: far above what a team's console needs.
 */
export const LOGOUT_TOKENS_PER_MINUTE = 300;
const MINUTE_MS = 60_000;
/** The limit's name in rate_limits, beside the throttler's (integrations/rate-limit/). */
const LIMIT_NAME = 'sso-logout';
/** A used token's jti is kept this long, well past its expiry (at most 10 minutes old). */
const KEEP_JTI_MS = 24 * 3600_000;

export type LogoutOutcome =
  | { ended: number }
  | { refused: Exclude<LogoutRefusal, 'limited'> }
  | { refused: 'limited'; retryAfterSeconds: number };

/**
 * The provider's Back-Channel Logout 1.0, on the public POST /api/console/sso/backchannel-logout:
 * a logout token counted against the provider's limit, checked (relying-party.ts), used once,
 * then every session of its sid (or, without one, of its subject) ended.
 *
 * Anyone can post there, so a refused token leaves nothing behind: it is counted in
 * sso_logout_refused_total (metrics/console-metrics.ts) and logged at debug level with its
 * reason, never audited (an audit row is kept at least a year, and a flood of junk would fill the
 * trail through the console's pool of 3 connections). A logout that holds up is audited
 * ('sso logout'), as every ending of a session is.
 */
@Injectable()
export class BackchannelLogout {
  private readonly logger = new Logger('BackchannelLogout');
  private readonly party: RelyingParty | undefined;
  /**
   * The limit's key: the configured provider (OIDC_ISSUER_URL), the only issuer whose tokens this
   * service accepts, so one count for it. Never the token's own `iss`, which nobody has checked
   * before the limit: keyed on it, every made-up issuer would get a limit (and a row in
   * rate_limits) of its own. Hashed, as an issuer's URL may be longer than rate_limits.key.
   */
  private readonly limitKey: string;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(RelyingParty) party: RelyingParty | null,
    private readonly limits: PostgresThrottlerStorage,
    private readonly audit: AuditTrail,
    private readonly clock: Clock,
    environment: EnvironmentService,
  ) {
    this.party = party ?? undefined;
    const issuer = environment.get('OIDC_ISSUER_URL') ?? '';
    this.limitKey = createHash('sha256').update(issuer).digest('base64url');
  }

  /** Answers how many sessions the token ended, or why it is refused. */
  async logout(token: string): Promise<LogoutOutcome> {
    const counted = await this.limits.increment(
      this.limitKey,
      MINUTE_MS,
      LOGOUT_TOKENS_PER_MINUTE,
      MINUTE_MS,
      LIMIT_NAME,
    );
    if (counted.isBlocked) {
      this.refused('limited');
      return { refused: 'limited', retryAfterSeconds: Math.max(1, counted.timeToBlockExpire) };
    }
    let claims: Awaited<ReturnType<RelyingParty['verifyLogoutToken']>>;
    try {
      claims = await this.party!.verifyLogoutToken(token);
    } catch (error) {
      const reason = error instanceof ProviderRefusal ? 'invalid' : 'unavailable';
      this.logger.debug(`Logout token refused (${reason}): ${(error as Error).message}`);
      return { refused: this.refused(reason) };
    }
    const now = this.clock.now();
    const used = this.dataSource.getRepository(UsedLogoutToken);
    await used.delete({ seenAt: LessThan(new Date(now.getTime() - KEEP_JTI_MS)) });
    const { raw } = await used
      .createQueryBuilder()
      .insert()
      .values({ jti: String(claims.jti).slice(0, 255), seenAt: now })
      .orIgnore()
      .returning(['jti'])
      .execute();
    if (!Array.isArray(raw) || raw.length === 0) return { refused: this.refused('replayed') };
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
      actor: ended[0]?.username ?? SSO_ACTOR,
      details: { sessions: total, by: claims.sid ? 'sid' : 'sub' },
    });
    return { ended: total };
  }

  private refused<R extends LogoutRefusal>(reason: R): R {
    consoleMetrics.logoutRefusals.inc({ reason });
    return reason;
  }
}
