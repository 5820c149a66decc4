import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CONTACT_BODY_LIMIT_BYTES, CONTACT_LIMITS } from '../src/contact/contact-limits.js';
import { serviceForThisFile } from './support/test-app.js';

/** `units` UTF-16 code units of `character` (one or two units long). */
const fill = (character: string, units: number) =>
  character.repeat(Math.floor(units / character.length));

/** An address of exactly the longest valid length. */
const LONGEST_EMAIL = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(61)}`;

/** Every field at its maximum, written in one script. */
function largestSubmission(character: string) {
  return {
    name: fill(character, CONTACT_LIMITS.name),
    email: LONGEST_EMAIL,
    company: fill(character, CONTACT_LIMITS.company),
    role: fill(character, CONTACT_LIMITS.role),
    message: fill(character, CONTACT_LIMITS.message),
  };
}

/** JSON as clients that escape everything outside ASCII send it (Python's json.dumps). */
const asciiJson = (value: unknown) =>
  JSON.stringify(value).replace(
    /[\u0080-\uffff]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );

const app = serviceForThisFile({ RATE_LIMIT_MAX: '10000' });

describe('the body limit holds every valid submission', () => {
  it.each([
    ['Chinese (3 bytes in UTF-8)', '\u4e2d'],
    ['Japanese (3 bytes)', '\u3042'],
    ['Arabic (2 bytes)', '\u0639'],
    ['Russian (2 bytes)', '\u0436'],
    ['a 4-byte script (CJK Extension B)', '\u{20000}'],
    ['emoji (4 bytes)', '\u{1F600}'],
  ])('stores the largest valid submission in %s, as UTF-8 and as \\u escapes', async (_n, c) => {
    const submission = largestSubmission(c);
    for (const body of [JSON.stringify(submission), asciiJson(submission)]) {
      expect(Buffer.byteLength(body)).toBeLessThanOrEqual(CONTACT_BODY_LIMIT_BYTES);
      const answer = await app.service.post(body);
      expect(answer.status).toBe(201);
      const [row] = await app.db.query(
        'SELECT name, message FROM contact_submissions WHERE id = $1',
        [answer.body.id],
      );
      expect(row).toEqual({ name: submission.name, message: submission.message });
    }
  });

  it('is what nginx allows too (client_max_body_size, rounded up to kilobytes)', () => {
    const conf = readFileSync(
      join(__dirname, '../../infra/nginx/snippets/body-limit.conf'),
      'utf8',
    );
    expect(conf).toContain(`client_max_body_size ${Math.ceil(CONTACT_BODY_LIMIT_BYTES / 1024)}k;`);
  });
});
