import { describe, expect, it } from '@jest/globals';
import contract from '@proposal-site/contract/contact-fields.json';
import table from '@proposal-site/contract/contact-payloads.json';
import { HONEYPOT_FIELD } from './contact-form-values';
import { contactSchema, fieldErrorsOf } from './contact-schema';

interface Case {
  name: string;
  payload: Record<string, unknown>;
  fields?: Record<string, string>;
}

// The form sends the contract's fields as strings and the honeypot only as `true`, when ticked. Other
// valid payloads (an unticked trap, the `website` trap of earlier forms) cannot come from it and
// only the service accepts them. Every invalid payload is refused here too, with the very message
// the service gives, so a person reads the same words whichever side catches the mistake.
const FORM_FIELDS = new Set(Object.keys(contract.limits));
const fromTheForm = (c: Case) =>
  Object.entries(c.payload).every(([field, value]) =>
    FORM_FIELDS.has(field)
      ? typeof value === 'string'
      : field === contract.honeypotField && value === true,
  );

const valid = (table.valid as Case[]).filter(fromTheForm);
const serviceOnly = (table.valid as Case[]).filter((c) => !fromTheForm(c));
const invalid = table.invalid as unknown as Case[];

describe('contact schema against contract/contact-payloads.json', () => {
  it('names the honeypot as the contract does', () => {
    expect(HONEYPOT_FIELD).toBe(contract.honeypotField);
    expect(contactSchema.def.shape).toHaveProperty(contract.honeypotField);
  });

  it('has cases of both kinds, and skips only valid ones the form cannot produce', () => {
    expect(valid.length).toBeGreaterThan(10);
    expect(invalid.length).toBeGreaterThan(20);
    expect(valid.some((c) => c.payload[contract.honeypotField] === true)).toBe(true);
    expect(
      serviceOnly.every((c) => 'website' in c.payload || c.payload[HONEYPOT_FIELD] === false),
    ).toBe(true);
  });

  it.each(valid.map((c) => [c.name, c] as const))('accepts: %s', (_name, c) => {
    const result = contactSchema.safeParse(c.payload);
    expect(result.error?.issues).toBeUndefined();
    expect(result.success).toBe(true);
  });

  it.each(invalid.map((c) => [c.name, c] as const))(
    'rejects, with the contract’s messages: %s',
    (_name, c) => {
      const result = contactSchema.safeParse(c.payload);
      expect(result.success).toBe(false);
      if (result.success) return;
      expect(fieldErrorsOf(result.error)).toEqual(c.fields);
    },
  );

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
