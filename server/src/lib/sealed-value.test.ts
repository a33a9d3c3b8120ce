import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SealError, open, seal } from './sealed-value';

const key = randomBytes(32);

describe('sealed values', () => {
  it('round-trips, with a fresh IV every time', () => {
    const a = seal(key, '{"x":1}', 'row');
    const b = seal(key, '{"x":1}', 'row');
    expect(a).not.toBe(b);
    expect(open(key, a, 'row')).toBe('{"x":1}');
    expect(open(key, b, 'row')).toBe('{"x":1}');
  });

  it('refuses another key, another row (aad) and any tampering', () => {
    const s = seal(key, 'secret', '1/2/session/a');
    expect(() => open(randomBytes(32), s, '1/2/session/a')).toThrow(SealError);
    expect(() => open(key, s, '1/3/session/a')).toThrow(SealError);
    const [v, iv, tag, body] = s.split('.');
    const flipped = Buffer.from(body!, 'base64');
    flipped[0] = flipped[0]! ^ 1;
    expect(() => open(key, [v, iv, tag, flipped.toString('base64')].join('.'), '1/2/session/a')).toThrow(SealError);
    expect(() => open(key, 'secret', '1/2/session/a')).toThrow(SealError);
  });

  it('wants a 32-byte key', () => {
    expect(() => seal(randomBytes(16), 'x', 'row')).toThrow(SealError);
  });
});
