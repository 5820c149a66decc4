import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { User } from './user.entity.js';
import { ApiProperty } from '@nestjs/swagger';
import { Refusal } from '../http/refusal.js';
import type { DataSource, Repository } from 'typeorm';
import { AuditTrail } from '../audit/audit-trail.js';
import type { Operator } from './sessions.js';

/** What an operator sets on their account page for leads (migration 1795800000000). */
export class LeadPreferences {
  /** Where the reminders of the leads they own go; none: to the team. */
  @ApiProperty({ type: String, nullable: true, maxLength: 254 }) email!: string | null;
  /** Wants new leads in turn (AUTO_ASSIGN). */
  @ApiProperty() autoAssign!: boolean;
  /** Given no lead before this day (YYYY-MM-DD, the support time zone's), or null. */
  @ApiProperty({ type: String, format: 'date', nullable: true }) awayUntil!: string | null;
}

/** Preferences that cannot be stored: the message says what to fix. */
export class PreferencesError extends Refusal {}

const EMAIL = /^[^\s@<>"(),;:]+@[^\s@<>"(),;:]+\.[^\s@<>"(),;:]+$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The preferences of a request's body, or an error naming the field to fix. */
export function preferencesOf(body: unknown): LeadPreferences {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new PreferencesError('Send a JSON object with email, autoAssign and awayUntil.');
  }
  const { email, autoAssign, awayUntil, ...rest } = body as Record<string, unknown>;
  const extra = Object.keys(rest)[0];
  if (extra !== undefined)
    throw new PreferencesError(`${JSON.stringify(extra.slice(0, 40))} is not a preference.`);
  const address = typeof email === 'string' ? email.trim() : email;
  if (
    address !== null &&
    address !== '' &&
    (typeof address !== 'string' || address.length > 254 || !EMAIL.test(address))
  ) {
    throw new PreferencesError('Give an email address such as ada@bank.example, or none.');
  }
  if (typeof autoAssign !== 'boolean') throw new PreferencesError('autoAssign is true or false.');
  if (
    awayUntil !== null &&
    awayUntil !== '' &&
    (typeof awayUntil !== 'string' ||
      !DAY.test(awayUntil) ||
      !new Date(`${awayUntil}T12:00:00Z`).toISOString().startsWith(awayUntil))
  ) {
    throw new PreferencesError('Away until is a date such as 2026-12-31, or none.');
  }
  return {
    email: address ? (address as string) : null,
    autoAssign,
    awayUntil: awayUntil ? (awayUntil as string) : null,
  };
}

/** An operator's own preferences for leads, read and changed (audited) by the operator. */
@Injectable()
export class LeadPreferencesStore {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @InjectRepository(User) private readonly users: Repository<User>,
    private readonly audit: AuditTrail,
  ) {}

  async get(operator: Operator): Promise<LeadPreferences> {
    const { email, autoAssign, awayUntil } = await this.users.findOneByOrFail({
      id: operator.userId,
    });
    return { email, autoAssign, awayUntil };
  }

  async set(operator: Operator, preferences: LeadPreferences): Promise<LeadPreferences> {
    await this.dataSource.transaction(async (manager) => {
      const { email, autoAssign, awayUntil } = preferences;
      await manager.update(User, { id: operator.userId }, { email, autoAssign, awayUntil });
      await this.audit.record(
        {
          command: 'preferences',
          rows: 1,
          actor: operator.username,
          details: {
            email: preferences.email !== null,
            autoAssign: preferences.autoAssign,
            awayUntil: preferences.awayUntil,
          },
        },
        manager,
      );
    });
    return this.get(operator);
  }
}
