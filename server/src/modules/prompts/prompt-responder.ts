import { systemCtx, type DataAccess } from '../../db/tenant';
import type { MediaStore } from '../../infra/media-store';
import type { BotReply, BotReplyMessage, BotTurn, ExternalResponder, TimelineEntry } from '../bot';
import { latestOfTicket, type HistoryMessage } from '../messages';
import * as repo from './prompts.repository';
import type { PromptSecrets } from './prompts.secrets';
import { redactPii } from './redact';
import { OutboundError, outboundRequest } from '../../lib/outbound';

/** The reply that asks for a person (server-behaviour §6): never sent to the customer. */
export const TRANSFER_ACTION = 'Ação: Transferir para o setor de atendimento';

export interface PromptResponderOptions {
  data: DataAccess;
  media: Pick<MediaStore, 'read'>;
  secrets: PromptSecrets;
  /** Azure TTS endpoint for a region (tests point it at a local fake). */
  ttsUrl?: (region: string) => string;
  /** Per call (chat, transcription, TTS). */
  timeoutMs?: number;
  /** Extra attempts after a 5xx / 429 / network error (never after a timeout or a 4xx). */
  retries?: number;
  /**
   * Whether a prompt's base URL (and a voice region's URL) may reach this machine or a private
   * network (decisions 0194, 0343): off unless ALLOW_PRIVATE_HOSTS=1, so one company's admin cannot
   * point the server at its neighbours; tests and a local model turn it on.
   */
  allowPrivateHosts: boolean;
}

/** Marks a replay's calls (POST /bot/replay, decision 0201); the same header the integrations send. */
export const REPLAY_HEADER = 'X-Balcao-Replay';

const DEFAULT_TTS_URL = (region: string) => `https://${region}.tts.speech.microsoft.com/cognitiveservices/v1`;
/** The biggest answer read from a provider, and the biggest voice note sent to transcription (OpenAI's limit). */
const MAX_RESPONSE_BYTES = 1024 * 1024;
const MAX_AUDIO_BYTES = 25 * 1024 * 1024;
/** A voice note WhatsApp plays as such: Ogg/Opus. */
export const TTS_FORMAT = 'ogg-24khz-16bit-mono-opus';
export const TTS_MIMETYPE = 'audio/ogg; codecs=opus';

/** A failed call, named for the timeline: timeout, http <status>, bad-json, network. */
class CallError extends Error {
  constructor(
    readonly reason: string,
    readonly status?: number,
  ) {
    super(reason);
  }
}

interface CallResult {
  status: number;
  body: Buffer;
  durationMs: number;
  attempts: number;
}

interface CallInit {
  headers: Record<string, string>;
  body: string | FormData;
}

/** A form as bytes and its multipart content type (the one encoder fetch would use). */
const encode = async (body: string | FormData): Promise<{ bytes: string | Buffer; type?: string }> => {
  if (typeof body === 'string') return { bytes: body };
  const r = new Response(body);
  return { bytes: Buffer.from(await r.arrayBuffer()), type: r.headers.get('content-type') ?? undefined };
};

/**
 * One bounded POST through the private-network guard (lib/outbound.ts): a timeout per attempt,
 * bounded retries on 5xx / 429 / network errors, a size cap. A refused address is not retried.
 */
const call = async (url: string, init: CallInit, opts: { timeoutMs: number; retries: number; allowPrivateHosts: boolean }): Promise<CallResult> => {
  const started = Date.now();
  const { bytes, type } = await encode(init.body);
  const headers = type ? { ...init.headers, 'content-type': type } : init.headers;
  let attempts = 0;
  for (;;) {
    attempts++;
    try {
      const res = await outboundRequest({ url, body: bytes, headers, timeoutMs: opts.timeoutMs, maxBytes: MAX_RESPONSE_BYTES, allowPrivateHosts: opts.allowPrivateHosts });
      if (res.over) throw new CallError('too-large', res.status);
      const retryable = res.status >= 500 || res.status === 429;
      if (retryable && attempts <= opts.retries) continue;
      if (res.status < 200 || res.status >= 300) throw new CallError(res.status === 401 || res.status === 403 ? 'unauthorized' : `http ${res.status}`, res.status);
      return { status: res.status, body: res.body, durationMs: Date.now() - started, attempts };
    } catch (err) {
      if (err instanceof CallError) throw Object.assign(err, { durationMs: Date.now() - started });
      const kind = err instanceof OutboundError ? err.kind : 'network';
      if (kind === 'timeout') throw Object.assign(new CallError('timeout'), { durationMs: Date.now() - started });
      if (kind === 'blocked-host' || kind === 'bad-url') throw Object.assign(new CallError(kind), { durationMs: Date.now() - started });
      if (attempts <= opts.retries) continue;
      throw Object.assign(new CallError('network'), { durationMs: Date.now() - started });
    }
  }
};

