import { BadRequestException } from '@nestjs/common';
import { apiError } from '../../http/api-error.js';

/**
 * The fields of a console request's JSON body, each a string of at most its length and without
 * NUL; anything else (a missing required field, another type, a field not asked for) is a 400
 * that names the field. `optional` fields may be left out.
 */
export function fieldsOf<Name extends string, Optional extends string = never>(
  body: unknown,
  limits: Record<Name, number>,
  optional: Record<Optional, number> = {} as Record<Optional, number>,
): Record<Name, string> & Partial<Record<Optional, string>> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new BadRequestException(apiError(400, 'Send a JSON object.'));
  }
  const problems: Record<string, string> = {};
  for (const [name, value] of Object.entries(body)) {
    const limit = limits[name as Name] ?? optional[name as Optional];
    if (limit === undefined) problems[name] = 'This field is not expected.';
    else if (typeof value !== 'string') problems[name] = 'This field must be text.';
    else if (value.length > limit)
      problems[name] = `This field is longer than ${limit} characters.`;
    // Postgres text cannot hold one, and no keyboard types one.
    else if (value.includes('\u0000')) problems[name] = 'This field holds a NUL character.';
  }
  for (const name of Object.keys(limits)) {
    if (!(name in body)) problems[name] = 'This field is required.';
  }
  if (Object.keys(problems).length > 0) {
    throw new BadRequestException(
      apiError(400, 'Please correct the highlighted fields.', problems),
    );
  }
  return body as Record<Name, string> & Partial<Record<Optional, string>>;
}

/** A refusal of the operators' rules (its class: `refused`) becomes a 400 with its message. */
export async function refusalsAs400<T>(
  work: Promise<T>,
  refused: abstract new (...args: never[]) => Error,
): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof refused) throw new BadRequestException(apiError(400, error.message));
    throw error;
  }
}
