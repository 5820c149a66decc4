import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Redelivery } from '../notifications/redelivery.js';
import { AccountsModule } from '../operators/accounts.module.js';
import { Inbox } from './inbox.js';
import { InboxStore } from './inbox.store.js';
import { Note } from './note.entity.js';

/**
 * What operators do with leads (inbox.ts) and the redelivery of failed notifications, without
 * any route: the console's InboxModule and the `leads` command both import it.
 */
@Module({
  imports: [AccountsModule, TypeOrmModule.forFeature([Note])],
  providers: [Inbox, InboxStore, Redelivery],
  exports: [Inbox, InboxStore, Redelivery, AccountsModule],
})
export class InboxOperationsModule {}
