import { randomInt } from 'node:crypto';
import { Logger } from '@nestjs/common';
import { IsNull, LessThan, type EntityManager } from 'typeorm';
import { RecoveryCode } from './recovery-code.entity.js';
import type { SecretBox } from './secret-box.js';
import { hashOf } from './tokens.js';
import { acceptedStep } from './totp.js';
import { User } from './user.entity.js';

export const RECOVERY_CODES = 10;
/** Said when an account's authenticator secret does not open: no account is named. */
export const UNOPENED_SECRET =
  "CONSOLE_SECRET_KEY does not open an account's authenticator secret: it was sealed under another key. " +
  "After a restore on a new machine, put back the backup's settings (make restore … KEY=…, " +
  'docs/backups.md). Until then, operators sign in with a recovery code.';
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** A recovery code as typed: case, spaces and dashes do not matter. */
const normalized = (code: string) => code.toLowerCase().replace(/[\s-]/g, '');

/** The account's second factor as stored: the sealed TOTP secret and the last step used. */
export type StoredFactor = Pick<User, 'id' | 'totpSecret' | 'totpLastStep'>;

/** What a find selects to read an account's second factor (its columns are never selected unasked). */
export const FACTOR_COLUMNS = { id: true, totpSecret: true, totpLastStep: true } as const;

/**
 * Checks a second-factor code: the TOTP code of now (each usable once, ±1 step) or one of the
 * account's recovery codes (each usable once). Both are consumed by one conditional statement
 * whose count of rows tells whether this request used it, so two requests with the same code
 * cannot both succeed. Answers which factor it was, or null.
 */
export async function useCode(
  manager: EntityManager,
  account: StoredFactor,
  code: string,
  box: SecretBox,
  now: Date,
): Promise<'totp' | 'recovery code' | null> {
  const typed = code.trim();
  const secret = account.totpSecret && box.openOrNull(account.totpSecret);
  if (account.totpSecret && !secret) new Logger('SecondFactor').error(UNOPENED_SECRET);
  if (secret) {
    const last = account.totpLastStep === null ? null : Number(account.totpLastStep);
    const step = acceptedStep(secret, typed, now, last);
    if (step !== null) {
      // Only while no later step was used: the UPDATE's count says whether this request used it.
      const { id } = account;
      const used = await manager.update(
        User,
        [
          { id, totpLastStep: IsNull() },
          { id, totpLastStep: LessThan(String(step)) },
        ],
        { totpLastStep: String(step) },
      );
      return used.affected ? 'totp' : null;
    }
  }
  if (normalized(typed).length !== 10) return null;
  const used = await manager.delete(RecoveryCode, {
    userId: account.id,
    codeHash: hashOf(normalized(typed)),
  });
  return used.affected ? 'recovery code' : null;
}

/** Ten new recovery codes (about 49 bits each, "xxxxx-xxxxx"), replacing any earlier ones. */
export async function newRecoveryCodes(manager: EntityManager, userId: string): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODES }, () => {
    const chars = Array.from({ length: 10 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
  await manager.delete(RecoveryCode, { userId });
  await manager.insert(
    RecoveryCode,
    codes.map((code) => ({ userId, codeHash: hashOf(normalized(code)) })),
  );
  return codes;
}