const json = (b: Buffer): unknown => {
  try {
    return JSON.parse(b.toString('utf8'));
  } catch {
    throw new CallError('bad-json');
  }
};

const firstName = (name: string) => name.trim().split(/\s+/)[0] || 'cliente';
const xml = (s: string) => s.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);

/** The system text: the admin's prompt, then how to address the contact and how to ask for a person. */
export const systemText = (prompt: string, contactName: string, maxTokens: number) =>
  `${prompt.trim()}\n\n` +
  `O cliente se chama ${firstName(contactName)}; trate-o pelo primeiro nome. ` +
  `Responda em no máximo ${maxTokens} tokens, sem deixar a frase pela metade. ` +
  `Se o cliente precisar de uma pessoa do atendimento, responda começando com "${TRANSFER_ACTION}".`;

/** Chat history from the ticket's latest messages: the customer as `user`, us as `assistant`; media without text by its kind. */
export const historyMessages = (history: HistoryMessage[], redact: boolean, lastInbound?: string) => {
  const out = history
    .map((m) => ({ role: m.fromMe ? ('assistant' as const) : ('user' as const), content: m.body.trim() || (m.mediaType ? `[${m.mediaType}]` : '') }))
    .filter((m) => m.content !== '');
  // The turn's own text (a voice note's transcription) stands for the inbound message it came from.
  if (lastInbound !== undefined) {
    const last = out.at(-1);
    if (last && last.role === 'user') last.content = lastInbound;
    else out.push({ role: 'user', content: lastInbound });
  }
  return redact ? out.map((m) => ({ ...m, content: redactPii(m.content) })) : out;
};

/** Splits the transfer action out of a reply: the text the customer gets, and whether a person was asked for. */
export const readReply = (content: string): { text: string; transfer: boolean } => {
  const transfer = content.includes(TRANSFER_ACTION);
  const text = content.split(TRANSFER_ACTION).join('').replace(/^[\s.:,-]+/, '').trim();
  return { text, transfer };
};

/**
 * The AI prompt responder (issue 12 item 5): implements the bot port for one inbound turn.
 * Never throws: any failure (no prompt, no key, timeout, 401, 500, bad JSON) answers
 * `stop: true` with a timeline entry, so the ticket goes to a person.
 */
