import { randomUUID } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { BAD_KEY_MESSAGE } from '../src/http/idempotency-key.js';
import { KEY_REUSED_MESSAGE } from '../src/contact/contact.service.js';
import { VALID_CONTACT, serviceForThisFile } from './support/test-app.js';

const app = serviceForThisFile({ RATE_LIMIT_MAX: '10000' });

const rowsWithKey = async (key: string) =>
  app.db.query<{ id: string }>('SELECT id FROM contact_submissions WHERE idempotency_key = $1', [
    key,
  ]);
const count = async () =>
  Number(
    (await app.db.query<{ n: string }>('SELECT count(*) AS n FROM contact_submissions'))[0]!.n,
  );

describe('Idempotency-Key', () => {
  it('answers a retry with the first receipt and stores the lead once', async () => {
    const key = randomUUID();
    const first = await app.service.post(VALID_CONTACT, { 'idempotency-key': key });
    const retry = await app.service.post(VALID_CONTACT, { 'idempotency-key': key });
    expect(first.status).toBe(201);
    expect(retry.status).toBe(201);
    expect(retry.body).toEqual(first.body);
    expect(await rowsWithKey(key)).toEqual([{ id: first.body.id }]);
  });

  it('stores the lead once when the retries arrive together', async () => {
    const key = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => app.service.post(VALID_CONTACT, { 'idempotency-key': key })),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(12).fill(201));
    expect(new Set(answers.map((answer) => answer.body.id)).size).toBe(1);
    expect(await rowsWithKey(key)).toHaveLength(1);
  });

  it('refuses a key reused for a different message, and stores nothing', async () => {
    const key = randomUUID();
    expect((await app.service.post(VALID_CONTACT, { 'idempotency-key': key })).status).toBe(201);
    const before = await count();
    const other = await app.service.post(
      { ...VALID_CONTACT, company: 'Another Bank' },
      { 'idempotency-key': key },
    );
    expect(other.status).toBe(422);
    expect(other.body).toEqual({
      status: 422,
      error: 'Unprocessable Entity',
      message: KEY_REUSED_MESSAGE,
    });
    expect(await count()).toBe(before);
  });

  it('compares the stored values after trimming, as they were stored', async () => {
    const key = randomUUID();
    const first = await app.service.post(VALID_CONTACT, { 'idempotency-key': key });
    const padded = await app.service.post(
      { ...VALID_CONTACT, name: ` ${VALID_CONTACT.name} ` },
      { 'idempotency-key': key },
    );
    expect(padded.body).toEqual(first.body);
  });

  it('keeps submissions without a key apart, as before', async () => {
    const before = await count();
    await app.service.post(VALID_CONTACT);
    await app.service.post(VALID_CONTACT);
    expect(await count()).toBe(before + 2);
  });

  it.each([
    ['empty', ''],
    ['with a space', 'not a key'],
    ['256 characters long', 'k'.repeat(256)],
    ['not ASCII', 'cl\u00e9'],
    ['with a tab', 'key\tvalue'],
  ])('refuses a key that is %s with a 400 and stores nothing', async (_name, key) => {
    const before = await count();
    const answer = await app.service.post(VALID_CONTACT, { 'idempotency-key': key });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ status: 400, error: 'Bad Request', message: BAD_KEY_MESSAGE });
    expect(await count()).toBe(before);
  });
});
