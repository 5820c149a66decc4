import {
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { IsNull, Not, type DataSource, type EntityManager } from 'typeorm';
import { EnvironmentService } from '../config/environment.service.js';
import { redact } from '../config/env.js';
import type { ConsoleAlert, ConsoleAlertKind } from '../integrations/console-alert.js';
import { buildChannels, teamChannels, type Channels } from '../notifications/channels.js';
import { ConsoleAlertRecord } from './console-alert.entity.js';
import { User } from './user.entity.js';

/** A channel that failed is tried again after these delays (about a day in all), then given up. */
const RETRY_DELAYS_S = [5, 30, 120, 600, 3_600, 3_600, 3_600, 7_200, 7_200, 14_400, 14_400, 28_800];
/** How often the console's processes look for alerts to deliver. */
const POLL_MS = 1_000;
/** A delivery under way holds its alert this long; a process that died meanwhile lets go. */
const LEASE_S = 120;

/** Where in the console an alert's event is: the audit screen, filtered to it, or the overview. */
const audit = (filter: Record<string, string>) =>
  `/console/admin/audit?${new URLSearchParams(filter).toString()}`;
const LINK: Record<ConsoleAlertKind, (alert: Row) => string> = {
  'break-glass sign-in': (alert) =>
    audit({ command: 'break-glass sign-in', actor: alert.username }),
  'break-glass reset': () => audit({ command: 'users reset' }),
  'break-glass enrolment': (alert) => audit({ command: 'enrolment', actor: alert.username }),
  'statement review missed': () => '/console/overview',
};

/**
 * Writes an alert in the caller's transaction, beside the event it tells (the sign-in's, the
 * reset's or the enrolment's audit record): once that commits, the admins hear of it, even if
 * this process stops the next moment.
 */
export async function raiseBreakGlassAlert(
  manager: EntityManager,
  kind: ConsoleAlertKind,
  username: string,
  at: Date,
  by: string | null = null,
): Promise<void> {
  await manager.insert(ConsoleAlertRecord, {
    kind,
    username,
    by: by?.slice(0, 200) ?? null,
    at,
  });
}

/**
 * Writes the alert of `kind` about `username` unless one was written (the statement's review
 * missed, once per date): every replica may try at once, so each waits for the others on a lock
 * of the kind (pg_advisory_xact_lock) and then finds theirs. Answers whether it wrote it.
 */
export function raiseAlertOnce(
  dataSource: DataSource,
  kind: ConsoleAlertKind,
  username: string,
): Promise<boolean> {
  return dataSource.transaction(async (transaction) => {
    await transaction.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [kind]);
    if (await transaction.existsBy(ConsoleAlertRecord, { kind, username })) return false;
    await transaction.insert(ConsoleAlertRecord, { kind, username, at: () => 'now()' });
    return true;
  });
}

/** An alert taken for delivery: what its message and its next attempt need. */
type Row = Pick<
  ConsoleAlertRecord,
  'id' | 'kind' | 'username' | 'by' | 'at' | 'delivered' | 'attempts'
>;

/**
 * Tells the admins of every use, reset and enrolment of a break-glass account: the alerts that
 * raiseBreakGlassAlert wrote (console_alerts, an outbox) go out on the team's channels (the sales
 * inbox and every active admin's address by mail, Slack, the webhook) from whichever of the
 * console's processes takes them first, each channel until it has the alert: retried for about a
 * day, then given up and logged as an error. The audit trail has each event in any case, and the
 * alert links to it.
 */
