import { describe, expect, it } from '@jest/globals';
import contactFields from '@proposal-site/contract/contact-fields.json' with { type: 'json' };
import table from '@proposal-site/contract/contact-payloads.json' with { type: 'json' };
import { isApiErrorBody } from '../../http/api-error.js';
import { BodyValidationPipe } from '../../http/body-validation.pipe.js';
import { InputRefusal } from '../../http/refusal.js';
import { CONTACT_BODY_WORDING, CONTACT_MESSAGES } from '../contact-messages.js';
import { CreateContactDto } from './create-contact.dto.js';

interface Case {
  name: string;
  payload: Record<string, unknown>;
  fields?: Record<string, string>;
}

const valid = table.valid as unknown as Case[];
const invalid = table.invalid as unknown as Case[];
const pipe = new BodyValidationPipe(CONTACT_BODY_WORDING);
const asBody = { type: 'body', metatype: CreateContactDto } as const;

async function rejection(payload: unknown): Promise<Record<string, unknown>> {
  try {
    await pipe.transform(payload, asBody);
  } catch (error) {
    expect(error).toBeInstanceOf(InputRefusal);
    const body = (error as InputRefusal).body;
    expect(isApiErrorBody(body)).toBe(true);
    return body as unknown as Record<string, unknown>;
  }
  throw new Error('the payload was accepted');
}

describe('CreateContactDto against the shared payload table', () => {
  it('has a message for every field the contract limits', () => {
    for (const field of Object.keys(contactFields.limits)) {
      expect(CONTACT_MESSAGES).toHaveProperty(field);
    }
  });

  it.each(valid.map((c) => [c.name, c] as const))('accepts: %s', async (_name, c) => {
    const dto = (await pipe.transform(c.payload, asBody)) as CreateContactDto;
    for (const field of ['name', 'email', 'company', 'role'] as const) {
      expect(dto[field]).toBe(String(c.payload[field]).trim());
    }
    expect(dto.message).toBe(c.payload.message);
  });

  it.each(invalid.map((c) => [c.name, c] as const))(
    'refuses, with the contract’s messages: %s',
    async (_name, c) => {
      const body = await rejection(c.payload);
      expect(body.status).toBe(400);
      expect(body.fields).toEqual(c.fields);
    },
  );

  it.each([
    ['an array', [{ name: 'Ada' }]],
    ['null', null],
    ['a string', 'name=Ada'],
    ['a number', 42],
  ])('refuses a body that is %s', async (_name, payload) => {
    const body = await rejection(payload);
    expect(body.message).toMatch(/JSON object/);
  });
});
