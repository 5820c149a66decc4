import { describe, expect, it } from '@jest/globals';
import table from '../../../../contract/contact-payloads.json';
import { INVALID_EMAIL_MESSAGE } from '../../shared/content';
import { HONEYPOT_FIELD } from './contact-form-values';
import { CONTACT_FIELD_LIMITS, contactSchema, fieldErrorsOf } from './contact-schema';

interface Case {
  name: string;
  payload: Record<string, unknown>;
  fields?: string[];
}

// The form sends the spec's fields as strings and the honeypot only as `true`, when ticked. Other
// payloads (values that are not strings, an unticked or misspelt trap, the `website` trap of
// earlier forms) cannot come from it; they only apply to the service, whose tests read the table.
const FORM_FIELDS = new Set(Object.keys(table.limits));
const fromTheForm = (c: Case) =>
  Object.entries(c.payload).every(([field, value]) =>
    FORM_FIELDS.has(field)
      ? typeof value === 'string'
      : field === table.honeypotField && value === true,
  );

const valid = (table.valid as Case[]).filter(fromTheForm);
const invalid = (table.invalid as Case[]).filter(fromTheForm);
const serviceOnly = (table.invalid as Case[]).filter((c) => !fromTheForm(c));

describe('contact schema against contract/contact-payloads.json', () => {
  it('uses the limits, email message and honeypot name of the contract', () => {
    expect(CONTACT_FIELD_LIMITS).toEqual(table.limits);
    expect(INVALID_EMAIL_MESSAGE).toBe(table.emailMessage);
    expect(HONEYPOT_FIELD).toBe(table.honeypotField);
    expect(contactSchema.def.shape).toHaveProperty(table.honeypotField);
  });

  it('has cases of both kinds, and skips only those the form cannot produce', () => {
    expect(valid.length).toBeGreaterThan(10);
    expect(invalid.length).toBeGreaterThan(20);
    expect(valid.some((c) => c.payload[table.honeypotField] === true)).toBe(true);
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
