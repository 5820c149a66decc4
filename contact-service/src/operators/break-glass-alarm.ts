import { Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { EnvironmentService } from '../config/environment.service.js';
import { redact } from '../config/env.js';
import type { ConsoleAlert } from '../integrations/console-alert.js';
import { buildChannels, teamChannels, type Channels } from '../notifications/channels.js';

/** Each channel is tried again after these delays (about 12 minutes in all), then given up loudly. */
const RETRY_DELAYS_MS = [5_000, 30_000, 120_000, 600_000];

/**
 * Tells the admins at once that a break-glass account signed in (SSO_REQUIRED=on): on the team's
 * channels (the sales inbox and every active admin's address by mail, Slack, the webhook), from
 * the console's process, without holding up the sign-in. The log says so first, at warn; a
 * channel that still fails after its retries is logged as an error. The audit trail has the
 * sign-in in any case ("break-glass sign-in").
 */
@Injectable()
export class BreakGlassAlarm implements OnModuleDestroy {
  private readonly logger = new Logger('BreakGlass');
  private channels?: Channels;
  private readonly pending = new Set<Promise<void>>();
  private closing = false;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly environment: EnvironmentService,
  ) {}

  async raise(username: string, at: Date): Promise<void> {
    this.logger.warn(`Break-glass sign-in by ${username}: the admins are being told`);
    const admins = (
      (await this.dataSource.query(
        `SELECT email FROM users WHERE role = 'admin' AND disabled_at IS NULL AND email IS NOT NULL`,
      )) as { email: string }[]
    ).map((row) => row.email);
    const alert: ConsoleAlert = {
      kind: 'break-glass sign-in',
      username,
      at,
      link: `${this.environment.get('CONSOLE_ORIGIN')}/console/audit?command=${encodeURIComponent('break-glass sign-in')}`,
      to: admins,
    };
    this.channels ??= buildChannels(this.environment);
    const names = teamChannels(this.channels).filter((name) => this.channels!.get(name)?.alert);
    if (names.length === 0) {
      this.logger.error(
        `Break-glass sign-in by ${username}, and no channel is configured to tell the admins (SMTP_URL, SLACK_WEBHOOK_URL, WEBHOOK_URL)`,
      );
    }
    for (const name of names) {
      // One id per alert and channel, the same on every retry: the Message-ID, the webhook id.
      const sent = this.send(name, alert, randomUUID());
      this.pending.add(sent);
      void sent.finally(() => this.pending.delete(sent));
    }
  }

  /** Tests and shutdown: every alert under way has been sent or given up. */
  async settled(): Promise<void> {
    await Promise.all([...this.pending]);
  }

  async onModuleDestroy(): Promise<void> {
    this.closing = true;
    await Promise.race([this.settled(), new Promise((resolve) => setTimeout(resolve, 5_000))]);
    for (const channel of this.channels?.values() ?? []) channel.close?.();
  }

  private async send(name: string, alert: ConsoleAlert, id: string): Promise<void> {
    const channel = this.channels!.get(name as never)!;
    for (let attempt = 0; ; attempt++) {
      try {
        await channel.alert!(alert, id);
        return;
      } catch (error) {
        const message = redact((error as Error).message, this.environment.secrets);
        const delay = RETRY_DELAYS_MS[attempt];
        if (delay === undefined || this.closing) {
          this.logger.error(
            `The ${name} alert of ${alert.username}'s break-glass sign-in could not be sent: ${message}`,
          );
          return;
        }
        this.logger.warn(
          `The ${name} alert failed (${message}); trying again in ${delay / 1000} s`,
        );
        await new Promise((resolve) => setTimeout(resolve, delay).unref());
      }
    }
  }
}
