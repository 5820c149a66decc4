// Bodies for the property-based tests of POST /api/contact (contact-fuzz.ts) at the extremes of
// structure rather than of content, where the body parser, the validation pipe and the error
// paths recurse: found a 500 (class-transformer's stack overflowed on a body nested ~4,000 deep).
import fc from 'fast-check';

/**
 * Bodies at the extremes of structure rather than of content: a field, or the whole body, nested
 * thousands deep; objects with thousands of keys; long arrays. Written as text, because
 * JSON.stringify would itself recurse. None is a valid submission: each must be a 4xx.
 */
const nested = (depth: number, kind: 'array' | 'object') =>
  kind === 'array'
    ? `${'['.repeat(depth)}"x"${']'.repeat(depth)}`
    : `${'{"a":'.repeat(depth)}"x"${'}'.repeat(depth)}`;
const VALID_FIELDS = '"name":"Ada","email":"ada@example.com","company":"N","role":"R"';
/** `fields`: the form's field names; `parse`: how the oracle reads bytes as JSON. */
export const structureBodies = (
  fields: readonly string[],
  parse: (bytes: Uint8Array) => unknown,
): fc.Arbitrary<{ body: Buffer; json: unknown }> =>
  fc
    .oneof(
      fc
        .record({
          field: fc.constantFrom(...fields, 'createdAt'),
          depth: fc.integer({ min: 2, max: 6000 }),
          kind: fc.constantFrom('array' as const, 'object' as const),
        })
        .map(({ field, depth, kind }) => `{${VALID_FIELDS},"${field}":${nested(depth, kind)}}`),
      fc
        .record({
          depth: fc.integer({ min: 2, max: 6000 }),
          kind: fc.constantFrom('array' as const, 'object' as const),
        })
        .map(({ depth, kind }) => nested(depth, kind)),
      fc
        .integer({ min: 100, max: 3000 })
        .map(
          (n) => `{${VALID_FIELDS},${Array.from({ length: n }, (_, i) => `"k${i}":1`).join(',')}}`,
        ),
      fc
        .record({ field: fc.constantFrom(...fields), n: fc.integer({ min: 100, max: 5000 }) })
        .map(({ field, n }) => `{${VALID_FIELDS},"${field}":[${Array(n).fill('{}').join(',')}]}`),
    )
    .map((text) => {
      const body = Buffer.from(text);
      // fast-check's own printing of a counterexample recurses too: it gets a short form.
      const shown = text.length > 200 ? `${text.slice(0, 120)}…${text.slice(-40)}` : text;
      return {
        body,
        json: parse(body),
        [fc.toStringMethod]: () => `a ${body.length}-byte body: ${shown}`,
      };
    });
