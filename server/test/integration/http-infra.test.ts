import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RATE_LIMITS } from '../../src/infra/plugins/rate-limit';
import { createTestApp, createTestDatabase, type TestApp } from '../helpers/build-app';
import { SUPER_EMAIL, SUPER_PASSWORD } from '../helpers/constants';
import { createCompany } from '../helpers/world';

// The HTTP infra plugins on the whole app: client IP (TRUST_PROXY), rate limits shared by every
// process through PostgreSQL, security headers, and the request log.

const wrongLogin = (app: TestApp, n: number, headers: Record<string, string> = {}) =>
  app.app.inject({ method: 'POST', url: '/auth/login', headers, payload: { email: `nobody${n}@example.com`, password: 'wrong' } });

/** Log lines the app wrote, parsed. */
const captureLog = () => {
  const lines: Record<string, unknown>[] = [];
  return { lines, stream: { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) } };
};

describe('rate limits across processes', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let one: TestApp;
  let two: TestApp;
  beforeAll(async () => {
    db = await createTestDatabase();
    one = await createTestApp({ db });
    two = await createTestApp({ db });
  });
  afterAll(async () => {
    await one.close();
    await two.close();
    await db.drop();
  });

  it('counts logins from one IP in both processes: the limit holds for the cluster, then 429 ERR_TOO_MANY_REQUESTS', async () => {
    // Both apps run on the production default (no LOGIN_RATE_LIMIT): 30 a minute.
    const { max } = RATE_LIMITS.login;
    expect(max).toBe(30);
    for (let i = 0; i < max; i++) {
      const r = await wrongLogin(i % 2 ? one : two, i);
      expect(r.statusCode, `attempt ${i + 1}`).toBe(401);
    }
    for (const app of [one, two]) {
      const r = await wrongLogin(app, 99);
      expect(r.statusCode).toBe(429);
      expect(r.json()).toMatchObject({ error: 'ERR_TOO_MANY_REQUESTS' });
      expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
    }
    // Refresh has its own counter: the login flood does not block it.
    expect((await one.app.inject({ method: 'POST', url: '/auth/refresh_token' })).statusCode).toBe(401);
  });
});

describe('LOGIN_RATE_LIMIT (config.loginRateLimit)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ config: { loginRateLimit: 3 } });
  });
  afterAll(() => app.close());

  it('replaces the count of logins a minute per IP (the e2e server raises it)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await wrongLogin(app, i)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 429]);
  });
});

