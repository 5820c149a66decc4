import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager, QueryRunner } from 'typeorm';
import { EnvironmentService } from '../config/environment.service.js';
import { JobQueue, queueTransactionOf, type Job } from '../integrations/queue/job-queue.js';
import type { LeadKind } from '../leads/lead-kind.js';
import { LeadOwners } from '../leads/lead-owners.js';
import { LeadState } from '../leads/lead-state.js';
import {
  dueAt,
  OPEN_WHILE,
  pendingStep,
  PROMISED_STEPS,
  promiseRules,
  reminderAt,
  type PromisedStep,
  type PromiseRules,
} from '../leads/lead-promises.js';
import type { PromiseNotice } from '../integrations/promise-notice.js';
import type { Attempt } from './settlement.js';
import { noticePurpose } from '../leads/pending-notices.js';
import { adminAddresses } from '../leads/operators-table.js';
import { promiseStarts, watchedLead } from '../leads/watched-lead.js';
import { addNotices } from '../leads/outbox.js';
import { NOTIFICATION_CHANNELS, teamChannels, type Channel, type Channels } from './channels.js';

/** What the watch does for a lead at a time: give it to the next operator, remind, escalate. */
export interface PromiseJob {
  leadId: string;
  action: 'assign' | 'reminder' | 'escalation';
  step?: PromisedStep;
}

const QUEUE = 'lead-promises';
/** The actor of reminders and escalations in a lead's history. */
export const WATCH_ACTOR = 'promise-watch';

/**
 * Keeps the promises in view (leads/lead-promises.ts). When a lead is announced, the outbox
 * relay schedules its jobs here in the same transaction (schedule): its automatic assignment
 * (AUTO_ASSIGN) at once, and for each step of its kind a reminder at the reminder time and an
 * escalation at the due time. Jobs are durable in the job queue and run in whichever worker takes
 * them; each one looks at the lead afresh (run): a step already kept, a lead marked spam or
 * erased, needs nothing. A reminder or escalation is written as notifications (purpose
 * 'reminder:<step>' …, one per channel, unique), which the relay and the channels deliver like
 * any other, with retries, failures shown, and "deliver again": two workers that run the same
 * job, or a job run again after a crash, add nothing the first did not.
 */
