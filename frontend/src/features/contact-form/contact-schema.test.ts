import { describe, expect, it } from '@jest/globals';
import table from '../../../../contract/contact-payloads.json';
import { INVALID_EMAIL_MESSAGE } from '../../shared/content';
import { CONTACT_FIELD_LIMITS, contactSchema, fieldErrorsOf } from './contact-schema';

interface Case {
  name: string;
  payload: Record<string, unknown>;
  fields?: string[];
}

// Payloads with a value that is not a string cannot come from the form; they only apply to the
// service, whose DTO tests read the same table.
const fromTheForm = (c: Case) => Object.values(c.payload).every((v) => typeof v === 'string');

const valid = (table.valid as Case[]).filter(fromTheForm);
const invalid = (table.invalid as Case[]).filter(fromTheForm);
const serviceOnly = (table.invalid as Case[]).filter((c) => !fromTheForm(c));

describe('contact schema against contract/contact-payloads.json', () => {
  it('uses the limits, email message and honeypot name of the contract', () => {
    expect(CONTACT_FIELD_LIMITS).toEqual(table.limits);
    expect(INVALID_EMAIL_MESSAGE).toBe(table.emailMessage);
    expect(contactSchema.def.shape).toHaveProperty(table.honeypotField);
  });

  it('has cases of both kinds, and skips only the non-string ones', () => {
    expect(valid.length).toBeGreaterThan(10);
    expect(invalid.length).toBeGreaterThan(20);
    expect(serviceOnly.map((c) => c.name)).toContain('name is a number');
    expect(invalid.length + serviceOnly.length).toBe(table.invalid.length);
  });

  it.each(valid.map((c) => [c.name, c] as const))('accepts: %s', (_name, c) => {
    const result = contactSchema.safeParse(c.payload);
    expect(result.error?.issues).toBeUndefined();
    expect(result.success).toBe(true);
  });

  it.each(invalid.map((c) => [c.name, c] as const))('rejects: %s', (_name, c) => {
    const result = contactSchema.safeParse(c.payload);
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(Object.keys(fieldErrorsOf(result.error)).sort()).toEqual([...(c.fields ?? [])].sort());
  });

  it('gives the spec message for every invalid email', () => {
    for (const c of invalid.filter((c) => c.fields?.includes('email'))) {
      const result = contactSchema.safeParse(c.payload);
      expect(result.success ? undefined : fieldErrorsOf(result.error).email).toBe(
        INVALID_EMAIL_MESSAGE,
      );
    }
  });

  it('trims the required fields but not the message', () => {
    const result = contactSchema.parse({
      name: '  Ada Lovelace ',
      email: ' ada@example.com ',
      company: ' Northbridge ',
      role: ' MD ',
      message: '  Hello  ',
    });
    expect(result).toEqual({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      company: 'Northbridge',
      role: 'MD',
      message: '  Hello  ',
    });
  });
});
