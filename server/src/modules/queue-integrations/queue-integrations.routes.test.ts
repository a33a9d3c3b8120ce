/**
 * Queue integrations (administration.md §2 "/queue-integration", §3, §5, §7; decisions 0180–0184):
 * admins only, secrets sealed and never answered, audit rows, the live channel, the plan gate,
 * unlinking from queues and connections on delete, the Dialogflow test and the bot responder.
 */
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wireEvent, type ListQueueIntegrationsResponse, type PlanDto, type QueueIntegrationDto, type SavedQueueIntegration } from '@balcao/shared';
import { createTestApp, testConfig, type TestApp } from '../../../test/helpers/build-app';
import { SUPER_EMAIL, SUPER_PASSWORD } from '../../../test/helpers/constants';
import { startLocalServer } from '../../../test/helpers/local-server';
import { api, connectSocket, createCompany, login, nextEvent, type TestCompany } from '../../../test/helpers/world';
import { verifySignature } from '../../lib/signature';
import { createIntegrationResponder, integrationDeps } from '.';

const key = randomBytes(32);
let app: TestApp;
let a: TestCompany;
let google: Awaited<ReturnType<typeof startLocalServer>>;
let hook: Awaited<ReturnType<typeof startLocalServer>>;
const hookBodies: { body: string; signature: string | undefined }[] = [];
const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048, privateKeyEncoding: { type: 'pkcs8', format: 'pem' }, publicKeyEncoding: { type: 'spki', format: 'pem' } });

beforeAll(async () => {
  google = await startLocalServer((req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(req.url === '/token' ? { access_token: 't', expires_in: 3600 } : { queryResult: { fulfillmentText: 'Olá! Sou o bot.' } }));
  });
  hook = await startLocalServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      hookBodies.push({ body, signature: req.headers['x-balcao-signature'] as string | undefined });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ reply: 'Recebido!' }));
    });
  });
  app = await createTestApp({ config: { waEncryptionKey: key }, dialogflowBaseUrl: google.base });
  a = await createCompany(app);
});
afterAll(async () => {
  await app.close();
  await google.close();
  await hook.close();
});

const admin = () => api(app, a.adminToken);
const serviceAccount = () => JSON.stringify({ type: 'service_account', project_id: 'proj', client_email: 'bot@proj.iam.gserviceaccount.com', private_key: privateKey, token_uri: `${google.base}/token` });

