import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { REFRESH_COOKIE, type LoginResponse, type UserDto } from '@balcao/shared';
import { createTestApp, type TestApp } from '../helpers/build-app';
import { codeIn, startLocalSmtp, type LocalSmtp } from '../helpers/local-smtp';
import { api, connectSocket, createCompany, login, type TestCompany } from '../helpers/world';

// Password reset (issue 14 §3) against a local SMTP server this file starts: the code is read
// from the mail the server sent, as a person would.

let smtp: LocalSmtp;
let app: TestApp;
let c: TestCompany;
/** The clock the server reads: tests move it forward. */
let offsetMs = 0;
const clock = { now: () => new Date(Date.now() + offsetMs) };
let seq = 0;

beforeAll(async () => {
  smtp = await startLocalSmtp();
  app = await createTestApp({ config: { smtpUrl: smtp.url }, clock });
  c = await createCompany(app);
});
afterAll(async () => {
  await app.close();
  await smtp.close();
});
beforeEach(async () => {
  offsetMs = 0;
  // Each case starts with fresh per-IP and per-e-mail counters (the limits have their own case).
  await app.owner`delete from rate_limits`;
});

/** A user of company c with a known password. */
const newUser = async (): Promise<{ user: UserDto; email: string }> => {
  const email = `reset${process.pid}x${++seq}@example.com`;
  const r = await api(app, c.adminToken).post<UserDto>('/users', { name: 'Rita Reset', email, password: 'Secret123', profile: 'user', queueIds: [] });
  if (r.status !== 200) throw new Error(JSON.stringify(r.body));
  return { user: r.body, email };
};

const forgot = (email: string) => api(app).post<{ status: number; error?: string }>(`/forgetpassword/${encodeURIComponent(email)}`);
const reset = (body: { email: string; token: string; newPassword: string }) => api(app).post<{ ok?: true; error?: string; issues?: { path: string; message: string }[] }>('/resetpasswords', body);

/** Asks for a code and reads it from the mail the local SMTP server received. */
const codeFor = async (email: string): Promise<string> => {
  const from = smtp.mails.length;
  expect((await forgot(email)).body).toEqual({ status: 200 });
  return codeIn(await smtp.next(email, from));
};
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
const canLogin = async (email: string, password: string) => (await api(app).post('/auth/login', { email, password })).status === 200;

