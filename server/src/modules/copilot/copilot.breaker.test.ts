import { describe, expect, it } from 'vitest';
import { createBreaker } from './copilot.breaker';

const setup = () => {
  let t = 1_000;
  const b = createBreaker({ threshold: 3, cooldownMs: 10_000, now: () => t });
  return { b, advance: (ms: number) => (t += ms) };
};

describe('copilot circuit breaker', () => {
  it('stays closed below the threshold and opens at it', () => {
    const { b } = setup();
    b.failure('k');
    b.failure('k');
    expect(b.allow('k')).toBe(true);
    b.failure('k');
    expect(b.allow('k')).toBe(false);
    expect(b.allow('other')).toBe(true);
  });

  it('lets one trial through after the cooldown; its success closes the circuit', () => {
    const { b, advance } = setup();
    for (let i = 0; i < 3; i++) b.failure('k');
    advance(9_999);
    expect(b.allow('k')).toBe(false);
    advance(1);
    expect(b.allow('k')).toBe(true);
    expect(b.allow('k')).toBe(false);
    b.success('k');
    expect(b.allow('k')).toBe(true);
    expect(b.allow('k')).toBe(true);
  });

  it('a failed trial opens it for another cooldown', () => {
    const { b, advance } = setup();
    for (let i = 0; i < 3; i++) b.failure('k');
    advance(10_000);
    expect(b.allow('k')).toBe(true);
    b.failure('k');
    expect(b.allow('k')).toBe(false);
    advance(10_000);
    expect(b.allow('k')).toBe(true);
  });

  it("a 429's Retry-After opens it at once for that long, at most five minutes", () => {
    const { b, advance } = setup();
    b.failure('k', 2_000);
    expect(b.allow('k')).toBe(false);
    advance(2_000);
    expect(b.allow('k')).toBe(true);
    b.failure('k', 3_600_000);
    advance(5 * 60_000 - 1);
    expect(b.allow('k')).toBe(false);
    advance(1);
    expect(b.allow('k')).toBe(true);
  });

  it('a success resets the count of failures in a row', () => {
    const { b } = setup();
    b.failure('k');
    b.failure('k');
    b.success('k');
    b.failure('k');
    b.failure('k');
    expect(b.allow('k')).toBe(true);
  });
});
