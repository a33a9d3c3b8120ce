/**
 * The batched sender (issue 26, decision 0326): a burst of events becomes fewer jobs than
 * deliveries, one receiver never has more than RECEIVER_CONCURRENCY requests in flight, every
 * delivery arrives once; a redirect and a receiver that never answers are failures with their reason.
 */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ListWebhookDeliveriesResponse, WebhookSecretResponse } from '@balcao/shared';
import { createTestApp, type TestApp } from '../../../test/helpers/build-app';
import { startLocalServer } from '../../../test/helpers/local-server';
import { api, createCompany, type TestCompany } from '../../../test/helpers/world';
import { RECEIVER_CONCURRENCY } from './webhooks.sender';

let app: TestApp;
let c: TestCompany;
let receiver: Awaited<ReturnType<typeof startLocalServer>>;
const ids: string[] = [];
let inFlight = 0;
let mostInFlight = 0;
const hanging: ServerResponse[] = [];

beforeAll(async () => {
  receiver = await startLocalServer((req: IncomingMessage, res: ServerResponse) => {
    req.resume();
    req.on('end', () => {
      if (req.url === '/redirect') return void res.writeHead(302, { location: 'http://127.0.0.1:1/elsewhere' }).end();
      if (req.url === '/hang') return void hanging.push(res);
      ids.push(String(req.headers['x-balcao-delivery']));
      inFlight += 1;
      mostInFlight = Math.max(mostInFlight, inFlight);
      // Slow enough that a burst piles up at the receiver.
      setTimeout(() => {
        inFlight -= 1;
        res.end('ok');
      }, 20);
    });
  });
  app = await createTestApp({ config: { waEncryptionKey: randomBytes(32) }, webhookLimits: { retryDelaysSeconds: [0], timeoutMs: 500 } });
  c = await createCompany(app);
});
afterAll(async () => {
  for (const res of hanging) res.destroy();
  await app.close();
  await receiver.close();
});

const hook = async (path: string) => {
  const r = await api(app, c.adminToken).post<WebhookSecretResponse>('/webhooks', { name: `Hook ${path}`, url: `${receiver.base}${path}`, events: ['message.created'] });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.webhook.id;
};
const deliveries = async (id: number) => (await api(app, c.adminToken).get<ListWebhookDeliveriesResponse>(`/webhooks/${id}/deliveries`)).body.deliveries;
const jobCount = async () => (await app.owner<{ n: number }[]>`select count(*)::int as n from pgboss.job where name = 'webhook.deliver' and data->>'companyId' = ${String(c.companyId)}`)[0]!.n;

describe('the webhook sender', () => {
  it('sends a burst in batches: fewer jobs than deliveries, at most RECEIVER_CONCURRENCY in flight to one receiver, each delivery once', async () => {
    const id = await hook('/ok');
    const channel = app.sessions.sandbox(c.whatsapp.id, c.companyId)!;
    // More than RECEIVER_CONCURRENCY, fewer than a job's batch: without the gate, all would be in flight at once.
    const burst = 48;
    await Promise.all(Array.from({ length: burst }, (_, i) => channel.receive({ from: `5511955${String(i).padStart(6, '0')}`, name: 'Cliente', body: `mensagem ${i}` })));
    await vi.waitFor(() => expect(ids.length).toBe(burst), { timeout: 20_000, interval: 20 });
    // Every row of the log says delivered (read whole: the API pages the log).
    await vi.waitFor(
      async () => expect(await app.owner`select status, attempts, count(*)::int as n from webhook_deliveries where webhook_id = ${id} group by 1, 2`).toEqual([{ status: 'delivered', attempts: 1, n: burst }]),
      { timeout: 10_000, interval: 50 },
    );
    expect(new Set(ids).size).toBe(burst);
    expect(mostInFlight).toBeGreaterThan(1);
    expect(mostInFlight).toBeLessThanOrEqual(RECEIVER_CONCURRENCY);
    expect(await jobCount()).toBeLessThan(burst);
    await api(app, c.adminToken).del(`/webhooks/${id}`);
  });

  it('a redirect and a receiver that never answers are failed tries with their reason, retried and then failed', async () => {
    const redirect = await hook('/redirect');
    const hang = await hook('/hang');
    await app.sessions.sandbox(c.whatsapp.id, c.companyId)!.receive({ from: '5511955999999', name: 'Cliente', body: 'oi' });
    await vi.waitFor(async () => expect((await deliveries(redirect)).map((d) => [d.status, d.attempts, d.responseStatus, d.error])).toEqual([['failed', 2, 302, 'HTTP 302']]), {
      timeout: 20_000,
      interval: 50,
    });
    await vi.waitFor(async () => expect((await deliveries(hang)).map((d) => [d.status, d.attempts, d.responseStatus, d.error])).toEqual([['failed', 2, null, 'timeout after 500 ms']]), {
      timeout: 20_000,
      interval: 50,
    });
  });
});
