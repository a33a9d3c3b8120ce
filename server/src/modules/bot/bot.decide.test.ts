import { describe, expect, it } from 'vitest';
import { applyReply, decide, withinHours, type BotConfig, type BotState, type QueueConf } from './bot.decide';

const NOW = new Date('2026-03-02T15:00:00Z'); // a Monday, 12:00 in São Paulo
const INVALID = 'Opção inválida, por favor, escolha uma opção válida.';

const queue = (id: number, name: string, over: Partial<QueueConf> = {}): QueueConf => ({
  id,
  name,
  greetingMessage: '',
  outOfHoursMessage: '',
  schedules: [],
  mediaPath: null,
  mediaName: null,
  integrationId: null,
  promptId: null,
  options: [],
  ...over,
});

// Suporte has a tree: 1 Boletos (leaf), 2 Técnico → 1 Internet (leaf), 2 Telefone (leaf).
const suporte = queue(10, 'Suporte', {
  greetingMessage: 'Bem-vindo ao Suporte',
  options: [
    { id: 100, parentId: null, title: 'Boletos', option: '1', message: 'Seu boleto segue', mediaPath: null, mediaName: null },
    { id: 101, parentId: null, title: 'Técnico', option: '2', message: 'Qual serviço?', mediaPath: null, mediaName: null },
    { id: 102, parentId: 101, title: 'Internet', option: '1', message: 'Reinicie o roteador', mediaPath: 'r.png', mediaName: 'r.png' },
    { id: 103, parentId: 101, title: 'Telefone', option: '2', message: '', mediaPath: null, mediaName: null },
  ],
});
const vendas = queue(20, 'Vendas', { greetingMessage: 'Olá, Vendas' });

const cfg = (over: Partial<BotConfig> = {}, conn: Partial<BotConfig['connection']> = {}): BotConfig => ({
  now: NOW,
  timezone: 'America/Sao_Paulo',
  scheduleType: 'disabled',
  companySchedules: [],
  connection: { greetingMessage: 'Olá! Escolha:', outOfHoursMessage: 'Estamos fechados', maxUseBotQueues: 3, timeUseBotQueues: 0, sendGreetingMessageOneQueues: true, integrationId: null, promptId: null, ...conn },
  queues: [suporte, vendas],
  texts: { invalidOption: INVALID, back: 'Voltar', mainMenu: 'Menu inicial' },
  ...over,
});

const fresh: BotState = { status: 'pending', userId: null, queueId: null, chatbot: false, botOptionId: null, botUses: 0, botAt: null, outOfHoursAt: null, isGroup: false };
const inMenu: BotState = { ...fresh, status: 'attending', chatbot: true, botAt: NOW };
const inSuporte: BotState = { ...inMenu, queueId: 10 };
const inTecnico: BotState = { ...inSuporte, botOptionId: 101 };
const MENU = 'Olá! Escolha:\n\n*[ 1 ]* - Suporte\n*[ 2 ]* - Vendas';
const SUPORTE_ROOT = '*[ 1 ]* - Boletos\n*[ 2 ]* - Técnico\n*[ 0 ]* - Voltar\n*[ # ]* - Menu inicial';
const TECNICO = '*[ 1 ]* - Internet\n*[ 2 ]* - Telefone\n*[ 0 ]* - Voltar\n*[ # ]* - Menu inicial';

