/**
 * What the product's rules refuse, for a person: a filter it cannot read, a lead that is not
 * there, a change the role or the workflow does not allow, a scheduler's delivery it does not
 * apply. Each feature's own error extends this class with its status, and the one global filter
 * (api-exception.filter.ts) answers it with that status and its message; no controller turns an
 * error into a status itself. The `leads` command prints the message the same way.
 */
export type RefusalStatus = 400 | 401 | 403 | 404 | 409 | 422;

export class Refusal extends Error {
  constructor(
    message: string,
    readonly status: RefusalStatus = 400,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** The statuses of the refusals that name their kind: what is wrong with the request. */
export const REFUSAL_STATUS = {
  invalid: 400,
  forbidden: 403,
  missing: 404,
  conflict: 409,
} as const satisfies Record<string, RefusalStatus>;
