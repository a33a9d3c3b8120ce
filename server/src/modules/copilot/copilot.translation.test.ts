/**
 * Translation both ways, voice-note transcripts and the plan's token cap (issue 32 §4, §5, §7;
 * decisions 0440–0442) against a LOCAL fake OpenAI-compatible server: a Spanish-speaking
 * customer's messages get a stored translation (a job, off the ingest), the agent's Portuguese goes
 * out in Spanish with the original kept, a voice note's words are kept and found by the ticket
 * search, every failure of the model (timeout, 429, 500, malformed) is a clear outcome, and the
 * fake never receives the customer's phone, e-mail or CPF.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CopilotSettingsDto, CopilotTicketTextsDto, ListTicketsResponse, MessageDto, PlanDto } from '@balcao/shared';
import { createTestApp, testConfig, type TestApp } from '../../../test/helpers/build-app';
import { SUPER_EMAIL, SUPER_PASSWORD } from '../../../test/helpers/constants';
import { completion, raw, startFakeOpenAi, status, type FakeOpenAi, type FakeHandler } from '../../../test/helpers/fake-openai';
import { api, createCompany, login, type TestCompany } from '../../../test/helpers/world';
import { redactPiiNumbered, restorePii } from '../prompts';
import { copilotSecrets, createBreaker, createTranslationService, guessLanguage } from '.';

let app: TestApp;
let fake: FakeOpenAi;
let c: TestCompany;
let n = 0;
let base = '';

const PHONE = '(11) 98765-4321';
const EMAIL = 'lucia.gomez@example.com';
const CPF = '123.456.789-09';

beforeAll(async () => {
  fake = await startFakeOpenAi();
  app = await createTestApp();
  c = await createCompany(app);
});
afterAll(async () => {
  await app.bus.idle();
  await app.close();
  await fake.close();
});
beforeEach(() => fake.reset());

/** The company's copilot on a fresh path of the fake (the breaker keys on it), translating and transcribing. */
const configure = async (extra: Record<string, unknown> = {}) => {
  base = `/t${++n}`;
  const r = await api(app, c.adminToken).put<CopilotSettingsDto>('/copilot/settings', { enabled: true, baseUrl: `${fake.base}${base}`, apiKey: 'sk-traducao-0001', translate: true, transcribe: true, agentLanguage: 'pt', ...extra });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body;
};
const chat = () => `${base}/chat/completions`;
const newCustomer = () => `55119${String(7_000_000 + ++n).padStart(8, '0')}`;
const ticketOf = async (from: string) =>
  (await app.owner<{ id: number }[]>`select t.id from tickets t join contacts ct on ct.id = t.contact_id where ct.number = ${from} and t.company_id = ${c.companyId}`)[0]!.id;
const textsOf = async (ticketId: number) => (await api(app, c.adminToken).get<CopilotTicketTextsDto>(`/tickets/${ticketId}/copilot/translation`)).body;
const assertNoPii = (from: string) => {
  for (const pii of [EMAIL, PHONE, CPF, from, from.slice(2), '98765-4321']) expect(fake.everything()).not.toContain(pii);
};
/** How many jobs of `name` were queued for the message. */
const jobs = async (name: string, messageId: number) =>
  (await app.owner<{ n: number }[]>`select count(*)::int as n from pgboss.job where name = ${name} and data->>'messageId' = ${String(messageId)}`)[0]!.n;

describe('telling the language (pure)', () => {
  it('knows Spanish, Portuguese and English from their words, and leaves a short or mixed text to the model', () => {
    expect(guessLanguage('Hola, ¿cuánto tarda el envío a Madrid? Gracias')).toBe('es');
    expect(guessLanguage('Olá, não recebi meu pedido ainda, você pode ver?')).toBe('pt');
    expect(guessLanguage('Hello, where is my order? Thanks')).toBe('en');
    expect(guessLanguage('ok')).toBeUndefined();
    expect(guessLanguage('Pedido 4455')).toBeUndefined();
  });

  it('personal data leaves as numbered placeholders and comes back where the translation put them', () => {
    const { text, kept } = redactPiiNumbered(`Ligue ${PHONE} ou escreva a ${EMAIL}`);
    expect(text).toBe('Ligue [telefone2] ou escreva a [email1]');
    expect(restorePii('Llame al [telefone2] o escriba a [email1]', kept)).toBe(`Llame al ${PHONE} o escriba a ${EMAIL}`);
  });
});

