/**
 * The copilot (issue 32 §2, §3, §7) against a LOCAL fake OpenAI-compatible server: its settings
 * (key sealed, admins only), suggested replies grounded in the knowledge base and quick messages
 * with their citations, summaries stored on the ticket, metering and the monthly cap, every
 * failure of the model (timeout, 429, 500, malformed answer) as a clear error, and the circuit
 * breaker. Whatever the fake received holds no phone number, e-mail or CPF of the customer.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CopilotSettingsDto, CopilotSuggestionsDto, CopilotSummaryDto, CopilotUsageDto, HelpDto, KnowledgeArticleDto } from '@balcao/shared';
import { createTestApp, testConfig, type TestApp } from '../../../test/helpers/build-app';
import { completion, raw, startFakeOpenAi, status, type FakeHandler, type FakeOpenAi } from '../../../test/helpers/fake-openai';
import { SUPER_EMAIL, SUPER_PASSWORD } from '../../../test/helpers/constants';
import { api, createCompany, login, type TestCompany } from '../../../test/helpers/world';
import { AppError } from '../../infra/errors';
import { copilotSecrets, createBreaker, createCopilotService } from '.';

let app: TestApp;
let fake: FakeOpenAi;
let n = 0;

// The customer's personal data, as they typed it: none of it may reach the model.
const PHONE = '(11) 98765-4321';
const EMAIL = 'maria.souza@example.com';
const CPF = '123.456.789-09';
const CPF_BARE = '98765432100';

beforeAll(async () => {
  fake = await startFakeOpenAi();
  app = await createTestApp();
  await makeMain();
});
afterAll(async () => {
  await app.close();
  await fake.close();
});
beforeEach(() => fake.reset());

let main: TestCompany;
let article: KnowledgeArticleDto;
/** The chat path of the endpoint the last setup() configured (each its own: the breaker keys on it). */
let CHAT = '';

/** The company most tests share: two articles and a quick message; logins are rate-limited, so few companies. */
const makeMain = async () => {
  main = await createCompany(app);
  const admin = api(app, main.adminToken);
  article = (await admin.post<KnowledgeArticleDto>('/knowledge-articles', { title: 'Prazo de entrega', body: 'Entregamos em São Paulo em até 2 dias úteis, grátis acima de R$ 200.', tags: ['frete'] })).body;
  await admin.post('/knowledge-articles', { title: 'Horário de funcionamento', body: 'Segunda a sábado, das 8h às 18h.' });
  await admin.post('/quick-messages', { shortcode: 'frete', message: 'O frete é grátis para compras acima de R$ 200!', geral: true });
};

/**
 * The main company's copilot on a fresh path of the fake (`/vN`), and a new ticket whose customer
 * asked about delivery, with their PII in the messages.
 */
const setup = async (settings: Record<string, unknown> = {}) => {
  const c = main;
  const admin = api(app, c.adminToken);
  const path = `/v${++n}`;
  CHAT = `${path}/chat/completions`;
  const s = await admin.put<CopilotSettingsDto>('/copilot/settings', { enabled: true, baseUrl: `${fake.base}${path}`, model: 'modelo-local', apiKey: 'sk-copiloto-0000', monthlyTokenCap: 0, ...settings });
  expect(s.status, JSON.stringify(s.body)).toBe(200);
  const from = `55219${String(3_000_000 + ++n).padStart(8, '0')}`;
  await c.inbound(from, `Oi, sou a Maria, meu e-mail é ${EMAIL} e meu telefone ${PHONE}`, { name: 'Maria Souza' });
  const [t] = await app.owner<{ id: number; contact_id: number }[]>`select t.id, t.contact_id from tickets t join contacts c on c.id = t.contact_id where c.number = ${from} and t.company_id = ${c.companyId}`;
  const add = async (fromMe: boolean, body: string, i: number) =>
    app.owner`insert into messages (company_id, ticket_id, contact_id, whatsapp_id, wa_message_id, body, from_me, created_at)
      values (${c.companyId}, ${t!.id}, ${t!.contact_id}, ${c.whatsapp.id}, ${`copilot-${n}-${i}`}, ${body}, ${fromMe}, now() + ${`${i} seconds`}::interval)`;
  await add(true, 'Olá, Maria! Em que posso ajudar? 😊', 1);
  await add(false, `Qual o prazo de entrega e o frete para São Paulo? Meu CPF é ${CPF}, ou ${CPF_BARE}.`, 2);
  return { c, admin, ticketId: t!.id, article, from, usage: async () => (await admin.get<CopilotUsageDto>('/copilot/usage')).body };
};

