import { Webhook } from 'standardwebhooks';
import type { ConsoleAlert } from '../console-alert.js';
import type { PromiseNotice } from '../promise-notice.js';
import type { Lead } from '../../leads/lead.js';
import { postJson } from '../delivery.js';

/** The documented payload (docs/operating.md, "The webhook"). */
export function webhookPayloadOf(lead: Lead, now: Date) {
  return {
    type: lead.kind === 'accessibility' ? 'accessibility.submitted' : 'contact.submitted',
    timestamp: now.toISOString(),
    data: {
      id: lead.id,
      kind: lead.kind,
      name: lead.name,
      email: lead.email,
      company: lead.company,
      role: lead.role,
      message: lead.message,
      createdAt: lead.createdAt.toISOString(),
      // What brought it (leads/attribution.ts): null for a lead with none recorded.
      source: lead.source,
      attribution: lead.attribution,
    },
  };
}

/** A reminder or an escalation (docs/operating.md, "The webhook"): no address, no message. */
export function noticePayloadOf(lead: Lead, notice: PromiseNotice, now: Date) {
  return {
    type: `lead.${notice.notice}`,
    timestamp: now.toISOString(),
    data: {
      id: lead.id,
      kind: lead.kind,
      step: notice.step,
      dueAt: notice.dueAt.toISOString(),
      owner: notice.owner,
      name: lead.name,
      company: lead.company,
      link: notice.link,
    },
  };
}

/**
 * For CRMs and automation: the lead as JSON, signed per Standard Webhooks
 * (https://www.standardwebhooks.com/: webhook-id, webhook-timestamp, webhook-signature,
 * HMAC-SHA256). The webhook-id is the notification's id, the same on every retry.
 */
export class WebhookChannel {
  private readonly signer: Webhook;

  constructor(
    private readonly url: string,
    secret: string,
  ) {
    this.signer = new Webhook(secret);
  }

  async deliver(lead: Lead, notificationId: string, notice?: PromiseNotice): Promise<void> {
    const now = new Date();
    await this.post(
      notificationId,
      now,
      JSON.stringify(notice ? noticePayloadOf(lead, notice, now) : webhookPayloadOf(lead, now)),
    );
  }

  /**
   * An alert of the console (docs/operating.md, "The webhook"): `console.break_glass_sign_in`,
   * `console.break_glass_reset` or `console.break_glass_enrolment`.
   */
  async alert(alert: ConsoleAlert, id: string): Promise<void> {
    const now = new Date();
    const body = JSON.stringify({
      type: `console.${alert.kind.replaceAll(/[ -]/g, '_')}`,
      timestamp: now.toISOString(),
      data: {
        username: alert.username,
        ...(alert.by ? { by: alert.by } : {}),
        at: alert.at.toISOString(),
        link: alert.link,
      },
    });
    await this.post(id, now, body);
  }

  private async post(notificationId: string, now: Date, body: string): Promise<void> {
    const signature = this.signer.sign(notificationId, now, body);
    await postJson(
      this.url,
      body,
      {
        'webhook-id': notificationId,
        'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
        'webhook-signature': signature,
      },
      'The webhook receiver',
    );
  }
}
