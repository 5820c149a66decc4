import { afterAll, describe, expect, it } from '@jest/globals';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import {
  runningEmbeddedPostgres,
  startEmbeddedPostgres,
} from '../src/database/embedded-postgres.js';
import { started } from './support/release.js';

/** The embedded server's own promises: one owner per folder, nothing half-made, no orphan. */
describe('the embedded Postgres server', () => {
  const root = mkdtempSync(join(tmpdir(), 'contact-embedded-server-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  async function start(dir: string) {
    const server = await startEmbeddedPostgres(dir, { port: 0, maxConnections: 20 });
    return { ...server, stop: started(`the embedded server in ${dir}`, server.stop) };
  }

  async function ask(url: string, sql: string): Promise<unknown[]> {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      return (await client.query(sql)).rows;
    } finally {
      await client.end();
    }
  }

  it('is a password-protected server that only its owner can read the address of', async () => {
    const dir = join(root, 'password');
    const server = await start(dir);
    const address = `${dir}.server.json`;
    expect(statSync(address).mode & 0o077).toBe(0);
    expect(JSON.parse(readFileSync(address, 'utf8'))).toEqual({
      url: server.url,
      pid: process.pid,
    });
    const withoutPassword = new URL(server.url);
    withoutPassword.password = '';
    await expect(ask(withoutPassword.toString(), 'SELECT 1')).rejects.toThrow();
    expect(await ask(server.url, 'SHOW server_version_num')).toEqual([
      { server_version_num: expect.stringMatching(/^18/) },
    ]);
    await server.stop();
    expect(existsSync(address)).toBe(false);
  });

  it('stops a server that a killed owner left running before it opens the folder again', async () => {
    const dir = join(root, 'orphan');
    const first = await start(dir);
    await ask(first.url, 'CREATE TABLE kept (note text); INSERT INTO kept VALUES ($$before$$)');
    const orphan = Number(readFileSync(join(dir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    // The owner is gone without stopping anything: only its address file would tell.
    rmSync(`${dir}.server.json`);
    const second = await start(dir);
    expect(() => process.kill(orphan, 0)).toThrow(); // the orphan was stopped
    expect(await ask(second.url, 'SELECT note FROM kept')).toEqual([{ note: 'before' }]);
    await second.stop();
    await first.stop(); // its server is long gone: nothing to do
  });

  it('refuses a folder that another live process owns, and says where to connect', async () => {
    const dir = join(root, 'owned');
    const owner = { url: 'postgres://postgres:secret@127.0.0.1:5999/postgres', pid: process.ppid };
    writeFileSync(`${dir}.server.json`, JSON.stringify(owner));
    expect(runningEmbeddedPostgres(dir)).toEqual(owner);
    await expect(startEmbeddedPostgres(dir, { port: 0, maxConnections: 20 })).rejects.toThrow(
      `already open in process ${process.ppid}`,
    );
    expect(existsSync(dir)).toBe(false); // nothing was made
  });
});
