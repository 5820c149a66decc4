import 'reflect-metadata';
import { describe, expect, it } from '@jest/globals';
import { BodyValidationPipe } from '../http/body-validation.pipe.js';
import { InputRefusal } from '../http/refusal.js';
import { AuditFilter } from './audit-filter.js';

const pipe = new BodyValidationPipe({
  notObject: 'Send a JSON object.',
  correct: 'Please correct the highlighted fields.',
  unknownField: 'This field is not expected.',
});
const asQuery = { type: 'query', metatype: AuditFilter } as const;

describe('the audit filter of a query string', () => {
  it('reads each filter trimmed; an empty one is no filter', async () => {
    const filter = await pipe.transform(
      {
        command: ' users add ',
        actor: 'ada',
        email: ' Jane@Bank.example ',
        from: '2026-11-01',
        to: '',
        before: '42',
      },
      asQuery,
    );
    expect(filter).toBeInstanceOf(AuditFilter);
    expect({ ...(filter as AuditFilter) }).toEqual({
      command: 'users add',
      actor: 'ada',
      email: 'Jane@Bank.example',
      from: '2026-11-01',
      to: undefined,
      before: '42',
    });
  });

  it.each([
    [
      { sort: 'at' },
      'The audit trail has no filter named "sort": use command, actor, email, from, to or before.',
    ],
    [{ command: ['a', 'b'] }, 'Give command once, as text.'],
    [{ from: '2026-02-30' }, 'from is a date such as 2026-11-24 (a day in UTC).'],
    [{ from: '0000-01-01' }, 'from is a date such as 2026-11-24 (a day in UTC).'],
    [{ from: '2026-02-02', to: '2026-02-01' }, 'from is after to: the date range is empty.'],
    [{ email: 'not-an-address' }, 'email is an address such as jane@bank.example.'],
    [{ before: '0' }, 'before is the number of a record: follow the link to older records.'],
    [
      { before: '9223372036854775808' },
      'before is the number of a record: follow the link to older records.',
    ],
    [{ command: 'x'.repeat(33) }, 'command is at most 32 characters long.'],
    [{ actor: 'a\u0000b' }, 'actor holds a NUL character.'],
  ])('refuses %j: %s', async (query, message) => {
    const refused = await pipe.transform(query, asQuery).catch((error) => error);
    expect(refused).toBeInstanceOf(InputRefusal);
    expect((refused as InputRefusal).body).toEqual({ status: 400, error: 'Bad Request', message });
  });
});
