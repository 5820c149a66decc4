// The property that a GET of the console answers any query string 200 or 400, never a 5xx: the
// query strings a browser may send, and the check of each answer.
import { expect } from '@jest/globals';
import fc from 'fast-check';
import type { Answer } from './test-app.js';

/**
 * Any query string: up to `most` pairs of the route's `names` (or any short key) with `values`,
 * as a form encodes them; or, as a browser would send any text typed after "?", any text, and
 * runs of `units` (percent signs that decode to nothing, parts of the names).
 */
export function queryStrings(
  names: fc.Arbitrary<string>,
  values: fc.Arbitrary<string>,
  { most, units }: { most: number; units: string[] },
): fc.Arbitrary<string> {
  const structured = fc
    .array(fc.tuple(fc.oneof(names, fc.string({ maxLength: 10 })), values), { maxLength: most })
    .map((pairs) => new URLSearchParams(pairs).toString());
  const raw = fc.oneof(
    fc.string({ unit: 'binary', maxLength: 80 }).map(encodeURI),
    fc.string({ unit: fc.constantFrom(...units), maxLength: 30 }),
  );
  return fc.oneof(structured, raw);
}

/**
 * Asks `ask` every query of `queries`: each answer is 200 (then `answered` checks its body) or
 * 400 (then `refused` does), never anything else.
 */
export async function expectEveryQueryAnswered(
  queries: fc.Arbitrary<string>,
  ask: (query: string) => Promise<Answer>,
  check: { refused: (body: Answer['body']) => void; answered: (body: Answer['body']) => void },
  parameters: fc.Parameters<[string]>,
): Promise<void> {
  await fc.assert(
    fc.asyncProperty(queries, async (query) => {
      const answer = await ask(query);
      expect({ query, status: answer.status }).toEqual({
        query,
        status: [200, 400].includes(answer.status) ? answer.status : '200 or 400',
      });
      if (answer.status === 400) check.refused(answer.body);
      else check.answered(answer.body);
    }),
    parameters,
  );
}
