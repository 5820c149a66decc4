import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { parse } from 'pg-connection-string';
import { DriverUtils } from 'typeorm/driver/DriverUtils.js';
import { databaseUrlOf } from './resolve-database.js';

describe('databaseUrlOf', () => {
  const base = 'postgres://contact@db:5432/contact';

  it.each(['p@ss', 'a/b:c#d%e?f', '%41', 'with space', 'ünïcødé', 'quote\'"', '\\back'])(
    'gives the pg driver exactly the password %j',
    (password) => {
      const parsed = parse(databaseUrlOf(base, password));
      expect(parsed).toMatchObject({ password, user: 'contact', host: 'db', database: 'contact' });
      expect(parsed.port).toBe('5432');
    },
  );

  it('gives the pg driver exactly any password an operator may choose', () => {
    // Any text without NUL (Postgres cannot store one in a password).
    const password = fc.string({ unit: 'grapheme', minLength: 1 }).filter((p) => !p.includes('\0'));
    fc.assert(
      fc.property(password, (chosen) => {
        const url = databaseUrlOf(base, chosen);
        // Both parsers that read it: the pg driver's (migrations) and TypeORM's (the pool).
        expect(parse(url)).toMatchObject({ password: chosen, host: 'db', database: 'contact' });
        expect(DriverUtils.buildDriverOptions({ type: 'postgres', url })).toMatchObject({
          password: chosen,
          username: 'contact',
          host: 'db',
          port: 5432,
          database: 'contact',
        });
      }),
      { seed: 20261122, numRuns: 500 },
    );
  });

  it('leaves DATABASE_URL as it is without DATABASE_PASSWORD', () => {
    expect(databaseUrlOf('postgres://u:p@h/d')).toBe('postgres://u:p@h/d');
  });
});
