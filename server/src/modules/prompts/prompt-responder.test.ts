/**
 * The AI prompt responder against LOCAL fake servers (chat completions, transcription, Azure TTS):
 * what it sends (system text, latest history, redaction), what it answers (text, voice note,
 * transfer), and every failure (timeout, 500, 401, bad JSON) → stop with a timeline entry.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { PromptDto } from '@balcao/shared';
import type { BotTurn } from '../bot';
import { createTestApp, testConfig, type TestApp } from '../../../test/helpers/build-app';
import { startLocalServer } from '../../../test/helpers/local-server';
import { api, createCompany, type TestCompany } from '../../../test/helpers/world';
import { createPromptResponder, TRANSFER_ACTION } from './prompt-responder';
import { promptSecrets } from './prompts.secrets';

interface Seen {
  path: string;
  headers: IncomingMessage['headers'];
  body: Buffer;
}
let seen: Seen[] = [];
/** What the fake answers next, per path (a queue: one handler per call, the last one repeats). */
let handlers: Record<string, ((req: Seen, res: ServerResponse) => void)[]> = {};
const answer = (path: string, ...h: ((req: Seen, res: ServerResponse) => void)[]) => (handlers[path] = h);
const jsonReply = (status: number, body: unknown) => (_: Seen, res: ServerResponse) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(typeof body === 'string' ? body : JSON.stringify(body));
};
const completion = (content: string) => jsonReply(200, { choices: [{ message: { role: 'assistant', content } }], usage: { prompt_tokens: 42, completion_tokens: 7, total_tokens: 49 } });

let fake: Awaited<ReturnType<typeof startLocalServer>>;
let app: TestApp;
let a: TestCompany;
let queueId: number;
let n = 0;

beforeAll(async () => {
  fake = await startLocalServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const s: Seen = { path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) };
      seen.push(s);
      const list = handlers[s.path];
      const h = list && list.length > 1 ? list.shift()! : list?.[0];
      if (!h) {
        res.writeHead(404);
        res.end();
        return;
      }
      h(s, res);
    });
  });
  app = await createTestApp();
  a = await createCompany(app);
  queueId = (await a.addQueue()).id;
});
/** Responses a "timeout" fake never answered: ended at the end so nothing keeps the process alive. */
const hung: ServerResponse[] = [];
afterAll(async () => {
  for (const res of hung) res.destroy();
  await app.close();
  await fake.close();
});
beforeEach(() => {
  seen = [];
  handlers = {};
});

const responder = (timeoutMs = 2_000) =>
  createPromptResponder({ data: app.data, media: app.media, secrets: promptSecrets(testConfig()), ttsUrl: (region) => `${fake.base}/tts/${region}`, timeoutMs, retries: 1, allowPrivateHosts: true });

const TRAINING = 'Você é a atendente virtual da Padaria Central. Responda com educação e de forma breve.';
const makePrompt = async (over: Record<string, unknown> = {}) => {
  const r = await api(app, a.adminToken).post<PromptDto>('/prompt', { name: `Assistente ${++n}`, prompt: TRAINING, apiKey: 'sk-fake-key-0000', queueId, baseUrl: `${fake.base}/v1`, model: 'modelo-local', ...over });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body;
};

