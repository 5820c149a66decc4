import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * Encrypts the second factors' secrets at rest with CONSOLE_SECRET_KEY: AES-256-GCM, a random
 * 96-bit nonce per value, stored as nonce ‖ tag ‖ ciphertext. A database dump alone does not give
 * anyone an operator's codes.
 */
export class SecretBox {
  private readonly key: Buffer;

  constructor(base64Key: string) {
    // The first 32 bytes: a longer key is accepted and its excess ignored (settings ask ≥ 32).
    this.key = Buffer.from(base64Key, 'base64').subarray(0, 32);
  }

  seal(plain: Buffer): Buffer {
    const nonce = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, nonce);
    const sealed = Buffer.concat([cipher.update(plain), cipher.final()]);
    return Buffer.concat([nonce, cipher.getAuthTag(), sealed]);
  }

  /**
   * The value, or null when this key does not open it: sealed under another CONSOLE_SECRET_KEY
   * (a database restored without the backup's settings, or a key changed by hand).
   */
  openOrNull(box: Buffer): Buffer | null {
    try {
      return this.open(box);
    } catch {
      return null;
    }
  }

  open(box: Buffer): Buffer {
    const decipher = createDecipheriv('aes-256-gcm', this.key, box.subarray(0, 12));
    decipher.setAuthTag(box.subarray(12, 28));
    return Buffer.concat([decipher.update(box.subarray(28)), decipher.final()]);
  }
}
