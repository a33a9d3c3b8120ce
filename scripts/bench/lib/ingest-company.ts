/**
 * The company the ingest bench feeds by default (issue 26): configured as a real one runs, so every
 * module that listens to a customer's message has its real work to do, all set up through the API.
 *
 * - One queue with a greeting and an option menu on the connection (one-queue greeting on, one try
 *   before a person takes over): every new customer gets the greeting and the menu from the bot;
 *   the regular customers were greeted in the warm-up and wait in the queue or are with an agent.
 * - Follow-ups pending on some tickets (cancelled by the customer's next message).
 * - A running campaign that asked some customers to confirm (their next message confirms and the
 *   campaign sends its main message).
 * - Opt-out keywords: some messages are "SAIR".
 * - One webhook subscribed to `message.created`, answered by a local receiver that records every
 *   delivery id and when it arrived.
 *
 * `check()` reads back what the listeners did, so a run that skipped their work shows it.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import postgres from 'postgres';
import type { TicketDto, UserDto } from '@balcao/shared';
import { api } from './app';

export interface Mix {
  /** Every n-th message comes from a customer never seen before (the bot greets them). */
  newEvery: number;
  /** Every n-th message is the opt-out keyword. */
  optOutEvery: number;
}

export const DEFAULT_MIX: Mix = { newEvery: 100, optOutEvery: 1000 };

/** The receiver process (lib/webhook-receiver.mjs): every delivery id (duplicates counted) and its lag from the event's `createdAt`. */
export class WebhookReceiver {
  private child?: ChildProcess;

