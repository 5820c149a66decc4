// What the property-based tests of POST /api/contact send, and the contract they judge answers
// by. The oracle is written from contract/README.md, apart from the service's DTO, so that the two
// can disagree and a disagreement fails the test; the numbers and the email syntax it takes from
// the contract's own file.
import { request as httpRequest } from 'node:http';
import fc from 'fast-check';
import { structureBodies } from './structure-bodies.js';
import contract from '@proposal-site/contract/contact-fields.json' with { type: 'json' };

const { limits } = contract;
const LEGACY_TRAP_LIMIT = contract.legacyTrapLimits.website;
const EMAIL_PATTERN = new RegExp(contract.patterns.email, 'u');

const NOT_TEXT = /[\p{Cc}\p{Cs}]/u;
const NOT_TEXT_EXCEPT_BREAKS = /(?![\t\n\r])[\p{Cc}\p{Cs}]/u;
const FIELDS = ['name', 'email', 'company', 'role', 'message', 'contact_me_by_fax_only', 'website'];

/** Whether the contract says this parsed JSON body is a valid submission. */
export function isValidByContract(body: unknown): boolean {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return false;
  const fields = body as Record<string, unknown>;
  if (Object.keys(fields).some((key) => !FIELDS.includes(key))) return false;
  const line = (value: unknown, max: number) =>
    typeof value === 'string' &&
    value.trim().length >= 1 &&
    value.trim().length <= max &&
    !NOT_TEXT.test(value.trim());
  const email =
    typeof fields.email === 'string' &&
    fields.email.trim().length <= limits.email &&
    EMAIL_PATTERN.test(fields.email.trim());
  const message =
    fields.message === undefined ||
    (typeof fields.message === 'string' &&
      fields.message.length <= limits.message &&
      !NOT_TEXT_EXCEPT_BREAKS.test(fields.message));
  const trap =
    fields.contact_me_by_fax_only === undefined ||
    typeof fields.contact_me_by_fax_only === 'boolean';
  const legacyTrap =
    fields.website === undefined ||
    (typeof fields.website === 'string' && fields.website.length <= LEGACY_TRAP_LIMIT);
  return (
    line(fields.name, limits.name) &&
    email &&
    line(fields.company, limits.company) &&
    line(fields.role, limits.role) &&
    message &&
    trap &&
    legacyTrap
  );
}

/** A request as the fuzzer sends it. */
export interface FuzzRequest {
  body: Buffer;
  headers: Record<string, string>;
  /** The JSON value behind `body`, when the body is JSON that fast-check made. */
  json?: unknown;
}

// Strings of every kind: any code point, lone surrogates, control characters, and text in the
// scripts prospects write in (whose UTF-8 is 2 to 4 bytes a character).
const anyString = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.constantFrom('', ' ', '\u0000', '\ud800', 'a\udc00b', '\u202e', '\ufeff', '\r\n', '\t'),
  fc.string({
    unit: fc.constantFrom('中', 'あ', 'ع', 'ж', '\u{20000}', '😀', 'a'),
    maxLength: 6000,
  }),
);
const validLine = (max: number) =>
  fc
    .string({
      unit: fc.constantFrom('A', 'z', ' ', 'é', '中', '\u{1F600}', '-', "'"),
      maxLength: max,
    })
    .filter((value) => value.trim().length >= 1 && value.length <= max);
const validEmail = fc
  .emailAddress()
  .filter((email) => email.length <= limits.email && EMAIL_PATTERN.test(email));

/** A valid value most of the time, else anything; `undefined` leaves the key out of the JSON. */
const fieldValue = (valid: fc.Arbitrary<unknown>) =>
  fc.oneof(
    { weight: 20, arbitrary: valid },
    { weight: 1, arbitrary: anyString },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );
/** Left out most of the time, else a value of this kind. */
const rarely = (value: fc.Arbitrary<unknown>) =>
  fc.oneof({ weight: 4, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: value });

/** Bodies near the contract: the right keys, each value valid or not, keys left out or added. */
const nearContract = fc.record({
  name: fieldValue(validLine(limits.name)),
  email: fieldValue(validEmail),
  company: fieldValue(validLine(limits.company)),
  role: fieldValue(validLine(limits.role)),
  message: fieldValue(
    fc.string({
      unit: fc.constantFrom('x', ' ', '\n', '\t', '\r', 'ж', '中', '\u{1F600}'),
      maxLength: limits.message,
    }),
  ),
  contact_me_by_fax_only: rarely(fc.oneof(fc.boolean(), fc.jsonValue({ maxDepth: 1 }))),
  website: rarely(
    fc.oneof(fc.string({ maxLength: 20 }), fc.string({ minLength: 501, maxLength: 600 })),
  ),
  createdAt: fc.oneof(
    { weight: 15, arbitrary: fc.constant(undefined) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 1 }) },
  ),
});

