import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The inbox's counts per status without reading a million index entries each time
 * (src/leads/lead-counts.ts). Leads received before a horizon are "settled": their counts per
 * kind and status are kept in lead_count_totals, and only the leads received since are counted
 * live. The public write path writes no counter: a new lead is received after the horizon, and
 * counted live. Only what changes a settled lead's count touches the totals, by a trigger in the
 * same transaction: a status change, spam marked or released, an erasure, the retention purge,
 * a receipt time changed, or a lead written with an old receipt time (an import). The horizon
 * moves forward once an hour (settleLeadCounts), folding the hours it passes into the totals.
 *
 * The trigger takes the horizon's row FOR SHARE on an update or a delete, and the fold FOR
 * UPDATE, so that a change of a lead and a fold over it never pass each other: whichever commits
 * second sees the other's work. A lead written with an old receipt time at the moment of a fold
 * could be missed (only an import does that); settleLeadCounts(…, { recount: true }) starts over.
 */
export class SettledCounts1795900000000 implements MigrationInterface {
  name = 'SettledCounts1795900000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "lead_count_totals" (
        "kind" varchar(16) NOT NULL,
        "status" varchar(16) NOT NULL,
        "n" bigint NOT NULL,
        CONSTRAINT "PK_lead_count_totals" PRIMARY KEY ("kind", "status")
      )`);
    await queryRunner.query(`
      CREATE TABLE "lead_count_horizon" (
        "one" boolean NOT NULL DEFAULT true,
        "settled_before" timestamptz NOT NULL DEFAULT '-infinity',
        CONSTRAINT "PK_lead_count_horizon" PRIMARY KEY ("one"),
        CONSTRAINT "CHK_lead_count_horizon_one" CHECK ("one")
      )`);
    await queryRunner.query(`INSERT INTO "lead_count_horizon" DEFAULT VALUES`);
    await queryRunner.query(`
      CREATE FUNCTION lead_count_add(kind varchar, status varchar, delta bigint) RETURNS void
        LANGUAGE sql AS $$
          INSERT INTO public.lead_count_totals AS t (kind, status, n) VALUES (kind, status, delta)
          ON CONFLICT (kind, status) DO UPDATE SET n = t.n + EXCLUDED.n $$`);
    await queryRunner.query(`
      CREATE FUNCTION lead_count_follow() RETURNS trigger LANGUAGE plpgsql AS $$
        DECLARE horizon timestamptz;
        BEGIN
          IF TG_OP = 'INSERT' THEN
            -- The public write path: one read of the horizon, no lock, nothing written.
            IF NEW.spam_reason IS NULL
               AND NEW.created_at < (SELECT settled_before FROM public.lead_count_horizon) THEN
              PERFORM public.lead_count_add(public.lead_kind(NEW.message), NEW.status, 1);
            END IF;
            RETURN NULL;
          END IF;
          IF TG_OP = 'UPDATE' AND OLD.status = NEW.status AND OLD.created_at = NEW.created_at
             AND (OLD.spam_reason IS NULL) = (NEW.spam_reason IS NULL)
             AND OLD.message IS NOT DISTINCT FROM NEW.message THEN
            RETURN NULL;
          END IF;
          SELECT settled_before INTO horizon FROM public.lead_count_horizon FOR SHARE;
          IF OLD.spam_reason IS NULL AND OLD.created_at < horizon THEN
            PERFORM public.lead_count_add(public.lead_kind(OLD.message), OLD.status, -1);
          END IF;
          IF TG_OP = 'UPDATE' AND NEW.spam_reason IS NULL AND NEW.created_at < horizon THEN
            PERFORM public.lead_count_add(public.lead_kind(NEW.message), NEW.status, 1);
          END IF;
          RETURN NULL;
        END $$`);
    await queryRunner.query(`
      CREATE TRIGGER "TRG_contact_submissions_counts"
        AFTER INSERT OR UPDATE OR DELETE ON "contact_submissions"
        FOR EACH ROW EXECUTE FUNCTION lead_count_follow()`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `DROP TRIGGER "TRG_contact_submissions_counts" ON "contact_submissions"`,
    );
    await queryRunner.query(`DROP FUNCTION lead_count_follow()`);
    await queryRunner.query(`DROP FUNCTION lead_count_add(varchar, varchar, bigint)`);
    await queryRunner.query(`DROP TABLE "lead_count_horizon"`);
    await queryRunner.query(`DROP TABLE "lead_count_totals"`);
  }
}
