import { describe, expect, it } from 'vitest';
import { fixed } from '../../src/i18n/number';

describe('fixed', () => {
  it('writes the decimal separator of the language, like the lessons do', () => {
    expect(fixed('de', 18.2, 1)).toBe('18,2');
    expect(fixed('en', 18.2, 1)).toBe('18.2');
  });

  it('always shows the asked number of decimals and never groups thousands', () => {
    expect(fixed('de', 0, 4)).toBe('0,0000');
    expect(fixed('en', 3, 1)).toBe('3.0');
    expect(fixed('de', 1234.5, 1)).toBe('1234,5');
    expect(fixed('en', 12345.678, 0)).toBe('12346');
  });
});
