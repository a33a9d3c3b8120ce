/**
 * The signup and password-reset pages as the spec's client calls them (administration.md §7
 * "Companies, plans, helps, settings" and "Password reset"; issue 14 §1–3).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUPER_EMAIL, SUPER_PASSWORD } from '../helpers/constants';
import { api, login } from '../helpers/world';
import { SPEC_ORIGIN, SpecClient } from './client';
import { createStage, type Stage } from './stage';

let stage: Stage;
let superToken: string;
beforeAll(async () => {
  stage = await createStage();
  superToken = (await login(stage.app, SUPER_EMAIL, SUPER_PASSWORD)).token;
});
afterAll(async () => {
  await stage?.close();
});

const setPlatform = (key: string, value: string) => api(stage.app, superToken).put(`/settings/${key}`, { value });

describe('the signup page (pages/Signup)', () => {
  it('reads allowregister and trial without a token, from its origin', async () => {
    await setPlatform('trial', '6');
    const page = new SpecClient(stage.app);
    const allow = await page.allowRegister();
    expect(allow.status).toBe(200);
    expect(allow.data).toEqual({ value: 'disabled' });
    expect(allow.headers.get('access-control-allow-origin')).toBe(SPEC_ORIGIN);
    expect((await page.trial()).data).toEqual({ value: '6' });
    await setPlatform('trial', '3');
  });

  it("signs up with the client's own dueDate/status/recurrence ignored: the server's trial stands", async () => {
    await setPlatform('allowregister', 'enabled');
    const page = new SpecClient(stage.app);
    const plans = await page.plansList();
    expect(plans.status).toBe(200);
    const planId = plans.data[0]!.id;
    // The client computes a 30-day due date; the platform's trial is 3 days.
    const r = await page.signup({ name: 'Padaria Protocolo', email: 'padaria.protocolo@example.com', phone: '(61) 99876-5432', password: 'pao123', planId: String(planId) }, 30);
    expect(r.status).toBe(200);
    const [company] = await stage.app.owner`select due_date::text as due, trial_expiration::text as trial, recurrence, status from companies where id = ${r.data.id}`;
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
    const expected = new Date(Date.parse(`${today}T00:00:00Z`) + 3 * 86_400_000).toISOString().slice(0, 10);
    expect(company).toEqual({ due: expected, trial: expected, recurrence: 'MENSAL', status: true });
    // Then pages/Login: the new admin gets in.
    const { admitted } = await new SpecClient(stage.app).login('padaria.protocolo@example.com', 'pao123');
    expect(admitted).toBe(true);
  });

  it('is refused with a code when registration is off (the page would have gone to /login)', async () => {
    await setPlatform('allowregister', 'disabled');
    const r = await new SpecClient(stage.app).signup({ name: 'Fechada', email: 'fechada@example.com', phone: '', password: 'fechada1', planId: 1 }, 3);
    expect(r.status).toBe(403);
    expect(r.data.error).toBe('ERR_SIGNUP_DISABLED');
  });
});

describe('the password reset page (pages/ForgetPassWord)', () => {
  it('step one answers { status: 200 } for a known and an unknown e-mail alike (never 404)', async () => {
    const page = new SpecClient(stage.app);
    const known = await page.forgetPassword(stage.c.admin.email);
    const unknown = await page.forgetPassword('ninguem.protocolo@example.com');
    expect([known.status, known.data]).toEqual([200, { status: 200 }]);
    expect([unknown.status, unknown.data]).toEqual([200, { status: 200 }]);
  });

  it('step two with the values in the path is refused with ERR_RESET_IN_PATH, and the password stays', async () => {
    const r = await new SpecClient(stage.app).resetPasswordInPath(stage.c.admin.email, '123456', 'NovaSenha1');
    expect(r.status).toBe(400);
    expect(r.data.error).toBe('ERR_RESET_IN_PATH');
    const { admitted } = await new SpecClient(stage.app).login(stage.c.admin.email, 'Secret123');
    expect(admitted).toBe(true);
  });
});