  async start(): Promise<string> {
    this.child = fork(fileURLToPath(new URL('./webhook-receiver.mjs', import.meta.url)), [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    const { port } = await new Promise<{ port: number }>((resolve) => this.child!.once('message', resolve as (m: unknown) => void));
    return `http://127.0.0.1:${port}/hook`;
  }

  stats(): Promise<{ delivered: number; duplicates: number; lagP99: number }> {
    if (!this.child) return Promise.resolve({ delivered: 0, duplicates: 0, lagP99: Number.NaN });
    return new Promise((resolve) => {
      this.child!.once('message', resolve as (m: unknown) => void);
      this.child!.send('stats');
    });
  }

  close(): void {
    this.child?.kill();
  }
}

export interface ConfiguredCompany {
  /** Owner-side reads of what the listeners did, printed at the end. */
  check(): Promise<string>;
  /** Messages of the company stored since the webhook was subscribed (each one a `message.created`). */
  expectedDeliveries(): Promise<number>;
  close(): Promise<void>;
}

const FOLLOW_UPS = 20;
const CONFIRMATIONS = 20;

/**
 * Configures the company; `warm(count)` must send `count` messages spread over the regular
 * customers (the warm-up) and resolve when their events arrived. Regular customers are `numbers`.
 */
export const configureCompany = async (o: {
  url: string;
  token: string;
  ownerUrl: string;
  companyId: number;
  whatsappId: number;
  numbers: string[];
  warm: (count: number) => Promise<void>;
  receiver: WebhookReceiver;
}): Promise<ConfiguredCompany> => {
  const a = api(o.url, o.token);
  const owner = postgres(o.ownerUrl, { max: 2, onnotice: () => undefined });
  const me = await a.get<UserDto>('/auth/me').catch(() => undefined);

  // The bot: one queue with a greeting and an option menu; one invalid answer and a person takes over.
  const queue = await a.post<{ id: number }>('/queue', { name: 'Atendimento', color: '#2266aa', greetingMessage: 'Olá! Bem-vindo ao atendimento da Loja Bench.' });
  await a.post('/queue-options', { queueId: queue.id, title: 'Pedidos', option: '1', message: 'Informe o número do seu pedido.' });
  await a.post('/queue-options', { queueId: queue.id, title: 'Financeiro', option: '2', message: 'Um momento, vamos verificar.' });
  await a.put(`/whatsapp/${o.whatsappId}`, { queueIds: [queue.id], maxUseBotQueues: 1 });
  await a.put('/settings/sendGreetingMessageOneQueues', { value: 'enabled' });

  // Warm-up: two messages from every regular customer (greeting, then the hand-over to the queue).
  await o.warm(o.numbers.length * 2);
  // The bot's turns run as jobs: wait until every regular ticket was handed over to the queue.
  type Row = { id: number; contact_id: number; number: string; chatbot: boolean };
  const read = () => owner<Row[]>`
    select t.id, t.contact_id, c.number, t.chatbot from tickets t join contacts c on c.id = t.contact_id
     where t.company_id = ${o.companyId} and t.status <> 'closed' and c.number = any(${o.numbers}) order by c.number`;
  let tickets = await read();
  for (const until = Date.now() + 60_000; tickets.length !== o.numbers.length || tickets.some((t) => t.chatbot); tickets = await read()) {
    if (Date.now() > until) throw new Error(`warm-up: ${tickets.length} tickets for ${o.numbers.length} customers, ${tickets.filter((t) => t.chatbot).length} still with the bot`);
    await new Promise((res) => setTimeout(res, 100));
  }

  // Half of them with an agent, the other half waiting in the queue.
  const userId = me?.id ?? (await owner<{ id: number }[]>`select id from users where company_id = ${o.companyId} order by id limit 1`)[0]!.id;
  for (const t of tickets.filter((_, i) => i % 2 === 0)) await a.put<TicketDto>(`/tickets/${t.id}`, { status: 'open', userId });

  // Follow-ups on some tickets (a day ahead): the customer's next message cancels them.
  const followed = tickets.filter((_, i) => i % 10 === 1).slice(0, FOLLOW_UPS);
  const sendAt = new Date(Date.now() + 86_400_000).toISOString();
  for (const t of followed) await a.post('/schedules', { body: 'Ainda precisa de ajuda com o pedido?', contactId: t.contact_id, sendAt, ticketId: t.id, cancelOnReply: true });

  // A campaign asking some customers to confirm, sent at once (no interval, number-health gate off for the bench).
  const asked = tickets.filter((_, i) => i % 10 === 3).slice(0, CONFIRMATIONS);
  await a.post('/campaign-settings', { settings: { messageInterval: 0, longerIntervalAfter: 0, greaterInterval: 0 } });
  await owner`update whatsapps set gate_rate_per_minute = 0, gate_daily_cap = 0, gate_warmup_days = 0, gate_jitter_ms = 0 where id = ${o.whatsappId}`;
  const list = await a.post<{ id: number }>('/contact-lists', { name: 'Confirmar' });
  for (const t of asked) await a.post('/contact-list-items', { contactListId: list.id, name: `Cliente ${t.number.slice(-3)}`, number: t.number });
  const campaign = await a.post<{ id: number }>('/campaigns', {
    name: 'Oferta Bench',
    message1: 'Oferta confirmada para {nome}!',
    confirmationMessage1: 'Olá {nome}, podemos enviar a oferta? Responda qualquer coisa.',
    confirmation: true,
    scheduledAt: new Date().toISOString(),
    whatsappId: o.whatsappId,
    contactListId: list.id,
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    const [r] = await owner<{ n: number }[]>`select count(*)::int as n from campaign_shipping where campaign_id = ${campaign.id} and status = 'confirmation_requested'`;
    if (r!.n === asked.length) break;
    if (Date.now() > deadline) throw new Error(`campaign: ${r!.n} of ${asked.length} confirmations requested after 60 s`);
    await new Promise((res) => setTimeout(res, 100));
  }

  // The webhook, from here on: every message stored after this id is one delivery.
  const hookUrl = await o.receiver.start();
  const sinceId = (await owner<{ max: number }[]>`select coalesce(max(id), 0)::float8 as max from messages where company_id = ${o.companyId}`)[0]!.max;
  await a.post('/webhooks', { name: 'Bench', url: hookUrl, events: ['message.created'] });
  console.log(
    `configured company: queue ${queue.id} (greeting + 2 options) on the connection; ${tickets.length} regular tickets (${Math.ceil(tickets.length / 2)} with an agent, the rest in the queue); ` +
      `${followed.length} follow-ups pending; campaign ${campaign.id} awaiting ${asked.length} confirmations; webhook → ${hookUrl} (message.created)`,
  );

  return {
    async check() {
      // The bot's turns are jobs: give the backlog up to a minute to drain, and say how long it took.
      const t0 = Date.now();
      let waiting: number;
      for (;;) {
        const [j] = await owner<{ n: number }[]>`select count(*)::int as n from pgboss.job where name = 'bot.turn' and state in ('created', 'retry', 'active')`;
        waiting = j!.n;
        if (waiting === 0 || Date.now() - t0 > 60_000) break;
        await new Promise((res) => setTimeout(res, 200));
      }
      const drained = `bot backlog drained ${((Date.now() - t0) / 1000).toFixed(1)} s after the webhook wait${waiting ? ` (${waiting} turns still waiting)` : ''}`;
      const [r] = await owner<{ cancelled: number; confirmed: number; optouts: number; optoutMsgs: number; newTickets: number; greeted: number }[]>`
        select
          (select count(*)::int from schedules where company_id = ${o.companyId} and cancel_on_reply and status = 'CANCELADA') as cancelled,
          (select count(*)::int from campaign_shipping where campaign_id = ${campaign.id} and status not in ('confirmation_requested', 'pending')) as confirmed,
          (select count(*)::int from opt_outs where company_id = ${o.companyId} and source = 'keyword') as optouts,
          (select count(distinct contact_id)::int from messages where company_id = ${o.companyId} and not from_me and body = 'SAIR') as "optoutMsgs",
          (select count(*)::int from tickets t join contacts c on c.id = t.contact_id where t.company_id = ${o.companyId} and not (c.number = any(${o.numbers}))) as "newTickets",
          (select count(distinct m.ticket_id)::int from messages m join tickets t on t.id = m.ticket_id join contacts c on c.id = t.contact_id
            where m.company_id = ${o.companyId} and m.from_me and m.automated and not (c.number = any(${o.numbers}))) as greeted`;
      const ok = r!.cancelled === followed.length && r!.confirmed === asked.length && r!.optouts === r!.optoutMsgs && r!.greeted === r!.newTickets;
      return (
        `listeners: bot greeted ${r!.greeted}/${r!.newTickets} new customers; follow-ups cancelled ${r!.cancelled}/${followed.length}; ` +
        `confirmations ${r!.confirmed}/${asked.length}; opt-outs recorded ${r!.optouts}/${r!.optoutMsgs}${ok ? '' : '  ← MISSING WORK'}; ${drained}`
      );
    },
    async expectedDeliveries() {
      const [r] = await owner<{ n: number }[]>`select count(*)::int as n from messages where company_id = ${o.companyId} and id > ${sinceId}`;
      return r!.n;
    },
    close: () => owner.end({ timeout: 5 }),
  };
};
