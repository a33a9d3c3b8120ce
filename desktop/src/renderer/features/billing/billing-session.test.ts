// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { isBillingOnlyToken } from './billing-session';

const b64url = (o: unknown) => btoa(JSON.stringify(o)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
const jwt = (claims: Record<string, unknown>) => `${b64url({ alg: 'HS256', typ: 'JWT' })}.${b64url(claims)}.signature`;

describe('isBillingOnlyToken (decision 0280)', () => {
  it('reads the billing claim of the access token', () => {
    expect(isBillingOnlyToken(jwt({ sub: '5', companyId: 7, billing: true, name: 'Ação çã' }))).toBe(true);
    expect(isBillingOnlyToken(jwt({ sub: '5', companyId: 7 }))).toBe(false);
    expect(isBillingOnlyToken(jwt({ sub: '5', billing: 'true' }))).toBe(false);
  });

  it('is false for no token or a malformed one', () => {
    expect(isBillingOnlyToken(null)).toBe(false);
    expect(isBillingOnlyToken('')).toBe(false);
    expect(isBillingOnlyToken('a.%%%.c')).toBe(false);
    expect(isBillingOnlyToken('only-one-part')).toBe(false);
  });
});
