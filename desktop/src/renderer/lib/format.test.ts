// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { formatDueDate, formatListTime, initials } from './format';

describe('formatListTime', () => {
  const now = new Date(2025, 2, 10, 15, 30); // 10 Mar 2025, local time

  it('shows HH:mm for a time earlier today', () => {
    expect(formatListTime(new Date(2025, 2, 10, 9, 5).toISOString(), now)).toBe('09:05');
  });

  it('shows dd/MM/yyyy for yesterday even when the hour is later than now', () => {
    expect(formatListTime(new Date(2025, 2, 9, 23, 59).toISOString(), now)).toBe('09/03/2025');
  });

  it('shows dd/MM/yyyy for another year', () => {
    expect(formatListTime(new Date(2024, 11, 31, 8, 0).toISOString(), now)).toBe('31/12/2024');
  });

  it('returns an empty string for an invalid date', () => {
    expect(formatListTime('not a date', now)).toBe('');
  });
});

describe('formatDueDate', () => {
  it('keeps the calendar day of a date-only or midnight-UTC due date', () => {
    expect(formatDueDate('2025-04-01')).toBe('01/04/2025');
    expect(formatDueDate('2025-04-01T00:00:00.000Z')).toBe('01/04/2025');
    expect(formatDueDate(null)).toBe('');
  });
});

describe('initials', () => {
  it('takes the first letters of the first and last names', () => {
    expect(initials('maria da silva')).toBe('MS');
    expect(initials('João')).toBe('J');
    expect(initials('  ')).toBe('?');
  });
});