const draftsAnswer = (drafts: { text: string; sources: number[] }[]) => completion('```json\n' + JSON.stringify({ drafts }) + '\n```');

const assertNoPii = (from: string) => {
  const all = fake.everything();
  expect(all).not.toBe('');
  for (const pii of [EMAIL, PHONE, CPF, CPF_BARE, from, from.slice(2), '98765-4321', '987654321']) expect(all).not.toContain(pii);
};

describe('settings', () => {
  it('are for admins: the key is sealed at rest and answered masked; a masked key sent back keeps it', async () => {
    const c = await createCompany(app);
    const admin = api(app, c.adminToken);
    expect((await admin.get<CopilotSettingsDto>('/copilot/settings')).body).toEqual({ enabled: false, baseUrl: 'https://api.openai.com/v1', model: 'gpt-4o-mini', apiKey: '', apiKeyConfigured: false, monthlyTokenCap: 0, autoSummary: false, translate: false, agentLanguage: 'pt', transcribe: false, transcriptionModel: '', planTokenCap: 0 });
    const saved = (await admin.put<CopilotSettingsDto>('/copilot/settings', { enabled: true, apiKey: 'sk-segredo-123456', monthlyTokenCap: 50_000 })).body;
    expect(saved).toMatchObject({ enabled: true, apiKey: 'sk-…3456', apiKeyConfigured: true, monthlyTokenCap: 50_000 });
    const [row] = await app.owner<{ api_key: string }[]>`select api_key from copilot_settings where company_id = ${c.companyId}`;
    expect(row!.api_key).not.toContain('segredo');
    expect(copilotSecrets(testConfig()).open(c.companyId, row!.api_key)).toBe('sk-segredo-123456');
    await admin.put('/copilot/settings', { apiKey: 'sk-…3456', model: 'outro' });
    const [again] = await app.owner<{ api_key: string }[]>`select api_key from copilot_settings where company_id = ${c.companyId}`;
    expect(again!.api_key).toBe(row!.api_key);
    const agent = await c.addUser({});
    // Every user of the company reads whether the copilot answers; only on with a key is it on.
    expect((await api(app, agent.token).get('/copilot/status')).body).toEqual({ enabled: true, translate: false, agentLanguage: 'pt' });
    await admin.put('/copilot/settings', { apiKey: '' });
    expect((await api(app, agent.token).get('/copilot/status')).body).toEqual({ enabled: false, translate: false, agentLanguage: 'pt' });
    await admin.put('/copilot/settings', { apiKey: 'sk-segredo-123456' });
    expect((await api(app, agent.token).get<{ error: string }>('/copilot/settings')).body.error).toBe('ERR_NO_PERMISSION');
    expect((await api(app, agent.token).put('/copilot/settings', { enabled: false })).status).toBe(403);
    expect((await api(app, agent.token).get('/copilot/usage')).status).toBe(403);
  });
});

