import { HttpException } from '@nestjs/common';
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { apiError } from '../http/api-error.js';

/**
 * scrypt at one of OWASP's equivalent costs: N=2^15, r=8, p=3, which holds 32 MiB while it runs
 * (128·N·r bytes) where N=2^17, p=1 held 128 MiB for the same work. The parameters travel with
 * the hash: a password stored under other ones still verifies, and is stored again under these at
 * its next sign-in (needsRehash).
 */
const PARAMS = { N: 2 ** 15, r: 8, p: 3 };
const KEY_LENGTH = 32;

/**
 * At most this many derivations run at once in a process, whatever asks (sign-ins, unknown users
 * included, enrolments, password changes): the console shares its process with the public form,
 * and a flood of sign-ins must not take the memory that accepts leads. Others wait their turn, up
 * to QUEUE_LIMIT; past that, a derivation is refused at once (PasswordHashBusy) rather than queued.
 */
export const HASHES_AT_ONCE = 2;
export const QUEUE_LIMIT = 64;

/** Too many derivations waiting: a 429 that asks to try again in a few seconds. */
export class PasswordHashBusy extends HttpException {
  constructor() {
    super(
      apiError(429, 'Too many password checks are running at once. Try again in a few seconds.'),
      429,
    );
  }
}

let running = 0;
const waiting: (() => void)[] = [];

async function inTurn<T>(work: () => Promise<T>): Promise<T> {
  if (running >= HASHES_AT_ONCE) {
    if (waiting.length >= QUEUE_LIMIT) throw new PasswordHashBusy();
    await new Promise<void>((resolve) => waiting.push(resolve));
  } else {
    running++;
  }
  try {
    return await work();
  } finally {
    // The turn passes straight to the next in line, or the slot is freed.
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

function derive(password: string, salt: Buffer, params: typeof PARAMS): Promise<Buffer> {
  const options: ScryptOptions = { ...params, maxmem: 256 * params.N * params.r };
  return inTurn(
    () =>
      new Promise((resolve, reject) =>
        scrypt(password, salt, KEY_LENGTH, options, (error, key) =>
          error ? reject(error) : resolve(key),
        ),
      ),
  );
}

/** Returns `scrypt$N$r$p$salt$hash` (base64). */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, PARAMS);
  const { N, r, p } = PARAMS;
  return ['scrypt', N, r, p, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, N, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const actual = await derive(password, Buffer.from(salt, 'base64'), {
    N: Number(N),
    r: Number(r),
    p: Number(p),
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** Whether a stored hash was made under other parameters than today's. */
export function needsRehash(stored: string): boolean {
  const [, N, r, p] = stored.split('$');
  return Number(N) !== PARAMS.N || Number(r) !== PARAMS.r || Number(p) !== PARAMS.p;
}
