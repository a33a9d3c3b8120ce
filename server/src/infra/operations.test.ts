/**
 * The operations routes on a bare Fastify (issue 31 §5): a failing check is named, a graceful
 * stop turns /ready to 503 at once, and METRICS_TOKEN is the only way in when set.
 */
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerErrorHandlers } from './error-handler';
import { metricsAllowed, registerOperations } from './operations';

const build = (opts: { failing?: string; token?: string } = {}) => {
  const app = Fastify();
  registerErrorHandlers(app);
  const ops = registerOperations(app, {
    metricsToken: opts.token,
    checks: {
      database: async () => {
        if (opts.failing === 'database') throw new Error('connection refused');
      },
    },
    gauges: { jobBacklog: async () => ({ 'webhook.deliver': 3 }), sessionsLive: () => 2, connections: async () => ({ CONNECTED: 1 }), sockets: () => 5 },
  });
  return { app, ops };
};

describe('operations routes', () => {
  it('/ready names the check that fails', async () => {
    const { app } = build({ failing: 'database' });
    const r = await app.inject({ method: 'GET', url: '/ready' });
    expect(r.statusCode).toBe(503);
    expect(r.json()).toEqual({ error: 'ERR_NOT_READY', checks: { database: 'connection refused' } });
  });

  it('/ready is 503 from the moment a graceful stop begins, while /health still answers', async () => {
    const { app, ops } = build();
    expect((await app.inject({ method: 'GET', url: '/ready' })).statusCode).toBe(200);
    ops.drain();
    const r = await app.inject({ method: 'GET', url: '/ready' });
    expect(r.statusCode).toBe(503);
    expect(r.json()).toMatchObject({ checks: { process: 'stopping', database: 'ok' } });
    expect((await app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
  });

  it('/metrics with METRICS_TOKEN set wants exactly that bearer, from anywhere', async () => {
    const token = 'a-metrics-token-of-length';
    const { app } = build({ token });
    expect((await app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${token}x` } })).statusCode).toBe(403);
    const ok = await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': '203.0.113.9' } });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toContain('balcao_job_backlog{queue="webhook.deliver"} 3');
    expect(ok.body).toContain('balcao_sessions_live 2');
    expect(ok.body).toContain('balcao_sockets 5');
  });

  it('without a token, only a caller on this machine or a private network that came through no proxy', () => {
    const at = (remoteAddress: string, headers: Record<string, string> = {}) => metricsAllowed({ headers, socket: { remoteAddress } }, undefined);
    expect(at('127.0.0.1')).toBe(true);
    expect(at('::ffff:10.0.0.7')).toBe(true);
    expect(at('8.8.8.8')).toBe(false);
    expect(at('127.0.0.1', { 'x-forwarded-for': '203.0.113.9' })).toBe(false);
  });
});