describe('decide: (state, input) → (messages, new state)', () => {
  const rows: [string, BotState, string, BotConfig, string[], Partial<BotState>][] = [
    ['first message: the queue menu', fresh, 'oi', cfg(), [MENU], { status: 'attending', chatbot: true, botAt: NOW, queueId: null }],
    ['a valid number: the queue greeting with its options', inMenu, '1', cfg(), [`Bem-vindo ao Suporte\n\n${SUPORTE_ROOT}`], { queueId: 10, status: 'attending', chatbot: true }],
    ['a queue without options: greeting and pending in it', inMenu, '2', cfg(), ['Olá, Vendas'], { queueId: 20, status: 'pending', chatbot: false }],
    ['invalid in the main menu: the text and the menu again', inMenu, '9', cfg(), [INVALID, MENU], { botUses: 1, status: 'attending', queueId: null }],
    ['the last invalid answer: pending without a queue', { ...inMenu, botUses: 2 }, 'x', cfg(), [], { botUses: 3, status: 'pending', chatbot: false, queueId: null }],
    ['a node with children: its message and its children', inSuporte, '2', cfg(), [`Qual serviço?\n\n${TECNICO}`], { botOptionId: 101, status: 'attending' }],
    ['a leaf: its message and pending in the queue', inSuporte, '1', cfg(), ['Seu boleto segue'], { botOptionId: 100, status: 'pending', chatbot: false, queueId: 10 }],
    ['a leaf without text sends nothing and hands off', inTecnico, '2', cfg(), [], { status: 'pending', queueId: 10 }],
    ['0 inside a node: back to its parent', inTecnico, '0', cfg(), [SUPORTE_ROOT], { botOptionId: null, botUses: 1, queueId: 10 }],
    ['0 at the queue root: the main menu', inSuporte, '0', cfg(), [MENU], { queueId: null, botUses: 1 }],
    ['# anywhere: the main menu', inTecnico, '#', cfg(), [MENU], { queueId: null, botOptionId: null, botUses: 1 }],
    ['invalid inside a node: the text and that node again', inTecnico, '7', cfg(), [INVALID, TECNICO], { botUses: 1, botOptionId: 101 }],
    ['the last invalid inside a queue: pending in that queue', { ...inTecnico, botUses: 2 }, '7', cfg(), [], { status: 'pending', queueId: 10 }],
    ['too long in the bot: a person takes over', { ...inMenu, botAt: new Date(NOW.getTime() - 11 * 60_000) }, '1', cfg({}, { timeUseBotQueues: 10 }), [], { status: 'pending', chatbot: false }],
    ['one queue with options: greeting and its options at once', { ...fresh, queueId: 10 }, 'oi', cfg({ queues: [suporte] }), [`Bem-vindo ao Suporte\n\n${SUPORTE_ROOT.replace('\n*[ # ]* - Menu inicial', '')}`], { queueId: 10, status: 'attending' }],
    ['one queue without options: greeting and pending', { ...fresh, queueId: 20 }, 'oi', cfg({ queues: [vendas] }), ['Olá, Vendas'], { queueId: 20, status: 'pending', botAt: NOW }],
    ['one queue, greeting disabled: straight to the queue, silently', { ...fresh, queueId: 20 }, 'oi', cfg({ queues: [vendas] }, { sendGreetingMessageOneQueues: false }), [], { status: 'pending', queueId: 20 }],
    ['no queues: nothing', fresh, 'oi', cfg({ queues: [] }), [], { status: 'pending', botAt: null }],
    ['an agent has it: nothing', { ...inMenu, userId: 5, status: 'open' }, '1', cfg(), [], { userId: 5, status: 'open' }],
    ['a group: nothing', { ...fresh, isGroup: true }, 'oi', cfg(), [], { botAt: null }],
    ['handed off already: nothing', { ...fresh, botAt: NOW, queueId: 10 }, '1', cfg(), [], { status: 'pending', botOptionId: null }],
  ];
  it.each(rows)('%s', (_name, state, text, config, messages, expected) => {
    const d = decide(state, { text }, config);
    expect(d.messages.map((m) => m.body)).toEqual(messages);
    expect(d.newState).toMatchObject(expected);
    expect(d.call).toBeUndefined();
  });

  it('a leaf with media sends it with its message', () => {
    const d = decide(inTecnico, { text: '1' }, cfg());
    expect(d.messages).toEqual([{ body: 'Reinicie o roteador', media: { path: 'r.png', name: 'r.png' } }]);
    expect(d.timeline.map((e) => e.kind)).toEqual(['option', 'handoff']);
  });

  it('records each decision on the timeline', () => {
    expect(decide(fresh, { text: 'oi' }, cfg()).timeline.map((e) => e.kind)).toEqual(['menu']);
    expect(decide(inMenu, { text: '9' }, cfg()).timeline.map((e) => e.kind)).toEqual(['invalid']);
    expect(decide({ ...inMenu, botUses: 2 }, { text: '9' }, cfg()).timeline.map((e) => e.kind)).toEqual(['invalid', 'handoff']);
  });
});

