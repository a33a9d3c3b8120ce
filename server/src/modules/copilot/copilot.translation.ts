import type { CopilotLanguage, CopilotTicketTextsDto, MessageDto, SendMessageBody, SendTranslatedBody } from '@balcao/shared';
import { systemCtx, type Ctx } from '../../db/tenant';
import { AppError } from '../../infra/errors';
import type { Jobs } from '../../infra/jobs';
import type { MediaStore } from '../../infra/media-store';
import { messageFacts } from '../messages';
import { redactPiiNumbered, restorePii } from '../prompts';
import { ticketsQueries, visibleTicket } from '../tickets';
import { modelAccess, type ModelAccessDeps } from './copilot.access';
import { detectMessages, guessLanguage, isLanguage, readLanguage, readTranslation, translateMessages } from './copilot.language';
import { MAX_AUDIO_BYTES } from './copilot.model';
import * as repo from './copilot.repository';

export interface TranslationDeps extends ModelAccessDeps {
  jobs?: Pick<Jobs, 'enqueueNow' | 'notify'>;
  media?: Pick<MediaStore, 'read'>;
  /** The messages module's ordinary send (its checks, its outbox id, its events). */
  send?: (ctx: Ctx, ticketId: number, body: SendMessageBody) => Promise<MessageDto>;
}

/** How long a process trusts what it read of a company's switches (a save in this process forgets at once). */
export const FLAGS_TTL_MS = 30_000;
const VOICE = new Set(['audio', 'ptt', 'voice']);

/** The message event's facts the listener decides from (decisions 0440–0441). */
export interface InboundText {
  companyId: number;
  message: Pick<MessageDto, 'id' | 'fromMe' | 'body' | 'mediaType' | 'mediaUrl'>;
}

/** What a message event asks of the copilot, from the event alone: nothing for most. */
export const wants = (m: InboundText['message']): { translate: boolean; transcribe: boolean } => ({
  translate: !m.fromMe && m.body.trim() !== '' && !VOICE.has(m.mediaType ?? ''),
  transcribe: !m.fromMe && VOICE.has(m.mediaType ?? '') && !!m.mediaUrl,
});

/**
 * Two-way translation and voice-note transcripts (issue 32 §4–5; decisions 0440–0441). Nothing
 * here runs inside the ingest: the listener decides from the event and a per-process cache of the
 * company's switches (no query for a company that has them off), and a job does the model work,
 * storing the text once beside the message; the conversation reads it back, never recomputes it.
 */
