import { expect } from 'vitest';
import { Secret, TOTP } from 'otpauth';
import { get, type IsolationCases } from '../../../test/helpers/isolation-world';
import { api } from '../../../test/helpers/world';

// Company B's admin calls the auth module's routes with company A's ids: rows of the tenant
// isolation suite, run by server/test/integration/tenant-isolation.*.test.ts in the world of
// test/helpers/isolation-world.ts.

const post = (url: string, body: unknown) => ({ method: 'POST' as const, url, body });

export const isolationCases: IsolationCases = ({ app, A, B }) => {
  // A's admin with two-factor sign-in on (made once, on first use): B's calls must neither see nor change it.
  let aTwoFactor: Promise<void> | undefined;
  const aHasTwoFactor = () =>
    (aTwoFactor ??= (async () => {
      const a = api(app, A.c.adminToken);
      const { body } = await a.post<{ secret: string }>('/auth/2fa/setup', {});
      const code = new TOTP({ secret: Secret.fromBase32(body.secret) }).generate();
      const on = await a.post('/auth/2fa/enable', { code });
      if (on.status !== 200) throw new Error(`A's 2FA: ${JSON.stringify(on.body)}`);
    })());
  const aStillOn = async () => expect((await api(app, A.c.adminToken).get<{ enabled: boolean }>('/auth/2fa')).body.enabled).toBe(true);

  return {
    'GET /auth/me': [
      {
        name: "answers with B's own user",
        req: () => get('/auth/me'),
        expect: (r) => {
          expect({ status: r.status, id: r.body.id, companyId: r.body.companyId }).toEqual({ status: 200, id: B.c.admin.id, companyId: B.c.companyId });
          expect(r.text).not.toContain(A.marker);
        },
      },
    ],
    'GET /auth/2fa': [
      {
        name: "answers B's own state, not A's admin's (on)",
        req: async () => (await aHasTwoFactor(), get('/auth/2fa')),
        expect: (r) => expect({ status: r.status, body: r.body }).toEqual({ status: 200, body: { enabled: false, recoveryCodesLeft: 0, required: false } }),
      },
    ],
    'POST /auth/2fa/setup': [
      {
        name: "makes B's own secret, named after B's admin",
        req: () => post('/auth/2fa/setup', {}),
        expect: (r) => {
          expect(r.status).toBe(200);
          expect(decodeURIComponent(String(r.body.otpauthUrl))).toContain(B.c.admin.email);
          expect(r.text).not.toContain(A.c.admin.email);
        },
      },
    ],
    'POST /auth/2fa/enable': [
      {
        name: "a code of A's secret does not enable B (B's pending secret is another)",
        req: async () => {
          await aHasTwoFactor();
          await api(app, B.c.adminToken).post('/auth/2fa/setup', {});
          return post('/auth/2fa/enable', { code: '000000' });
        },
        expect: (r) => expect({ status: r.status, error: r.body.error }).toEqual({ status: 400, error: 'ERR_INVALID_2FA_CODE' }),
      },
    ],
    'POST /auth/2fa/disable': [
      {
        name: "does not turn off A's admin's 2FA",
        req: async () => (await aHasTwoFactor(), post('/auth/2fa/disable', { password: 'Secret123' })),
        expect: async (r) => {
          expect({ status: r.status, error: r.body.error }).toEqual({ status: 409, error: 'ERR_2FA_NOT_ENABLED' });
          await aStillOn();
        },
      },
    ],
    'POST /auth/2fa/verify': [
      {
        name: "B's session is no challenge: nothing about A's admin",
        req: async () => (await aHasTwoFactor(), post('/auth/2fa/verify', { challenge: 'y'.repeat(43), code: '123456' })),
        expect: (r) => {
          expect({ status: r.status, error: r.body.error }).toEqual({ status: 401, error: 'ERR_INVALID_2FA_CHALLENGE' });
          expect(r.text).not.toContain(A.c.admin.email);
        },
      },
    ],
  };
};
