import { Clock } from './clock.js';
import { EnvironmentService } from '../config/environment.service.js';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { Injectable } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { Like, Not, type DataSource, type EntityManager, type Repository } from 'typeorm';
import { ConsoleSession } from './console-session.entity.js';
import { User, type Role } from './user.entity.js';
import { hashOf, newToken } from './tokens.js';

export interface SessionLimits {
  idleMs: number;
  maxMs: number;
}

/** The signed-in operator a request speaks for. */
export interface Operator {
  userId: string;
  username: string;
  role: Role;
  /** The hash of this session's id: what "sign out" and "my sessions" name it by. */
  sessionHash: string;
  /** A session started through the provider: when the provider last said yes (else null). */
  ssoCheckedAt: Date | null;
  /** A break-glass account: may use its password when SSO_REQUIRED=true. */
  breakGlass: boolean;
  /**
   * The account has a password (and so codes and passkeys) of its own; one made by single sign-on
   * or linked to the provider has none (accounts.ts, link).
   */
  hasPassword: boolean;
}

/** What a session started through the provider keeps (sso/single-sign-on.ts). */
export interface SsoSession {
  /** The provider's session id (the ID token's sid): what a logout token names. */
  sid: string | null;
  /** Its tokens, sealed with CONSOLE_SECRET_KEY. */
  tokens: Buffer;
}

export class SessionInfo {
  /** A reference to a session that is not its id: the first 16 characters of its hash. */
  @ApiProperty() ref!: string;
  @ApiProperty() createdAt!: Date;
  @ApiProperty() lastSeenAt!: Date;
  @ApiProperty({ type: String, nullable: true }) userAgent!: string | null;
  @ApiProperty() current!: boolean;
}

/**
 * Server-side sessions in Postgres, shared by every replica: the id (256 random bits) lives only
 * in the operator's cookie, the table holds its hash. A session ends after SESSION_IDLE_MINUTES
 * without a request, SESSION_MAX_HOURS after sign-in in any case, at sign-out, and when its
 * account is disabled or its password changes.
 */
@Injectable()
export class Sessions {
  private readonly limits: SessionLimits;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @InjectRepository(ConsoleSession) private readonly sessions: Repository<ConsoleSession>,
    environment: EnvironmentService,
    private readonly clock: Clock,
  ) {
    this.limits = {
      idleMs: environment.get('SESSION_IDLE_MINUTES') * 60_000,
      maxMs: environment.get('SESSION_MAX_HOURS') * 3600_000,
    };
  }

  private now(): Date {
    return this.clock.now();
  }

  /** A new session (a new id at every sign-in: no fixation); answers its id, for the cookie. */
  async start(
    userId: string,
    userAgent: string | undefined,
    manager?: EntityManager,
    sso?: SsoSession,
  ): Promise<string> {
    const id = newToken();
    const now = this.now();
    await (manager ?? this.dataSource.manager).insert(ConsoleSession, {
      idHash: hashOf(id),
      userId,
      createdAt: now,
      lastSeenAt: now,
      userAgent: userAgent?.slice(0, 200) ?? null,
      ssoSid: sso?.sid ?? null,
      ssoTokens: sso?.tokens ?? null,
      ssoCheckedAt: sso ? now : null,
    });
    return id;
  }

  /** The operator of a live session, which counts as activity; null when there is none. */
  async operatorOf(id: string): Promise<Operator | null> {
    const idHash = hashOf(id);
    const row = await this.seen(idHash, this.now());
    if (row) return row;
    await this.sessions.delete({ idHash });
    return null;
  }

  /**
   * One statement marks the session seen and reads its account, only while both are live: the
   * update (of a session whose account is not disabled) is a common table expression, and the
   * select reads its row with the account's, typed (an update's execute() answers untyped rows).
   */
  private seen(idHash: string, now: Date): Promise<Operator | undefined> {
    const builder = () => this.dataSource.createQueryBuilder();
    const live = builder()
      .subQuery()
      .select('live.id')
      .from(User, 'live')
      .where('live.disabledAt IS NULL')
      .getQuery();
    const seen = builder()
      .update(ConsoleSession)
      .set({ lastSeenAt: now })
      .where('idHash = :idHash', { idHash })
      .andWhere('lastSeenAt > :idleSince', {
        idleSince: new Date(now.getTime() - this.limits.idleMs),
      })
      .andWhere('createdAt > :startedSince', {
        startedSince: new Date(now.getTime() - this.limits.maxMs),
      })
      .andWhere(`userId IN ${live}`)
      .returning(['idHash', 'userId', 'ssoCheckedAt']);
    return builder()
      .addCommonTableExpression(seen, 'seen')
      .select('seen.id_hash', 'sessionHash')
      .addSelect('u.id', 'userId')
      .addSelect('u.username', 'username')
      .addSelect('u.role', 'role')
      .addSelect('seen.sso_checked_at', 'ssoCheckedAt')
      .addSelect('u.breakGlass', 'breakGlass')
      .addSelect('u.password IS NOT NULL', 'hasPassword')
      .from('seen', 'seen')
      .innerJoin(User, 'u', 'u.id = seen.user_id')
      .getRawOne<Operator>();
  }

  async list(operator: Operator): Promise<SessionInfo[]> {
    const sessions = await this.sessions.find({
      where: { userId: operator.userId },
      order: { lastSeenAt: 'DESC' },
    });
    return sessions.map(({ idHash, createdAt, lastSeenAt, userAgent }) => ({
      ref: idHash.slice(0, 16),
      createdAt,
      lastSeenAt,
      userAgent,
      current: idHash === operator.sessionHash,
    }));
  }

  /** Ends one of the operator's own sessions, named by its ref; answers whether one ended. */
  async end(operator: Operator, ref: string): Promise<boolean> {
    if (!/^[0-9a-f]{16}$/.test(ref)) return false;
    // The ref is 16 hexadecimal digits: no wildcard of LIKE can be in it.
    const ended = await this.sessions.delete({ userId: operator.userId, idHash: Like(`${ref}%`) });
    return (ended.affected ?? 0) > 0;
  }

  /** Signs this session out. */
  async endCurrent(operator: Operator): Promise<void> {
    await this.sessions.delete({ idHash: operator.sessionHash });
  }

  /** Every session of the account but `except` (none: all of them). */
  async endAll(userId: string, except?: string, manager?: EntityManager): Promise<void> {
    await (manager ?? this.dataSource.manager).delete(ConsoleSession, {
      userId,
      ...(except ? { idHash: Not(except) } : {}),
    });
  }
}
