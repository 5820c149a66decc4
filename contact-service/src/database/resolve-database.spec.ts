import { afterEach, describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { createRequire } from 'node:module';
import { DriverUtils } from 'typeorm/driver/DriverUtils.js';

// The pg driver's own reading of a connection's settings (what a pool's client does), through
// both ways the service connects: the connection string (migrations, the job queue) and
// TypeORM's options parsed from DATABASE_URL (the pool).
const ConnectionParameters = createRequire(import.meta.url)(
  'pg/lib/connection-parameters.js',
) as new (config: object) => { user: string; host: string; database: string; password: string };

const URL = 'postgres://contact@db:5432/contact';
const before = process.env.PGPASSWORD;
afterEach(() => {
  if (before === undefined) delete process.env.PGPASSWORD;
  else process.env.PGPASSWORD = before;
});

function passwordsSeen(password: string) {
  process.env.PGPASSWORD = password;
  const options = DriverUtils.buildDriverOptions({ type: 'postgres', url: URL }) as {
    username: string;
    password?: string;
    host: string;
    database: string;
  };
  const typeorm = new ConnectionParameters({
    user: options.username,
    password: options.password,
    host: options.host,
    database: options.database,
  });
  const connectionString = new ConnectionParameters({ connectionString: URL });
  return [typeorm, connectionString].map(({ user, host, database, password: seen }) => ({
    user,
    host,
    database,
    password: seen,
  }));
}

describe('PGPASSWORD, apart from DATABASE_URL', () => {
  it.each(['p@ss', 'a/b:c#d%e?f', '%41', 'with space', 'ünïcødé', 'quote\'"', '\\back'])(
    'reaches the pg driver exactly: %j',
    (password) => {
      const expected = { user: 'contact', host: 'db', database: 'contact', password };
      expect(passwordsSeen(password)).toEqual([expected, expected]);
    },
  );

  it('reaches the pg driver exactly, whatever password an operator chooses', () => {
    // Any text without NUL (Postgres cannot store one in a password).
    const password = fc.string({ unit: 'grapheme', minLength: 1 }).filter((p) => !p.includes('\0'));
    fc.assert(
      fc.property(password, (chosen) => {
        for (const seen of passwordsSeen(chosen)) expect(seen.password).toBe(chosen);
      }),
      { seed: 20261122, numRuns: 500 },
    );
  });

  it('gives way to a password written in DATABASE_URL', () => {
    process.env.PGPASSWORD = 'from-the-environment';
    const seen = new ConnectionParameters({ connectionString: 'postgres://u:in%40url@h/d' });
    expect(seen.password).toBe('in@url');
  });
});
