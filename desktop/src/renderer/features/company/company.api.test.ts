// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { allFlagsOn, toPlanFlags } from './company.api';

describe('plan flags from GET /companies/listPlan/:id', () => {
  it('reads the nested plan the server answers ({ plan: { use… } })', () => {
    const flags = toPlanFlags({ id: 1, name: 'ACME', plan: { users: 5, useKanban: false, useCampaigns: true } });
    expect(flags.useKanban).toBe(false);
    expect(flags.useCampaigns).toBe(true);
    expect(flags.useOpenAi).toBe(true);
  });

  it('gates nothing when the answer has no plan', () => {
    expect(toPlanFlags({ useKanban: false })).toEqual(allFlagsOn());
    expect(toPlanFlags(undefined)).toEqual(allFlagsOn());
  });
});
