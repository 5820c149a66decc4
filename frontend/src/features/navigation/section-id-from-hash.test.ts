import { describe, expect, it } from '@jest/globals';
import { sectionIdFromHash } from './section-id-from-hash';

describe('sectionIdFromHash', () => {
  it('decodes a percent-encoded fragment', () => {
    expect(sectionIdFromHash('#solution')).toBe('solution');
    expect(sectionIdFromHash('#caf%C3%A9')).toBe('café');
    expect(sectionIdFromHash('')).toBe('');
  });

  it.each(['#%', '#%E0%A4%A', '#%zz', '#100%'])(
    'keeps the malformed fragment %s as it is',
    (hash) => {
      expect(sectionIdFromHash(hash)).toBe(hash.slice(1));
    },
  );
});
