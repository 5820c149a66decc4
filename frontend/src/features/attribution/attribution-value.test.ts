import { describe, expect, it } from '@jest/globals';
import { cleanAttributionValue } from './attribution-value';

describe('an attribution value', () => {
  it('loses its control characters, then its surrounding white space', () => {
    expect(cleanAttributionValue(' \tlinked\u0000in\u001b[31m\u007f\n ', 200)).toBe('linkedin[31m');
  });

  it('loses unpaired surrogates and keeps paired ones', () => {
    expect(cleanAttributionValue('a\ud800b\udc00c😀', 200)).toBe('abc😀');
  });

  it('is cut to its bound in UTF-16 code units', () => {
    expect(cleanAttributionValue('x'.repeat(300), 200)).toBe('x'.repeat(200));
    expect(cleanAttributionValue('x'.repeat(200), 200)).toHaveLength(200);
  });

  it('drops the half of a surrogate pair that a cut leaves', () => {
    expect(cleanAttributionValue(`${'x'.repeat(199)}😀`, 200)).toBe('x'.repeat(199));
  });

  it('is empty when nothing is left', () => {
    expect(cleanAttributionValue(' \u0007 ', 200)).toBe('');
  });
});
