import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { User } from './user.entity.js';
import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsISO8601, IsString, Matches, MaxLength, ValidateIf } from 'class-validator';
import { RefusedAs } from '../http/body-validation.pipe.js';
import type { DataSource, Repository } from 'typeorm';
import { AuditTrail } from '../audit/audit-trail.js';
import type { Operator } from './sessions.js';

const EMAIL = /^[^\s@<>"(),;:]+@[^\s@<>"(),;:]+\.[^\s@<>"(),;:]+$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** An empty text is none (null); `trim`: an address is read without the spaces around it. */
const NoneIfEmpty = (trim: boolean) =>
  Transform(({ value }: { value: unknown }) => {
    const text = typeof value === 'string' && trim ? value.trim() : value;
    return text === '' ? null : text;
  });
const EMAIL_REFUSED = 'Give an email address such as ada@bank.example, or none.';
const DAY_REFUSED = 'Away until is a date such as 2026-12-31, or none.';

/**
 * What an operator sets on their account page for leads (migration 1795800000000), as read and
 * as sent; a refusal says which one to fix.
 */
@RefusedAs({
  notObject: 'Send a JSON object with email, autoAssign and awayUntil.',
  unknownField: (name) => `${JSON.stringify(name.slice(0, 40))} is not a preference.`,
})
export class LeadPreferences {
  /** Where the reminders of the leads they own go; none: to the team. */
  @ApiProperty({ type: String, nullable: true, maxLength: 254 })
  @NoneIfEmpty(true)
  @ValidateIf((preferences: LeadPreferences) => preferences.email !== null)
  @IsString({ message: EMAIL_REFUSED })
  @MaxLength(254, { message: EMAIL_REFUSED })
  @Matches(EMAIL, { message: EMAIL_REFUSED })
  email!: string | null;

  /** Wants new leads in turn (AUTO_ASSIGN). */
  @ApiProperty()
  @IsBoolean({ message: 'autoAssign is true or false.' })
  autoAssign!: boolean;

  /** Given no lead before this day (YYYY-MM-DD, the support time zone's), or null. */
  @ApiProperty({ type: String, format: 'date', nullable: true })
  @NoneIfEmpty(false)
  @ValidateIf((preferences: LeadPreferences) => preferences.awayUntil !== null)
  @IsString({ message: DAY_REFUSED })
  @Matches(DAY, { message: DAY_REFUSED })
  @IsISO8601({ strict: true }, { message: DAY_REFUSED })
  awayUntil!: string | null;
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