describe('translation both ways', () => {
  it("a Spanish customer's message is translated by a job and kept; the agent's Portuguese goes out in Spanish, the original kept", async () => {
    await configure();
    fake.answer(chat(), completion('Olá, quanto tempo leva o envio para Madri? Meu e-mail é [email1] e meu telefone [telefone2]'));
    const from = newCustomer();
    await c.inbound(from, `Hola, ¿cuánto tarda el envío a Madrid? Mi correo es ${EMAIL} y mi teléfono ${PHONE}`);
    const ticketId = await ticketOf(from);
    await expect.poll(async () => (await textsOf(ticketId)).texts.map((t) => [t.kind, t.language, t.text]), { timeout: 20_000 }).toEqual([
      // The agents read the customer's own data back; the model only saw placeholders.
      ['translation', 'pt', `Olá, quanto tempo leva o envio para Madri? Meu e-mail é ${EMAIL} e meu telefone ${PHONE}`],
    ]);
    // Spanish was told from the words: one call (the translation), none to detect it.
    expect(fake.received).toHaveLength(1);
    expect(fake.received[0]!.json?.messages?.[0]?.content).toContain('do espanhol para o português do Brasil');
    expect(await textsOf(ticketId)).toMatchObject({ language: 'es', agentLanguage: 'pt', translate: true, outgoing: true });
    assertNoPii(from);

    const admin = api(app, c.adminToken);
    await admin.put(`/tickets/${ticketId}`, { status: 'open', userId: c.admin.id });
    fake.reset();
    fake.answer(chat(), completion('Llega en 2 días hábiles. Si quiere, llame al [telefone1].'));
    const sent = await admin.post<MessageDto>(`/tickets/${ticketId}/copilot/translated-message`, { body: `*Admin:*\nChega em 2 dias úteis. Se quiser, ligue ${PHONE}.` });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    // The customer gets Spanish with the agent's number put back; the model never saw it.
    // The signature line goes out as it was; the rest is the translation.
    expect(sent.body).toMatchObject({ fromMe: true, body: `*Admin:*\nLlega en 2 días hábiles. Si quiere, llame al ${PHONE}.` });
    expect(fake.received[0]!.json?.messages?.[1]?.content).toBe('Chega em 2 dias úteis. Se quiser, ligue [telefone1].');
    assertNoPii(from);
    expect(fake.received[0]!.json?.messages?.[0]?.content).toContain('do português do Brasil para o espanhol');
    expect((await textsOf(ticketId)).texts.find((t) => t.messageId === sent.body.id)).toEqual({ messageId: sent.body.id, ticketId, kind: 'original', language: 'pt', text: `Chega em 2 dias úteis. Se quiser, ligue ${PHONE}.` });

    // Turned off for this ticket: nothing goes out translated and a new message is not translated.
    const off = await admin.put<CopilotTicketTextsDto>(`/tickets/${ticketId}/copilot/translation`, { translate: false });
    expect(off.body).toMatchObject({ translate: false, outgoing: false });
    expect((await admin.post<{ error: string }>(`/tickets/${ticketId}/copilot/translated-message`, { body: 'Oi' })).body.error).toBe('ERR_VALIDATION');
    fake.reset();
    await c.inbound(from, 'Gracias, ¿y el envío a Barcelona también tarda dos días?');
    const [last] = await app.owner<{ id: number }[]>`select id from messages where ticket_id = ${ticketId} and from_me = false order by id desc limit 1`;
    await expect.poll(() => jobs('copilot.translate', last!.id), { timeout: 10_000 }).toBe(1);
    await expect.poll(async () => (await app.owner<{ state: string }[]>`select state from pgboss.job where name = 'copilot.translate' and data->>'messageId' = ${String(last!.id)}`)[0]?.state, { timeout: 20_000 }).toBe('completed');
    expect(fake.received).toHaveLength(0);
    expect((await textsOf(ticketId)).texts.filter((t) => t.messageId === last!.id)).toEqual([]);
  });

  it('a language the words do not tell is asked of the model once for the ticket; Portuguese is not translated', async () => {
    await configure();
    fake.answer(chat(), completion('it'), completion('Buongiorno → Bom dia'));
    const from = newCustomer();
    await c.inbound(from, 'Buongiorno signora');
    const ticketId = await ticketOf(from);
    await expect.poll(async () => (await textsOf(ticketId)).texts.map((t) => t.text), { timeout: 20_000 }).toEqual(['Buongiorno → Bom dia']);
    expect(fake.received).toHaveLength(2);
    expect((await textsOf(ticketId)).language).toBe('it');

    fake.reset();
    const pt = newCustomer();
    await c.inbound(pt, 'Olá, não recebi meu pedido ainda, você pode ver?');
    const ptTicket = await ticketOf(pt);
    const [m] = await app.owner<{ id: number }[]>`select id from messages where ticket_id = ${ptTicket} order by id desc limit 1`;
    await expect.poll(async () => (await app.owner<{ state: string }[]>`select state from pgboss.job where name = 'copilot.translate' and data->>'messageId' = ${String(m!.id)}`)[0]?.state, { timeout: 20_000 }).toBe('completed');
    expect(fake.received).toHaveLength(0);
    expect(await textsOf(ptTicket)).toMatchObject({ language: 'pt', outgoing: false, texts: [] });
  });

  it('a company that does not translate queues no job for an inbound message', async () => {
    await configure({ translate: false, transcribe: false });
    const from = newCustomer();
    await c.inbound(from, 'Hola, ¿tienen envío a Chile? Gracias');
    const ticketId = await ticketOf(from);
    const [m] = await app.owner<{ id: number }[]>`select id from messages where ticket_id = ${ticketId} order by id desc limit 1`;
    await app.bus.idle();
    expect(await jobs('copilot.translate', m!.id)).toBe(0);
    expect((await textsOf(ticketId)).translate).toBe(false);
  });
});

