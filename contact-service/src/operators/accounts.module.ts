import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { LeadsModule } from '../leads/leads.module.js';
import { Accounts } from './accounts.js';
import { ClockModule } from './clock.js';
import { ConsoleAlertRecord } from './console-alert.entity.js';
import { ConsoleSession } from './console-session.entity.js';
import { EnrolmentLink } from './enrolment-link.entity.js';
import { Passkey, UsedPasskeyChallenge } from './passkey.entity.js';
import { RecoveryCode } from './recovery-code.entity.js';
import { SignInFailure } from './sign-in-failure.entity.js';
import { User } from './user.entity.js';

/**
 * The tables of the operators' accounts, each an entity: what an account signs in with, its
 * sessions and the admins' alerts. Accounts (the `leads` command too) and the console write them.
 */
const ACCOUNT_ENTITIES = [
  User,
  ConsoleSession,
  EnrolmentLink,
  RecoveryCode,
  Passkey,
  UsedPasskeyChallenge,
  SignInFailure,
  ConsoleAlertRecord,
];

/**
 * The operators' accounts as an admin manages them, and the clock the console and the inbox
 * read: what the console (OperatorsModule) and the `leads` command (app/leads-command.module.ts)
 * both import, so both build them the same way.
 */
@Module({
  imports: [ClockModule, LeadsModule, TypeOrmModule.forFeature(ACCOUNT_ENTITIES)],
  providers: [Accounts],
  exports: [ClockModule, Accounts, LeadsModule, TypeOrmModule],
})
export class AccountsModule {}