export const createTranslationService = (deps: TranslationDeps) => {
  const { data } = deps;
  const { endpointFor, ask, transcribe } = modelAccess(deps);
  const flags = new Map<number, { at: number; translate: boolean; transcribe: boolean }>();

  const switches = async (companyId: number) => {
    const hit = flags.get(companyId);
    if (hit && deps.now().getTime() - hit.at < FLAGS_TTL_MS) return hit;
    const s = await data.withTenant(systemCtx(companyId), ({ tx }) => repo.getSettings(tx, companyId));
    const on = !!s?.enabled && !!s.apiKey;
    const fresh = { at: deps.now().getTime(), translate: on && s!.translate, transcribe: on && s!.transcribe };
    flags.set(companyId, fresh);
    return fresh;
  };

  const stored = async (ctx: Ctx, ticketUuid: string, row: repo.MessageTextRow) =>
    data.withTenant(ctx, async ({ tx, stage }) => {
      const saved = await repo.insertText(tx, ctx.companyId, row);
      if (saved) stage({ type: 'copilotText.created', companyId: ctx.companyId, ticketUuid, text: { ...saved, kind: saved.kind as 'translation' } });
      return saved;
    });

  /** The ticket's customer language: stored, or guessed from the text, or asked of the model once; saved for the ticket. */
  const languageOf = async (ctx: Ctx, ticketId: number, text: string, known: string): Promise<CopilotLanguage | undefined> => {
    if (isLanguage(known)) return known;
    let lang = guessLanguage(text);
    if (!lang) {
      const ep = await data.withTenant(ctx, ({ tx }) => endpointFor(tx, ctx.companyId));
      lang = readLanguage(await ask(ctx, ep, 'translation', detectMessages(text), 5, 0));
    }
    if (lang) await data.withTenant(ctx, ({ tx }) => repo.saveTicketLanguage(tx, ctx.companyId, ticketId, { language: lang }));
    return lang;
  };

  const texts = async (ctx: Ctx, ticketId: number): Promise<CopilotTicketTextsDto> =>
    data.withTenant(ctx, async ({ tx }) => {
      const ticket = await visibleTicket(tx, ctx, ticketId);
      const [s, t, rows] = await Promise.all([repo.getSettings(tx, ctx.companyId), repo.ticketLanguage(tx, ctx.companyId, ticket.id), repo.textsOf(tx, ctx.companyId, ticket.id)]);
      const agentLanguage = s?.agentLanguage ?? 'pt';
      const translate = !!s?.enabled && !!s.apiKey && !!s.translate && (t?.translate ?? true);
      const language = t?.language ?? '';
      return { language, agentLanguage, translate, outgoing: translate && language !== '' && language !== agentLanguage, texts: rows.map((r) => ({ ...r, kind: r.kind as 'translation' })) };
    });

  return {
    /** A save in this process: the switches are read again at the next message. */
    forget: (companyId: number) => void flags.delete(companyId),

    /** The message listener: at most one cached read, and a job only when the company asked for it. */
    queue: async (e: InboundText, onlyTranscribe = false): Promise<void> => {
      const want = wants(e.message);
      if (onlyTranscribe) want.translate = false;
      if ((!want.translate && !want.transcribe) || !deps.jobs) return;
      const on = await switches(e.companyId);
      const payload = { companyId: e.companyId, messageId: e.message.id };
      if (want.translate && on.translate) {
        await deps.jobs.enqueueNow('copilot.translate', payload, { singletonKey: `translate:${e.message.id}` });
        deps.jobs.notify('copilot.translate');
      }
      if (want.transcribe && on.transcribe) {
        await deps.jobs.enqueueNow('copilot.transcribe', payload, { singletonKey: `transcribe:${e.message.id}` });
        deps.jobs.notify('copilot.transcribe');
      }
    },

    texts,

    /** This ticket translated or not (whoever sees it). */
    setTicketTranslation: async (ctx: Ctx, ticketId: number, translate: boolean): Promise<CopilotTicketTextsDto> => {
      await data.withTenant(ctx, async ({ tx }) => repo.saveTicketLanguage(tx, ctx.companyId, (await visibleTicket(tx, ctx, ticketId)).id, { translate }));
      return texts(ctx, ticketId);
    },

    /**
     * The job for a customer's message: its language (once per ticket), and when it is not the
     * agents', its translation stored beside it. A coded failure is answered, never thrown: a job
     * is not retried against a model that is down (no retry storm).
     */
    translateInbound: async (p: { companyId: number; messageId: number }): Promise<string> => {
      const ctx = systemCtx(p.companyId);
      try {
        const facts = await data.withTenant(ctx, async ({ tx }) => {
          const m = await messageFacts(tx, p.companyId, p.messageId);
          if (!m || m.isDeleted || m.fromMe || !m.body.trim()) return undefined;
          const [s, t, done, ticket] = await Promise.all([repo.getSettings(tx, p.companyId), repo.ticketLanguage(tx, p.companyId, m.ticketId), repo.hasText(tx, p.companyId, m.id, 'translation'), ticketsQueries.get(tx, p.companyId, m.ticketId)]);
          return { m, s, t, done, ticket };
        });
        if (!facts?.ticket) return 'no-text';
        const { m, s, t, done, ticket } = facts;
        if (!s?.translate || t?.translate === false) return 'off';
        if (done) return 'done';
        const lang = await languageOf(ctx, m.ticketId, m.body, t?.language ?? '');
        const target = isLanguage(s.agentLanguage) ? s.agentLanguage : 'pt';
        if (!lang || lang === target) return 'same-language';
        const ep = await data.withTenant(ctx, ({ tx }) => endpointFor(tx, p.companyId));
        // The customer's own data back in the translation the agents read (the model saw placeholders).
        const { text: hidden, kept } = redactPiiNumbered(m.body);
        const text = restorePii(readTranslation(await ask(ctx, ep, 'translation', translateMessages(hidden, lang, target), 800, 0.2)), kept);
        if (!text) return 'ERR_COPILOT_BAD_ANSWER';
        await stored(ctx, ticket.uuid, { messageId: m.id, ticketId: m.ticketId, kind: 'translation', language: target, text });
        return 'translated';
      } catch (err) {
        if (err instanceof AppError) return err.code;
        throw err;
      }
    },

    /**
     * The agent's text in the customer's language (decision 0440): translated with the personal
     * data out of the model's sight and put back, sent through the messages module's ordinary send,
     * and the original kept beside the message for the agents.
     */
    sendTranslated: async (ctx: Ctx, ticketId: number, body: SendTranslatedBody): Promise<MessageDto> => {
      if (!deps.send) throw new AppError('ERR_COPILOT_NOT_CONFIGURED');
      const { ep, info, ticket } = await data.withTenant(ctx, async ({ tx }) => {
        const ticket = await visibleTicket(tx, ctx, ticketId);
        const s = await repo.getSettings(tx, ctx.companyId);
        return { ep: await endpointFor(tx, ctx.companyId, s), info: { s, t: await repo.ticketLanguage(tx, ctx.companyId, ticket.id) }, ticket };
      });
      const lang = info.t?.language ?? '';
      const from = isLanguage(info.s?.agentLanguage ?? '') ? (info.s!.agentLanguage as CopilotLanguage) : 'pt';
      if (!info.s?.translate || info.t?.translate === false || !isLanguage(lang) || lang === from) throw new AppError('ERR_VALIDATION', 'this ticket is not translated');
      // The agent's signature (`*Ana:*` on its own line) is a name: it goes out as it is.
      const signature = /^\*[^*\n]+:\*\n/.exec(body.body)?.[0] ?? '';
      const { text: hidden, kept } = redactPiiNumbered(body.body.slice(signature.length));
      const translated = restorePii(readTranslation(await ask(ctx, ep, 'translation', translateMessages(hidden, from, lang), 1_000, 0.2)), kept);
      if (!translated) throw new AppError('ERR_COPILOT_BAD_ANSWER', 'an empty translation');
      const message = await deps.send(ctx, ticket.id, { body: signature + translated, mediaUrl: undefined, ...(body.clientId ? { clientId: body.clientId } : {}) });
      await stored(ctx, ticket.uuid, { messageId: message.id, ticketId: message.ticketId, kind: 'original', language: from, text: body.body.slice(signature.length) });
      return message;
    },

    /** The job for a voice note: its words, stored beside it (searchable). Coded failures answered, never thrown. */
    transcribeVoice: async (p: { companyId: number; messageId: number }): Promise<string> => {
      const ctx = systemCtx(p.companyId);
      try {
        const facts = await data.withTenant(ctx, async ({ tx }) => {
          const m = await messageFacts(tx, p.companyId, p.messageId);
          if (!m || m.isDeleted || !m.mediaUrl || !VOICE.has(m.mediaType ?? '')) return undefined;
          const [s, done, ticket] = await Promise.all([repo.getSettings(tx, p.companyId), repo.hasText(tx, p.companyId, m.id, 'transcript'), ticketsQueries.get(tx, p.companyId, m.ticketId)]);
          if (!ticket) return undefined;
          if (!s?.transcribe || done) return { m, skip: done ? 'done' : 'off' };
          return { m, ticket, s, ep: await endpointFor(tx, p.companyId, s) };
        });
        if (!facts) return 'no-audio';
        if ('skip' in facts) return facts.skip!;
        const audio = await deps.media!.read(p.companyId, facts.m.mediaUrl!);
        if (audio.length > MAX_AUDIO_BYTES) return 'too-large';
        const words = (await transcribe(ctx, facts.ep, audio, facts.m.mediaUrl!, facts.s.transcriptionModel || 'whisper-1')).trim().slice(0, 20_000);
        if (!words) return 'empty';
        await stored(ctx, facts.ticket.uuid, { messageId: facts.m.id, ticketId: facts.m.ticketId, kind: 'transcript', language: '', text: words });
        return 'transcribed';
      } catch (err) {
        if (err instanceof AppError) return err.code;
        throw err;
      }
    },
  };
};

export type TranslationService = ReturnType<typeof createTranslationService>;
