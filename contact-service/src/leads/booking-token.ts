import { createCipheriv, createDecipheriv, createHmac, hkdfSync } from 'node:crypto';

const NONCE = 12;
const ID = 16;
const TAG = 16;
/** The length of a token in base64url: 44 bytes. */
export const BOOKING_TOKEN_LENGTH = Math.ceil(((NONCE + ID + TAG) * 4) / 3);

const keyOf = (secret: string, use: string) =>
  Buffer.from(hkdfSync('sha256', secret, '', `proposal-site booking link: ${use}`, 32));

/**
 * The token a booking link carries back to its lead (docs/bookings.md): the lead's id sealed
 * with AES-256-GCM under a key derived from the scheduler's own webhook secret, so that the link
 * shows neither the id nor the address, and only a token this service made opens to a lead. A
 * lead id typed into the link, or a token changed by one character, opens to nothing.
 *
 * The nonce is the id's HMAC, so a lead has one token: the receipt sent twice carries the same
 * link. With two secrets set (a rotation), the first seals and either opens; after the old
 * secret is dropped, its links still book, matched by the address the booker typed.
 */
export class BookingTokens {
  private readonly keys: { seal: Buffer; nonce: Buffer }[];

  constructor(secrets: readonly string[]) {
    if (secrets.length === 0) throw new Error('BookingTokens needs a secret');
    this.keys = secrets.map((secret) => ({
      seal: keyOf(secret, 'seal'),
      nonce: keyOf(secret, 'nonce'),
    }));
  }

  /** The token of a lead, by its id. */
  of(leadId: string): string {
    const { seal, nonce: nonceKey } = this.keys[0]!;
    const id = Buffer.from(leadId.replaceAll('-', ''), 'hex');
    const nonce = createHmac('sha256', nonceKey).update(id).digest().subarray(0, NONCE);
    const cipher = createCipheriv('aes-256-gcm', seal, nonce);
    const sealed = Buffer.concat([cipher.update(id), cipher.final()]);
    return Buffer.concat([nonce, sealed, cipher.getAuthTag()]).toString('base64url');
  }

  /** The lead id a token opens to, or null: not a token of this service's, or changed. */
  leadOf(token: string): string | null {
    if (token.length !== BOOKING_TOKEN_LENGTH || !/^[A-Za-z0-9_-]+$/.test(token)) return null;
    const box = Buffer.from(token, 'base64url');
    for (const { seal } of this.keys) {
      try {
        const decipher = createDecipheriv('aes-256-gcm', seal, box.subarray(0, NONCE));
        decipher.setAuthTag(box.subarray(NONCE + ID));
        const id = Buffer.concat([
          decipher.update(box.subarray(NONCE, NONCE + ID)),
          decipher.final(),
        ]).toString('hex');
        return `${id.slice(0, 8)}-${id.slice(8, 12)}-${id.slice(12, 16)}-${id.slice(16, 20)}-${id.slice(20)}`;
      } catch {
        // Not sealed under this key: the next one, if any.
      }
    }
    return null;
  }
}