@Injectable()
export class PromiseWatch {
  private readonly logger = new Logger('Promises');
  private readonly rules: PromiseRules;
  private readonly autoAssign: readonly LeadKind[];
  private readonly team: Channel[];
  private readonly consoleOrigin: string;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly queue: JobQueue,
    environment: EnvironmentService,
    @Inject(NOTIFICATION_CHANNELS) channels: Channels,
    private readonly owners: LeadOwners,
    private readonly state: LeadState,
  ) {
    this.rules = promiseRules(environment);
    this.autoAssign = environment.get('AUTO_ASSIGN') as LeadKind[];
    this.team = teamChannels(channels);
    this.consoleOrigin = environment.get('CONSOLE_ORIGIN');
  }

  async create(): Promise<void> {
    await this.queue.ensureQueue(QUEUE, {
      retryLimit: 20,
      retryDelay: 30,
      retryBackoff: true,
      retryDelayMax: 3600,
      expireInSeconds: 120,
      // A job waits as long as its promise does: a year covers any of contract/promises.json.
      retentionSeconds: 400 * 24 * 3600,
      deleteAfterSeconds: 7 * 24 * 3600,
    });
  }

  /**
   * The same in a TypeORM transaction: a callback promise re-opened by a cancelled booking
   * (bookings/bookings.service.ts) gets its reminder and escalation with the re-opening.
   */
  async scheduleIn(manager: EntityManager, leadIds: string[]): Promise<void> {
    await this.schedule(manager.queryRunner!, leadIds);
  }

  /** The jobs of leads just announced, in the caller's transaction (the outbox relay's). */
  async schedule(transaction: QueryRunner, leadIds: string[]): Promise<void> {
    if (leadIds.length === 0) return;
    const leads = await promiseStarts(transaction, leadIds);
    const jobs = leads.flatMap(({ id, kind, createdAt }) => {
      const receivedAt = new Date(createdAt);
      const steps = PROMISED_STEPS.filter((step) => OPEN_WHILE[step].kind === kind);
      return [
        ...(this.autoAssign.includes(kind) ? [{ data: { leadId: id, action: 'assign' } }] : []),
        ...steps.flatMap((step) => [
          {
            data: { leadId: id, action: 'reminder', step },
            startAfter: reminderAt(step, receivedAt, this.rules),
          },
          {
            data: { leadId: id, action: 'escalation', step },
            startAfter: dueAt(step, receivedAt, this.rules),
          },
        ]),
      ];
    });
    await this.queue.insert(QUEUE, jobs, queueTransactionOf(transaction));
  }

  /**
   * The reminders and escalations among notifications being delivered, by notification id, as
   * the channels tell them: a reminder to the owner's address (none: the team's inbox), an
   * escalation to every active admin's address and the team's inbox.
   */
  async notices(attempts: Attempt[]): Promise<Map<string, PromiseNotice>> {
    const notices = new Map<string, PromiseNotice>();
    const of = attempts.filter((attempt) => /^(reminder|escalation):/.test(attempt.purpose));
    if (of.length === 0) return notices;
    const admins = of.some((attempt) => attempt.purpose.startsWith('escalation:'))
      ? await adminAddresses(this.dataSource)
      : [];
    for (const attempt of of) {
      const [notice, step] = attempt.purpose.split(':') as [
        'reminder' | 'escalation',
        PromisedStep,
      ];
      const to = notice === 'escalation' ? admins : attempt.ownerEmail ? [attempt.ownerEmail] : [];
      notices.set(attempt.notificationId, {
        notice,
        step,
        dueAt: dueAt(step, new Date(attempt.promiseFrom), this.rules),
        owner: attempt.owner,
        to,
        link: `${this.consoleOrigin}/console/leads/${attempt.id}`,
      });
    }
    return notices;
  }

  /** Runs the watch's jobs in this process (the worker's). */
  async work(relaySoon: () => void): Promise<void> {
    await this.queue.work(
      QUEUE,
      { batchSize: 10, pollingIntervalSeconds: 2 },
      async (jobs: Job<PromiseJob>[]) => {
        for (const job of jobs) {
          if (await this.run(job.data, new Date())) relaySoon();
        }
      },
    );
  }

  /**
   * One job, at `now`: answers whether it wrote notifications. A job that comes early (the
   * settings moved its time) puts itself back for its time.
   */
  async run(job: PromiseJob, now: Date): Promise<boolean> {
    if (job.action === 'assign') {
      const owner = await this.owners.assignInTurn(job.leadId, now);
      if (owner) this.logger.log(`Lead ${job.leadId} given to ${owner}`);
      return false;
    }
    const notice = job.action;
    const step = job.step!;
    const lead = await watchedLead(this.dataSource, job.leadId);
    // Erased, marked spam, or the step kept: the promise needs nothing more.
    if (!lead || lead.spam || pendingStep(lead.kind, lead.status) !== step) return false;
    const due = dueAt(step, lead.createdAt, this.rules);
    const at = notice === 'reminder' ? reminderAt(step, lead.createdAt, this.rules) : due;
    if (at.getTime() > now.getTime() + 1000) {
      await this.queue.insert(QUEUE, [{ data: job, startAfter: at }]);
      return false;
    }
    // A reminder that comes after the due time (the workers were down) is the escalation's job.
    if (notice === 'reminder' && due.getTime() <= now.getTime()) return false;
    const toOwner = notice === 'reminder' && lead.owner !== null && lead.ownerEmail !== null;
    const channels = toOwner ? ['email'] : this.team;
    const to =
      notice === 'escalation' ? 'the admins and the team' : toOwner ? lead.owner! : 'the team';
    return this.dataSource.transaction(async (manager) => {
      const purpose = noticePurpose(notice, step, lead.callbackFrom);
      // Once per lead, channel and purpose: a job run twice finds its notices there already.
      if (!(await addNotices(manager, job.leadId, channels, purpose))) return false;
      await this.state.recordNotice(manager, job.leadId, { event: notice, step, to }, WATCH_ACTOR);
      return true;
    });
  }
}