/** A ticket whose customer wrote `first`, then the given extra messages (oldest first). */
const ticketWith = async (first: string, more: { fromMe: boolean; body: string }[] = []) => {
  const from = `55219${String(2_000_000 + ++n).padStart(8, '0')}`;
  await a.inbound(from, first, { name: 'Maria Souza' });
  const [t] = await app.owner<{ id: number; uuid: string; contact_id: number }[]>`
    select t.id, t.uuid, t.contact_id from tickets t join contacts c on c.id = t.contact_id where c.number = ${from} and t.company_id = ${a.companyId}`;
  let i = 0;
  for (const m of more) {
    await app.owner`insert into messages (company_id, ticket_id, contact_id, whatsapp_id, wa_message_id, body, from_me, created_at)
      values (${a.companyId}, ${t!.id}, ${t!.contact_id}, ${a.whatsapp.id}, ${`test-${n}-${++i}`}, ${m.body}, ${m.fromMe}, now() + ${`${i} seconds`}::interval)`;
  }
  const turn: BotTurn = {
    companyId: a.companyId,
    ticketId: t!.id,
    ticketUuid: t!.uuid,
    queueId: null,
    contact: { id: t!.contact_id, name: 'Maria Souza', number: from },
    text: more.length ? more.at(-1)!.body : first,
    mediaType: null,
    mediaPath: null,
    session: null,
  };
  return turn;
};
const chatBody = () => JSON.parse(seen.find((s) => s.path === '/v1/chat/completions')!.body.toString()) as { model: string; max_tokens: number; temperature: number; messages: { role: string; content: string }[] };

describe('chat completions', () => {
  it('sends the prompt + first name as system text, the history as user/assistant, and answers in text', async () => {
    const p = await makePrompt({ maxTokens: 150, temperature: 0.3 });
    const turn = await ticketWith('Oi, bom dia', [
      { fromMe: true, body: 'Bom dia! Como posso ajudar?' },
      { fromMe: false, body: 'Tem pão de queijo?' },
    ]);
    answer('/v1/chat/completions', completion('Temos sim, Maria!'));
    const reply = await responder().respond(turn, { promptId: p.id });
    expect(reply.messages).toEqual([{ body: 'Temos sim, Maria!' }]);
    expect(reply.stop).toBeUndefined();
    const sent = chatBody();
    expect(seen[0]!.headers.authorization).toBe('Bearer sk-fake-key-0000');
    expect(sent).toMatchObject({ model: 'modelo-local', max_tokens: 150, temperature: 0.3 });
    expect(sent.messages[0]!.role).toBe('system');
    expect(sent.messages[0]!.content).toContain(TRAINING);
    expect(sent.messages[0]!.content).toContain('Maria');
    expect(sent.messages[0]!.content).not.toContain('Souza');
    expect(sent.messages.slice(1)).toEqual([
      { role: 'user', content: 'Oi, bom dia' },
      { role: 'assistant', content: 'Bom dia! Como posso ajudar?' },
      { role: 'user', content: 'Tem pão de queijo?' },
    ]);
    expect(reply.timeline).toEqual([
      { kind: 'ai', detail: expect.objectContaining({ promptId: p.id, status: 200, tokens: { prompt: 42, completion: 7, total: 49 }, durationMs: expect.any(Number) }) },
    ]);
  });

  it('sends only the LATEST maxMessages messages', async () => {
    const p = await makePrompt({ maxMessages: 2 });
    const turn = await ticketWith('primeira', [
      { fromMe: true, body: 'segunda' },
      { fromMe: false, body: 'terceira' },
      { fromMe: true, body: 'quarta' },
      { fromMe: false, body: 'quinta' },
    ]);
    answer('/v1/chat/completions', completion('ok'));
    await responder().respond(turn, { promptId: p.id });
    expect(chatBody().messages.slice(1).map((m) => m.content)).toEqual(['quarta', 'quinta']);
  });

  it('redacts phones, e-mails and CPF before the text leaves the server (on by default), not when turned off', async () => {
    const on = await makePrompt();
    const turn = await ticketWith('meu cpf é 123.456.789-09, email maria@exemplo.com, tel (11) 98765-4321');
    answer('/v1/chat/completions', completion('Obrigada!'));
    await responder().respond(turn, { promptId: on.id });
    const text = chatBody().messages.at(-1)!.content;
    expect(text).toBe('meu cpf é [cpf], email [email], tel [telefone]');

    seen = [];
    const off = await makePrompt({ redactPii: false });
    await responder().respond(turn, { promptId: off.id });
    expect(chatBody().messages.at(-1)!.content).toContain('maria@exemplo.com');
  });

  it('a reply with the transfer action hands the ticket to the prompt queue and never sends the phrase', async () => {
    const p = await makePrompt();
    const turn = await ticketWith('Quero falar com uma pessoa');
    answer('/v1/chat/completions', completion(`${TRANSFER_ACTION}. Um momento, Maria, vou te passar para a equipe.`));
    const reply = await responder().respond(turn, { promptId: p.id });
    expect(reply).toMatchObject({ queueId, stop: true });
    expect(reply.messages).toEqual([{ body: 'Um momento, Maria, vou te passar para a equipe.' }]);
    expect(JSON.stringify(reply.messages)).not.toContain('Ação');
    expect(reply.timeline.map((e) => e.kind)).toEqual(['ai', 'ai.transfer']);
  });

  it('a bare transfer action sends nothing and hands the ticket over', async () => {
    const p = await makePrompt();
    const turn = await ticketWith('atendente');
    answer('/v1/chat/completions', completion(TRANSFER_ACTION));
    const reply = await responder().respond(turn, { promptId: p.id });
    expect(reply).toMatchObject({ messages: [], queueId, stop: true });
  });
});

