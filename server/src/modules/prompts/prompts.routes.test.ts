/**
 * AI prompts (administration.md /prompts, §3 Prompt, §7 "GET /prompt …"): CRUD for admins,
 * keys sealed at rest and only shown masked, the queue of the company, audit without secrets,
 * a queue's and a connection's promptId validated.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wireEvent, type ListPromptsResponse, type PromptDto } from '@balcao/shared';
import { createTestApp, type TestApp } from '../../../test/helpers/build-app';
import { api, connectSocket, createCompany, nextEvent, type TestCompany } from '../../../test/helpers/world';

let app: TestApp;
let a: TestCompany;
let b: TestCompany;
let queueA: number;
let queueB: number;

beforeAll(async () => {
  app = await createTestApp();
  a = await createCompany(app);
  b = await createCompany(app);
  queueA = (await a.addQueue()).id;
  queueB = (await b.addQueue()).id;
});
afterAll(() => app.close());

const TRAINING = 'Você é a atendente virtual da Padaria Central. Responda com educação e de forma breve.';
let seq = 0;
const body = (over: Record<string, unknown> = {}) => ({ name: `Assistente ${++seq}`, prompt: TRAINING, apiKey: 'sk-test-1234567890abcd', queueId: queueA, ...over });
const made = async (over: Record<string, unknown> = {}) => {
  const r = await api(app, a.adminToken).post<PromptDto>('/prompt', body(over));
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body;
};

describe('POST /prompt', () => {
  it('creates with the spec defaults plus base URL, model and redaction on, the key masked', async () => {
    const p = await made();
    expect(p).toMatchObject({
      maxTokens: 100,
      temperature: 1,
      maxMessages: 10,
      voice: 'texto',
      baseUrl: 'https://api.openai.com/v1',
      model: 'gpt-4o-mini',
      redactPii: true,
      apiKey: 'sk-…abcd',
      apiKeyConfigured: true,
      voiceKey: '',
      voiceKeyConfigured: false,
      queueId: queueA,
      companyId: a.companyId,
    });
    expect(p.queue?.id).toBe(queueA);
  });

  it('stores the key sealed, never in clear', async () => {
    const p = await made({ apiKey: 'sk-plain-secret-value-9999' });
    const [row] = await app.owner<{ api_key: string }[]>`select api_key from prompts where id = ${p.id}`;
    expect(row!.api_key).not.toContain('sk-plain-secret-value-9999');
    expect(row!.api_key.startsWith('v1.')).toBe(true);
  });

  it.each([
    ['a short name', { name: 'abc' }, 'Muito curto!'],
    ['a short prompt', { prompt: 'curto demais' }, 'Descreva o treinamento para Inteligência Artificial'],
    ['no queue', { queueId: undefined }, 'Informe o setor'],
    ['an unknown voice', { voice: 'pt-BR-Robo' }, undefined],
    ['temperature above 2', { temperature: 2.5 }, undefined],
    ['a non-http base URL', { baseUrl: 'file:///etc/passwd' }, undefined],
  ])('refuses %s (400)', async (_n, over, text) => {
    const r = await api(app, a.adminToken).post<{ error: string }>('/prompt', body(over));
    expect(r.status).toBe(400);
    if (text) expect(JSON.stringify(r.body)).toContain(text);
  });

  it("refuses another company's queue as not found", async () => {
    const r = await api(app, a.adminToken).post<{ error: string }>('/prompt', body({ queueId: queueB }));
    expect(r.status).toBe(404);
    expect(r.body.error).toBe('ERR_NO_QUEUE_FOUND');
  });

  it('refuses a duplicated name in the company (409)', async () => {
    const p = await made();
    const r = await api(app, a.adminToken).post<{ error: string }>('/prompt', body({ name: p.name }));
    expect(r.status).toBe(409);
  });

  it('is for admins only: a user and a supervisor get 403', async () => {
    for (const profile of ['user', 'supervisor'] as const) {
      const u = await a.addUser({ profile });
      expect((await api(app, u.token).post('/prompt', body())).status).toBe(403);
      expect((await api(app, u.token).get('/prompt')).status).toBe(403);
    }
  });
});

describe('PUT /prompt/:id', () => {
  it('keeps the stored key when the masked value comes back, replaces it when a new one is typed', async () => {
    const p = await made({ apiKey: 'sk-original-key-0001' });
    const same = await api(app, a.adminToken).put<PromptDto>(`/prompt/${p.id}`, { ...body({ name: p.name }), apiKey: p.apiKey, maxTokens: 300, voice: 'pt-BR-FranciscaNeural', voiceKey: 'azure-key-12345678', voiceRegion: 'brazilsouth' });
    expect(same.status, JSON.stringify(same.body)).toBe(200);
    expect(same.body).toMatchObject({ apiKey: 'sk-…0001', maxTokens: 300, voice: 'pt-BR-FranciscaNeural', voiceKey: 'azu…5678', voiceKeyConfigured: true, voiceRegion: 'brazilsouth' });
    const changed = await api(app, a.adminToken).put<PromptDto>(`/prompt/${p.id}`, { apiKey: 'sk-replaced-key-0002' });
    expect(changed.body.apiKey).toBe('sk-…0002');
  });

  it('records create, update and delete in the audit trail with the keys masked', async () => {
    const p = await made({ apiKey: 'sk-audited-secret-7777' });
    await api(app, a.adminToken).put(`/prompt/${p.id}`, { apiKey: 'sk-audited-secret-8888', temperature: 0.5 });
    await api(app, a.adminToken).del(`/prompt/${p.id}`);
    const rows = await app.owner<{ action: string; before: unknown; after: unknown }[]>`
      select action, before, after from audit_logs where entity = 'prompt' and entity_id = ${String(p.id)} order by id`;
    expect(rows.map((r) => r.action)).toEqual(['create', 'update', 'delete']);
    const all = JSON.stringify(rows);
    expect(all).not.toContain('audited-secret');
    expect(rows[1]!.after).toMatchObject({ apiKey: '•••', temperature: 0.5 });
  });
});

describe('GET /prompt and DELETE /prompt/:id', () => {
  it("lists the company's prompts with count and hasMore, never another's", async () => {
    const p = await made();
    const other = await api(app, b.adminToken).post<PromptDto>('/prompt', body({ queueId: queueB }));
    expect(other.status).toBe(200);
    const r = await api(app, a.adminToken).get<ListPromptsResponse>('/prompt');
    expect(r.status).toBe(200);
    expect(r.body.prompts.map((x) => x.id)).toContain(p.id);
    expect(r.body.prompts.map((x) => x.id)).not.toContain(other.body.id);
    expect(r.body.count).toBe(r.body.prompts.length);
    expect(r.body.hasMore).toBe(false);
    expect(JSON.stringify(r.body)).not.toContain('1234567890');
    expect((await api(app, a.adminToken).get(`/prompt/${other.body.id}`)).status).toBe(404);
  });

  it('deletes with a message and clears the queues and connections that pointed to it', async () => {
    const p = await made();
    expect((await api(app, a.adminToken).put(`/queue/${queueA}`, { promptId: p.id })).status).toBe(200);
    expect((await api(app, a.adminToken).put(`/whatsapp/${a.whatsapp.id}`, { promptId: p.id })).status).toBe(200);
    const r = await api(app, a.adminToken).del<{ message: string }>(`/prompt/${p.id}`);
    expect(r.status).toBe(200);
    expect(typeof r.body.message).toBe('string');
    expect((await api(app, a.adminToken).get(`/prompt/${p.id}`)).status).toBe(404);
    const [q] = await app.owner<{ prompt_id: number | null }[]>`select prompt_id from queues where id = ${queueA}`;
    const [w] = await app.owner<{ prompt_id: number | null }[]>`select prompt_id from whatsapps where id = ${a.whatsapp.id}`;
    expect(q!.prompt_id).toBeNull();
    expect(w!.prompt_id).toBeNull();
  });
});

describe("a queue's and a connection's promptId", () => {
  it("must name a prompt of the company: another company's is not found", async () => {
    const other = await api(app, b.adminToken).post<PromptDto>('/prompt', body({ queueId: queueB }));
    expect((await api(app, a.adminToken).put(`/queue/${queueA}`, { promptId: other.body.id })).status).toBe(404);
    expect((await api(app, a.adminToken).put(`/whatsapp/${a.whatsapp.id}`, { promptId: other.body.id })).status).toBe(404);
    const own = await made();
    expect((await api(app, a.adminToken).put(`/queue/${queueA}`, { promptId: own.id })).status).toBe(200);
  });
});

describe('live: company-<id>-prompt', () => {
  it("tells the company's admins about a create, an update and a delete, keys masked", async () => {
    const socket = await connectSocket(app, a.adminToken);
    try {
      const event = wireEvent(a.companyId, 'prompt');
      const created = nextEvent<{ action: string; prompt: PromptDto }>(socket, event, (e) => e.action === 'create');
      const p = await made({ apiKey: 'sk-live-secret-5555' });
      expect((await created).prompt).toMatchObject({ id: p.id, apiKey: 'sk-…5555' });
      const updated = nextEvent<{ action: string; prompt: PromptDto }>(socket, event, (e) => e.action === 'update' && e.prompt.id === p.id);
      await api(app, a.adminToken).put(`/prompt/${p.id}`, { maxTokens: 77 });
      expect((await updated).prompt.maxTokens).toBe(77);
      const deleted = nextEvent<{ action: string; promptId: number }>(socket, event, (e) => e.action === 'delete');
      await api(app, a.adminToken).del(`/prompt/${p.id}`);
      expect((await deleted).promptId).toBe(p.id);
    } finally {
      socket.close();
    }
  });
});
