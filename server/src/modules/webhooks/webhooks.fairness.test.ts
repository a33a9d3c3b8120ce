/**
 * Fair delivery (issue 28 §11): one company's tarpitting receivers (connections accepted, never
 * answered, 10 s a try) hold at most its share of the delivery workers, so another company's
 * webhook is delivered at once rather than after them.
 */
import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { WebhookSecretResponse } from '@balcao/shared';
import { createTestApp, type TestApp } from '../../../test/helpers/build-app';
import { startLocalServer } from '../../../test/helpers/local-server';
import { api, createCompany, type TestCompany } from '../../../test/helpers/world';
import { TENANT_JOBS, tenantShare } from './webhooks.sender';

let app: TestApp;
let slow: TestCompany;
let quick: TestCompany;
let tarpit: Awaited<ReturnType<typeof startLocalServer>>;
let receiver: Awaited<ReturnType<typeof startLocalServer>>;
const held: ServerResponse[] = [];
const arrived: number[] = [];

beforeAll(async () => {
  tarpit = await startLocalServer((req, res) => {
    req.resume();
    held.push(res);
  });
  receiver = await startLocalServer((req, res) => {
    req.resume();
    arrived.push(Date.now());
    res.end('ok');
  });
  app = await createTestApp({ config: { waEncryptionKey: randomBytes(32) }, webhookLimits: { retryDelaysSeconds: [0], timeoutMs: 10_000 } });
  slow = await createCompany(app);
  quick = await createCompany(app);
});
afterAll(async () => {
  for (const res of held) res.destroy();
  await app.close();
  await tarpit.close();
  await receiver.close();
});

const hook = async (c: TestCompany, base: string) => {
  const r = await api(app, c.adminToken).post<WebhookSecretResponse>('/webhooks', { name: 'Pedidos', url: `${base}/hook`, events: ['message.created'] });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
};

describe('webhook delivery across companies', () => {
  it("a company's tarpit holds at most its share of the workers; another company's delivery goes at once", async () => {
    await hook(slow, tarpit.base);
    await hook(quick, receiver.base);
    const slowPhone = app.sessions.sandbox(slow.whatsapp.id, slow.companyId)!;
    // Twenty separate delivery jobs, more than the process's workers.
    for (let i = 0; i < 20; i++) {
      await slowPhone.receive({ from: `5511944${String(i).padStart(6, '0')}`, name: 'Cliente', body: `pedido ${i}` });
      await app.bus.idle();
    }
    await vi.waitFor(() => expect(held.length).toBe(TENANT_JOBS), { timeout: 5_000, interval: 20 });

    const sent = Date.now();
    await app.sessions.sandbox(quick.whatsapp.id, quick.companyId)!.receive({ from: '5511933000001', name: 'Cliente', body: 'oi' });
    await vi.waitFor(() => expect(arrived.length).toBe(1), { timeout: 3_000, interval: 20 });
    expect(arrived[0]! - sent).toBeLessThan(3_000);
    // Meanwhile the slow company never had more than its share in flight.
    expect(held.length).toBe(TENANT_JOBS);
  });
});

describe('a company over its share', () => {
  it('waits for a place its own job leaves, first come first served, and the place count stays at the share', async () => {
    const share = tenantShare(2);
    expect(await share.enter(1)).toBe(true);
    expect(await share.enter(1)).toBe(true);
    const order: string[] = [];
    const first = share.enter(1, 5_000).then((ok) => order.push(`first ${ok}`));
    const second = share.enter(1, 5_000).then((ok) => order.push(`second ${ok}`));
    // Another company is not in the queue behind them.
    expect(await share.enter(2)).toBe(true);
    share.leave(1);
    await first;
    expect(order).toEqual(['first true']);
    share.leave(1);
    await second;
    expect(order).toEqual(['first true', 'second true']);
    // Both waiting jobs got the places of those that left: the share is still full.
    expect(await share.enter(1)).toBe(false);
  });

  it('gives up when no place comes in time (the job is then put back), and a later leave frees a place', async () => {
    const share = tenantShare(1);
    expect(await share.enter(7)).toBe(true);
    expect(await share.enter(7, 30)).toBe(false);
    share.leave(7);
    expect(await share.enter(7)).toBe(true);
  });
});