describe('suggested replies', () => {
  it('drafts for the last message, grounded in the article and the quick message they cite, redacted, metered', async () => {
    const { admin, ticketId, article, from, usage } = await setup();
    const before = await usage();
    fake.answer(CHAT, draftsAnswer([
      { text: 'Olá, Maria! Entregamos em São Paulo em até 2 dias úteis.', sources: [1] },
      { text: 'O frete é grátis acima de R$ 200.', sources: [1, 2, 9] },
      { text: 'Posso ajudar em algo mais?', sources: [] },
      { text: 'Um quarto rascunho sobra.', sources: [] },
    ]));
    const r = await admin.post<CopilotSuggestionsDto>(`/tickets/${ticketId}/copilot/suggestions`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.drafts).toHaveLength(3);
    expect(r.body.drafts[0]).toEqual({ text: 'Olá, Maria! Entregamos em São Paulo em até 2 dias úteis.', citations: [{ kind: 'article', id: article.id, title: 'Prazo de entrega' }] });
    // [2] is the quick message; [9] names no passage and is dropped.
    expect(r.body.drafts[1]!.citations.map((x) => x.kind)).toEqual(['article', 'quickMessage']);
    expect(r.body.drafts[1]!.citations[1]!.title).toBe('/frete');
    expect(r.body.passages[0]).toEqual({ kind: 'article', id: article.id, title: 'Prazo de entrega' });
    // What the model got: the key, the model, the transcript and the passages, and no personal data.
    expect(fake.received).toHaveLength(1);
    const sent = fake.received[0]!;
    expect(sent.headers.authorization).toBe('Bearer sk-copiloto-0000');
    expect(sent.json!.model).toBe('modelo-local');
    const user = sent.json!.messages!.find((m) => m.role === 'user')!.content;
    expect(user).toContain('[1] Prazo de entrega');
    expect(user).toContain('Cliente: Qual o prazo de entrega e o frete para São Paulo?');
    expect(user).toContain('Atendente: Olá, Maria!');
    expect(user).toContain('[email]');
    expect(user).toContain('[cpf]');
    expect(user).toContain('[telefone]');
    assertNoPii(from);
    const after = await usage();
    expect({ tokens: after.tokens - before.tokens, calls: after.calls - before.calls }).toEqual({ tokens: 120, calls: 1 });
    const sug = (u: CopilotUsageDto) => u.features.find((f) => f.feature === 'suggestions')!;
    expect({ tokens: sug(after).tokens - sug(before).tokens, calls: sug(after).calls - sug(before).calls }).toEqual({ tokens: 120, calls: 1 });
    // Nothing was sent to the customer.
    const [out] = await app.owner<{ n: number }[]>`select count(*)::int as n from messages where ticket_id = ${ticketId} and from_me and wa_message_id not like 'copilot-%'`;
    expect(out!.n).toBe(0);
  });

  it('a platform help text is a passage too: the model reads it, the draft cites it; a help row of a company is never read', async () => {
    const su = api(app, (await login(app, SUPER_EMAIL, SUPER_PASSWORD)).token);
    const help = (await su.post<HelpDto>('/helps', { title: 'Rastreio de entregas', description: 'Para acompanhar a entrega, use o código de rastreio do pedido.', video: 'dQw4w9WgXcQ' })).body;
    // A row under a company (not the platform) must stay out of every prompt, however well it matches.
    await app.owner`insert into helps (company_id, title, description) values (${main.companyId}, 'Entrega secreta', 'Prazo de entrega e frete para São Paulo da empresa')`;
    const { admin, ticketId, from } = await setup();
    fake.answer(CHAT, draftsAnswer([{ text: 'Acompanhe a entrega pelo código de rastreio.', sources: [1, 2, 3, 4, 5, 6, 7, 8] }]));
    const r = await admin.post<CopilotSuggestionsDto>(`/tickets/${ticketId}/copilot/suggestions`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const cited = { kind: 'help', id: help.id, title: 'Rastreio de entregas' };
    expect(r.body.drafts[0]!.citations).toContainEqual(cited);
    // After the company's own passages, so an article keeps its number.
    expect(r.body.passages.at(-1)).toEqual(cited);
    expect(r.body.passages[0]!.kind).toBe('article');
    const user = fake.received[0]!.json!.messages!.find((m) => m.role === 'user')!.content;
    expect(user).toContain('Rastreio de entregas\nPara acompanhar a entrega, use o código de rastreio do pedido.');
    expect(fake.everything()).not.toContain('Entrega secreta');
    expect(r.body.passages.map((p) => p.title)).not.toContain('Entrega secreta');
    assertNoPii(from);
  });

  it('is for whoever sees the ticket: an agent who does not is refused', async () => {
    const { c, ticketId } = await setup();
    const q = await c.addQueue();
    const other = await c.addUser({ queueIds: [q.id] });
    await app.owner`update tickets set queue_id = ${q.id}, user_id = ${c.admin.id}, status = 'open' where id = ${ticketId}`;
    const r = await api(app, other.token).post<{ error: string }>(`/tickets/${ticketId}/copilot/suggestions`);
    expect(r).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
    expect(fake.received).toHaveLength(0);
  });

  it('answers ERR_COPILOT_NOT_CONFIGURED when the copilot is off or has no key, and calls no model', async () => {
    const off = await setup({ enabled: false });
    expect((await off.admin.post<{ error: string }>(`/tickets/${off.ticketId}/copilot/suggestions`)).body.error).toBe('ERR_COPILOT_NOT_CONFIGURED');
    expect((await off.admin.post<{ error: string }>(`/tickets/${off.ticketId}/copilot/summary`)).body.error).toBe('ERR_COPILOT_NOT_CONFIGURED');
    const noKey = await setup({ apiKey: '' });
    expect((await noKey.admin.post<{ error: string }>(`/tickets/${noKey.ticketId}/copilot/suggestions`)).body).toMatchObject({ error: 'ERR_COPILOT_NOT_CONFIGURED' });
    expect(fake.received).toHaveLength(0);
  });

  it('answers ERR_COPILOT_NO_MESSAGES for a ticket the customer has not written in', async () => {
    const { admin } = await setup();
    const contact = (await admin.post<{ id: number }>('/contacts', { name: 'Novo', number: `55119${String(4_000_000 + ++n).padStart(8, '0')}` })).body.id;
    const t = (await admin.post<{ id: number }>('/tickets', { contactId: contact, status: 'open' })).body.id;
    expect((await admin.post<{ error: string }>(`/tickets/${t}/copilot/suggestions`)).body).toMatchObject({ error: 'ERR_COPILOT_NO_MESSAGES' });
    expect(fake.received).toHaveLength(0);
  });

  it.each([
    ['500', status(500), 503, 'ERR_COPILOT_UNAVAILABLE'],
    ['429', status(429), 503, 'ERR_COPILOT_UNAVAILABLE'],
    ['a refused key (401)', status(401), 409, 'ERR_COPILOT_NOT_CONFIGURED'],
    ['text that is not JSON', raw('<html>oops</html>'), 502, 'ERR_COPILOT_BAD_ANSWER'],
    ['JSON without a message', raw('{"choices":[]}'), 502, 'ERR_COPILOT_BAD_ANSWER'],
    ['a message that is not the drafts asked for', completion('Claro! Aqui vão algumas ideias de resposta.'), 502, 'ERR_COPILOT_BAD_ANSWER'],
    ['drafts that are all empty', draftsAnswer([{ text: '  ', sources: [] }]), 502, 'ERR_COPILOT_BAD_ANSWER'],
  ])('a model answering %s is a clear error, tried once', async (_name, handler, code, error) => {
    const { admin, ticketId } = await setup();
    fake.answer(CHAT, handler);
    const r = await admin.post<{ error: string }>(`/tickets/${ticketId}/copilot/suggestions`);
    expect({ status: r.status, error: r.body.error }).toEqual({ status: code, error });
    expect(fake.received).toHaveLength(1);
  });

  it('a malformed answer still spends the tokens the model reported', async () => {
    const { admin, ticketId, usage } = await setup();
    const before = await usage();
    fake.answer(CHAT, completion('nada de JSON', 77));
    expect((await admin.post(`/tickets/${ticketId}/copilot/suggestions`)).status).toBe(502);
    const after = await usage();
    expect({ tokens: after.tokens - before.tokens, calls: after.calls - before.calls }).toEqual({ tokens: 77, calls: 1 });
  });

  it('stops calling a model that keeps failing (circuit breaker), and tries again after the cooldown', async () => {
    const { admin, ticketId } = await setup();
    fake.answer(CHAT, status(500));
    for (let i = 0; i < 3; i++) expect((await admin.post(`/tickets/${ticketId}/copilot/suggestions`)).status).toBe(503);
    expect(fake.received).toHaveLength(3);
    // Open: ten more clicks reach no model.
    for (let i = 0; i < 10; i++) {
      const r = await admin.post<{ error: string; message: string }>(`/tickets/${ticketId}/copilot/suggestions`);
      expect(r.body).toMatchObject({ error: 'ERR_COPILOT_UNAVAILABLE' });
      expect(r.body.message).toContain('circuit open');
    }
    expect(fake.received).toHaveLength(3);
  });

  it('a 429 with Retry-After opens the circuit at once for that long', async () => {
    const { admin, ticketId } = await setup();
    fake.answer(CHAT, status(429, { 'retry-after': '120' }));
    expect((await admin.post(`/tickets/${ticketId}/copilot/suggestions`)).status).toBe(503);
    expect((await admin.post(`/tickets/${ticketId}/copilot/suggestions`)).status).toBe(503);
    expect(fake.received).toHaveLength(1);
  });
});

describe('the service, with its clock and timeout', () => {
  it('a model slower than the timeout is ERR_COPILOT_TIMEOUT; after three, the breaker waits its cooldown, then lets one trial through', async () => {
    const { c, ticketId } = await setup();
    let now = Date.now();
    const svc = createCopilotService({
      data: app.data,
      secrets: copilotSecrets(testConfig()),
      breaker: createBreaker({ threshold: 3, cooldownMs: 30_000, now: () => now }),
      timeoutMs: 200,
      allowPrivateHosts: true,
      now: () => new Date(now),
    });
    const ctx = { companyId: c.companyId, userId: c.admin.id, profile: 'admin' as const, super: false };
    fake.answer(CHAT, fake.hang());
    for (let i = 0; i < 3; i++) await expect(svc.suggestions(ctx, ticketId)).rejects.toMatchObject({ code: 'ERR_COPILOT_TIMEOUT' });
    await expect(svc.suggestions(ctx, ticketId)).rejects.toMatchObject({ code: 'ERR_COPILOT_UNAVAILABLE' });
    expect(fake.received).toHaveLength(3);
    now += 30_000;
    fake.answer(CHAT, draftsAnswer([{ text: 'Entregamos em 2 dias.', sources: [1] }]));
    expect((await svc.suggestions(ctx, ticketId)).drafts).toHaveLength(1);
    expect(fake.received).toHaveLength(4);
  });
});

describe('monthly token cap', () => {
  it('refuses with ERR_COPILOT_TOKEN_CAP once the month has spent the cap, without calling the model', async () => {
    const { admin, ticketId, usage } = await setup();
    const spent = (await usage()).tokens;
    await admin.put('/copilot/settings', { monthlyTokenCap: spent + 100 });
    fake.answer(CHAT, draftsAnswer([{ text: 'Entregamos em 2 dias.', sources: [1] }]));
    const first = await admin.post(`/tickets/${ticketId}/copilot/suggestions`);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const r = await admin.post<{ error: string }>(`/tickets/${ticketId}/copilot/suggestions`);
    expect(r).toMatchObject({ status: 429, body: { error: 'ERR_COPILOT_TOKEN_CAP' } });
    expect((await admin.post<{ error: string }>(`/tickets/${ticketId}/copilot/summary`)).body.error).toBe('ERR_COPILOT_TOKEN_CAP');
    expect(fake.received).toHaveLength(1);
    // A higher cap lets it through again.
    await admin.put('/copilot/settings', { monthlyTokenCap: spent + 1000 });
    expect((await admin.post(`/tickets/${ticketId}/copilot/suggestions`)).status).toBe(200);
    expect(await usage()).toMatchObject({ tokens: spent + 240, monthlyTokenCap: spent + 1000 });
    await admin.put('/copilot/settings', { monthlyTokenCap: 0 });
  });
});

describe('summaries', () => {
  it('stores a short summary on the ticket, listed newest first, from a redacted transcript', async () => {
    const { admin, ticketId, from, c, usage } = await setup();
    const before = (await usage()).features.find((f) => f.feature === 'summary')!;
    fake.answer(CHAT, completion('Cliente quer saber o prazo de entrega para São Paulo.', 90), completion('Segundo resumo.', 10));
    const r = await admin.post<CopilotSummaryDto>(`/tickets/${ticketId}/copilot/summary`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ ticketId, reason: 'manual', summary: 'Cliente quer saber o prazo de entrega para São Paulo.', userId: c.admin.id });
    await admin.post(`/tickets/${ticketId}/copilot/summary`);
    const list = (await admin.get<CopilotSummaryDto[]>(`/tickets/${ticketId}/copilot/summaries`)).body;
    expect(list.map((s) => s.summary)).toEqual(['Segundo resumo.', 'Cliente quer saber o prazo de entrega para São Paulo.']);
    assertNoPii(from);
    const after = (await usage()).features.find((f) => f.feature === 'summary')!;
    expect({ tokens: after.tokens - before.tokens, calls: after.calls - before.calls }).toEqual({ tokens: 100, calls: 2 });
  });

  it('an empty summary is ERR_COPILOT_BAD_ANSWER and nothing is stored', async () => {
    const { admin, ticketId } = await setup();
    fake.answer(CHAT, completion('   '));
    expect((await admin.post<{ error: string }>(`/tickets/${ticketId}/copilot/summary`)).body.error).toBe('ERR_COPILOT_BAD_ANSWER');
    expect((await admin.get<CopilotSummaryDto[]>(`/tickets/${ticketId}/copilot/summaries`)).body).toEqual([]);
  });
});