describe('decide: out of hours', () => {
  const closedMonday = [{ weekdayEn: 'monday', startTime: '13:00', endTime: '18:00' }];
  it('company hours: the notice once, then silence for 30 minutes; the ticket goes to a person', () => {
    const config = cfg({ scheduleType: 'company', companySchedules: closedMonday });
    const first = decide(fresh, { text: 'oi' }, config);
    expect(first.messages.map((m) => m.body)).toEqual(['Estamos fechados']);
    expect(first.newState).toMatchObject({ outOfHoursAt: NOW, status: 'pending' });
    const again = decide(first.newState, { text: 'alô?' }, { ...config, now: new Date(NOW.getTime() + 29 * 60_000) });
    expect(again.messages).toEqual([]);
    const later = decide(first.newState, { text: 'alô?' }, { ...config, now: new Date(NOW.getTime() + 31 * 60_000) });
    expect(later.messages.map((m) => m.body)).toEqual(['Estamos fechados']);
  });
  it('inside company hours the menu runs', () => {
    const open = [{ weekdayEn: 'monday', startTime: '08:00', endTime: '18:00' }];
    expect(decide(fresh, { text: 'oi' }, cfg({ scheduleType: 'company', companySchedules: open })).messages.map((m) => m.body)).toEqual([MENU]);
  });
  it('queue hours: checked once the queue is chosen, with the queue’s notice; pending in the queue', () => {
    const q = { ...suporte, schedules: closedMonday, outOfHoursMessage: 'Suporte fechado' };
    const d = decide(inMenu, { text: '1' }, cfg({ scheduleType: 'queue', queues: [q, vendas] }));
    expect(d.messages.map((m) => m.body)).toEqual(['Suporte fechado']);
    expect(d.newState).toMatchObject({ queueId: 10, status: 'pending', chatbot: false, outOfHoursAt: NOW });
  });
  it('reads hours in the company time zone', () => {
    const s = [{ weekdayEn: 'monday', startTime: '11:00', endTime: '13:00' }];
    expect(withinHours(s, NOW, 'America/Sao_Paulo')).toBe(true);
    expect(withinHours(s, NOW, 'UTC')).toBe(false);
    expect(withinHours([], NOW, 'UTC')).toBe(true);
    // 00:00–00:00 is a closed day; 22:00–06:00 runs overnight; 23:59 closes at midnight.
    expect(withinHours([{ weekdayEn: 'monday', startTime: '00:00', endTime: '00:00' }], NOW, 'UTC')).toBe(false);
    expect(withinHours([{ weekdayEn: 'monday', startTime: '14:00', endTime: '06:00' }], NOW, 'UTC')).toBe(true);
    expect(withinHours([{ weekdayEn: 'monday', startTime: '16:00', endTime: '06:00' }], NOW, 'UTC')).toBe(false);
    expect(withinHours([{ weekdayEn: 'monday', startTime: '08:00', endTime: '23:59' }], new Date('2026-03-02T23:59:30Z'), 'UTC')).toBe(true);
  });
});

