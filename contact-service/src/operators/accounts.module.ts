import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { LeadsModule } from '../leads/leads.module.js';
import { Accounts } from './accounts.js';
import { Clock } from './clock.js';
import { User } from './user.entity.js';

/**
 * The operators' accounts as an admin manages them, and the clock the console and the inbox
 * read: what the console (OperatorsModule) and the `leads` command (app/leads-command.module.ts)
 * both import, so both build them the same way.
 */
@Module({
  imports: [LeadsModule, TypeOrmModule.forFeature([User])],
  providers: [Clock, Accounts],
  exports: [Clock, Accounts, LeadsModule, TypeOrmModule],
})
export class AccountsModule {}