describe('the model failing', () => {
  const service = (timeoutMs = 200) =>
    createTranslationService({
      data: app.data,
      secrets: copilotSecrets(testConfig()),
      breaker: createBreaker({ threshold: 100, cooldownMs: 30_000, now: () => Date.now() }),
      timeoutMs,
      allowPrivateHosts: true,
      now: () => new Date(),
      media: app.media,
    });

  it('timeout, 429, 500 and a malformed answer are clear outcomes of the job, and errors of the agent\'s send; nothing is kept', async () => {
    await configure({ translate: false });
    const from = newCustomer();
    await c.inbound(from, 'Hola, ¿cuánto cuesta el envío? Gracias');
    const ticketId = await ticketOf(from);
    const [m] = await app.owner<{ id: number }[]>`select id from messages where ticket_id = ${ticketId} order by id desc limit 1`;
    await configure();
    // The short timeout only where the fake hangs: an answer that comes can take longer than
    // 200 ms on a loaded machine (a malformed one was once judged a timeout in a CI run).
    const hurried = service();
    const patient = service(15_000);
    const cases: [FakeHandler, string][] = [
      [fake.hang(), 'ERR_COPILOT_TIMEOUT'],
      [status(429), 'ERR_COPILOT_UNAVAILABLE'],
      [status(500), 'ERR_COPILOT_UNAVAILABLE'],
      [raw('not json at all'), 'ERR_COPILOT_BAD_ANSWER'],
      [raw('{"choices":[]}'), 'ERR_COPILOT_BAD_ANSWER'],
    ];
    for (const [h, code] of cases) {
      fake.answer(chat(), h);
      const svc = code === 'ERR_COPILOT_TIMEOUT' ? hurried : patient;
      expect(await svc.translateInbound({ companyId: c.companyId, messageId: m!.id })).toBe(code);
    }
    expect((await textsOf(ticketId)).texts).toEqual([]);
    const admin = api(app, c.adminToken);
    await admin.put(`/tickets/${ticketId}`, { status: 'open', userId: c.admin.id });
    fake.answer(chat(), status(500));
    expect(await admin.post(`/tickets/${ticketId}/copilot/translated-message`, { body: 'Custa R$ 20.' })).toMatchObject({ status: 503, body: { error: 'ERR_COPILOT_UNAVAILABLE' } });
    fake.answer(chat(), raw('{"choices":[{"message":{}}]}'));
    expect(await admin.post(`/tickets/${ticketId}/copilot/translated-message`, { body: 'Custa R$ 20.' })).toMatchObject({ status: 502, body: { error: 'ERR_COPILOT_BAD_ANSWER' } });
    // Nothing was sent to the customer.
    expect((await app.owner<{ n: number }[]>`select count(*)::int as n from messages where ticket_id = ${ticketId} and from_me`)[0]!.n).toBe(0);
    assertNoPii(from);
  });
});