describe('decide: responders', () => {
  it('a queue’s integration wins over the connection’s prompt', () => {
    const q = { ...vendas, integrationId: 7 };
    const d = decide(inMenu, { text: '2' }, cfg({ queues: [suporte, q] }));
    expect(d.call).toEqual({ kind: 'integration', id: 7 });
    expect(d.newState).toMatchObject({ queueId: 20, status: 'attending', chatbot: true });
    expect(decide({ ...inMenu, queueId: 20 }, { text: 'oi' }, cfg({ queues: [suporte, q] }, { promptId: 3 })).call).toEqual({ kind: 'integration', id: 7 });
  });
  it('the connection’s prompt answers before any menu', () => {
    expect(decide(fresh, { text: 'oi' }, cfg({}, { promptId: 3 })).call).toEqual({ kind: 'prompt', id: 3 });
  });
  it('a reply that stops hands the ticket to a person; a user takes it open', () => {
    expect(applyReply(inSuporte, { messages: [], stop: true, timeline: [] }).newState).toMatchObject({ status: 'pending', chatbot: false, queueId: 10 });
    expect(applyReply(inSuporte, { messages: [], queueId: 20, timeline: [] }).newState).toMatchObject({ status: 'pending', queueId: 20 });
    expect(applyReply(inSuporte, { messages: [], userId: 4, timeline: [] }).newState).toMatchObject({ status: 'open', userId: 4 });
    expect(applyReply(inSuporte, { messages: [], timeline: [] }).newState).toMatchObject({ status: 'attending', chatbot: true });
  });
  it('a reply handing the ticket to a queue is a menu choice of it for a person: greeting (and media), pending there; no tree, no responder', () => {
    const promptInVendas = { ...vendas, promptId: 3, mediaPath: 'v.png', mediaName: 'v.png' };
    const viaPrompt = { ...inMenu, queueId: 20 };
    const r = applyReply(viaPrompt, { messages: [{ body: 'Vou transferir' }], queueId: 10, stop: true, timeline: [] }, { cfg: cfg(), target: suporte });
    // Suporte has a tree: the greeting alone, never its options (the customer asked for a person).
    expect(r.messages).toEqual([{ body: 'Bem-vindo ao Suporte' }]);
    expect(r.newState).toMatchObject({ status: 'pending', chatbot: false, queueId: 10, botOptionId: null });
    expect(r.timeline).toEqual([{ kind: 'handoff', detail: { reason: 'responder-queue', queueId: 10, queue: 'Suporte' } }]);
    // Back to the prompt's own queue: its greeting with its media; its prompt is not called again.
    const back = applyReply(viaPrompt, { messages: [], queueId: 20, stop: true, timeline: [] }, { cfg: cfg({ queues: [suporte, promptInVendas] }), target: promptInVendas });
    expect(back.messages).toEqual([{ body: 'Olá, Vendas', media: { path: 'v.png', name: 'v.png' } }]);
    expect(back.newState).toMatchObject({ status: 'pending', queueId: 20 });
    // scheduleType queue and the queue closed: its out-of-hours notice instead, still pending there.
    const closed = { ...suporte, outOfHoursMessage: 'Suporte fechado', schedules: [{ weekdayEn: 'monday', startTime: '', endTime: '' }] };
    const late = applyReply(viaPrompt, { messages: [], queueId: 10, stop: true, timeline: [] }, { cfg: cfg({ scheduleType: 'queue' }), target: closed });
    expect(late.messages).toEqual([{ body: 'Suporte fechado' }]);
    expect(late.newState).toMatchObject({ status: 'pending', queueId: 10, outOfHoursAt: NOW });
    // A queue the company does not have: ignored, on the record; the stop still hands over.
    const unknown = applyReply(viaPrompt, { messages: [], queueId: 99, stop: true, timeline: [] }, { cfg: cfg(), target: undefined });
    expect(unknown.newState).toMatchObject({ status: 'pending', queueId: 20 });
    expect(unknown.timeline.map((e) => [e.kind, e.detail.reason])).toEqual([['discarded', 'unknown-queue'], ['handoff', 'responder-stop']]);
  });
});

describe('decide: loop-freedom', () => {
  // mulberry32: a seeded generator so a failure reproduces.
  const rng = (seed: number) => () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const alphabet = ['0', '#', '1', '2', '3', '9', 'oi', ''];
  const depth = 2;

  it.each([1, 2, 3, 5])('no input sequence keeps a ticket in the bot past maxUseBotQueues = %i', (max) => {
    const config = cfg({}, { maxUseBotQueues: max });
    // Each counted turn may be preceded by at most depth + 1 forward moves (queue, then nodes).
    const bound = (max + 1) * (depth + 2);
    const random = rng(max * 7919);
    for (let run = 0; run < 2000; run++) {
      let s = fresh;
      let turns = 0;
      for (let i = 0; i < 200; i++) {
        const text = alphabet[Math.floor(random() * alphabet.length)]!;
        s = decide(s, { text }, config).newState;
        if (s.status === 'attending') turns++;
        expect(s.botUses).toBeLessThanOrEqual(max);
        if (s.status !== 'attending' && s.botAt !== null) break;
      }
      expect(s.status).not.toBe('attending');
      expect(turns).toBeLessThanOrEqual(bound);
    }
  });
});
