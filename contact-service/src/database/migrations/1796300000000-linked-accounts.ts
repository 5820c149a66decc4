import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * An account linked to the identity provider's user signs in through the provider only
 * (operators/accounts.ts, link): its password, authenticator, recovery codes, passkeys and any
 * enrolment link go, so that someone the company's provider has turned away cannot sign in with
 * them. Accounts linked before this version kept them; this removes them, as linking does now.
 * Break-glass accounts keep theirs: they are the door for when the provider is down. Nothing of
 * this can be put back: `down` changes nothing (an admin gives an account a password again by
 * adding a new one).
 */
export class LinkedAccounts1796300000000 implements MigrationInterface {
  name = 'LinkedAccounts1796300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const linked = `SELECT id FROM users WHERE sso_subject IS NOT NULL AND NOT break_glass`;
    await queryRunner.query(`DELETE FROM recovery_codes WHERE user_id IN (${linked})`);
    await queryRunner.query(`DELETE FROM passkeys WHERE user_id IN (${linked})`);
    await queryRunner.query(`DELETE FROM enrolments WHERE user_id IN (${linked})`);
    await queryRunner.query(
      `DELETE FROM console_sessions WHERE user_id IN (${linked}) AND sso_checked_at IS NULL`,
    );
    await queryRunner.query(
      `UPDATE users SET password = NULL, totp_secret = NULL, totp_last_step = NULL
        WHERE sso_subject IS NOT NULL AND NOT break_glass`,
    );
  }

  async down(): Promise<void> {}
}