describe('routing suggestions', () => {
  it('suggests a queue and tags of the company by their numbers, redacted, changing nothing', async () => {
    const { admin, ticketId, from, c } = await setup();
    await c.addQueue('Vendas');
    const entregas = await c.addQueue('Entregas');
    const tag = (await admin.post<{ id: number; name: string }>('/tags', { name: 'Frete', color: '#1677ff' })).body;
    const before = (await app.owner<{ queue_id: number | null }[]>`select queue_id from tickets where id = ${ticketId}`)[0]!.queue_id;
    // The model picks by the numbers it was shown (99 names no tag and is dropped).
    fake.answer(CHAT, (req, res) => {
      const text = req.json!.messages!.find((m) => m.role === 'user')!.content;
      const queue = Number(/(\d+)\. Entregas/.exec(text)![1]);
      const frete = Number(/(\d+)\. Frete/.exec(text)![1]);
      completion(JSON.stringify({ queue, tags: [frete, 99], reason: 'Pergunta sobre prazo de entrega.' }))(req, res);
    });
    const r = await admin.post<{ queue: { id: number; name: string } | null; tags: { id: number; name: string }[]; reason: string }>(`/tickets/${ticketId}/copilot/routing`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toEqual({ queue: { id: entregas.id, name: 'Entregas' }, tags: [{ id: tag.id, name: 'Frete' }], reason: 'Pergunta sobre prazo de entrega.' });
    assertNoPii(from);
    // A suggestion: the ticket is as it was until the agent applies it.
    expect((await app.owner<{ queue_id: number | null }[]>`select queue_id from tickets where id = ${ticketId}`)[0]!.queue_id).toBe(before);
  });

  it('a queue number outside the list is no queue; an answer that is not JSON is ERR_COPILOT_BAD_ANSWER', async () => {
    const { admin, ticketId } = await setup();
    fake.answer(CHAT, completion('{"queue": 99, "tags": [], "reason": "?"}'), completion('Fila Vendas, com certeza.'));
    expect((await admin.post<{ queue: unknown }>(`/tickets/${ticketId}/copilot/routing`)).body.queue).toBeNull();
    expect((await admin.post<{ error: string }>(`/tickets/${ticketId}/copilot/routing`)).body.error).toBe('ERR_COPILOT_BAD_ANSWER');
  });
});

/**
 * Every failure of the model is a clear error for the summary on demand and the routing suggestion
 * too (issue 32 §7), as for the drafts: the route's error and status, one try. The app's budget is
 * 20 s, so the timeout is asked of the service with 200 ms — only where the fake hangs: an answer
 * that comes keeps the app's budget, and a loaded machine never turns it into a timeout. Each case
 * has a fresh path of the fake (setup()), so its own breaker: the order of the cases changes nothing.
 */
describe('summaries and routing suggestions when the model fails', () => {
  interface Failure {
    name: string;
    answer: () => FakeHandler;
    status: number;
    error: string;
  }
  const failures: Failure[] = [
    { name: 'nothing within the timeout', answer: () => fake.hang(), status: 504, error: 'ERR_COPILOT_TIMEOUT' },
    // Retry-After is read (it opens the breaker for that long): still the same error for this click.
    { name: '429 with Retry-After', answer: () => status(429, { 'retry-after': '120' }), status: 503, error: 'ERR_COPILOT_UNAVAILABLE' },
    { name: '500', answer: () => status(500), status: 503, error: 'ERR_COPILOT_UNAVAILABLE' },
    { name: 'text that is not JSON', answer: () => raw('<html>oops</html>'), status: 502, error: 'ERR_COPILOT_BAD_ANSWER' },
    { name: 'JSON without a message', answer: () => raw('{"choices":[]}'), status: 502, error: 'ERR_COPILOT_BAD_ANSWER' },
  ];

  /** The copilot with a 200 ms budget, for the one case where the fake never answers. */
  const hurried = () =>
    createCopilotService({
      data: app.data,
      secrets: copilotSecrets(testConfig()),
      breaker: createBreaker({ threshold: 3, cooldownMs: 30_000, now: () => Date.now() }),
      timeoutMs: 200,
      allowPrivateHosts: true,
      now: () => new Date(),
    });

  /** What the ticket's request answers: through the route, or the hurried service for a timeout (the code's status is what the route would answer). */
  const outcome = async (feature: 'summary' | 'routing', f: Failure, s: Awaited<ReturnType<typeof setup>>) => {
    if (f.error !== 'ERR_COPILOT_TIMEOUT') {
      const r = await s.admin.post<{ error: string }>(`/tickets/${s.ticketId}/copilot/${feature}`);
      return { status: r.status, error: r.body.error };
    }
    const svc = hurried();
    const ctx = { companyId: s.c.companyId, userId: s.c.admin.id, profile: 'admin' as const, super: false };
    try {
      await (feature === 'summary' ? svc.summarize(ctx, s.ticketId) : svc.routing(ctx, s.ticketId));
    } catch (err) {
      if (err instanceof AppError) return { status: err.status, error: err.code as string };
      throw err;
    }
    return { status: 200, error: undefined };
  };

  it.each<Failure>([...failures, { name: 'a summary that is only a code fence', answer: () => completion('```\n\n```'), status: 502, error: 'ERR_COPILOT_BAD_ANSWER' }])(
    'the summary on demand, the model answering $name: $error ($status), tried once, nothing stored',
    async (f) => {
      const s = await setup();
      fake.answer(CHAT, f.answer());
      expect(await outcome('summary', f, s)).toEqual({ status: f.status, error: f.error });
      await expect.poll(() => fake.received.length).toBe(1);
      expect((await s.admin.get<CopilotSummaryDto[]>(`/tickets/${s.ticketId}/copilot/summaries`)).body).toEqual([]);
      const [stored] = await app.owner<{ n: number }[]>`select count(*)::int as n from copilot_summaries where ticket_id = ${s.ticketId}`;
      expect(stored!.n).toBe(0);
    },
  );

  it.each<Failure>([...failures, { name: 'a message that is not the routing asked for', answer: () => completion('Fila Vendas, com certeza.'), status: 502, error: 'ERR_COPILOT_BAD_ANSWER' }])(
    'the routing suggestion, the model answering $name: $error ($status), tried once',
    async (f) => {
      const s = await setup();
      fake.answer(CHAT, f.answer());
      expect(await outcome('routing', f, s)).toEqual({ status: f.status, error: f.error });
      await expect.poll(() => fake.received.length).toBe(1);
    },
  );
});
