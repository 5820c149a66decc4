import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { parseEnv } from '../src/config/env.js';
import { resolveDatabase, type ResolvedDatabase } from '../src/database/resolve-database.js';

/**
 * The embedded database that `make start`, `make dev` and `make leads` use must be a database:
 * each connection its own session, with the isolation Postgres documents
 * (https://www.postgresql.org/docs/current/transaction-iso.html). One engine shared by several
 * connections (PGlite behind a socket server with maxConnections > 1) fails every test here.
 */
describe('the embedded database isolates its connections', () => {
  const dir = mkdtempSync(join(tmpdir(), 'contact-isolation-'));
  let database: ResolvedDatabase;
  const clients: pg.Client[] = [];

  async function connect(): Promise<pg.Client> {
    const client = new pg.Client({ connectionString: database.url });
    clients.push(client);
    await client.connect();
    return client;
  }

  beforeAll(async () => {
    database = await resolveDatabase(
      parseEnv({ EMBEDDED_DATABASE: 'true', EMBEDDED_DB_DIR: join(dir, 'data') }),
    );
    const setup = await connect();
    await setup.query('CREATE TABLE accounts (id int PRIMARY KEY, balance int NOT NULL)');
    await setup.query('INSERT INTO accounts VALUES (1, 100), (2, 100)');
  });

  afterAll(async () => {
    await Promise.allSettled(clients.map((client) => client.end()));
    await database?.stop?.();
    rmSync(dir, { recursive: true, force: true });
  });

  it('never shows one connection what another has not committed', async () => {
    const writer = await connect();
    const reader = await connect();
    await writer.query('BEGIN');
    await writer.query('INSERT INTO accounts VALUES (3, 50)');
    const during = await reader.query('SELECT count(*)::int AS n FROM accounts WHERE id = 3');
    await writer.query('ROLLBACK');
    const after = await reader.query('SELECT count(*)::int AS n FROM accounts WHERE id = 3');
    expect([during.rows[0].n, after.rows[0].n]).toEqual([0, 0]);
  });

  it('keeps a rollback to the connection that asked for it', async () => {
    const first = await connect();
    const second = await connect();
    await first.query('BEGIN');
    await first.query('UPDATE accounts SET balance = balance - 10 WHERE id = 2');
    // A statement of another connection outside any transaction commits on its own…
    await second.query('UPDATE accounts SET balance = balance + 1 WHERE id = 1');
    await first.query('ROLLBACK');
    // …and the first connection's rollback takes back only its own change.
    const { rows } = await second.query('SELECT id, balance FROM accounts ORDER BY id');
    expect(rows).toEqual([
      { id: 1, balance: 101 },
      { id: 2, balance: 100 },
    ]);
    await second.query('UPDATE accounts SET balance = 100 WHERE id = 1');
  });

  it('makes a concurrent update wait for the lock, then refuses it under REPEATABLE READ', async () => {
    const first = await connect();
    const second = await connect();
    await first.query('BEGIN ISOLATION LEVEL REPEATABLE READ');
    await second.query('BEGIN ISOLATION LEVEL REPEATABLE READ');
    await first.query('SELECT balance FROM accounts WHERE id = 1');
    await second.query('SELECT balance FROM accounts WHERE id = 1');
    await first.query('UPDATE accounts SET balance = balance - 30 WHERE id = 1');
    let settled = false;
    const blocked = second
      .query('UPDATE accounts SET balance = balance - 50 WHERE id = 1')
      .then(
        () => null,
        (error: { code?: string }) => error.code ?? 'no code',
      )
      .finally(() => (settled = true));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(settled).toBe(false); // waiting on the first transaction's row lock
    await first.query('COMMIT');
    expect(await blocked).toBe('40001'); // could not serialize access due to concurrent update
    await second.query('ROLLBACK');
    const { rows } = await first.query('SELECT balance FROM accounts WHERE id = 1');
    expect(rows[0].balance).toBe(70);
  });

  it('answers each of many connections its own extended-protocol queries', async () => {
    const connections = await Promise.all(Array.from({ length: 12 }, () => connect()));
    // Every connection runs its queries one after another; the connections run side by side.
    const perConnection = await Promise.all(
      connections.map(async (client, c) => {
        const rows: { c: number; q: string; pid: number }[] = [];
        for (let q = 0; q < 40; q++) {
          const answer = await client.query(
            'SELECT $1::int AS c, $2::text AS q, pg_backend_pid() AS pid',
            [c, `q${q}`],
          );
          rows.push(answer.rows[0]);
        }
        return rows;
      }),
    );
    const answers = perConnection.flat();
    expect(answers.filter((a, i) => a.c !== Math.floor(i / 40) || a.q !== `q${i % 40}`)).toEqual(
      [],
    );
    // One backend per connection: sessions are not shared.
    expect(new Set(answers.map((a) => a.pid)).size).toBe(connections.length);
  });
});