describe('/queueIntegration', () => {
  it('creates, lists with the search, edits and deletes; secrets are sealed and never answered', async () => {
    const socket = await connectSocket(app, a.adminToken);
    const made = await admin().post<QueueIntegrationDto>('/queueIntegration', { name: 'Fluxo n8n', type: 'n8n', projectName: 'ignorado', urlN8N: `${hook.base}/n8n`, secret: 'chave-hmac' });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    // administration.md §5: for n8n, webhook and typebot the projectName is the name.
    expect(made.body).toMatchObject({ name: 'Fluxo n8n', type: 'n8n', projectName: 'Fluxo n8n', secret: '', secretConfigured: true, jsonContent: '', jsonContentConfigured: false, typebotExpires: 1, typebotDelayMessage: 1000 });
    expect(await nextEvent(socket, wireEvent(a.companyId, 'queueIntegration'), (p: { action: string }) => p.action === 'create')).toMatchObject({ queueIntegration: { id: made.body.id } });
    const [row] = await app.owner`select secret from queue_integrations where id = ${made.body.id}`;
    expect(row!.secret).toMatch(/^v1\./);
    expect(row!.secret).not.toContain('chave-hmac');

    const page = await admin().get<ListQueueIntegrationsResponse>('/queueIntegration/?searchParam=fluxo&pageNumber=1');
    expect(page.body).toMatchObject({ count: 1, hasMore: false, queueIntegrations: [{ id: made.body.id }] });
    expect((await admin().get<ListQueueIntegrationsResponse>('/queueIntegration?searchParam=nada')).body.queueIntegrations).toEqual([]);

    // '' keeps the stored secret; the edit is audited without the secret's value.
    const edited = await admin().put<QueueIntegrationDto>(`/queueIntegration/${made.body.id}`, { name: 'Fluxo n8n 2', secret: '' });
    expect(edited.body).toMatchObject({ name: 'Fluxo n8n 2', projectName: 'Fluxo n8n 2', secretConfigured: true });
    expect((await app.owner`select secret from queue_integrations where id = ${made.body.id}`)[0]!.secret).toBe(row!.secret);
    const logs = await app.owner`select action, before, after from audit_logs where entity = 'queue-integration' and entity_id = ${String(made.body.id)} order by id`;
    expect(logs.map((l) => l.action)).toEqual(['create', 'update']);
    expect(JSON.stringify(logs)).not.toContain('chave-hmac');

    expect((await admin().del(`/queueIntegration/${made.body.id}`)).status).toBe(200);
    expect(await nextEvent(socket, wireEvent(a.companyId, 'queueIntegration'), (p: { action: string }) => p.action === 'delete')).toEqual({ action: 'delete', integrationId: made.body.id });
    expect((await admin().get(`/queueIntegration/${made.body.id}`)).body).toMatchObject({ error: 'ERR_NO_INTEGRATION_FOUND' });
    socket.close();
  });

  it('refuses a taken name (any case) with ERR_DUPLICATED_RECORD', async () => {
    await admin().post('/queueIntegration', { name: 'Único', type: 'webhook' });
    expect((await admin().post('/queueIntegration', { name: 'ÚNICO', type: 'typebot' })).body).toMatchObject({ error: 'ERR_DUPLICATED_RECORD' });
  });

  it('is for admins only: users and supervisors get ERR_NO_PERMISSION on every call', async () => {
    const id = (await admin().post<{ id: number }>('/queueIntegration', { name: 'Só admin', type: 'webhook' })).body.id;
    for (const profile of ['user', 'supervisor'] as const) {
      const who = api(app, (await a.addUser({ profile })).token);
      for (const r of [
        await who.get('/queueIntegration'),
        await who.get(`/queueIntegration/${id}`),
        await who.post('/queueIntegration', { name: 'Minha', type: 'webhook' }),
        await who.put(`/queueIntegration/${id}`, { name: 'Tomada' }),
        await who.del(`/queueIntegration/${id}`),
        await who.post('/queueIntegration/testSession', { projectName: 'p', jsonContent: serviceAccount() }),
      ])
        expect({ profile, status: r.status, error: (r.body as { error?: string }).error }).toEqual({ profile, status: 403, error: 'ERR_NO_PERMISSION' });
    }
  });

  it('answers 403 ERR_PLAN_FEATURE_DISABLED when the plan lacks useIntegrations', async () => {
    const su = api(app, (await login(app, SUPER_EMAIL, SUPER_PASSWORD)).token);
    const flags = { useCampaigns: true, useSchedules: true, useInternalChat: true, useExternalApi: true, useKanban: true, useOpenAi: true, useIntegrations: false };
    const plan = (await su.post<PlanDto>('/plans', { name: 'Sem integrações', users: 10, connections: 10, queues: 10, value: 0, ...flags })).body;
    const c = await createCompany(app);
    await app.owner`update companies set plan_id = ${plan.id} where id = ${c.companyId}`;
    expect((await api(app, c.adminToken).get('/queueIntegration')).body).toMatchObject({ error: 'ERR_PLAN_FEATURE_DISABLED' });
  });

  it('is unlinked from the queues and connections that used it when deleted', async () => {
    const id = (await admin().post<{ id: number }>('/queueIntegration', { name: 'Vinculada', type: 'webhook' })).body.id;
    const q = await a.addQueue();
    expect((await admin().put(`/queue/${q.id}`, { integrationId: id })).body).toMatchObject({ integrationId: id });
    expect((await admin().put(`/whatsapp/${a.whatsapp.id}`, { integrationId: id })).body).toMatchObject({ integrationId: id });
    // A new connection may name it too (the connection dialog's select).
    const made = await admin().post<{ id: number; integrationId: number | null }>('/whatsapp', { name: 'Com integração', provider: 'sandbox', integrationId: id });
    expect(made.body, JSON.stringify(made.body)).toMatchObject({ integrationId: id });
    expect((await admin().post('/whatsapp', { name: 'Com outra', provider: 'sandbox', integrationId: 999999 })).body).toMatchObject({ error: 'ERR_NO_INTEGRATION_FOUND' });
    expect((await admin().put(`/queue/${q.id}`, { integrationId: 999999 })).body).toMatchObject({ error: 'ERR_NO_INTEGRATION_FOUND' });
    await admin().del(`/queueIntegration/${id}`);
    expect((await admin().get(`/queue/${q.id}`)).body).toMatchObject({ integrationId: null });
    expect((await admin().get<{ integrationId: number | null }>(`/whatsapp/${a.whatsapp.id}`)).body.integrationId).toBeNull();
    expect((await admin().get<{ integrationId: number | null }>(`/whatsapp/${made.body.id}`)).body.integrationId).toBeNull();
  });
});

