import { apiError, type ApiErrorBody } from './api-error.js';

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

  /** The answer the global filter gives. */
  get body(): ApiErrorBody {
    return apiError(this.status, this.message);
  }
}

/** The statuses of the refusals that name their kind: what is wrong with the request. */
export const REFUSAL_STATUS = {
  invalid: 400,
  forbidden: 403,
  missing: 404,
  conflict: 409,
} as const satisfies Record<string, RefusalStatus>;

/**
 * A request's input its DTO refuses (body-validation.pipe.ts): a body, a query string or a path
 * parameter. Its message, and one per field when the app's wording gives them; a 400, or the
 * status the DTO gives (a path id that names nothing: 404).
 */
export class InputRefusal extends Refusal {
  constructor(
    message: string,
    readonly fields?: Record<string, string>,
    status: RefusalStatus = 400,
  ) {
    super(message, status);
  }

  override get body(): ApiErrorBody {
    return apiError(this.status, this.message, this.fields);
  }
}

/** What an operator names is not there (a session of theirs, a passkey): a 404. */
export class Missing extends Refusal {
  constructor(message: string) {
    super(message, REFUSAL_STATUS.missing);
  }
}