describe('failures: the ticket goes to a person with a timeline entry', () => {
  it.each([
    ['500 (after one retry)', () => answer('/v1/chat/completions', jsonReply(500, { error: 'boom' })), 'http 500', 2],
    ['401', () => answer('/v1/chat/completions', jsonReply(401, { error: { message: 'bad key' } })), 'unauthorized', 1],
    ['bad JSON', () => answer('/v1/chat/completions', jsonReply(200, '{"choices": [')), 'bad-json', 1],
    ['a JSON without choices', () => answer('/v1/chat/completions', jsonReply(200, { nothing: true })), 'bad-json', 1],
    ['a timeout', () => answer('/v1/chat/completions', (_s, res) => void hung.push(res)), 'timeout', 1],
  ])('%s', async (_n, arrange, error, calls) => {
    const p = await makePrompt();
    const turn = await ticketWith('Oi');
    arrange();
    const reply = await responder(300).respond(turn, { promptId: p.id });
    expect(reply.messages).toEqual([]);
    expect(reply.stop).toBe(true);
    expect(reply.timeline).toEqual([{ kind: 'ai', detail: expect.objectContaining({ promptId: p.id, error }) }]);
    expect(seen.filter((s) => s.path === '/v1/chat/completions')).toHaveLength(calls);
  });

  it('a 500 then a 200 answers (bounded retry)', async () => {
    const p = await makePrompt();
    const turn = await ticketWith('Oi');
    answer('/v1/chat/completions', jsonReply(503, {}), completion('Olá!'));
    const reply = await responder().respond(turn, { promptId: p.id });
    expect(reply.messages).toEqual([{ body: 'Olá!' }]);
    expect(reply.timeline[0]!.detail).toMatchObject({ attempts: 2 });
  });

  it('refuses a base URL on this machine or a private network unless allowed (production)', async () => {
    const p = await makePrompt();
    const turn = await ticketWith('Oi');
    const strict = createPromptResponder({ data: app.data, media: app.media, secrets: promptSecrets(testConfig()), allowPrivateHosts: false });
    const reply = await strict.respond(turn, { promptId: p.id });
    expect(reply).toMatchObject({ messages: [], stop: true, timeline: [{ kind: 'ai', detail: { error: 'blocked-host', status: null } }] });
    expect(seen).toHaveLength(0);
  });

  it('an unknown prompt (or another company’s) stops without calling anyone', async () => {
    const turn = await ticketWith('Oi');
    const reply = await responder().respond(turn, { promptId: 999_999 });
    expect(reply).toMatchObject({ messages: [], stop: true, timeline: [{ kind: 'ai', detail: { error: 'prompt-not-found' } }] });
    expect(seen).toHaveLength(0);
  });
});