describe('POST /queueIntegration/testSession', () => {
  it("detects an intent with the dialog's service account, or the stored one of an existing integration", async () => {
    const r = await admin().post('/queueIntegration/testSession', { projectName: 'proj', jsonContent: serviceAccount(), language: 'pt-BR' });
    expect(r.body).toEqual({ ok: true, reply: 'Olá! Sou o bot.' });
    const made = await admin().post<QueueIntegrationDto>('/queueIntegration', { name: 'Dialogflow', type: 'dialogflow', projectName: 'proj', jsonContent: serviceAccount(), language: 'pt-BR' });
    expect(made.body).toMatchObject({ jsonContent: '', jsonContentConfigured: true, projectName: 'proj' });
    expect((await admin().post('/queueIntegration/testSession', { projectName: 'proj', id: made.body.id })).body).toEqual({ ok: true, reply: 'Olá! Sou o bot.' });
  });

  it('explains a key that is not a service account', async () => {
    const r = await admin().post('/queueIntegration/testSession', { projectName: 'proj', jsonContent: '{"a":1}' });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ error: 'ERR_INTEGRATION_TEST_FAILED', details: { reason: 'bad-key' } });
  });
});

describe('the bot responder (bot.port ExternalResponder)', () => {
  it("opens the sealed secret and signs the webhook call; another company's id or a deleted one hands over", async () => {
    const id = (await admin().post<{ id: number }>('/queueIntegration', { name: 'Webhook bot', type: 'webhook', urlN8N: `${hook.base}/hook`, secret: 'segredo' })).body.id;
    const responder = createIntegrationResponder(integrationDeps({ data: app.data, config: { ...testConfig(), waEncryptionKey: key } }, { http: { timeoutMs: 2000, retries: 0, maxBytes: 65536 } }));
    const turn = { companyId: a.companyId, ticketId: 1, ticketUuid: 'u', queueId: null, contact: { id: 1, name: 'Ana', number: '5511900000000' }, text: 'oi', mediaType: null, mediaPath: null, session: null };
    const r = await responder.respond(turn, { integrationId: id });
    expect(r).toMatchObject({ messages: [{ body: 'Recebido!' }], stop: false });
    const last = hookBodies.at(-1)!;
    expect(last.signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(verifySignature('segredo', last.body, last.signature ?? '', { nowSeconds: Math.floor(Date.now() / 1000), toleranceSeconds: 300 })).toBe(true);
    const other = await createCompany(app);
    expect(await responder.respond({ ...turn, companyId: other.companyId }, { integrationId: id })).toMatchObject({ stop: true, timeline: [{ detail: { error: 'not-found' } }] });
  });

  it('gives a webhook or n8n integration saved without a secret one, shown once, that signs its calls; a typebot gets none (issue 28 §3)', async () => {
    const socket = await connectSocket(app, a.adminToken);
    const made = await admin().post<SavedQueueIntegration>('/queueIntegration', { name: 'Sem segredo', type: 'webhook', urlN8N: `${hook.base}/hook` });
    expect(made.status).toBe(200);
    const secret = made.body.generatedSecret!;
    expect(secret).toMatch(/^whsec_[\w-]{43}$/);
    expect(made.body).toMatchObject({ secret: '', secretConfigured: true });
    const frame = await nextEvent(socket, wireEvent(a.companyId, 'queueIntegration'), (p: { action: string }) => p.action === 'create');
    socket.close();
    expect(JSON.stringify(frame)).not.toContain(secret);
    expect((await admin().get<SavedQueueIntegration>(`/queueIntegration/${made.body.id}`)).body.generatedSecret).toBeUndefined();
    // An edit that leaves the secret alone keeps it (and says nothing of it).
    expect((await admin().put<SavedQueueIntegration>(`/queueIntegration/${made.body.id}`, { name: 'Sem segredo 2' })).body.generatedSecret).toBeUndefined();

    const responder = createIntegrationResponder(integrationDeps({ data: app.data, config: { ...testConfig(), waEncryptionKey: key } }, { http: { timeoutMs: 2000, retries: 0, maxBytes: 65536 } }));
    const turn = { companyId: a.companyId, ticketId: 1, ticketUuid: 'u', queueId: null, contact: { id: 1, name: 'Ana', number: '5511900000000' }, text: 'oi', mediaType: null, mediaPath: null, session: null };
    await responder.respond(turn, { integrationId: made.body.id });
    const last = hookBodies.at(-1)!;
    expect(verifySignature(secret, last.body, last.signature ?? '', { nowSeconds: Math.floor(Date.now() / 1000), toleranceSeconds: 300 })).toBe(true);

    // One saved before every integration had a secret gets one at its next save.
    await app.owner`update queue_integrations set secret = '' where id = ${made.body.id}`;
    const resaved = await admin().put<SavedQueueIntegration>(`/queueIntegration/${made.body.id}`, { name: 'Sem segredo 3' });
    expect(resaved.body.generatedSecret).toMatch(/^whsec_/);
    expect(resaved.body.generatedSecret).not.toBe(secret);

    const typebot = await admin().post<SavedQueueIntegration>('/queueIntegration', { name: 'Typebot sem segredo', type: 'typebot', urlN8N: 'https://typebot.example.com', typebotSlug: 'x' });
    expect(typebot.body).toMatchObject({ secretConfigured: false });
    expect(typebot.body.generatedSecret).toBeUndefined();
  });

  it('refuses a URL on this machine when private hosts are not allowed (production), and allows it with ALLOW_PRIVATE_HOSTS=1', async () => {
    const id = (await admin().post<{ id: number }>('/queueIntegration', { name: 'Webhook local', type: 'webhook', urlN8N: `${hook.base}/hook`, secret: 'segredo' })).body.id;
    const turn = { companyId: a.companyId, ticketId: 1, ticketUuid: 'u', queueId: null, contact: { id: 1, name: 'Ana', number: '5511900000000' }, text: 'oi', mediaType: null, mediaPath: null, session: null };
    const calls = hookBodies.length;
    const production = createIntegrationResponder(integrationDeps({ data: app.data, config: { ...testConfig(), production: true, allowPrivateHosts: false, waEncryptionKey: key } }, { http: { timeoutMs: 2000, retries: 0, maxBytes: 65536 } }));
    expect(await production.respond(turn, { integrationId: id })).toMatchObject({ messages: [], stop: true, timeline: [{ kind: 'integration', detail: { error: 'blocked-host', status: null } }] });
    expect(hookBodies.length).toBe(calls);
    const allowed = createIntegrationResponder(integrationDeps({ data: app.data, config: { ...testConfig(), production: true, allowPrivateHosts: true, waEncryptionKey: key } }, { http: { timeoutMs: 2000, retries: 0, maxBytes: 65536 } }));
    expect(await allowed.respond(turn, { integrationId: id })).toMatchObject({ messages: [{ body: 'Recebido!' }] });
    expect(hookBodies.length).toBe(calls + 1);
  });
});
