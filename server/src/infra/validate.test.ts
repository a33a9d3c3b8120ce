import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from './errors';
import { parse } from './validate';

const Body = z.object({ name: z.string(), tags: z.array(z.string()).optional() });

describe('parse: text PostgreSQL cannot store is a 400, never a database error', () => {
  it('refuses a lone high or low surrogate anywhere, keys included (issue 28 §10)', () => {
    for (const input of [{ name: 'Jo\uD800ão' }, { name: '\uDC00' }, { name: 'ok', tags: ['a', 'x\uD83D'] }, { name: 'ok', ['k\uDFFF']: 1 }]) {
      expect(() => parse(Body, input)).toThrow(new AppError('ERR_VALIDATION', 'text contains a lone UTF-16 surrogate (not a character)'));
    }
  });

  it('keeps whole pairs (emoji) and refuses NUL as before', () => {
    expect(parse(Body, { name: 'Olá 😀 👍' })).toEqual({ name: 'Olá 😀 👍' });
    expect(() => parse(Body, { name: 'Jo\u0000ão' })).toThrow(new AppError('ERR_VALIDATION', 'text contains a NUL character'));
  });
});
