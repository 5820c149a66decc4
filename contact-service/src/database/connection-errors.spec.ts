import { describe, expect, it } from '@jest/globals';
import {
  describeStartupError,
  isDatabaseUnavailable,
  isWorthRetrying,
} from './connection-errors.js';

/** An error shaped like the ones Node and the pg driver raise: errno name or SQLSTATE in `code`. */
function withCode(code: string, message: string): Error {
  return Object.assign(new Error(message), { code });
}

describe('isWorthRetrying', () => {
  it.each([
    [
      'a refused connection (the server is not up yet)',
      withCode('ECONNREFUSED', 'connect ECONNREFUSED'),
    ],
    ['a host name not known yet', withCode('ENOTFOUND', 'getaddrinfo ENOTFOUND db')],
    ['a server still starting', withCode('57P03', 'the database system is starting up')],
    ['an error without a code', new Error('Connection terminated unexpectedly')],
  ])('retries %s', (_name, error) => {
    expect(isWorthRetrying(error)).toBe(true);
  });

  it.each([
    ['a wrong password', withCode('28P01', 'password authentication failed for user "contact"')],
    ['an unknown role', withCode('28000', 'role "nobody" does not exist')],
    ['a missing database', withCode('3D000', 'database "contcat" does not exist')],
  ])('gives up at once on %s', (_name, error) => {
    expect(isWorthRetrying(error)).toBe(false);
  });
});

describe('describeStartupError', () => {
  it('names the cause and the fix for a wrong password, on one line', () => {
    const line = describeStartupError(
      withCode('28P01', 'password authentication failed for user "contact"'),
      [],
    );
    expect(line).toBe(
      'contact-service failed to start: Postgres refused the password (PGPASSWORD, or ' +
        'the one in DATABASE_URL) (password authentication failed for user "contact"). ' +
        'Correct it. In the ' +
        'container stack, the db volume keeps the password Postgres was first started with: ' +
        'POSTGRES_PASSWORD in .env must still be that one.',
    );
    expect(line).not.toContain('\n');
  });

  it('says which database is missing', () => {
    expect(describeStartupError(withCode('3D000', 'database "contcat" does not exist'), [])).toBe(
      'contact-service failed to start: the database named in DATABASE_URL does not exist ' +
        '(database "contcat" does not exist). Correct the name in DATABASE_URL, or create that database.',
    );
  });

  it('passes any other error on as its message', () => {
    expect(describeStartupError(new Error('listen EADDRINUSE: address already in use'), [])).toBe(
      'contact-service failed to start: listen EADDRINUSE: address already in use',
    );
    expect(describeStartupError('plain text', [])).toBe(
      'contact-service failed to start: plain text',
    );
  });

  it('takes every secret out, and keeps the line one line', () => {
    const error = new Error('getaddrinfo ENOTFOUND db for postgres://contact:hunter2@db\n at x');
    const line = describeStartupError(error, ['hunter2']);
    expect(line).toBe(
      'contact-service failed to start: getaddrinfo ENOTFOUND db for postgres://contact:[redacted]@db at x',
    );
  });
});

describe('isDatabaseUnavailable', () => {
  it.each([
    [
      'a read-only server (a standby, a demoted primary)',
      withCode('25006', 'cannot execute INSERT in a read-only transaction'),
    ],
    [
      'a server shutting down',
      withCode('57P01', 'terminating connection due to administrator command'),
    ],
    [
      'a server that crashed',
      withCode('57P02', 'terminating connection due to crash of another server process'),
    ],
    ['a server starting', withCode('57P03', 'the database system is starting up')],
    ['a broken connection', withCode('08006', 'connection failure')],
    ['a reset connection', withCode('ECONNRESET', 'read ECONNRESET')],
    ['a refused connection', withCode('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5000')],
    ['a connection that ended', new Error('Connection terminated unexpectedly')],
    ['a pool that waited too long', new Error('timeout exceeded when trying to connect')],
    [
      'TypeORM wrapping the driver',
      Object.assign(new Error('query failed'), { driverError: withCode('25006', 'read-only') }),
    ],
  ])('says so for %s', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['a broken constraint', withCode('23505', 'duplicate key value violates unique constraint')],
    ['a syntax error (a bug)', withCode('42601', 'syntax error at or near "SELEC"')],
    ['a programming error', new TypeError("Cannot read properties of undefined (reading 'id')")],
  ])('does not for %s', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});
