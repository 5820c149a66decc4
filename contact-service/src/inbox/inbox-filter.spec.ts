import 'reflect-metadata';
import { describe, expect, it } from '@jest/globals';
import { BodyValidationPipe } from '../http/body-validation.pipe.js';
import { InputRefusal } from '../http/refusal.js';
import { valuesOf } from '../http/query-fields.js';
import { ExportQuery, InboxPageQuery, LeadPath } from './console/dto/inbox.dto.js';
import type { DueCutoffs } from '../leads/lead-promises.js';
import { conditions } from '../leads/lead-conditions.js';
import {
  cursorOf,
  cursorText,
  dayBounds,
  filterDetails,
  InboxFilterQuery,
} from './inbox-filter.js';

const pipe = new BodyValidationPipe({
  notObject: 'Send a JSON object.',
  correct: 'Please correct the highlighted fields.',
  unknownField: 'This field is not expected.',
});
const read = async (query: Record<string, unknown>, dto: unknown = InboxPageQuery) =>
  valuesOf((await pipe.transform(query, { type: 'query', metatype: dto as never })) as object);
const refusal = async (query: Record<string, unknown>, dto: unknown = InboxPageQuery) => {
  try {
    await pipe.transform(query, { type: 'query', metatype: dto as never });
  } catch (error) {
    expect(error).toBeInstanceOf(InputRefusal);
    return (error as InputRefusal).body;
  }
  throw new Error(`${JSON.stringify(query)} was accepted`);
};
const ID = '3f2b8c1e-0d4a-4b6e-9f1a-2c3d4e5f6a7b';

describe('the inbox filter of a query string', () => {
  it('reads each parameter as its type, trimmed; an empty one is no filter', async () => {
    expect(
      await read({
        kind: ' accessibility ',
        status: 'new',
        spam: 'true',
        unread: 'false',
        from: '2026-11-01',
        to: '2026-11-30',
        q: '  Zoë  ',
        due: 'overdue',
        owner: 'mine',
        order: 'oldest',
        after: `1790000000000000.${ID}`,
      }),
    ).toEqual({
      kind: 'accessibility',
      status: 'new',
      spam: true,
      unread: false,
      from: '2026-11-01',
      to: '2026-11-30',
      q: 'Zoë',
      due: 'overdue',
      owner: 'mine',
      order: 'oldest',
      after: `1790000000000000.${ID}`,
    });
    expect(await read({ kind: '', q: '   ', order: 'newest', after: '' })).toEqual({});
    expect(await read({ format: 'json', order: 'newest' }, ExportQuery)).toEqual({
      format: 'json',
    });
  });

  it.each([
    [{ kind: 'sales' }, 'kind is contact or accessibility.'],
    [{ status: 'won' }, 'There is no status "won".'],
    [{ spam: 'yes' }, 'spam is true or false.'],
    [{ unread: '1' }, 'unread is true or false.'],
    [{ from: '2026-02-30' }, 'from is a date such as 2026-11-24.'],
    [{ to: '26-1-1' }, 'to is a date such as 2026-11-24.'],
    [{ from: '2026-02-02', to: '2026-02-01' }, 'from is after to: the date range is empty.'],
    [{ q: 'a'.repeat(201) }, 'Search for at most 200 characters.'],
    [{ q: 'a\u0000b' }, 'The search holds a NUL character.'],
    [{ due: 'later' }, 'due is overdue, soon or today.'],
    [{ owner: 'theirs' }, 'owner is mine or unowned.'],
    [{ order: 'name' }, 'order is newest or oldest.'],
    [{ after: '1;DROP' }, 'after is not a place in the inbox: follow the link to the next page.'],
    [{ colour: 'red' }, 'The inbox has no filter named "colour".'],
    [{ kind: ['contact', 'accessibility'] }, 'Give kind once, as text.'],
    [{ spam: ['true', 'true'] }, 'Give spam once, as text.'],
  ])('refuses %j: %s', async (query, message) => {
    expect(await refusal(query)).toEqual({ status: 400, error: 'Bad Request', message });
  });

  it('refuses an export in another format, and a page parameter on the counts', async () => {
    expect(await refusal({ format: 'xml' }, ExportQuery)).toMatchObject({
      message: 'format is csv or json.',
    });
    expect(await refusal({ after: `1.${ID}` }, InboxFilterQuery)).toMatchObject({
      message: 'The inbox has no filter named "after".',
    });
  });

  it('reads a cursor back as cursorText wrote it', () => {
    expect(cursorOf(cursorText({ micros: '42', id: ID }))).toEqual({ micros: '42', id: ID });
    expect(cursorOf(undefined)).toBeUndefined();
  });

  it('records a filter without its search words', async () => {
    expect(
      filterDetails(await read({ q: 'Secret Person', kind: 'contact', order: 'oldest' })),
    ).toEqual({ kind: 'contact', spam: false, search: true });
  });
});

describe('the days of a from/to filter', () => {
  // Midnight to midnight in the support time zone (Europe/Paris); `until` is excluded.
  it.each([
    ['an ordinary day', '2026-11-24', '2026-11-23T23:00:00.000Z', '2026-11-24T23:00:00.000Z'],
    [
      'the 23-hour day of summer time',
      '2026-03-29',
      '2026-03-28T23:00:00.000Z',
      '2026-03-29T22:00:00.000Z',
    ],
    ['the 25-hour day back', '2026-10-25', '2026-10-24T22:00:00.000Z', '2026-10-25T23:00:00.000Z'],
  ])('are the instants of %s, %s', async (_, day, from, until) => {
    const filter = await read({ from: day, to: day }, InboxFilterQuery);
    const bounds = dayBounds(filter);
    expect([bounds.from?.toISOString(), bounds.until?.toISOString()]).toEqual([from, until]);
    expect(conditions(filter, bounds, {} as DueCutoffs)).toEqual({
      where: 'WHERE s.spam_reason IS NULL AND s.created_at >= $1 AND s.created_at < $2',
      values: [new Date(from), new Date(until)],
    });
  });

  it('runs from the start of `from` to the end of `to` across a change of the clocks', async () => {
    const bounds = dayBounds(
      await read({ from: '2026-10-24', to: '2026-10-25' }, InboxFilterQuery),
    );
    expect(bounds).toEqual({
      from: new Date('2026-10-23T22:00:00.000Z'),
      until: new Date('2026-10-25T23:00:00.000Z'),
    });
  });
});

describe('a lead id in a path', () => {
  it('is an id, or names no lead: a 404 in the shape of every refusal', async () => {
    const params = { type: 'param', metatype: LeadPath } as const;
    expect(await pipe.transform({ id: ID }, params)).toEqual({ id: ID });
    const refused = await pipe.transform({ id: 'not-an-id' }, params).catch((error) => error);
    expect(refused).toBeInstanceOf(InputRefusal);
    expect((refused as InputRefusal).body).toEqual({
      status: 404,
      error: 'Not Found',
      message: 'There is no lead with that id: it may have been erased.',
    });
  });
});
