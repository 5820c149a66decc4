import { Webhook } from 'standardwebhooks';
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

  async deliver(lead: Lead, notificationId: string): Promise<void> {
    const now = new Date();
    const body = JSON.stringify(webhookPayloadOf(lead, now));
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
