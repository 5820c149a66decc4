import { randomInt } from 'node:crypto';
import { Logger } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { SecretBox } from './secret-box.js';
import { hashOf } from './tokens.js';
import { acceptedStep } from './totp.js';

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
export interface StoredFactor {
  id: string;
  totpSecret: Buffer | null;
  totpLastStep: string | number | null;
}

/**
 * Checks a second-factor code: the TOTP code of now (each usable once, ±1 step) or one of the
 * account's recovery codes (each usable once). Both are consumed by one conditional statement
 * (WITH …: TypeORM answers a bare UPDATE or DELETE with a count), so two requests with the same
 * code cannot both succeed. Answers which factor it was, or null.
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
      const used = (await manager.query(
        `WITH used AS (
           UPDATE users SET totp_last_step = $2
            WHERE id = $1 AND (totp_last_step IS NULL OR totp_last_step < $2) RETURNING 1)
         SELECT * FROM used`,
        [account.id, step],
      )) as unknown[];
      return used.length > 0 ? 'totp' : null;
    }
  }
  if (normalized(typed).length !== 10) return null;
  const used = (await manager.query(
    `WITH used AS (
       DELETE FROM recovery_codes WHERE user_id = $1 AND code_hash = $2 RETURNING 1)
     SELECT * FROM used`,
    [account.id, hashOf(normalized(typed))],
  )) as unknown[];
  return used.length > 0 ? 'recovery code' : null;
}

/** Ten new recovery codes (about 49 bits each, "xxxxx-xxxxx"), replacing any earlier ones. */
export async function newRecoveryCodes(manager: EntityManager, userId: string): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODES }, () => {
    const chars = Array.from({ length: 10 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
  await manager.query(`DELETE FROM recovery_codes WHERE user_id = $1`, [userId]);
  await manager.query(
    `INSERT INTO recovery_codes (user_id, code_hash) SELECT $1, unnest($2::char(64)[])`,
    [userId, codes.map((code) => hashOf(normalized(code)))],
  );
  return codes;
}