describe('client IP and proxies (TRUST_PROXY); the operations routes (/health, /ready, /metrics)', () => {
  let plain: TestApp;
  let proxied: TestApp;
  beforeAll(async () => {
    plain = await createTestApp();
    proxied = await createTestApp({ config: { trustProxy: ['127.0.0.1'] } });
  });
  afterAll(async () => {
    await plain.close();
    await proxied.close();
  });

  it('without TRUST_PROXY, X-Forwarded-For is ignored: a client cannot dodge the limit by inventing addresses', async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= RATE_LIMITS.login.max; i++) statuses.push((await wrongLogin(plain, i, { 'x-forwarded-for': `203.0.113.${i + 1}` })).statusCode);
    expect(statuses.at(-1)).toBe(429);
  });

  it('with TRUST_PROXY naming the proxy, the forwarded address is the client (each counted on its own)', async () => {
    for (let i = 0; i <= RATE_LIMITS.login.max; i++) {
      expect((await wrongLogin(proxied, i, { 'x-forwarded-for': `203.0.113.${i + 1}` })).statusCode).toBe(401);
    }
  });

  it('/health is live at once; /ready waits for the sessions to be resumed, then names every check (issue 31 §5)', async () => {
    expect((await plain.app.inject({ method: 'GET', url: '/health' })).json()).toEqual({ status: 'ok' });
    const before = await plain.app.inject({ method: 'GET', url: '/ready' });
    expect(before.statusCode).toBe(503);
    expect(before.json()).toMatchObject({ error: 'ERR_NOT_READY', checks: { database: 'ok', jobs: 'ok', sessions: 'not resumed yet' } });
    await plain.resumeSessions();
    const after = await plain.app.inject({ method: 'GET', url: '/ready' });
    expect(after.statusCode).toBe(200);
    expect(after.json()).toEqual({ status: 'ready', checks: { database: 'ok', jobs: 'ok', sessions: 'ok' } });
  });

  it("/metrics answers this machine straight, never through a proxy; it counts requests by route pattern, stored messages and the job backlog", async () => {
    const company = await createCompany(proxied);
    const phone = proxied.sessions.sandbox(company.whatsapp.id, company.companyId)!;
    await phone.receive({ from: '5511955550001', name: 'Cliente', body: 'oi' });
    await proxied.bus.idle();
    await proxied.app.inject({ method: 'GET', url: '/tickets/123', headers: { authorization: `Bearer ${company.adminToken}` } });
    // A job that waits an hour: the message's own jobs may all be worked already (on a loaded
    // machine the backlog was once empty when /metrics was read).
    await proxied.jobs.enqueueNow('webhook.deliver', { companyId: company.companyId, deliveryIds: [], round: 1 }, { startAfterSeconds: 3600 });
    const m = await proxied.app.inject({ method: 'GET', url: '/metrics' });
    expect(m.statusCode).toBe(200);
    expect(m.headers['content-type']).toContain('text/plain');
    expect(m.body).toMatch(/balcao_messages_stored_total\{direction="in"\} 1\b/);
    // The pattern, not the id: one series per route however many tickets are asked for.
    expect(m.body).toContain('balcao_http_request_duration_seconds_count{method="GET",route="/tickets/:id",status="404"} 1');
    expect(m.body).toMatch(/balcao_job_backlog\{queue="webhook\.deliver"\} [1-9]\d*/);
    expect(m.body).toMatch(/balcao_connections\{status="[A-Za-z]+"\} \d+/);
    expect(m.body).toContain('balcao_process_cpu_seconds_total');
    // A proxy forwards the whole world: without METRICS_TOKEN, a forwarded request is refused.
    const viaProxy = await proxied.app.inject({ method: 'GET', url: '/metrics', headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect(viaProxy.statusCode).toBe(403);
    expect(viaProxy.json()).toMatchObject({ error: 'ERR_NO_PERMISSION' });
  });
});

describe('security headers and the request log', () => {
  let app: TestApp;
  const log = captureLog();
  beforeAll(async () => {
    app = await createTestApp({ logger: { stream: log.stream } });
  });
  afterAll(() => app.close());

  it('sends a CSP that allows the UI (inline styles, blob:/data: media, websockets) and nothing foreign', async () => {
    const r = await app.app.inject({ method: 'GET', url: '/version' });
    const csp = String(r.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("img-src 'self' data: blob:");
    expect(csp).toContain("connect-src 'self' ws: wss:");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(r.headers['x-content-type-options']).toBe('nosniff');
  });

  it('parses multipart bodies (registered once for every route)', () => {
    expect(app.app.hasContentTypeParser('multipart/form-data')).toBe(true);
  });

  it('logs each request with requestId, then companyId/userId once authenticated, and never the token or password', async () => {
    const login = await app.app.inject({ method: 'POST', url: '/auth/login', payload: { email: SUPER_EMAIL, password: SUPER_PASSWORD } });
    const { token, user } = login.json<{ token: string; user: { id: number; companyId: number } }>();
    log.lines.length = 0;
    const me = await app.app.inject({ method: 'GET', url: '/auth/me', headers: { authorization: `Bearer ${token}`, cookie: 'jrt=secret-refresh' } });
    expect(me.statusCode).toBe(200);
    const requestId = me.json<{ id: number }>() && log.lines.find((l) => l.msg === 'incoming request')?.requestId;
    expect(requestId).toBeTruthy();
    const done = log.lines.find((l) => l.msg === 'request completed');
    expect(done).toMatchObject({ requestId, companyId: user.companyId, userId: user.id });
    const text = JSON.stringify(log.lines);
    expect(text).not.toContain(token);
    expect(text).not.toContain('secret-refresh');
    expect(text).not.toContain(SUPER_PASSWORD);
  });
});