describe('voice notes', () => {
  it('transcribes an inbound voice note first (multipart, whisper-1) and uses the transcription as the customer text', async () => {
    const p = await makePrompt();
    const turn = await ticketWith('');
    const stored = await app.media.save(a.companyId, Buffer.from('OggS fake audio bytes'), { mimetype: 'audio/ogg', fileName: 'nota.ogg' });
    answer('/v1/audio/transcriptions', jsonReply(200, { text: 'Vocês abrem domingo?' }));
    answer('/v1/chat/completions', completion('Abrimos sim!'));
    const reply = await responder().respond({ ...turn, mediaType: 'audio', mediaPath: stored }, { promptId: p.id });
    const tr = seen.find((s) => s.path === '/v1/audio/transcriptions')!;
    expect(tr.headers['content-type']).toMatch(/^multipart\/form-data/);
    expect(tr.body.toString()).toContain('whisper-1');
    expect(tr.body.toString()).toContain('OggS fake audio bytes');
    expect(chatBody().messages.at(-1)).toEqual({ role: 'user', content: 'Vocês abrem domingo?' });
    expect(reply.messages).toEqual([{ body: 'Abrimos sim!' }]);
    expect(reply.timeline.map((e) => e.kind)).toEqual(['ai.transcription', 'ai']);
  });

  it('a failed transcription stops with a timeline entry', async () => {
    const p = await makePrompt();
    const turn = await ticketWith('');
    const stored = await app.media.save(a.companyId, Buffer.from('OggS x'), { mimetype: 'audio/ogg', fileName: 'nota.ogg' });
    answer('/v1/audio/transcriptions', jsonReply(500, {}));
    const reply = await responder().respond({ ...turn, mediaType: 'audio', mediaPath: stored }, { promptId: p.id });
    expect(reply).toMatchObject({ messages: [], stop: true, timeline: [{ kind: 'ai.transcription', detail: { error: 'http 500' } }] });
  });

  it('with a voice, answers with a voice note from Azure TTS (SSML, subscription key, Ogg/Opus)', async () => {
    const p = await makePrompt({ voice: 'pt-BR-FranciscaNeural', voiceKey: 'azure-key-abcdef', voiceRegion: 'brazilsouth' });
    const turn = await ticketWith('Oi');
    answer('/v1/chat/completions', completion('Olá <Maria> & bem-vinda!'));
    answer('/tts/brazilsouth', (_s, res) => {
      res.writeHead(200, { 'content-type': 'audio/ogg' });
      res.end(Buffer.from('OggS synthesized'));
    });
    const reply = await responder().respond(turn, { promptId: p.id });
    const tts = seen.find((s) => s.path === '/tts/brazilsouth')!;
    expect(tts.headers['ocp-apim-subscription-key']).toBe('azure-key-abcdef');
    expect(tts.headers['x-microsoft-outputformat']).toBe('ogg-24khz-16bit-mono-opus');
    expect(tts.body.toString()).toContain("name='pt-BR-FranciscaNeural'");
    expect(tts.body.toString()).toContain('Olá &lt;Maria&gt; &amp; bem-vinda!');
    expect(reply.messages).toHaveLength(1);
    expect(reply.messages[0]!.body).toBe('Olá <Maria> & bem-vinda!');
    expect(reply.messages[0]!.audio?.data.toString()).toBe('OggS synthesized');
    expect(reply.messages[0]!.audio?.mimetype).toMatch(/^audio\/ogg/);
    expect(reply.timeline.map((e) => e.kind)).toEqual(['ai', 'ai.tts']);
  });

  it('a failed TTS still answers in text, with a timeline entry', async () => {
    const p = await makePrompt({ voice: 'pt-BR-AntonioNeural', voiceKey: 'azure-key-abcdef', voiceRegion: 'eastus' });
    const turn = await ticketWith('Oi');
    answer('/v1/chat/completions', completion('Olá!'));
    answer('/tts/eastus', jsonReply(401, {}));
    const reply = await responder().respond(turn, { promptId: p.id });
    expect(reply.messages).toEqual([{ body: 'Olá!' }]);
    expect(reply.stop).toBeUndefined();
    expect(reply.timeline[1]).toEqual({ kind: 'ai.tts', detail: expect.objectContaining({ error: 'unauthorized', fallback: 'text' }) });
  });
});
