import { describe, expect, it } from '@jest/globals';
import { BadRequestException } from '@nestjs/common';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isApiErrorBody } from '../../http/api-error.js';
import { ValidateBodyPipe } from '../../http/validate-body.pipe.js';
import { CONTACT_LIMITS } from '../contact-limits.js';
import { CreateContactDto } from './create-contact.dto.js';

interface Case {
  name: string;
  payload: Record<string, unknown>;
  fields?: string[];
}
const table = JSON.parse(
  readFileSync(join(__dirname, '../../../../contract/contact-payloads.json'), 'utf8'),
) as { limits: Record<string, number>; emailMessage: string; valid: Case[]; invalid: Case[] };

const pipe = new ValidateBodyPipe(CreateContactDto);

async function rejection(payload: unknown): Promise<Record<string, unknown>> {
  try {
    await pipe.transform(payload);
  } catch (error) {
    expect(error).toBeInstanceOf(BadRequestException);
    const body = (error as BadRequestException).getResponse();
    expect(isApiErrorBody(body)).toBe(true);
    return body as unknown as Record<string, unknown>;
  }
  throw new Error('the payload was accepted');
}

describe('CreateContactDto against the shared payload table', () => {
  it('uses the limits of the contract', () => {
    const { website: _honeypot, ...limits } = CONTACT_LIMITS;
    expect(limits).toEqual(table.limits);
  });

  it.each(table.valid.map((c) => [c.name, c] as const))('accepts: %s', async (_name, c) => {
    const dto = await pipe.transform(c.payload);
    for (const field of ['name', 'email', 'company', 'role'] as const) {
      expect(dto[field]).toBe(String(c.payload[field]).trim());
    }
    expect(dto.message).toBe(c.payload.message);
  });

  it.each(table.invalid.map((c) => [c.name, c] as const))('refuses: %s', async (_name, c) => {
    const body = await rejection(c.payload);
    expect(body.status).toBe(400);
    expect(Object.keys(body.fields as object).sort()).toEqual([...c.fields!].sort());
    if (c.fields!.includes('email')) {
      expect((body.fields as Record<string, string>).email).toBe(table.emailMessage);
    }
  });

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
