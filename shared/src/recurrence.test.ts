import { describe, expect, it } from 'vitest';
import { addRecurrence, dueState } from './recurrence';

describe('addRecurrence', () => {
  it('adds the recurrence in calendar months', () => {
    expect(addRecurrence('2026-01-15', 'MENSAL')).toBe('2026-02-15');
    expect(addRecurrence('2026-01-15', 'BIMESTRAL')).toBe('2026-03-15');
    expect(addRecurrence('2026-11-15', 'TRIMESTRAL')).toBe('2027-02-15');
    expect(addRecurrence('2026-08-15', 'SEMESTRAL')).toBe('2027-02-15');
    expect(addRecurrence('2026-01-15', 'ANUAL')).toBe('2027-01-15');
  });
  it('clamps to the last day of a shorter month', () => {
    expect(addRecurrence('2026-01-31', 'MENSAL')).toBe('2026-02-28');
    expect(addRecurrence('2027-12-31', 'BIMESTRAL')).toBe('2028-02-29');
    expect(addRecurrence('2026-03-31', 'MENSAL')).toBe('2026-04-30');
  });
});

describe('dueState', () => {
  it('is red when due today or past, yellow in 1-5 days, else nothing', () => {
    expect(dueState('2026-05-09', '2026-05-10')).toBe('overdue');
    expect(dueState('2026-05-10', '2026-05-10')).toBe('overdue');
    expect(dueState('2026-05-11', '2026-05-10')).toBe('soon');
    expect(dueState('2026-05-15', '2026-05-10')).toBe('soon');
    expect(dueState('2026-05-16', '2026-05-10')).toBe(null);
  });
});
