import { describe, expect, it } from '@jest/globals';
import { LEAD_KINDS } from './lead-kind.js';
import { nextStatuses, statusesOf, STATUSES, WORKFLOWS } from './lead-status.js';

// contract/workflows.json is data both the service and the console read: what it may say.
describe('the workflows (contract/workflows.json)', () => {
  it('has one workflow per kind of lead, each from new', () => {
    expect(Object.keys(WORKFLOWS).sort()).toEqual([...LEAD_KINDS].sort());
    for (const kind of LEAD_KINDS) expect(statusesOf(kind)[0]).toBe('new');
  });

  it('moves a lead only to a status of its own workflow, forward, and reaches every status', () => {
    for (const kind of LEAD_KINDS) {
      const order = statusesOf(kind);
      for (const status of order) {
        for (const next of nextStatuses(kind, status)) {
          expect(order).toContain(next);
          expect(order.indexOf(next)).toBeGreaterThan(order.indexOf(status));
        }
      }
      const reached = new Set(['new']);
      for (const status of order) {
        if (reached.has(status)) nextStatuses(kind, status).forEach((next) => reached.add(next));
      }
      expect([...reached].sort()).toEqual([...order].sort());
    }
  });

  it('names each status once across the kinds', () => {
    expect(new Set(STATUSES).size).toBe(STATUSES.length);
  });
});
