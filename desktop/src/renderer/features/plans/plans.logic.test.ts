import { describe, expect, it } from 'vitest';
import { emptyPlan, formatPlanValue, PLAN_SWITCHES } from './plans.logic';

describe('plans logic', () => {
  it('starts a new plan with every feature on (the entity default)', () => {
    const p = emptyPlan();
    for (const f of PLAN_SWITCHES) expect(p[f]).toBe(true);
    expect(p).toMatchObject({ name: '', value: 0 });
  });

  it('writes values in reais with Brazilian separators', () => {
    expect(formatPlanValue(1234.5)).toBe('R$ 1.234,50');
    expect(formatPlanValue(0)).toBe('R$ 0,00');
  });
});
