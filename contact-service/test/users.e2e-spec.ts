import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { UsersService } from '../src/operators/users.service.js';
import { verifyPassword } from '../src/operators/password-hash.js';
import { createTestDatabase, type TestDatabase } from './support/test-database.js';
import { startTestApp, type RunningApp } from './support/test-app.js';

let db: TestDatabase;
let service: RunningApp;

beforeAll(async () => {
  db = await createTestDatabase();
  service = await startTestApp(db.url);
});

afterAll(async () => {
  await service?.close();
  await db?.drop();
});

describe('users', () => {
  it('stores only a strong hash of the password and never serializes it', async () => {
    const users = service.app.get(UsersService);
    const user = await users.create('analyst', 'a long passphrase');
    expect(JSON.parse(JSON.stringify(user))).toEqual({
      id: expect.any(String),
      username: 'analyst',
    });

    const [row] = await db.query<{ password: string }>('SELECT password FROM users WHERE id = $1', [
      user.id,
    ]);
    expect(row!.password).toMatch(/^scrypt\$/);
    expect(row!.password).not.toContain('a long passphrase');
    await expect(verifyPassword('a long passphrase', row!.password)).resolves.toBe(true);
  });

  it('refuses a second user with the same name', async () => {
    const users = service.app.get(UsersService);
    await expect(users.create('analyst', 'another passphrase')).rejects.toThrow();
  });
});
