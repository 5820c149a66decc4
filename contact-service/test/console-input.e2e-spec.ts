import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { isApiErrorBody } from '../src/http/api-error.js';
import { consoleForThisFile } from './support/console-client.js';
import { expectEveryQueryAnswered, queryStrings } from './support/query-strings.js';
import { type Answer } from './support/test-app.js';

// Every input of the console's API is read one way (http/body-validation.pipe.ts): a query
// string and a path id are refused as a body is, in the same shape, with a sentence that says
// what to send. Against a real Postgres, through the console's HTTP server.
const team = consoleForThisFile({ operators: { ada: 'admin' } });

const ID = '3f2b8c1e-0d4a-4b6e-9f1a-2c3d4e5f6a7b';

/** What every refusal shares: its status, its reason, its fields (message: a sentence). */
const shape = (answer: Answer) => {
  expect(isApiErrorBody(answer.body)).toBe(true);
  expect(answer.body.message).toMatch(/^\S.{10,}\.$/);
  return { status: answer.status, error: answer.body.error, keys: Object.keys(answer.body).sort() };
};

/** A wrong body field the console refuses in one sentence: a status that does not exist. */
const wrongBodyField = () => team.ada.call('POST', `/leads/${ID}/status`, { status: 'bogus' });

/** GET `path` is refused with `message`, in the shape a wrong body field is refused in. */
async function refusedAsABodyField(path: string, message: string) {
  const answer = await team.ada.call('GET', path);
  expect([path, answer.body.message]).toEqual([path, message]);
  expect(shape(answer)).toEqual(shape(await wrongBodyField()));
}

describe('a wrong query value', () => {
  it.each([
    ['status=bogus', 'There is no status "bogus".'],
    ['order=name', 'order is newest or oldest.'],
    [
      'after=12.not-a-cursor',
      'after is not a place in the inbox: follow the link to the next page.',
    ],
    ['from=2026-13-01', 'from is a date such as 2026-11-24.'],
    ['unread=yes', 'unread is true or false.'],
    ['status=new&status=contacted', 'Give status once, as text.'],
  ])('on the inbox list (%s) is refused as a wrong body field is', (query, message) =>
    refusedAsABodyField(`/leads?${query}`, message),
  );

  it.each([
    ['from=2026-13-01', 'from is a date such as 2026-11-24 (a day in UTC).'],
    ['before=-1', 'before is the number of a record: follow the link to older records.'],
    ['email=nobody', 'email is an address such as jane@bank.example.'],
    [
      'order=oldest',
      'The audit trail has no filter named "order": use command, actor, email, from, to or before.',
    ],
  ])('on the audit list (%s) is refused as a wrong body field is', (query, message) =>
    refusedAsABodyField(`/admin/audit?${query}`, message),
  );

  it.each([
    ['/leads/counts?kind=sales', 'kind is contact or accessibility.'],
    ['/admin/leads/export?format=xml', 'format is csv or json.'],
    ['/deliveries?status=sent', 'status is failed or pending.'],
    ['/deliveries', 'status is failed or pending.'],
    ['/deliveries?status=failed&page=2', 'The deliveries have no filter named "page": use status.'],
  ])('on the counts, the export and the deliveries (%s) is refused the same way', (path, message) =>
    refusedAsABodyField(path, message),
  );

  it('is refused also when it is a name an object has (constructor, toString)', async () => {
    for (const name of ['constructor', 'toString', '__proto__']) {
      const answer = await team.ada.call('GET', `/leads?${name}=1`);
      expect([name, answer.status, answer.body.message]).toEqual([
        name,
        400,
        `The inbox has no filter named "${name}".`,
      ]);
    }
  });
});

describe('a path id that is not one', () => {
  it('names nothing: a 404 in the shape of every refusal, never a 5xx', async () => {
    for (const [method, path, message] of [
      ['GET', '/leads/not-an-id', 'There is no lead with that id: it may have been erased.'],
      ['POST', '/leads/42/spam', 'There is no lead with that id: it may have been erased.'],
      ['POST', '/deliveries/42/deliver-again', 'There is no notification with that id.'],
      ['DELETE', '/account/sessions/zz', 'You have no session with that reference.'],
      ['DELETE', '/account/passkeys/a%00b', 'You have no passkey with that id.'],
    ]) {
      const answer = await team.ada.call(method!, path!);
      expect([path, answer.status, answer.body.message]).toEqual([path, 404, message]);
      expect(shape(answer).keys).toEqual(shape(await wrongBodyField()).keys);
    }
    // A well-formed id that names nothing gets the same answer from the inbox itself.
    const missing = await team.ada.call('GET', `/leads/${ID}`);
    expect([missing.status, missing.body.message]).toEqual([
      404,
      'There is no lead with that id: it may have been erased.',
    ]);
  });
});

describe('any query string', () => {
  it('on GET leads answers 200 or 400, never a 5xx', async () => {
    const names = fc.constantFrom(
      ...['kind', 'status', 'spam', 'from', 'to', 'q', 'unread', 'due', 'owner', 'order', 'after'],
    );
    const value = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 40 }),
      fc.constantFrom('contact', 'new', 'true', 'false', 'oldest', 'overdue', 'mine', ' '),
      fc.date({ noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
      fc
        .tuple(fc.bigInt({ min: -10n, max: 2n ** 64n }), fc.uuid())
        .map(([micros, id]) => `${micros}.${id}`),
    );
    const queries = queryStrings(names, value, {
      most: 6,
      units: ['%', '0', 'f', 'z', '=', '&', '+', '[', ']', 'q', 'after', 'to'],
    });
    await expectEveryQueryAnswered(
      queries,
      (query) => team.ada.call('GET', `/leads?${query}`),
      {
        refused: (body) => expect(isApiErrorBody(body)).toBe(true),
        answered: (body) => expect(Array.isArray(body.leads)).toBe(true),
      },
      { numRuns: 300, seed: 20261124 },
    );
  }, 120_000);
});
