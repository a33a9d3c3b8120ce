import { describe, expect, it } from 'vitest';
import { instantOf } from './schedules.time';

describe('instantOf', () => {
  it('keeps an instant with an offset', () => {
    expect(instantOf('2025-01-31T10:00:00.000Z', 'America/Sao_Paulo').toISOString()).toBe('2025-01-31T10:00:00.000Z');
    expect(instantOf('2025-01-31T10:00:00-03:00', 'Europe/Lisbon').toISOString()).toBe('2025-01-31T13:00:00.000Z');
  });
  it("reads a datetime-local in the company's zone", () => {
    expect(instantOf('2025-01-31T10:00', 'America/Sao_Paulo').toISOString()).toBe('2025-01-31T13:00:00.000Z');
    expect(instantOf('2025-07-01T10:00:30', 'Europe/Lisbon').toISOString()).toBe('2025-07-01T09:00:30.000Z');
    expect(instantOf('2025-01-31T10:00', 'UTC').toISOString()).toBe('2025-01-31T10:00:00.000Z');
  });
});
