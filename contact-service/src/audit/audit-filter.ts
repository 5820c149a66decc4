import { ApiPropertyOptional } from '@nestjs/swagger';
import { RefusedAs } from '../http/body-validation.pipe.js';
import { Day, NotBefore, QueryMatching, QueryText, Rule } from '../http/query-fields.js';

const FILTERS = 'command, actor, email, from, to or before';
const EMAIL = /^[^\s@]+@[^\s@]+$/;
const BIGINT_MAX = 9223372036854775807n;

/** A text filter of at most `max` characters: the longest its column holds. */
const Text = (max: number) =>
  QueryText(max, {
    tooLong: ({ property }) => `${property} is at most ${max} characters long.`,
    nul: ({ property }) => `${property} holds a NUL character.`,
  });

/** The number of a record, as audit_log.id holds it: 1 to the largest bigint. */
const isRecord = (text: string) =>
  /^\d{1,19}$/.test(text) && BigInt(text) >= 1n && BigInt(text) <= BIGINT_MAX;

/**
 * Which records of the audit trail to read; each filter narrows, and all of them together must
 * hold. The console's audit screen writes it in its address's query
 * (?command=users+add&actor=ada&from=2026-11-01…), read and checked by the validation pipe; an
 * empty parameter is no filter, an unknown or malformed one is refused rather than ignored, so a
 * view that looks filtered always is. The `leads audit` command sets some of it from its options.
 */
@RefusedAs({
  unknownField: (name) =>
    `The audit trail has no filter named ${JSON.stringify(name.slice(0, 40))}: use ${FILTERS}.`,
})
export class AuditFilter {
  /** Exactly this command ("users add", "sign-in failed", "erase"…). */
  @ApiPropertyOptional({ maxLength: 32 })
  @Text(32)
  command?: string;

  /** Exactly this actor: an operator's username, or the user@host of a `leads` command. */
  @ApiPropertyOptional({ maxLength: 200 })
  @Text(200)
  actor?: string;

  /** Only records about this address (matched by its keyed hash, never stored). */
  @ApiPropertyOptional({ maxLength: 254 })
  @Text(254)
  @Rule('isEmail', (text) => EMAIL.test(text), 'email is an address such as jane@bank.example.')
  email?: string;

  /** On or after this day, YYYY-MM-DD in UTC. */
  @ApiPropertyOptional({ format: 'date' })
  @Day(' (a day in UTC)')
  from?: string;

  /** On or before this day, YYYY-MM-DD in UTC. */
  @ApiPropertyOptional({ format: 'date' })
  @Day(' (a day in UTC)')
  @NotBefore('from')
  to?: string;

  /** Older than this record (its id): the place where the previous page ended. */
  @ApiPropertyOptional()
  @QueryMatching(
    'isRecord',
    isRecord,
    'before is the number of a record: follow the link to older records.',
  )
  before?: string;
}
