import { Clock } from './clock.js';
import { EnvironmentService } from '../config/environment.service.js';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { Injectable } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { Like, Not, type DataSource, type EntityManager, type Repository } from 'typeorm';
import { ConsoleSession } from './console-session.entity.js';
import type { Role } from './user.entity.js';
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
    const now = this.now();
    // SQL: one statement marks the session seen and reads its account, only while both are live.
    // A statement that starts with WITH answers rows (TypeORM answers an UPDATE with a count).
    const [row] = await this.dataSource.query<Operator[]>(
      `WITH seen AS (
         UPDATE console_sessions s SET last_seen_at = $2
           FROM users u
          WHERE s.id_hash = $1 AND u.id = s.user_id AND u.disabled_at IS NULL
            AND s.last_seen_at > $3 AND s.created_at > $4
          RETURNING s.id_hash AS "sessionHash", u.id AS "userId", u.username, u.role,
                    s.sso_checked_at AS "ssoCheckedAt", u.break_glass AS "breakGlass",
                    u.password IS NOT NULL AS "hasPassword")
       SELECT * FROM seen`,
      [
        hashOf(id),
        now,
        new Date(now.getTime() - this.limits.idleMs),
        new Date(now.getTime() - this.limits.maxMs),
      ],
    );
    if (row) return row;
    await this.sessions.delete({ idHash: hashOf(id) });
    return null;
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
