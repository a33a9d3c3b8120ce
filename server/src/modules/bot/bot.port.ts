import type { TimelineEntry } from '../tickets';
/**
 * What the bot engine asks of an external responder (a queue integration, an AI prompt) for one
 * inbound turn, and what it gets back. The engine owns the ticket and every send; a responder
 * only answers. Responders are built by their modules (queue-integrations, prompts) and handed to
 * the bot module by app.ts, so bot never imports them and they import only these types.
 */
export interface BotTurn {
  companyId: number;
  ticketId: number;
  ticketUuid: string;
  queueId: number | null;
  contact: { id: number; name: string; number: string };
  /** The customer's text (a voice note: its transcription when the responder made one). */
  text: string;
  /** The inbound message's kind and stored file, for responders that read media (audio → transcription). */
  mediaType: string | null;
  mediaPath: string | null;
  /** The external session kept on the ticket (Typebot's sessionId), if any. */
  session: string | null;
  /**
   * Set only by a replay (POST /bot/replay, decision 0201): a dry run over a past ticket. The
   * responder must not read the ticket's stored messages (it gets the simulated conversation in
   * `history`, oldest first), must mark its outside calls as a replay (webhook/n8n: `replay: true`
   * in the payload; every HTTP call: the `X-Balcao-Replay: 1` header), keeps external sessions
   * apart from the ticket's real one (`runId`) and skips what only costs (text-to-speech).
   */
  replay?: ReplayContext;
}

export interface ReplayContext {
  /** One per replay run: names external sessions (Dialogflow) so they never touch the real one. */
  runId: string;
  history: { fromMe: boolean; body: string; mediaType: string | null }[];
}

export interface BotReplyMessage {
  body: string;
  /** A file to send with it (a stored media path) or generated audio (a voice note). */
  mediaPath?: string;
  audio?: { data: Buffer; mimetype: string };
  /** Milliseconds of "composing" presence before this message (Typebot's delay). */
  delayMs?: number;
}

/** A row of the ticket's timeline: the tickets module writes it (`ticketsQueries.recordEvents`). */
export type { TimelineEntry };

export interface BotReply {
  messages: BotReplyMessage[];
  /** Move the ticket to this queue / user (pending for a person), or null to leave it. */
  queueId?: number | null;
  userId?: number | null;
  /** The responder is done: the ticket leaves the bot for a person. */
  stop?: boolean;
  /** The session to keep on the ticket (undefined: unchanged; null: cleared). */
  session?: string | null;
  /** What happened, for the ticket's timeline (status, duration, tokens…). */
  timeline: TimelineEntry[];
}

/**
 * One responder kind. A failure (timeout, 500, bad JSON) must not throw past here: return
 * `{ messages: [], stop: true, timeline: [{ kind: 'integration', detail: { error } }] }` so the
 * ticket goes to a person with a timeline entry.
 */
export interface ExternalResponder {
  respond(turn: BotTurn, ref: { integrationId?: number; promptId?: number }): Promise<BotReply>;
}
