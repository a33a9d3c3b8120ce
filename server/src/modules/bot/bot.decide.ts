/**
 * The bot engine's rules as one pure function (issue 12 §1, server-behaviour §6): given a
 * ticket's bot fields, one inbound text and the company's configuration, what to send, what the
 * ticket becomes and what the timeline records. No I/O, no clock of its own: the runner
 * (bot.runner.ts) loads, calls `decide`, sends and saves in one transaction.
 *
 * Loop-freedom (decision 0161): every turn that does not move forward in the tree (an invalid
 * answer, `0`, `#`) counts in `botUses`; reaching `maxUseBotQueues` hands the ticket to a person.
 * Forward moves are bounded by the tree's depth, so no input sequence keeps a ticket in the menus.
 */
import type { AutomationState } from '../tickets';
import type { TimelineEntry } from './bot.port';

/** The ticket's fields the bot reads and writes (the tickets module saves them: `AutomationState`). */
export interface BotState extends AutomationState {
  isGroup: boolean;
}

export interface ScheduleDay {
  weekdayEn: string;
  startTime: string;
  endTime: string;
}

export interface OptionConf {
  id: number;
  parentId: number | null;
  title: string;
  /** What the customer types ('' → its 1-based position among its siblings). */
  option: string;
  message: string;
  mediaPath: string | null;
  mediaName: string | null;
}

export interface QueueConf {
  id: number;
  name: string;
  greetingMessage: string;
  outOfHoursMessage: string;
  schedules: ScheduleDay[];
  mediaPath: string | null;
  mediaName: string | null;
  integrationId: number | null;
  promptId: number | null;
  /** Every option of the queue's tree, siblings in display order. */
  options: OptionConf[];
}

export interface BotTexts {
  invalidOption: string;
  back: string;
  mainMenu: string;
}

export interface BotConfig {
  now: Date;
  timezone: string;
  scheduleType: 'disabled' | 'company' | 'queue';
  companySchedules: ScheduleDay[];
  connection: {
    greetingMessage: string;
    outOfHoursMessage: string;
    maxUseBotQueues: number;
    timeUseBotQueues: number;
    sendGreetingMessageOneQueues: boolean;
    integrationId: number | null;
    promptId: number | null;
  };
  /** The connection's queues in `orderQueue` order. */
  queues: QueueConf[];
  texts: BotTexts;
}

export interface BotInput {
  text: string;
}

export interface OutMessage {
  body: string;
  /** A stored file (MediaStore name); `type` overrides the kind read from its extension ('ptt': a voice note). */
  media?: { path: string; name: string | null; type?: string };
  /** "Composing" for this long before it is sent (a responder's delay, Typebot's `typebotDelayMessage`). */
  delayMs?: number;
}

/** An external responder the runner must call next (integration or AI prompt). */
export interface ResponderCall {
  kind: 'integration' | 'prompt';
  id: number;
}

export interface Decision {
  messages: OutMessage[];
  newState: BotState;
  timeline: TimelineEntry[];
  call?: ResponderCall;
}

export const OUT_OF_HOURS_REPEAT_MS = 30 * 60_000;

const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];