@Injectable()
export class BreakGlassAlarm implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('BreakGlass');
  private channels?: Channels;
  private timer?: NodeJS.Timeout;
  private pass?: Promise<void>;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly environment: EnvironmentService,
  ) {}

  onApplicationBootstrap(): void {
    this.channels = buildChannels(this.environment);
    if (this.alertChannels().length === 0) {
      this.logger.warn(
        'No channel is configured to tell the admins of a break-glass account’s use (SMTP_URL, SLACK_WEBHOOK_URL, TEAMS_WEBHOOK_URL, WEBHOOK_URL): its alerts wait, stored',
      );
      return;
    }
    this.timer = setInterval(() => void this.deliverDue(), POLL_MS);
    this.timer.unref();
  }

  async onModuleDestroy(): Promise<void> {
    clearInterval(this.timer);
    await this.pass;
    for (const channel of this.channels?.values() ?? []) channel.close?.();
  }

  /** One pass over the alerts that are due; passes never overlap in a process. */
  deliverDue(): Promise<void> {
    this.pass ??= this.deliverAll()
      .catch((error: Error) =>
        this.logger.warn(
          `Alerts not delivered yet: ${redact(error.message, this.environment.secrets)}`,
        ),
      )
      .finally(() => (this.pass = undefined));
    return this.pass;
  }

  private alertChannels(): string[] {
    return teamChannels(this.channels!).filter((name) => this.channels!.get(name)?.alert);
  }

  private async deliverAll(): Promise<void> {
    // One statement takes up to 20 due alerts no other process holds (SKIP LOCKED) and leases
    // them: the update is a common table expression that a select reads, typed (an update's
    // execute() answers untyped rows).
    const builder = () => this.dataSource.createQueryBuilder();
    const free = builder()
      .subQuery()
      .select('due.id')
      .from(ConsoleAlertRecord, 'due')
      .where("due.status = 'pending' AND due.nextAttemptAt <= now()")
      .orderBy('due.nextAttemptAt')
      .limit(20)
      .setLock('pessimistic_write')
      .setOnLocked('skip_locked')
      .getQuery();
    const taken = builder()
      .update(ConsoleAlertRecord)
      .set({
        attempts: () => 'attempts + 1',
        nextAttemptAt: () => 'now() + make_interval(secs => :lease)',
      })
      .where(`id IN ${free}`)
      .setParameter('lease', LEASE_S)
      .returning(['id', 'kind', 'username', 'by', 'at', 'delivered', 'attempts']);
    const due = await builder()
      .addCommonTableExpression(taken, 'taken')
      .select('*')
      .from('taken', 'taken')
      .getRawMany<Row>();
    for (const row of due) await this.deliver(row);
  }

  private async deliver(row: Row): Promise<void> {
    const admins = await this.dataSource.manager.find(User, {
      select: { email: true },
      where: { role: 'admin', disabledAt: IsNull(), email: Not(IsNull()) },
    });
    const alert: ConsoleAlert = {
      kind: row.kind,
      username: row.username,
      by: row.by,
      at: new Date(row.at),
      link: `${this.environment.get('CONSOLE_ORIGIN')}${LINK[row.kind](row)}`,
      to: admins.flatMap(({ email }) => (email === null ? [] : [email])),
    };
    const delivered = [...row.delivered];
    const errors: string[] = [];
    for (const name of this.alertChannels().filter((each) => !delivered.includes(each))) {
      try {
        // The alert's id on every attempt: the Message-ID, the webhook's id.
        await this.channels!.get(name as never)!.alert!(alert, row.id);
        delivered.push(name);
      } catch (error) {
        errors.push(`${name}: ${redact((error as Error).message, this.environment.secrets)}`);
      }
    }
    const delay = RETRY_DELAYS_S[row.attempts - 1];
    const status = errors.length === 0 ? 'sent' : delay === undefined ? 'failed' : 'pending';
    if (status === 'failed') {
      this.logger.error(
        `The ${row.kind} alert of ${row.username} could not be sent: ${errors.join('; ')}`,
      );
    } else if (status === 'pending') {
      this.logger.warn(
        `The ${row.kind} alert failed (${errors.join('; ')}); trying again in ${delay} s`,
      );
    }
    // The next attempt at the database's clock, as the lease above reads it.
    await this.dataSource
      .createQueryBuilder()
      .update(ConsoleAlertRecord)
      .set({
        status,
        delivered,
        lastError: errors.join('; ').slice(0, 1000) || null,
        nextAttemptAt: () => 'now() + make_interval(secs => :delay)',
      })
      .where({ id: row.id })
      .setParameter('delay', delay ?? 0)
      .execute();
  }
}
