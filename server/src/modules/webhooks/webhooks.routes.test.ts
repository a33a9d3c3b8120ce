/**
 * Signed outbound webhooks (issue 15 §5; decisions 0300–0304): a local receiver verifies the
 * signature of a real message.created delivery (an inbound message through the sandbox), a 500
 * is retried then recorded failed, replay re-sends the same delivery id, a company never hears
 * another's events, secrets are shown once, sealed and audited masked, admins only.
 */
import { randomBytes } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ListWebhookDeliveriesResponse, ListWebhooksResponse, WebhookDeliveryDto, WebhookDto, WebhookEnvelope, WebhookSecretResponse } from '@balcao/shared';
import { createTestApp, type TestApp } from '../../../test/helpers/build-app';
import { startLocalServer } from '../../../test/helpers/local-server';
import { api, createCompany, type TestCompany } from '../../../test/helpers/world';
import { verifySignature } from '.';

interface Received {
  path: string;
  raw: string;
  headers: IncomingHttpHeaders;
  body: WebhookEnvelope;
}

const key = randomBytes(32);
let app: TestApp;
let a: TestCompany;
let b: TestCompany;
let receiver: Awaited<ReturnType<typeof startLocalServer>>;
const received: Received[] = [];
const waiters: { match: (r: Received) => boolean; resolve: (r: Received) => void }[] = [];
/** What each path answers (default 200). */
const answers = new Map<string, number>();

/** The first request (already received or coming) that matches. */
const nextRequest = (match: (r: Received) => boolean, timeoutMs = 10_000): Promise<Received> => {
  const seen = received.find(match);
  if (seen) return Promise.resolve(seen);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no matching webhook request')), timeoutMs);
    waiters.push({ match, resolve: (r) => (clearTimeout(timer), resolve(r)) });
  });
};

beforeAll(async () => {
  receiver = await startLocalServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      const r: Received = { path: req.url ?? '', raw, headers: req.headers, body: JSON.parse(raw) as WebhookEnvelope };
      received.push(r);
      for (const w of [...waiters]) {
        if (!w.match(r)) continue;
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(r);
      }
      const status = answers.get(r.path) ?? 200;
      res.writeHead(status, { 'content-type': 'text/plain' });
      res.end(status === 200 ? 'ok' : `boom ${'x'.repeat(5000)}`);
    });
  });
  app = await createTestApp({ config: { waEncryptionKey: key }, webhookLimits: { retryDelaysSeconds: [0, 0, 0, 0, 0], timeoutMs: 3000 } });
  [a, b] = [await createCompany(app), await createCompany(app)];
});
afterAll(async () => {
  await app.close();
  await receiver.close();
});

const admin = (c: TestCompany) => api(app, c.adminToken);
const create = async (c: TestCompany, path: string, events: string[] = ['message.created']) => {
  const r = await admin(c).post<WebhookSecretResponse>('/webhooks', { name: `Hook ${path}`, url: `${receiver.base}${path}`, events });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body;
};
const log = async (c: TestCompany, id: number) => (await admin(c).get<ListWebhookDeliveriesResponse>(`/webhooks/${id}/deliveries`)).body.deliveries;
/** Waits (on the API, no fixed sleep) until the delivery log row matches. */
const logRow = (c: TestCompany, id: number, match: (d: WebhookDeliveryDto) => boolean) =>
  vi.waitFor(
    async () => {
      const row = (await log(c, id)).find(match);
      if (!row) throw new Error('not yet');
      return row;
    },
    { timeout: 15_000, interval: 50 },
  );
const now = () => Math.floor(Date.now() / 1000);