describe('voice notes', () => {
  const voice = Buffer.from('OggS\u0000\u0002 fake opus voice note bytes').toString('base64');

  it('are transcribed by a job (multipart), kept under the message and found by the ticket search', async () => {
    await configure({ transcriptionModel: 'whisper-local' });
    fake.answer(`${base}/audio/transcriptions`, (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ text: 'Quero saber do reembolso xilofone do pedido' }));
    });
    const from = newCustomer();
    const r = await api(app, c.adminToken).post(`/sandbox/connections/${c.whatsapp.id}/inbound`, { from, kind: 'ptt', media: { data: voice, mimetype: 'audio/ogg; codecs=opus' } });
    expect(r.status, JSON.stringify(r.body)).toBe(202);
    const ticketId = await ticketOf(from);
    await expect.poll(async () => (await textsOf(ticketId)).texts.map((t) => [t.kind, t.text]), { timeout: 20_000 }).toEqual([['transcript', 'Quero saber do reembolso xilofone do pedido']]);
    const got = fake.received.find((x) => x.path.endsWith('/audio/transcriptions'))!;
    expect(got.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(got.headers.authorization).toBe('Bearer sk-traducao-0001');
    const form = got.body.toString('latin1');
    expect(form).toContain('name="model"');
    expect(form).toContain('whisper-local');
    expect(form).toContain('fake opus voice note bytes');
    const found = await api(app, c.adminToken).get<ListTicketsResponse>(`/tickets?showAll=true&searchParam=${encodeURIComponent('XILOFONE reembolso')}`);
    expect(found.body.tickets.map((t) => t.id)).toContain(ticketId);
    const none = await api(app, c.adminToken).get<ListTicketsResponse>('/tickets?showAll=true&searchParam=xilofonia');
    expect(none.body.tickets.map((t) => t.id)).not.toContain(ticketId);
  });

  it('a failing transcription is an outcome, nothing kept; a second run of a done job calls nothing', async () => {
    await configure();
    fake.answer(`${base}/audio/transcriptions`, status(500));
    const from = newCustomer();
    await api(app, c.adminToken).post(`/sandbox/connections/${c.whatsapp.id}/inbound`, { from, kind: 'ptt', media: { data: voice, mimetype: 'audio/ogg; codecs=opus' } });
    const ticketId = await ticketOf(from);
    const [m] = await app.owner<{ id: number }[]>`select id from messages where ticket_id = ${ticketId} order by id desc limit 1`;
    await expect.poll(async () => (await app.owner<{ state: string }[]>`select state from pgboss.job where name = 'copilot.transcribe' and data->>'messageId' = ${String(m!.id)}`)[0]?.state, { timeout: 20_000 }).toBe('completed');
    expect((await textsOf(ticketId)).texts).toEqual([]);
    const withTimeout = (timeoutMs: number) => createTranslationService({ data: app.data, secrets: copilotSecrets(testConfig()), breaker: createBreaker({ threshold: 100, cooldownMs: 1, now: () => Date.now() }), timeoutMs, allowPrivateHosts: true, now: () => new Date(), media: app.media });
    // As above: the short timeout only where the fake hangs.
    const [hurried, svc] = [withTimeout(200), withTimeout(15_000)];
    for (const [h, code] of [[status(429), 'ERR_COPILOT_UNAVAILABLE'], [fake.hang(), 'ERR_COPILOT_TIMEOUT'], [raw('{"words":1}'), 'ERR_COPILOT_BAD_ANSWER']] as const) {
      fake.answer(`${base}/audio/transcriptions`, h);
      expect(await (code === 'ERR_COPILOT_TIMEOUT' ? hurried : svc).transcribeVoice({ companyId: c.companyId, messageId: m!.id })).toBe(code);
    }
    fake.answer(`${base}/audio/transcriptions`, raw('{"text":"Oi"}'));
    expect(await svc.transcribeVoice({ companyId: c.companyId, messageId: m!.id })).toBe('transcribed');
    fake.reset();
    expect(await svc.transcribeVoice({ companyId: c.companyId, messageId: m!.id })).toBe('done');
    expect(fake.received).toHaveLength(0);
  });
});

