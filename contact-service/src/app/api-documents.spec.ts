import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { CONTACT_LIMITS } from '../contact/contact-limits.js';
import { consoleApiDocument, contactApiDocument, documentText } from './api-documents.js';

const committed = (name: string) =>
  readFileSync(new URL(`../../../contract/${name}`, import.meta.url), 'utf8');

describe("the console's API document", () => {
  it('is the one the service describes (make openapi writes it, and the console is made from it)', async () => {
    expect(committed('console-api.json')).toBe(documentText(await consoleApiDocument()));
  });

  it('names every operation and answers every one with a described body or none', async () => {
    const document = await consoleApiDocument();
    for (const [path, item] of Object.entries(document.paths)) {
      for (const [verb, operation] of Object.entries(item)) {
        const op = operation as { operationId?: string; responses?: object };
        expect({ path, verb, operationId: op.operationId }).toEqual({
          path,
          verb,
          operationId: expect.stringMatching(/^[a-z][A-Za-z]+$/),
        });
        expect(Object.keys(op.responses ?? {})).not.toEqual(['default']);
      }
    }
  });
});

describe('the public API document', () => {
  it('is the one the service describes (make openapi writes it)', async () => {
    expect(committed('contact-api.json')).toBe(documentText(await contactApiDocument()));
  });

  it('names every operation, and says what the form sends and what each refusal is', async () => {
    const document = await contactApiDocument();
    const operations = Object.values(document.paths).flatMap((item) => Object.values(item)) as {
      operationId: string;
      responses: Record<string, { description?: string }>;
    }[];
    expect(operations.map((op) => op.operationId).sort()).toEqual([
      'accessibilityLimitations',
      'accessibilityStatement',
      'calComEvent',
      'calendlyEvent',
      'live',
      'metrics',
      'ready',
      'recordMeasurements',
      'submitContact',
    ]);
    const form = document.paths['/api/contact']!.post!;
    expect(Object.keys(form.responses)).toEqual(['201', '400', '413', '415', '422', '429', '503']);
    const body = document.components!.schemas!.CreateContactDto as {
      required: string[];
      properties: Record<string, { maxLength?: number }>;
    };
    expect(body.required.sort()).toEqual(['company', 'email', 'name', 'role']);
    expect(body.properties.message!.maxLength).toBe(CONTACT_LIMITS.message);
  });
});
