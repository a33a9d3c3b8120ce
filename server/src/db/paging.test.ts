import { describe, expect, it } from 'vitest';
import { likeOf } from './paging';

describe('likeOf', () => {
  it('wraps the term in % and escapes the wildcards, so it matches as typed', () => {
    expect(likeOf('ana')).toBe('%ana%');
    expect(likeOf('50%_off\\')).toBe('%50\\%\\_off\\\\%');
  });
});
