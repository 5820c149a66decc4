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
import { ConsoleSession } from '../console-session.entity.js';
import { User } from '../user.entity.js';
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
    const ended = await this.endSessions(
      claims.iss ?? null,
      claims.sid ?? null,
      typeof claims.sub === 'string' ? claims.sub : null,
    );
    const total = ended.reduce((sum, row) => sum + row.n, 0);
    await this.audit.record({
      command: 'sso logout',
      rows: total,
      actor: ended[0]?.username ?? SSO_ACTOR,
      details: { sessions: total, by: claims.sid ? 'sid' : 'sub' },
    });
    return { ended: total };
  }

  /**
   * Ends, in one statement, the sessions of the issuer's accounts that the token names: by its
   * sid, its subject, or both. The delete is a common table expression; the select counts what it
   * ended per account, typed (a delete's execute() answers untyped rows). The token's issuer is
   * the configured one (relying-party.ts checks it); without one, no account is named.
   */
  private endSessions(
    issuer: string | null,
    sid: string | null,
    subject: string | null,
  ): Promise<{ username: string; n: number }[]> {
    const builder = () => this.dataSource.createQueryBuilder();
    const accounts = builder()
      .subQuery()
      .select('named.id')
      .from(User, 'named')
      .where('named.ssoIssuer = :issuer', { issuer });
    if (subject !== null) accounts.andWhere('named.ssoSubject = :subject', { subject });
    const ended = builder()
      .delete()
      .from(ConsoleSession)
      .where(`userId IN ${accounts.getQuery()}`)
      .setParameters(accounts.getParameters());
    if (sid !== null) ended.andWhere('ssoSid = :sid', { sid });
    return builder()
      .addCommonTableExpression(ended.returning(['userId']), 'ended')
      .select('u.username', 'username')
      .addSelect('count(*)::int', 'n')
      .from('ended', 'ended')
      .innerJoin(User, 'u', 'u.id = ended.user_id')
      .groupBy('u.username')
      .getRawMany<{ username: string; n: number }>();
  }

  private refused<R extends LogoutRefusal>(reason: R): R {
    consoleMetrics.logoutRefusals.inc({ reason });
    return reason;
  }
}