describe('password reset', () => {
  it('mails a 6-digit code (pt-BR by default) and stores only its hash', async () => {
    const { user, email } = await newUser();
    const from = smtp.mails.length;
    const r = await forgot(email);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ status: 200 });
    const mail = await smtp.next(email, from);
    const code = codeIn(mail);
    expect(code).toMatch(/^\d{6}$/);
    expect(mail.text).toContain('Seu código de verificação para redefinir a senha é');
    expect(mail.text).toContain('30 minutos');
    const rows = await app.owner`select code_hash, expires_at, attempts, used_at from password_resets where user_id = ${user.id}`;
    expect(rows).toHaveLength(1);
    expect(rows[0]!.code_hash).not.toContain(code);
    expect(rows[0]!.code_hash).toMatch(/^[0-9a-f]{64}$/);
    const ttl = (rows[0]!.expires_at as Date).getTime() - Date.now();
    expect(ttl).toBeGreaterThan(29 * 60_000);
    expect(ttl).toBeLessThanOrEqual(30 * 60_000);
  });

  it("writes the mail in the company's language", async () => {
    const { email } = await newUser();
    await api(app, c.adminToken).put('/settings/language', { value: 'es' });
    try {
      const from = smtp.mails.length;
      await forgot(email);
      expect((await smtp.next(email, from)).text).toContain('Su código de verificación para restablecer la contraseña es');
    } finally {
      await api(app, c.adminToken).put('/settings/language', { value: 'pt-BR' });
    }
  });

  it('answers an unknown e-mail exactly like a known one, and mails nobody', async () => {
    const { email } = await newUser();
    const known = await forgot(email);
    const before = smtp.mails.length;
    const unknown = await forgot(`ninguem${process.pid}@example.com`);
    expect({ status: unknown.status, body: unknown.body }).toEqual({ status: known.status, body: known.body });
    await smtp.next(email); // the known one's mail arrived
    const afterUnknown = smtp.mails.slice(before).filter((m) => m.to.includes(`ninguem${process.pid}@example.com`));
    expect(afterUnknown).toEqual([]);
    expect((await app.owner`select count(*)::int as n from password_resets pr join users u on u.id = pr.user_id where u.email like 'ninguem%'`)[0]!.n).toBe(0);
  });

  it('resets the password with the code: the new one works, the old one does not', async () => {
    const { email } = await newUser();
    const code = await codeFor(email);
    const r = await reset({ email, token: code, newPassword: 'NovaSenha1' });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ ok: true });
    expect(await canLogin(email, 'NovaSenha1')).toBe(true);
    expect(await canLogin(email, 'Secret123')).toBe(false);
  });

  it('takes a code once', async () => {
    const { email } = await newUser();
    const code = await codeFor(email);
    expect((await reset({ email, token: code, newPassword: 'Primeira1' })).status).toBe(200);
    const again = await reset({ email, token: code, newPassword: 'Segunda22' });
    expect({ status: again.status, error: again.body.error }).toEqual({ status: 400, error: 'ERR_INVALID_RESET_CODE' });
    expect(await canLogin(email, 'Primeira1')).toBe(true);
  });

  it('refuses a code after 30 minutes', async () => {
    const { email } = await newUser();
    const code = await codeFor(email);
    offsetMs = 30 * 60_000 + 1_000;
    const late = await reset({ email, token: code, newPassword: 'Atrasada1' });
    expect({ status: late.status, error: late.body.error }).toEqual({ status: 400, error: 'ERR_INVALID_RESET_CODE' });
    expect(await canLogin(email, 'Secret123')).toBe(true);
  });

  it('takes a code up to 29 minutes later', async () => {
    const { email } = await newUser();
    const code = await codeFor(email);
    offsetMs = 29 * 60_000;
    expect((await reset({ email, token: code, newPassword: 'NoLimite9' })).status).toBe(200);
  });

  it('stops after 5 tries: the right code on the 6th is refused, on the 5th it works', async () => {
    const a = await newUser();
    const code = await codeFor(a.email);
    for (let i = 0; i < 5; i++) expect((await reset({ email: a.email, token: wrong(code), newPassword: 'Tentativa1' })).body.error).toBe('ERR_INVALID_RESET_CODE');
    expect((await app.owner`select attempts from password_resets where user_id = ${a.user.id}`)[0]!.attempts).toBe(5);
    const sixth = await reset({ email: a.email, token: code, newPassword: 'Tentativa1' });
    expect(sixth.body.error).toBe('ERR_INVALID_RESET_CODE');
    expect(await canLogin(a.email, 'Secret123')).toBe(true);

    const b = await newUser();
    const codeB = await codeFor(b.email);
    for (let i = 0; i < 4; i++) await reset({ email: b.email, token: wrong(codeB), newPassword: 'Tentativa1' });
    expect((await reset({ email: b.email, token: codeB, newPassword: 'Tentativa1' })).status).toBe(200);
  });

  it('replaces the open code with a new request', async () => {
    const { user, email } = await newUser();
    const first = await codeFor(email);
    const second = await codeFor(email);
    expect((await app.owner`select count(*)::int as n from password_resets where user_id = ${user.id}`)[0]!.n).toBe(1);
    if (first !== second) expect((await reset({ email, token: first, newPassword: 'Trocada12' })).body.error).toBe('ERR_INVALID_RESET_CODE');
    expect((await reset({ email, token: second, newPassword: 'Trocada12' })).status).toBe(200);
  });

  it("ends the user's sessions: access token, refresh cookie and open logins", async () => {
    const { email } = await newUser();
    const res = await app.app.inject({ method: 'POST', url: '/auth/login', payload: { email, password: 'Secret123' } });
    const token = res.json<LoginResponse>().token;
    const cookie = res.cookies.find((k) => k.name === REFRESH_COOKIE)!.value;
    expect((await api(app, token).get('/auth/me')).status).toBe(200);
    const socket = await connectSocket(app, token);
    const closed = new Promise<string>((resolve) => socket.on('disconnect', (reason) => resolve(reason)));
    const code = await codeFor(email);
    expect((await reset({ email, token: code, newPassword: 'Revogada1' })).status).toBe(200);
    // The open socket of that login is closed by the server.
    expect(await closed).toBe('io server disconnect');
    expect((await api(app, token).get('/auth/me')).status).not.toBe(200);
    const refreshed = await app.app.inject({ method: 'POST', url: '/auth/refresh_token', cookies: { [REFRESH_COOKIE]: cookie } });
    expect(refreshed.statusCode).toBe(401);
    expect(refreshed.json<{ error: string }>().error).toBe('ERR_SESSION_EXPIRED');
    const rows = await app.owner`select count(*)::int as n from refresh_tokens rt join users u on u.id = rt.user_id where u.email = ${email} and rt.revoked_at is null`;
    expect(rows[0]!.n).toBe(0);
  });

  it("never touches another user's code: a code works only for the address it was sent to", async () => {
    const a = await newUser();
    const b = await newUser();
    const codeA = await codeFor(a.email);
    const codeB = await codeFor(b.email);
    // Two random codes are equal once in a million: then there is nothing to tell apart.
    if (codeA !== codeB) {
      expect((await reset({ email: b.email, token: codeA, newPassword: 'Cruzada12' })).body.error).toBe('ERR_INVALID_RESET_CODE');
      expect(await canLogin(b.email, 'Secret123')).toBe(true);
    }
    expect(await canLogin(a.email, 'Secret123')).toBe(true);
  });

  it("enforces the spec's password rule on the server, with its text", async () => {
    const { email } = await newUser();
    const code = await codeFor(email);
    for (const weak of ['Curta1', 'semmaiuscula1', 'SEMMINUSCULA1', 'SemNumeroAqui']) {
      const r = await reset({ email, token: code, newPassword: weak });
      expect(r.status).toBe(400);
      expect(r.body.error).toBe('ERR_VALIDATION');
      expect(r.body.issues?.[0]?.message).toBe('Sua senha precisa ter no mínimo 8 caracteres, sendo uma letra maiúscula, uma minúscula e um número.');
    }
    // A refused password costs no try.
    expect((await reset({ email, token: code, newPassword: 'Valida123' })).status).toBe(200);
  });

  it('refuses the values in the path (the spec client form) with a code saying to use the body', async () => {
    const { email } = await newUser();
    const r = await api(app).post<{ error: string }>(`/resetpasswords/${encodeURIComponent(email)}/123456/Caminho123`);
    expect(r.status).toBe(400);
    expect(r.body.error).toBe('ERR_RESET_IN_PATH');
    expect(await canLogin(email, 'Secret123')).toBe(true);
  });

  it('limits requests per e-mail (known or not alike) and per address', async () => {
    const { email } = await newUser();
    const unknown = `ninguem-limite${process.pid}@example.com`;
    for (const address of [email, unknown]) {
      for (let i = 0; i < 5; i++) expect((await forgot(address)).status).toBe(200);
      const over = await forgot(address);
      expect({ status: over.status, error: over.body.error }).toEqual({ status: 429, error: 'ERR_TOO_MANY_REQUESTS' });
    }
    await app.owner`delete from rate_limits`;
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) statuses.push((await forgot(`ip${i}x${process.pid}@example.com`)).status);
    expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true);
    expect(statuses[20]).toBe(429);
  });

  it('writes the mail, code included, to the log when no SMTP_URL is set (the embedded default)', async () => {
    const lines: string[] = [];
    const logged = await createTestApp({ logger: { level: 'info', stream: { write: (l) => void lines.push(l) } } });
    try {
      const su = await login(logged, 'owner@balcao.test', 'Owner123!');
      expect(su.user.email).toBe('owner@balcao.test');
      expect((await api(logged).post('/forgetpassword/owner%40balcao.test')).status).toBe(200);
      await expect.poll(() => lines.find((l) => l.includes('no SMTP_URL')), { timeout: 5_000 }).toBeDefined();
      const line = JSON.parse(lines.find((l) => l.includes('no SMTP_URL'))!) as { mail: { to: string; text: string } };
      expect(line.mail.to).toBe('owner@balcao.test');
      const code = codeIn(line.mail);
      expect((await api(logged).post('/resetpasswords', { email: 'owner@balcao.test', token: code, newPassword: 'DoLog1234' })).status).toBe(200);
      // The request line itself never carries the address (nor, on the path form, code and password).
      expect(lines.filter((l) => l.includes('"url"')).join('')).not.toContain('owner%40balcao.test');
    } finally {
      await logged.close();
    }
  });
});