/** The weekday and HH:MM of `at` in `timeZone` (an unknown zone reads as São Paulo). */
const localTime = (at: Date, timeZone: string): { weekday: string; hhmm: string } => {
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(at);
  } catch {
    parts = new Intl.DateTimeFormat('en-US', { timeZone: 'America/Sao_Paulo', weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(at);
  }
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? '';
  const short = get('weekday').toLowerCase();
  const weekday = WEEKDAYS.find((d) => d.startsWith(short.slice(0, 3))) ?? 'monday';
  return { weekday, hhmm: `${get('hour').padStart(2, '0')}:${get('minute').padStart(2, '0')}` };
};

/**
 * Inside working hours? A day absent from the list, or with an empty start/end, is closed; an
 * empty list means no hours were configured, which reads as always open (decision 0162).
 */
export const withinHours = (schedules: ScheduleDay[], at: Date, timeZone: string): boolean => {
  if (schedules.length === 0) return true;
  const { weekday, hhmm } = localTime(at, timeZone);
  const day = schedules.find((d) => d.weekdayEn === weekday);
  if (!day || !day.startTime || !day.endTime) return false;
  // The end's own minute is closed, except 23:59 (the day's last); a start after the end runs overnight.
  const beforeEnd = hhmm < day.endTime || day.endTime === '23:59';
  if (day.startTime > day.endTime) return hhmm >= day.startTime || beforeEnd;
  return hhmm >= day.startTime && beforeEnd;
};

const line = (key: string, title: string) => `*[ ${key} ]* - ${title}`;

const keyOf = (o: OptionConf, index: number) => (o.option.trim() ? o.option.trim() : String(index + 1));

const childrenOf = (q: QueueConf, parentId: number | null) => q.options.filter((o) => o.parentId === parentId);

const queueMenu = (cfg: BotConfig): string => {
  const lines = cfg.queues.map((q, i) => line(String(i + 1), q.name)).join('\n');
  const greeting = cfg.connection.greetingMessage.trim();
  return greeting ? `${greeting}\n\n${lines}` : lines;
};

const optionMenu = (cfg: BotConfig, q: QueueConf, parentId: number | null, header: string): string => {
  const lines = childrenOf(q, parentId).map((o, i) => line(keyOf(o, i), o.title));
  lines.push(line('0', cfg.texts.back));
  if (cfg.queues.length > 1 || parentId !== null) lines.push(line('#', cfg.texts.mainMenu));
  const h = header.trim();
  return h ? `${h}\n\n${lines.join('\n')}` : lines.join('\n');
};

const handoff = (s: BotState, queueId: number | null, reason: string, timeline: TimelineEntry[], queueName?: string): BotState => {
  timeline.push({ kind: 'handoff', detail: { reason, queueId, ...(queueName ? { queue: queueName } : {}) } });
  return { ...s, status: 'pending', chatbot: false, queueId };
};

const withMedia = (body: string, path: string | null, name: string | null): OutMessage => (path ? { body, media: { path, name } } : { body });

/** The responder in control of a ticket: its queue's, else (no queue yet) the connection's. */
const responderOf = (cfg: BotConfig, queue: QueueConf | undefined): ResponderCall | undefined => {
  const src = queue ?? (cfg.queues.length === 1 ? cfg.queues[0] : undefined);
  if (src?.integrationId) return { kind: 'integration', id: src.integrationId };
  if (src?.promptId) return { kind: 'prompt', id: src.promptId };
  if (queue) return undefined;
  if (cfg.connection.integrationId) return { kind: 'integration', id: cfg.connection.integrationId };
  if (cfg.connection.promptId) return { kind: 'prompt', id: cfg.connection.promptId };
  return undefined;
};

/** Entering a queue: its greeting (and media), then its options or the hand-off to a person. */
const enterQueue = (cfg: BotConfig, s: BotState, q: QueueConf, out: OutMessage[], timeline: TimelineEntry[], greet: boolean): Decision => {
  // scheduleType queue: the chosen queue's hours decide (server-behaviour §6).
  if (cfg.scheduleType === 'queue' && !withinHours(q.schedules, cfg.now, cfg.timezone)) {
    return outOfHours(cfg, { ...s, queueId: q.id }, q, out, timeline);
  }
  const call = responderOf(cfg, q);
  if (call) {
    timeline.push({ kind: 'responder', detail: { ...call, queueId: q.id } });
    return { messages: out, newState: { ...s, queueId: q.id, status: 'attending', chatbot: true }, timeline, call };
  }
  const roots = childrenOf(q, null);
  if (roots.length === 0) {
    if (greet && q.greetingMessage.trim()) out.push(withMedia(q.greetingMessage, q.mediaPath, q.mediaName));
    return { messages: out, newState: handoff({ ...s, botOptionId: null }, q.id, 'queue', timeline, q.name), timeline };
  }
  if (q.mediaPath) out.push(withMedia('', q.mediaPath, q.mediaName));
  out.push({ body: optionMenu(cfg, q, null, greet ? q.greetingMessage : '') });
  timeline.push({ kind: 'menu', detail: { queueId: q.id, optionId: null } });
  return { messages: out, newState: { ...s, queueId: q.id, botOptionId: null, status: 'attending', chatbot: true }, timeline };
};

const outOfHours = (cfg: BotConfig, s: BotState, q: QueueConf | undefined, out: OutMessage[], timeline: TimelineEntry[]): Decision => {
  const notice = (q?.outOfHoursMessage.trim() ? q.outOfHoursMessage : cfg.connection.outOfHoursMessage).trim();
  const recent = s.outOfHoursAt !== null && cfg.now.getTime() - s.outOfHoursAt.getTime() < OUT_OF_HOURS_REPEAT_MS;
  const send = !!notice && !recent;
  if (send) out.push({ body: notice });
  timeline.push({ kind: 'out-of-hours', detail: { queueId: q?.id ?? s.queueId, noticeSent: send } });
  let next: BotState = { ...s, outOfHoursAt: send ? cfg.now : s.outOfHoursAt, botAt: s.botAt ?? cfg.now };
  // The ticket still reaches a person (nothing lost): pending, in the queue it has.
  if (next.status === 'attending' || next.chatbot) next = handoff(next, next.queueId, 'out-of-hours', timeline);
  return { messages: out, newState: next, timeline };
};

const invalid = (cfg: BotConfig, s: BotState, menu: string, timeline: TimelineEntry[], input: string): Decision => {
  const uses = s.botUses + 1;
  timeline.push({ kind: 'invalid', detail: { input: input.slice(0, 100), uses } });
  const max = cfg.connection.maxUseBotQueues;
  if (max > 0 && uses >= max) {
    // In the main menu: pending without a queue; inside a queue's tree: pending in that queue.
    return { messages: [], newState: handoff({ ...s, botUses: uses }, s.queueId, 'max-uses', timeline), timeline };
  }
  return { messages: [{ body: cfg.texts.invalidOption }, { body: menu }], newState: { ...s, botUses: uses }, timeline };
};

/** A navigation turn that does not move forward (`0`, `#`): counted like an invalid one. */
const counted = (cfg: BotConfig, s: BotState): BotState | null => {
  const uses = s.botUses + 1;
  const max = cfg.connection.maxUseBotQueues;
  if (max > 0 && uses >= max) return null;
  return { ...s, botUses: uses };
};

const nothing = (s: BotState): Decision => ({ messages: [], newState: s, timeline: [] });

/** One inbound customer text on a ticket → what the bot does. */
export const decide = (state: BotState, input: BotInput, cfg: BotConfig): Decision => {
  // A person has it (accept stops the bot), it is history, or it is a group: the bot stays out.
  if (state.userId !== null || state.status === 'open' || state.status === 'closed' || state.isGroup) return nothing(state);
  const text = input.text.trim();
  const timeline: TimelineEntry[] = [];
  const out: OutMessage[] = [];
  const queue = state.queueId !== null ? cfg.queues.find((q) => q.id === state.queueId) : undefined;
  const inBot = state.status === 'attending' || state.chatbot;

  // 1. Out-of-hours: the company's hours, or (scheduleType queue) the ticket's queue's.
  if (cfg.scheduleType === 'company' && !withinHours(cfg.companySchedules, cfg.now, cfg.timezone)) return outOfHours(cfg, state, undefined, out, timeline);
  if (cfg.scheduleType === 'queue' && queue && !withinHours(queue.schedules, cfg.now, cfg.timezone)) return outOfHours(cfg, state, queue, out, timeline);

  // Handed to a person already (or never the bot's): nothing more to say.
  if (!inBot && state.botAt !== null) return nothing(state);

  // 2. A responder in control (the queue's wins over the connection's).
  const call = responderOf(cfg, queue);
  if (call) {
    timeline.push({ kind: 'responder', detail: { ...call, queueId: state.queueId } });
    return { messages: [], newState: { ...state, status: 'attending', chatbot: true, botAt: state.botAt ?? cfg.now }, timeline, call };
  }

  // 3. First turn of the episode.
  if (!inBot) {
    const started: BotState = { ...state, botAt: cfg.now, botUses: 0, botOptionId: null };
    if (queue) {
      // One-queue connection (ingest put the ticket in it): the greeting when enabled, then its options.
      return enterQueue(cfg, started, queue, out, timeline, cfg.connection.sendGreetingMessageOneQueues);
    }
    if (cfg.queues.length === 0) return nothing(state);
    if (cfg.queues.length === 1) return enterQueue(cfg, started, cfg.queues[0]!, out, timeline, cfg.connection.sendGreetingMessageOneQueues);
    out.push({ body: queueMenu(cfg) });
    timeline.push({ kind: 'menu', detail: { queueId: null, queues: cfg.queues.map((q) => q.id) } });
    return { messages: out, newState: { ...started, status: 'attending', chatbot: true }, timeline };
  }

  // 4. Too long in the bot: a person takes over (the queue it has, if any).
  const limitMin = cfg.connection.timeUseBotQueues;
  if (limitMin > 0 && state.botAt && cfg.now.getTime() - state.botAt.getTime() >= limitMin * 60_000) {
    return { messages: [], newState: handoff(state, state.queueId, 'time', timeline), timeline };
  }

  // 5. The main menu (no queue yet).
  if (!queue) {
    const index = /^\d+$/.test(text) ? Number(text) - 1 : -1;
    const chosen = cfg.queues[index];
    if (!chosen) return invalid(cfg, state, queueMenu(cfg), timeline, text);
    timeline.push({ kind: 'option', detail: { input: text, queueId: chosen.id, queue: chosen.name } });
    return enterQueue(cfg, { ...state, queueId: chosen.id, botOptionId: null }, chosen, out, timeline, true);
  }

  // 6. The queue's option tree.
  const node = state.botOptionId !== null ? queue.options.find((o) => o.id === state.botOptionId) : undefined;
  const here = node?.id ?? null;
  if (text === '#' || (text === '0' && here === null)) {
    const next = counted(cfg, state);
    if (!next) return { messages: [], newState: handoff({ ...state, botUses: state.botUses + 1 }, state.queueId, 'max-uses', timeline), timeline };
    if (cfg.queues.length > 1) {
      timeline.push({ kind: 'menu', detail: { queueId: null, via: text } });
      return { messages: [{ body: queueMenu(cfg) }], newState: { ...next, queueId: null, botOptionId: null }, timeline };
    }
    timeline.push({ kind: 'menu', detail: { queueId: queue.id, optionId: null, via: text } });
    return { messages: [{ body: optionMenu(cfg, queue, null, '') }], newState: { ...next, botOptionId: null }, timeline };
  }
  if (text === '0') {
    const next = counted(cfg, state);
    if (!next) return { messages: [], newState: handoff({ ...state, botUses: state.botUses + 1 }, state.queueId, 'max-uses', timeline), timeline };
    const parent = node?.parentId ?? null;
    const parentNode = parent !== null ? queue.options.find((o) => o.id === parent) : undefined;
    timeline.push({ kind: 'menu', detail: { queueId: queue.id, optionId: parent, via: '0' } });
    return { messages: [{ body: optionMenu(cfg, queue, parent, parentNode?.message ?? '') }], newState: { ...next, botOptionId: parent }, timeline };
  }
  const kids = childrenOf(queue, here);
  const picked = kids.find((o, i) => keyOf(o, i).toLowerCase() === text.toLowerCase());
  if (!picked) return invalid(cfg, state, optionMenu(cfg, queue, here, ''), timeline, text);
  timeline.push({ kind: 'option', detail: { input: text, queueId: queue.id, optionId: picked.id, title: picked.title } });
  if (childrenOf(queue, picked.id).length > 0) {
    if (picked.mediaPath) out.push(withMedia('', picked.mediaPath, picked.mediaName));
    out.push({ body: optionMenu(cfg, queue, picked.id, picked.message) });
    timeline.push({ kind: 'menu', detail: { queueId: queue.id, optionId: picked.id } });
    return { messages: out, newState: { ...state, botOptionId: picked.id }, timeline };
  }
  // A leaf: its message (and media), then a person in this queue.
  if (picked.message.trim() || picked.mediaPath) out.push(withMedia(picked.message, picked.mediaPath, picked.mediaName));
  return { messages: out, newState: handoff({ ...state, botOptionId: picked.id }, queue.id, 'leaf', timeline, queue.name), timeline };
};

/**
 * What a responder's reply does to the ticket. The reply's own messages are the runner's to send;
 * `messages` here are what the engine adds. A reply that hands the ticket to a queue behaves like
 * a menu choice of that queue for a person (decision 0196): the queue's greeting (and media), or
 * its out-of-hours notice when `scheduleType` is `queue` and it is closed, then pending in it —
 * never its option tree nor its own responder (the responder already triaged; no ping-pong).
 * `target` is that queue's configuration (undefined: unknown to the company, the queue is ignored).
 */
export const applyReply = (
  state: BotState,
  reply: import('./bot.port').BotReply,
  ctx?: { cfg: BotConfig; target: QueueConf | undefined },
): { newState: BotState; timeline: TimelineEntry[]; messages: OutMessage[] } => {
  const timeline = [...reply.timeline];
  const messages: OutMessage[] = [];
  let s = state;
  let queueId = reply.queueId ?? null;
  if (queueId && ctx && !ctx.target) {
    timeline.push({ kind: 'discarded', detail: { reason: 'unknown-queue', queueId } });
    queueId = null;
  }
  if (reply.userId) {
    timeline.push({ kind: 'handoff', detail: { reason: 'responder', queueId: queueId ?? s.queueId, userId: reply.userId } });
    return { newState: { ...s, status: 'open', chatbot: false, userId: reply.userId, queueId: queueId ?? s.queueId }, timeline, messages };
  }
  if (queueId && ctx?.target) {
    const q = ctx.target;
    const entering: BotState = { ...s, queueId: q.id, botOptionId: null };
    if (ctx.cfg.scheduleType === 'queue' && !withinHours(q.schedules, ctx.cfg.now, ctx.cfg.timezone)) {
      const d = outOfHours(ctx.cfg, entering, q, messages, timeline);
      return { newState: d.newState, timeline, messages };
    }
    if (q.greetingMessage.trim() || q.mediaPath) messages.push(withMedia(q.greetingMessage, q.mediaPath, q.mediaName));
    return { newState: handoff(entering, q.id, 'responder-queue', timeline, q.name), timeline, messages };
  }
  if (queueId) s = { ...s, queueId };
  if (reply.stop || queueId) {
    timeline.push({ kind: 'handoff', detail: { reason: reply.stop ? 'responder-stop' : 'responder-queue', queueId: s.queueId } });
    s = { ...s, status: 'pending', chatbot: false };
  }
  return { newState: s, timeline, messages };
};