const jsonBody = fc
  .oneof({ weight: 5, arbitrary: nearContract }, fc.jsonValue({ maxDepth: 4 }), fc.anything())
  .map((json): Pick<FuzzRequest, 'body' | 'json'> => {
    const text = JSON.stringify(json);
    if (text === undefined) return { body: Buffer.from(String(json)) };
    return { body: Buffer.from(text), json: JSON.parse(text) as unknown };
  });
const rawBody = fc
  .oneof(
    fc.uint8Array({ maxLength: 2000 }),
    fc.string({ unit: 'binary', maxLength: 200 }).map((text) => Buffer.from(text)),
    fc
      .constantFrom(
        '{"__proto__":{"admin":true},"name":"Ada","email":"ada@example.com","company":"N","role":"R"}',
        '{"constructor":{"prototype":{"admin":true}},"name":"Ada"}',
        '{"name":"Ada","name":"Bob","email":"ada@example.com","company":"N","role":"R"}',
        '{"name":"\\ud800","email":"ada@example.com","company":"N","role":"R"}',
        '\ufeff{"name":"Ada","email":"ada@example.com","company":"N","role":"R"}',
      )
      .map((text) => Buffer.from(text)),
  )
  .map((bytes): Pick<FuzzRequest, 'body' | 'json'> => ({
    body: Buffer.from(bytes),
    json: parseStrictly(bytes),
  }));

/**
 * The JSON value of bytes that are UTF-8 and JSON, as a conforming server reads them: a leading
 * byte order mark may be ignored (RFC 8259, 8.1), and the decoder drops it.
 */
function parseStrictly(bytes: Uint8Array): unknown {
  try {
    return JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    return undefined;
  }
}

const token = fc.string({
  unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz-0123456789'),
  minLength: 1,
  maxLength: 20,
});
const headerValue = fc
  .string({ unit: 'binary-ascii', maxLength: 60 })
  .map((v) => v.replace(/[^\x20-\x7e\t]/g, ''));

const headers = fc.record({
  'content-type': fc.oneof(
    { weight: 12, arbitrary: fc.constant('application/json') },
    fc.constantFrom(
      'application/json; charset=utf-8',
      'Application/JSON; charset="UTF-8"',
      'application/json; charset=utf-16',
      'application/json; charset=latin1',
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/jsonx',
      '',
    ),
    headerValue,
  ),
  'idempotency-key': fc.oneof(
    { weight: 4, arbitrary: fc.constant(undefined) },
    { weight: 4, arbitrary: fc.uuid() },
    { weight: 1, arbitrary: headerValue },
  ),
  'x-request-id': rarely(headerValue),
  'content-encoding': rarely(fc.constantFrom('gzip', 'identity', 'br', 'x')),
  'transfer-encoding': rarely(fc.constant('chunked')),
  accept: rarely(headerValue),
  'accept-language': rarely(headerValue),
  origin: rarely(headerValue),
  cookie: rarely(headerValue),
  extra: rarely(fc.tuple(token, headerValue)),
});

export const fuzzRequest: fc.Arbitrary<FuzzRequest> = fc
  .tuple(
    fc.oneof({ weight: 4, arbitrary: jsonBody }, rawBody, structureBodies(FIELDS, parseStrictly)),
    headers,
  )
  .map(([body, { extra, ...given }]) => {
    const sent: Record<string, string> = {};
    // Spaces and tabs around a header value are not part of it (RFC 9110, 5.5): HTTP drops them.
    for (const [name, value] of Object.entries(given)) {
      if (typeof value === 'string') sent[name] = value.replace(/^[ \t]+|[ \t]+$/g, '');
    }
    if (Array.isArray(extra)) sent[`x-fuzz-${String(extra[0])}`] = String(extra[1]);
    return { ...body, headers: sent };
  });

/** Whether the contract promises a 201 for this request (otherwise a 4xx and nothing stored). */
export function expectsCreated(request: FuzzRequest): boolean {
  const mediaType = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  const charset = /charset=\s*"?([^";]*)"?/i.exec(request.headers['content-type'] ?? '')?.[1];
  const key = request.headers['idempotency-key'];
  return (
    mediaType === 'application/json' &&
    (charset === undefined || charset.toLowerCase() === 'utf-8') &&
    (request.headers['content-encoding'] ?? 'identity') === 'identity' &&
    (key === undefined || /^[\x21-\x7e]{1,255}$/.test(key)) &&
    request.json !== undefined &&
    isValidByContract(request.json)
  );
}

export interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/** Sends the request as it is, byte for byte, with node:http (fetch would tidy headers up). */
export function send(url: string, request: FuzzRequest, clientAddress: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      url,
      {
        method: 'POST',
        headers: { ...request.headers, 'x-forwarded-for': clientAddress },
        timeout: 20_000,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            text: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        response.on('error', reject);
      },
    );
    outgoing.on('timeout', () => outgoing.destroy(new Error('no answer within 20 s')));
    outgoing.on('error', reject);
    outgoing.end(request.body);
  });
}