describe('/webhooks', () => {
  it('shows the secret once, seals it, lists a masked tail and audits without it', async () => {
    const made = await create(a, '/crud', ['ticket.created', 'contact.created']);
    expect(made.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(made.webhook).toMatchObject({ name: 'Hook /crud', events: ['ticket.created', 'contact.created'], active: true, secretTail: `…${made.secret.slice(-4)}` });
    const [row] = await app.owner`select secret_sealed from webhooks where id = ${made.webhook.id}`;
    expect(row!.secret_sealed).toMatch(/^v1\./);
    expect(row!.secret_sealed).not.toContain(made.secret);

    const list = await admin(a).get<ListWebhooksResponse>('/webhooks');
    expect(list.body.webhooks.map((w) => w.id)).toContain(made.webhook.id);
    expect(JSON.stringify(list.body)).not.toContain(made.secret);

    const edited = await admin(a).put<WebhookDto>(`/webhooks/${made.webhook.id}`, { name: 'Renomeado', active: false, events: ['ticket.updated'] });
    expect(edited.body).toMatchObject({ name: 'Renomeado', active: false, events: ['ticket.updated'] });

    const rotated = await admin(a).post<WebhookSecretResponse>(`/webhooks/${made.webhook.id}/secret`);
    expect(rotated.body.secret).toMatch(/^whsec_/);
    expect(rotated.body.secret).not.toBe(made.secret);
    expect(rotated.body.webhook.secretTail).toBe(`…${rotated.body.secret.slice(-4)}`);

    expect((await admin(a).del(`/webhooks/${made.webhook.id}`)).status).toBe(200);
    expect((await admin(a).put(`/webhooks/${made.webhook.id}`, { name: 'x' })).body).toMatchObject({ error: 'ERR_NO_WEBHOOK_FOUND' });

    const audit = await app.owner`select action, before, after from audit_logs where entity = 'webhook' and entity_id = ${String(made.webhook.id)} order by id`;
    expect(audit.map((l) => l.action)).toEqual(['create', 'update', 'update', 'delete']);
    expect(audit[2]).toMatchObject({ before: { secret: '•••' }, after: { secret: '•••' } });
    const trail = JSON.stringify(audit);
    expect(trail).not.toContain(made.secret);
    expect(trail).not.toContain(rotated.body.secret);
  });

  it("delivers a real inbound message.created, signed; the company's webhook hears only its own company", async () => {
    const hookA = await create(a, '/a');
    const hookB = await create(b, '/b');
    const ticketsOnly = await create(a, '/a-tickets', ['ticket.created']);
    expect((await a.inbound('5511987650001', 'Olá do cliente A')).status).toBe(202);
    expect((await b.inbound('5511987650002', 'Olá do cliente B')).status).toBe(202);

    const got = await nextRequest((r) => r.path === '/a' && r.body.event === 'message.created');
    const sig = got.headers['x-balcao-signature'] as string;
    expect(sig).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(verifySignature(hookA.secret, got.raw, sig, { nowSeconds: now(), toleranceSeconds: 300 })).toBe(true);
    // Another secret, or one changed byte of the body, does not verify.
    expect(verifySignature(hookB.secret, got.raw, sig, { nowSeconds: now(), toleranceSeconds: 300 })).toBe(false);
    expect(verifySignature(hookA.secret, got.raw.replace('Olá', 'Ola'), sig, { nowSeconds: now(), toleranceSeconds: 300 })).toBe(false);
    // An old timestamp is refused by a receiver that checks it (replays of a captured request).
    expect(verifySignature(hookA.secret, got.raw, sig, { nowSeconds: now() + 3600, toleranceSeconds: 300 })).toBe(false);
    expect(got.headers['x-balcao-event']).toBe('message.created');
    expect(got.headers['content-type']).toBe('application/json');
    expect(got.headers['x-balcao-delivery']).toBe(got.body.id);
    expect(got.body).toMatchObject({ event: 'message.created', companyId: a.companyId, data: { message: { body: 'Olá do cliente A', fromMe: false }, ticket: { companyId: a.companyId, contact: { number: '5511987650001' } } } });

    const row = await logRow(a, hookA.webhook.id, (d) => d.eventId === got.body.id && d.status === 'delivered');
    expect(row).toMatchObject({ event: 'message.created', attempts: 1, responseStatus: 200, responseBody: 'ok', error: null });
    expect(row.deliveredAt).not.toBeNull();

    // B's own event reached B's receiver; nothing of A's ever did, and A's never got B's.
    await nextRequest((r) => r.path === '/b' && r.body.event === 'message.created');
    await nextRequest((r) => r.path === '/a-tickets' && r.body.event === 'ticket.created');
    expect(received.filter((r) => r.path === '/b').every((r) => r.body.companyId === b.companyId && !r.raw.includes('cliente A'))).toBe(true);
    expect(received.filter((r) => r.path.startsWith('/a')).every((r) => r.body.companyId === a.companyId && !r.raw.includes('cliente B'))).toBe(true);
    // Subscribed to ticket.created only: no message events.
    expect(received.filter((r) => r.path === '/a-tickets').map((r) => r.body.event)).toEqual(['ticket.created']);
    // B cannot read A's log.
    expect((await admin(b).get(`/webhooks/${hookA.webhook.id}/deliveries`)).body).toMatchObject({ error: 'ERR_NO_WEBHOOK_FOUND' });

    // Replay: the same delivery id and the same body, a new try on the log.
    const replayed = await admin(a).post<WebhookDeliveryDto>(`/webhooks/${hookA.webhook.id}/deliveries/${row.id}/replay`);
    expect(replayed.body).toMatchObject({ id: row.id, status: 'pending' });
    const again = await nextRequest((r) => r !== got && r.path === '/a' && r.body.id === got.body.id);
    expect(again.headers['x-balcao-delivery']).toBe(got.body.id);
    expect(again.raw).toBe(got.raw);
    await logRow(a, hookA.webhook.id, (d) => d.id === row.id && d.status === 'delivered' && d.attempts === 2);
    for (const h of [hookA, ticketsOnly]) await admin(a).del(`/webhooks/${h.webhook.id}`);
    await admin(b).del(`/webhooks/${hookB.webhook.id}`);
  });

  it('retries a failing receiver with the same delivery id, then records it failed; the test ping and rotation sign with the new secret', async () => {
    answers.set('/down', 500);
    const hook = await create(a, '/down');
    const ping = await admin(a).post<WebhookDeliveryDto>(`/webhooks/${hook.webhook.id}/test`);
    expect(ping.body).toMatchObject({ event: 'webhook.ping', status: 'pending', attempts: 0 });
    const failed = await logRow(a, hook.webhook.id, (d) => d.id === ping.body.id && d.status === 'failed');
    expect(failed).toMatchObject({ attempts: 6, responseStatus: 500, error: 'HTTP 500' });
    expect(failed.responseBody!.length).toBe(1024);
    const tries = received.filter((r) => r.path === '/down');
    expect(tries).toHaveLength(6);
    expect(new Set(tries.map((r) => r.headers['x-balcao-delivery']))).toEqual(new Set([ping.body.eventId]));

    // The receiver is back: a rotated secret signs the replay; the old one no longer verifies.
    answers.delete('/down');
    const rotated = await admin(a).post<WebhookSecretResponse>(`/webhooks/${hook.webhook.id}/secret`);
    await admin(a).post(`/webhooks/${hook.webhook.id}/deliveries/${ping.body.id}/replay`);
    const ok = await logRow(a, hook.webhook.id, (d) => d.id === ping.body.id && d.status === 'delivered');
    expect(ok.attempts).toBe(7);
    const last = received.filter((r) => r.path === '/down').at(-1)!;
    expect(last.body).toMatchObject({ event: 'webhook.ping', companyId: a.companyId, data: { webhook: { id: hook.webhook.id } } });
    const sig = last.headers['x-balcao-signature'] as string;
    expect(verifySignature(rotated.body.secret, last.raw, sig, { nowSeconds: now(), toleranceSeconds: 300 })).toBe(true);
    expect(verifySignature(hook.secret, last.raw, sig, { nowSeconds: now(), toleranceSeconds: 300 })).toBe(false);
    await admin(a).del(`/webhooks/${hook.webhook.id}`);
  });

  it('a paused webhook gets no events', async () => {
    const hook = await create(a, '/paused', ['contact.created', 'message.created']);
    const live = await create(a, '/live', ['message.created']);
    await admin(a).put(`/webhooks/${hook.webhook.id}`, { active: false });
    await a.inbound('5511987650003', 'Depois da pausa');
    await nextRequest((r) => r.path === '/live' && r.raw.includes('Depois da pausa'));
    expect(received.filter((r) => r.path === '/paused')).toEqual([]);
    expect(await log(a, hook.webhook.id)).toEqual([]);
    await admin(a).del(`/webhooks/${hook.webhook.id}`);
    await admin(a).del(`/webhooks/${live.webhook.id}`);
  });

  it("a webhook deleted by another process (this one's cache still lists it) does not cost the others their delivery", async () => {
    const gone = await create(a, '/gone');
    const kept = await create(a, '/kept');
    await a.inbound('5511987650004', 'Primeira');
    await nextRequest((r) => r.path === '/kept' && r.raw.includes('Primeira'));
    // Deleted behind this process's back: its cached subscriptions still name it.
    await app.owner`delete from webhooks where id = ${gone.webhook.id}`;
    await a.inbound('5511987650004', 'Segunda');
    await nextRequest((r) => r.path === '/kept' && r.raw.includes('Segunda'));
    expect(received.filter((r) => r.path === '/gone' && r.raw.includes('Segunda'))).toEqual([]);
    await admin(a).del(`/webhooks/${kept.webhook.id}`);
  });

  it('admins only; bad input is ERR_VALIDATION', async () => {
    const { token } = await a.addUser({ profile: 'supervisor' });
    for (const [method, url] of [
      ['GET', '/webhooks'],
      ['POST', '/webhooks'],
    ] as const) {
      const r = await app.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, payload: method === 'POST' ? { name: 'x', url: `${receiver.base}/x`, events: ['message.created'] } : undefined });
      expect(JSON.parse(r.body)).toMatchObject({ error: 'ERR_NO_PERMISSION' });
    }
    expect((await admin(a).post('/webhooks', { name: 'x', url: 'ftp://example.com', events: ['message.created'] })).body).toMatchObject({ error: 'ERR_VALIDATION' });
    expect((await admin(a).post('/webhooks', { name: 'x', url: 'https://example.com/h', events: ['nope'] })).body).toMatchObject({ error: 'ERR_VALIDATION' });
    expect((await admin(a).post('/webhooks', { name: 'x', url: 'https://example.com/h', events: [] })).body).toMatchObject({ error: 'ERR_VALIDATION' });
  });
});
