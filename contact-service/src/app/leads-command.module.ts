import { type DynamicModule, type INestApplicationContext, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { EnvironmentService } from '../config/environment.service.js';
import { InboxOperationsModule } from '../inbox/inbox-operations.module.js';
import { databaseModule } from './database.module.js';
import { rootModule } from './root-module.js';

/**
 * The `leads` command's application: the console's own modules for the inbox and the accounts
 * (InboxOperationsModule, which brings AccountsModule and LeadsModule: the removal and the audit
 * trail), built by the same injection, with no HTTP and none of the console's sign-in. A small
 * pool, and the migrations' time bound: an operator's purge or export may take longer than a
 * request.
 */
@Module({})
export class LeadsCommandModule {
  static forRoot(environment: EnvironmentService): DynamicModule {
    return rootModule(LeadsCommandModule, environment, [
      databaseModule(
        () => 2,
        (settings) => settings.get('MIGRATION_TIMEOUT_MS'),
      ),
      InboxOperationsModule,
    ]);
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
