import { type DynamicModule, type INestApplicationContext, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import { EnvironmentModule, type EnvironmentService } from '../config/environment.service.js';
import { Inbox } from '../inbox/inbox.js';
import { InboxStore } from '../inbox/inbox.store.js';
import { Note } from '../inbox/note.entity.js';
import { LeadsModule } from '../leads/leads.module.js';
import { Redelivery } from '../notifications/redelivery.js';
import { Accounts } from '../operators/accounts.js';
import { Clock } from '../operators/clock.js';
import { User } from '../operators/user.entity.js';
import { databaseModule } from './database.module.js';

/**
 * The `leads` command's application: the same classes as the console's (the inbox, the
 * accounts, the removal, the redelivery, the audit trail), built by the same injection, with
 * no HTTP. A small pool, and the migrations' time bound: an operator's purge or export may take
 * longer than a request.
 */
@Module({})
export class LeadsCommandModule {
  static forRoot(environment: EnvironmentService): DynamicModule {
    return {
      module: LeadsCommandModule,
      imports: [
        EnvironmentModule.forRoot(environment),
        databaseModule(
          () => 2,
          (settings) => settings.get('MIGRATION_TIMEOUT_MS'),
        ),
        LeadsModule,
        TypeOrmModule.forFeature([User, Note]),
      ],
      providers: [Clock, Inbox, InboxStore, Redelivery, Accounts],
    };
  }
}

/** The command's application context, on a database whose migrations are applied. */
export function leadsCommandContext(
  environment: EnvironmentService,
): Promise<INestApplicationContext> {
  return NestFactory.createApplicationContext(LeadsCommandModule.forRoot(environment), {
    logger: false,
    abortOnError: false,
  });
}