describe("the plan's monthly token cap", () => {
  it('the super user sets it on the plan; once the month reaches it, ERR_COPILOT_PLAN_CAP and no call', async () => {
    const su = api(app, (await login(app, SUPER_EMAIL, SUPER_PASSWORD)).token);
    const plan = await su.post<PlanDto>('/plans', { name: `Copiloto ${n}`, users: 10, connections: 10, queues: 10, value: 99, copilotTokenCap: 1_000 });
    expect(plan.status, JSON.stringify(plan.body)).toBe(200);
    expect(plan.body.copilotTokenCap).toBe(1_000);
    const d = await createCompany(app);
    await app.owner`update companies set plan_id = ${plan.body.id} where id = ${d.companyId}`;
    const admin = api(app, d.adminToken);
    const path = `/p${++n}`;
    await admin.put('/copilot/settings', { enabled: true, baseUrl: `${fake.base}${path}`, apiKey: 'sk-plano', translate: true });
    expect((await admin.get<CopilotSettingsDto>('/copilot/settings')).body.planTokenCap).toBe(1_000);
    const from = newCustomer();
    await d.inbound(from, 'Hola, ¿tienen envío a Perú? Gracias');
    const ticketId = (await app.owner<{ id: number }[]>`select t.id from tickets t join contacts ct on ct.id = t.contact_id where ct.number = ${from} and t.company_id = ${d.companyId}`)[0]!.id;
    await admin.put(`/tickets/${ticketId}`, { status: 'open', userId: d.admin.id });
    await expect.poll(async () => (await admin.get<CopilotTicketTextsDto>(`/tickets/${ticketId}/copilot/translation`)).body.language, { timeout: 20_000 }).toBe('es');
    // The company's own cap above the plan's does not lift it.
    await admin.put('/copilot/settings', { monthlyTokenCap: 0 });
    fake.answer(`${path}/chat/completions`, completion('Sí, enviamos a Perú.', 1_000));
    expect((await admin.post(`/tickets/${ticketId}/copilot/translated-message`, { body: 'Sim, enviamos para o Peru.' })).status).toBe(200);
    fake.reset();
    const capped = await admin.post<{ error: string }>(`/tickets/${ticketId}/copilot/translated-message`, { body: 'Mais alguma dúvida?' });
    expect(capped).toMatchObject({ status: 429, body: { error: 'ERR_COPILOT_PLAN_CAP' } });
    expect((await admin.post<{ error: string }>(`/tickets/${ticketId}/copilot/summary`)).body.error).toBe('ERR_COPILOT_PLAN_CAP');
    expect(fake.received).toHaveLength(0);
    // A plan edited without the field keeps its cap; raised, the copilot answers again.
    const kept = await su.put<PlanDto>(`/plans/${plan.body.id}`, { name: `Copiloto ${n}`, users: 10, connections: 10, queues: 10, value: 99 });
    expect(kept.body.copilotTokenCap).toBe(1_000);
    await su.put(`/plans/${plan.body.id}`, { name: `Copiloto ${n}`, users: 10, connections: 10, queues: 10, value: 99, copilotTokenCap: 5_000 });
    fake.answer(`${path}/chat/completions`, completion('¿Algo más?', 10));
    expect((await admin.post(`/tickets/${ticketId}/copilot/translated-message`, { body: 'Mais alguma dúvida?' })).status).toBe(200);
  });
});
