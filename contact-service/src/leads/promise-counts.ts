import type { DataSource } from 'typeorm';
import { ApiProperty } from '@nestjs/swagger';
import { LEAD_KINDS, type LeadKind } from './lead-kind.js';
import {
  dueCutoffs,
  OPEN_WHILE,
  PROMISE_FROM_SQL,
  PROMISED_STEPS,
  type PromiseRules,
  type PromisedStep,
} from './lead-promises.js';
import { rows } from '../database/rows.js';

/** How many leads have a step open past its due time, and past its reminder but not yet due. */
export class OpenPromises {
  @ApiProperty({ enum: LEAD_KINDS, enumName: 'LeadKind' }) kind!: LeadKind;
  @ApiProperty({ enum: PROMISED_STEPS, enumName: 'PromisedStep' }) step!: PromisedStep;
  @ApiProperty({ type: 'integer' }) overdue!: number;
  @ApiProperty({ type: 'integer' }) soon!: number;
}

/**
 * The leads whose promises are overdue or due soon, per kind and step (spam left out): what
 * /metrics reports for alerts and the overview shows. One count per step, each read from the
 * kind's index of status and receipt (migration 1795600000000).
 */
export async function openPromises(
  dataSource: DataSource,
  rules: PromiseRules,
  now: Date,
): Promise<OpenPromises[]> {
  const cutoffs = dueCutoffs(now, rules);
  return Promise.all(
    PROMISED_STEPS.map(async (step) => {
      const { kind, status } = OPEN_WHILE[step];
      const cut = cutoffs[step];
      const [row] = await rows<{ overdue: number; soon: number }>(
        dataSource,
        `SELECT count(*) FILTER (WHERE ${PROMISE_FROM_SQL} < $2)::int AS overdue,
                count(*) FILTER (WHERE ${PROMISE_FROM_SQL} >= $2)::int AS soon
           FROM contact_submissions s
          WHERE s.spam_reason IS NULL AND s.kind = '${kind}'
            AND s.status = $1 AND s.created_at < $3 AND ${PROMISE_FROM_SQL} < $3`,
        [status, cut.overdue, cut.soon],
      );
      return { kind, step, overdue: row?.overdue ?? 0, soon: row?.soon ?? 0 };
    }),
  );
}
