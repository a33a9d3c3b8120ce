import { describe, expect, it } from 'vitest';
import { maskPhone } from './phone-mask';

describe('maskPhone — (99) 99999-9999', () => {
  it('masks as the digits come', () => {
    expect(['', '1', '11', '119', '1198765', '11987654', '11987654321'].map(maskPhone)).toEqual(['', '(1', '(11', '(11) 9', '(11) 98765', '(11) 98765-4', '(11) 98765-4321']);
  });

  it('keeps digits only, at most 11, from pasted text', () => {
    expect(maskPhone('+55 (61) 99876-5432')).toBe('(61) 99876-5432');
    expect(maskPhone('(61) 99876-54321')).toBe('(61) 99876-5432');
    expect(maskPhone('abc')).toBe('');
    expect(maskPhone(undefined)).toBe('');
  });
});