export const createPromptResponder = (opts: PromptResponderOptions): ExternalResponder => {
  const timeoutMs = opts.timeoutMs ?? 30_000;
  const retries = Math.min(opts.retries ?? 1, 3);
  const ttsUrl = opts.ttsUrl ?? DEFAULT_TTS_URL;
  const bounds = { timeoutMs, retries, allowPrivateHosts: opts.allowPrivateHosts };

  const failed = (timeline: TimelineEntry[], kind: string, promptId: number | undefined, err: unknown): BotReply => {
    const e = err as CallError & { durationMs?: number };
    const detail = { promptId, error: err instanceof CallError ? e.reason : 'error', status: e.status ?? null, durationMs: e.durationMs ?? null };
    return { messages: [], stop: true, timeline: [...timeline, { kind, detail }] };
  };

  return {
    async respond(turn: BotTurn, ref: { promptId?: number }): Promise<BotReply> {
      const timeline: TimelineEntry[] = [];
      const promptId = ref.promptId;
      let loaded;
      try {
        loaded = promptId
          ? await opts.data.withTenant(systemCtx(turn.companyId), async ({ tx }) => {
              const p = await repo.get(tx, turn.companyId, promptId);
              if (!p) return undefined;
              // A replay brings its simulated conversation: the stored one is the past ticket's whole story.
              const history = turn.replay ? turn.replay.history.slice(-Math.max(0, Math.min(p.maxMessages, 100))) : await latestOfTicket(tx, turn.companyId, turn.ticketId, p.maxMessages);
              return { p, history };
            })
          : undefined;
      } catch (err) {
        return failed(timeline, 'ai', promptId, err);
      }
      if (!loaded) return { messages: [], stop: true, timeline: [{ kind: 'ai', detail: { promptId, error: 'prompt-not-found' } }] };
      const { p, history } = loaded;
      let apiKey: string;
      let voiceKey: string;
      try {
        apiKey = opts.secrets.open(p.companyId, 'apiKey', p.apiKey);
        voiceKey = opts.secrets.open(p.companyId, 'voiceKey', p.voiceKey);
      } catch {
        return { messages: [], stop: true, timeline: [{ kind: 'ai', detail: { promptId, error: 'key-unreadable' } }] };
      }
      if (!apiKey) return { messages: [], stop: true, timeline: [{ kind: 'ai', detail: { promptId, error: 'no-api-key' } }] };
      const base = (p.baseUrl || 'https://api.openai.com/v1').replace(/\/+$/, '');
      const host = URL.canParse(base) ? new URL(base).hostname : undefined;
      if (host === undefined) return { messages: [], stop: true, timeline: [{ kind: 'ai', detail: { promptId, error: 'bad-base-url' } }] };
      const auth: Record<string, string> = { authorization: `Bearer ${apiKey}`, ...(turn.replay ? { [REPLAY_HEADER]: '1' } : {}) };

      // 1. A voice note is transcribed first.
      let inboundText: string | undefined;
      if ((turn.mediaType === 'audio' || turn.mediaType === 'ptt') && turn.mediaPath) {
        try {
          const audio = await opts.media.read(turn.companyId, turn.mediaPath);
          if (audio.length > MAX_AUDIO_BYTES) throw new CallError('too-large');
          const form = new FormData();
          form.append('model', 'whisper-1');
          form.append('file', new Blob([new Uint8Array(audio)]), turn.mediaPath);
          const r = await call(`${base}/audio/transcriptions`, { headers: auth, body: form }, bounds);
          const text = (json(r.body) as { text?: unknown }).text;
          if (typeof text !== 'string') throw new CallError('bad-json');
          inboundText = text;
          timeline.push({ kind: 'ai.transcription', detail: { promptId, status: r.status, durationMs: r.durationMs, attempts: r.attempts, chars: text.length } });
        } catch (err) {
          return failed(timeline, 'ai.transcription', promptId, err);
        }
      }

      // 2. Chat completions: system text + the latest maxMessages messages.
      const system = systemText(p.prompt, turn.contact.name, p.maxTokens);
      const body = {
        model: p.model || 'gpt-4o-mini',
        messages: [{ role: 'system', content: p.redactPii ? redactPii(system) : system }, ...historyMessages(history, p.redactPii, inboundText)],
        max_tokens: p.maxTokens,
        temperature: Number(p.temperature),
      };
      let content: string;
      try {
        const r = await call(`${base}/chat/completions`, { headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify(body) }, bounds);
        const parsed = json(r.body) as { choices?: { message?: { content?: unknown } }[]; usage?: { prompt_tokens?: number; completion_tokens?: number; total_tokens?: number } };
        const c = parsed.choices?.[0]?.message?.content;
        if (typeof c !== 'string') throw new CallError('bad-json');
        content = c;
        const u = parsed.usage ?? {};
        timeline.push({
          kind: 'ai',
          detail: {
            promptId,
            model: body.model,
            status: r.status,
            durationMs: r.durationMs,
            attempts: r.attempts,
            history: body.messages.length - 1,
            tokens: { prompt: u.prompt_tokens ?? null, completion: u.completion_tokens ?? null, total: u.total_tokens ?? null },
          },
        });
      } catch (err) {
        return failed(timeline, 'ai', promptId, err);
      }

      const { text, transfer } = readReply(content);
      const handOff = transfer ? { queueId: p.queueId, stop: true } : {};
      if (transfer) timeline.push({ kind: 'ai.transfer', detail: { promptId, queueId: p.queueId } });
      if (!text) {
        // A bare transfer sends nothing; an empty answer without one goes to a person too.
        if (!transfer) timeline.push({ kind: 'ai', detail: { promptId, error: 'empty-reply' } });
        return { messages: [], timeline, queueId: transfer ? p.queueId : undefined, stop: true };
      }

      // 3. With a voice: a voice note through Azure text-to-speech; a failed TTS still answers in text.
      const messages: BotReplyMessage[] = [{ body: text }];
      if (turn.replay && p.voice !== 'texto' && voiceKey && p.voiceRegion) {
        // A replay judges the words; the voice note is named, not synthesised (decision 0201).
        timeline.push({ kind: 'ai.tts', detail: { promptId, voice: p.voice, skipped: 'replay' } });
      } else if (p.voice !== 'texto' && voiceKey && p.voiceRegion) {
        try {
          const ssml = `<speak version='1.0' xml:lang='pt-BR'><voice xml:lang='pt-BR' name='${xml(p.voice)}'>${xml(text)}</voice></speak>`;
          const r = await call(
            ttsUrl(p.voiceRegion),
            {
              headers: { 'Ocp-Apim-Subscription-Key': voiceKey, 'content-type': 'application/ssml+xml', 'X-Microsoft-OutputFormat': TTS_FORMAT, 'user-agent': 'balcao' },
              body: ssml,
            },
            bounds,
          );
          if (r.body.length === 0) throw new CallError('empty-audio');
          messages[0] = { body: text, audio: { data: r.body, mimetype: TTS_MIMETYPE } };
          timeline.push({ kind: 'ai.tts', detail: { promptId, voice: p.voice, status: r.status, durationMs: r.durationMs, bytes: r.body.length } });
        } catch (err) {
          const e = err as CallError & { durationMs?: number };
          timeline.push({ kind: 'ai.tts', detail: { promptId, voice: p.voice, error: err instanceof CallError ? e.reason : 'error', status: e.status ?? null, fallback: 'text' } });
        }
      }
      return { messages, timeline, ...handOff };
    },
  };
};
