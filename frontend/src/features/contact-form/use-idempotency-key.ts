import { useRef } from 'react';

/**
 * The Idempotency-Key of the form's submissions: one per filled-in form. It is made on the first
 * submission and kept while the values stay as they were, so a retry after a failure reuses it;
 * `renew` drops it when a value changes or the form is reset, and the next submission gets a
 * new one.
 */
export function useIdempotencyKey(): { current: () => string; renew: () => void } {
  const key = useRef<string | null>(null);
  return {
    current: () => (key.current ??= newIdempotencyKey()),
    renew: () => {
      key.current = null;
    },
  };
}

/**
 * A random (version 4) UUID. `crypto.randomUUID` exists only in secure contexts (https and
 * localhost: https://developer.mozilla.org/docs/Web/API/Crypto/randomUUID), and a stack tried
 * over plain http on a LAN address must still send its form; `getRandomValues` exists everywhere.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return [
    hex.slice(0, 8),
    hex.slice(8, 12),
    hex.slice(12, 16),
    hex.slice(16, 20),
    hex.slice(20),
  ].join('-');
}
