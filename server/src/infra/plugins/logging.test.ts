import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerErrorHandlers } from '../error-handler';
import { loggerOptions } from './logging';

describe('request logging', () => {
  it('logs an unexpected error with its stack and requestId; the client sees only ERR_INTERNAL', async () => {
    const lines: Record<string, unknown>[] = [];
    const app = Fastify(loggerOptions({ stream: { write: (l) => void lines.push(JSON.parse(l) as Record<string, unknown>) } }));
    registerErrorHandlers(app);
    app.get('/boom', async () => {
      throw new Error('database fell over');
    });
    const r = await app.inject({ method: 'GET', url: '/boom', headers: { authorization: 'Bearer abc.def.ghi' } });
    expect(r.statusCode).toBe(500);
    expect(r.json()).toEqual({ error: 'ERR_INTERNAL', requestId: expect.any(String) });
    const logged = lines.find((l) => l.level === 50) as { requestId: string; err: { stack: string } } | undefined;
    expect(logged?.requestId).toBe(r.json<{ requestId: string }>().requestId);
    expect(logged?.err.stack).toContain('database fell over');
    expect(JSON.stringify(lines)).not.toContain('abc.def.ghi');
    await app.close();
  });

  it('redacts secrets in objects logged by hand', () => {
    const lines: string[] = [];
    const app = Fastify(loggerOptions({ stream: { write: (l) => void lines.push(l) } }));
    app.log.info({ body: { email: 'a@b.co', password: 'hunter2', token: 't0k' }, headers: { authorization: 'Bearer x' } }, 'debugging');
    expect(lines.join('')).not.toMatch(/hunter2|t0k|Bearer x/);
    expect(lines.join('')).toContain('a@b.co');
  });

  it("logs the spec's reset and forgot-password URLs without the e-mail, code or password in them", async () => {
    const lines: string[] = [];
    const app = Fastify(loggerOptions({ stream: { write: (l) => void lines.push(l) } }));
    app.post('/resetpasswords/:email/:token/:newPassword', async () => ({ ok: true }));
    app.post('/forgetpassword/:email', async () => ({ ok: true }));
    await app.inject({ method: 'POST', url: '/resetpasswords/ana%40b.co/123456/Segredo123' });
    await app.inject({ method: 'POST', url: '/forgetpassword/ana%40b.co' });
    const all = lines.join('');
    expect(all).not.toMatch(/ana%40b\.co|123456|Segredo123/);
    expect(all).toContain('/resetpasswords/[redacted]');
    expect(all).toContain('/forgetpassword/[redacted]');
    await app.close();
  });
});
