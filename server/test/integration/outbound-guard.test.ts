/**
 * The private-network guard as a tenant admin meets it on an installation without
 * ALLOW_PRIVATE_HOSTS (issue 28 §6): a webhook, a prompt's base URL or a Dialogflow key's token_uri
 * naming this machine is refused when saved, by name as by address; and a webhook whose name
 * resolves to it later is refused when called, its log saying how to allow it.
 */
import { randomBytes, generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ListWebhookDeliveriesResponse, WebhookSecretResponse } from '@balcao/shared';
import { createTestApp, type TestApp } from '../helpers/build-app';
import { startLocalServer } from '../helpers/local-server';
import { api, createCompany, type TestCompany } from '../helpers/world';

let app: TestApp;
let c: TestCompany;
let receiver: Awaited<ReturnType<typeof startLocalServer>>;
let port: number;
const received: string[] = [];

beforeAll(async () => {
  receiver = await startLocalServer((req, res) => {
    received.push(req.url ?? '');
    res.end('ok');
  });
  port = Number(new URL(receiver.base).port);
  app = await createTestApp({ config: { allowPrivateHosts: false, waEncryptionKey: randomBytes(32) }, webhookLimits: { retryDelaysSeconds: [0], timeoutMs: 1000 } });
  c = await createCompany(app);
});
afterAll(async () => {
  await app.close();
  await receiver.close();
});

const admin = () => api(app, c.adminToken);
const privateUrls = () => [`http://localhost:${port}/hook`, `http://127.0.0.1:${port}/hook`, `http://2130706433:${port}/hook`, 'http://[::1]/hook', 'http://169.254.169.254/latest/meta-data/'];

describe('saving an address of this machine or a private network', () => {
  it('a webhook: 400 ERR_WEBHOOK_URL_REFUSED naming ALLOW_PRIVATE_HOSTS, on create and on edit', async () => {
    for (const url of privateUrls()) {
      const r = await admin().post('/webhooks', { name: 'Local', url, events: ['message.created'] });
      expect(r.status, url).toBe(400);
      expect(r.body).toMatchObject({ error: 'ERR_WEBHOOK_URL_REFUSED', message: expect.stringContaining('ALLOW_PRIVATE_HOSTS=1') });
    }
    const made = await admin().post<WebhookSecretResponse>('/webhooks', { name: 'Pública', url: 'https://8.8.8.8/hook', events: ['message.created'] });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const edit = await admin().put(`/webhooks/${made.body.webhook.id}`, { url: `http://localhost:${port}/hook` });
    expect(edit.status).toBe(400);
    expect(edit.body).toMatchObject({ error: 'ERR_WEBHOOK_URL_REFUSED' });
    await admin().del(`/webhooks/${made.body.webhook.id}`);
  });

  it("a prompt's base URL: 400 ERR_OUTBOUND_URL_REFUSED; nothing saved", async () => {
    const queueId = (await c.addQueue()).id;
    for (const baseUrl of privateUrls()) {
      const r = await admin().post('/prompt', { name: `Local ${baseUrl}`, prompt: 'Você é a atendente virtual da loja. Responda com educação e de forma breve.', apiKey: 'sk-test-1234567890abcd', queueId, baseUrl });
      expect(r.status, baseUrl).toBe(400);
      expect(r.body).toMatchObject({ error: 'ERR_OUTBOUND_URL_REFUSED', message: expect.stringContaining('ALLOW_PRIVATE_HOSTS=1') });
    }
    expect((await admin().get<{ prompts: unknown[] }>('/prompt')).body.prompts).toEqual([]);
  });

  it("a Dialogflow key whose token_uri is this machine: refused when saved", async () => {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 1024, privateKeyEncoding: { type: 'pkcs8', format: 'pem' }, publicKeyEncoding: { type: 'spki', format: 'pem' } });
    const jsonContent = JSON.stringify({ type: 'service_account', project_id: 'p', client_email: 'bot@p.iam.gserviceaccount.com', private_key: privateKey, token_uri: `http://localhost:${port}/token` });
    const r = await admin().post('/queueIntegration', { name: 'Dialogflow local', type: 'dialogflow', projectName: 'p', jsonContent, language: 'pt-BR' });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ error: 'ERR_OUTBOUND_URL_REFUSED' });
  });
});

describe('calling an address that became private after it was saved', () => {
  it('a webhook delivery is refused at the connection, failed at once with the way out in its log; the receiver gets nothing', async () => {
    const made = await admin().post<WebhookSecretResponse>('/webhooks', { name: 'Religada', url: 'https://8.8.8.8/hook', events: ['message.created'] });
    expect(made.status).toBe(200);
    const id = made.body.webhook.id;
    // What a DNS answer changed after the save amounts to: the stored name now leads here.
    await app.owner`update webhooks set url = ${`http://localhost:${port}/hook`} where id = ${id}`;
    const before = received.length;
    await app.sessions.sandbox(c.whatsapp.id, c.companyId)!.receive({ from: '5511955123456', name: 'Cliente', body: 'oi' });
    await vi.waitFor(
      async () => {
        const rows = (await admin().get<ListWebhookDeliveriesResponse>(`/webhooks/${id}/deliveries`)).body.deliveries;
        expect(rows.map((d) => [d.status, d.attempts, d.responseStatus])).toEqual([['failed', 1, null]]);
        expect(rows[0]!.error).toContain('ALLOW_PRIVATE_HOSTS=1');
      },
      { timeout: 15_000, interval: 50 },
    );
    expect(received.length).toBe(before);
  });
});
