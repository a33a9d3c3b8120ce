import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DomainEvent, TicketDto } from '@balcao/shared';
import { createTestApp, type TestApp } from '../../../test/helpers/build-app';
import { createCompany, type TestCompany } from '../../../test/helpers/world';
import { Jobs } from '../../infra/jobs';
import { systemClock } from '../../infra/clock';
import { createTimersService, type TimerLimits } from '.';

let app: TestApp;
let jobs: Jobs;
let a: TestCompany;
let b: TestCompany;
let n = 0;
const events: Extract<DomainEvent, { type: 'ticket.updated' }>[] = [];

beforeAll(async () => {
  app = await createTestApp();
  jobs = await Jobs.start(app.ownerUrl);
  a = await createCompany(app);
  b = await createCompany(app);
  app.bus.on('ticket.updated', (e) => void events.push(e));
});
afterAll(async () => {
  await jobs.stop();
  await app.close();
});

/**
 * The bot's turns for the customers' messages run as jobs and lock their ticket while they work;
 * a timer skips locked rows (SKIP LOCKED). Runs here wait until no turn is pending, so what they
 * see is the tickets' state, not a race with the bot.
 */
const botIdle = () =>
  expect
    .poll(async () => (await app.owner<{ n: number }[]>`select count(*)::int as n from pgboss.job where name = 'bot.turn' and state in ('created', 'retry', 'active')`)[0]!.n, { timeout: 15_000 })
    .toBe(0);
const timers = (limits: TimerLimits = { batch: 100, maxPerRun: 1000 }) => {
  const service = createTimersService({ data: app.data, jobs, clock: systemClock }, limits);
  return {
    ...service,
    /** Without waiting for the bot: for a run inside a transaction that holds a ticket (the bot's turn would wait on it). */
    runOneNow: service.runOne,
    runOne: async (...args: Parameters<typeof service.runOne>) => (await botIdle(), service.runOne(...args)),
    run: async (...args: Parameters<typeof service.run>) => (await botIdle(), service.run(...args)),
  };
};
/** Two hours from now: every timer set below (60 minutes) is due then. */
const later = () => new Date(Date.now() + 2 * 60 * 60_000);

/** A new customer of `c` writes; their pending ticket, queue-less and nobody's. */
const newTicket = async (c: TestCompany): Promise<TicketDto> => {
  const from = `55119${String(2_000_000 + ++n).padStart(8, '0')}`;
  await c.inbound(from, 'Oi');
  return (await c.pendingTickets()).find((t) => t.contact.number === from)!;
};

/** An agent took it and answered after the customer's message: open, our last message now. */
const answered = async (c: TestCompany): Promise<TicketDto> => {
  const t = await newTicket(c);
  await app.owner`update tickets set status = 'open', user_id = ${c.admin.id}, accepted_at = now(), last_from_me_at = now() + interval '1 minute' where id = ${t.id}`;
  return t;
};

const row = async (id: number) =>
  (await app.owner<{ status: string; queue_id: number | null; user_id: number | null; chatbot: boolean; closed_at: Date | null }[]>`
    select status, queue_id, user_id, chatbot, closed_at from tickets where id = ${id}`)[0]!;
const timeline = (id: number) => app.owner<{ kind: string; detail: Record<string, unknown> }[]>`select kind, detail from ticket_events where ticket_id = ${id} order by id`;
const connection = (c: TestCompany, set: { expires?: number; message?: string; transfer?: number; queueId?: number | null; bot?: number }) =>
  app.owner`update whatsapps set expires_ticket = ${set.expires ?? 0}, expires_inactive_message = ${set.message ?? ''}, time_to_transfer = ${set.transfer ?? 0},
    transfer_queue_id = ${set.queueId ?? null}, time_use_bot_queues = ${set.bot ?? 0} where id = ${c.whatsapp.id}`;
/** Timers off everywhere but where a test turns them on, and no live ticket left from another test. */
const allOff = async () => {
  await connection(a, {});
  await connection(b, {});
  await app.owner`update tickets set status = 'closed', closed_at = now() where status <> 'closed'`;
};

describe('auto-close', () => {
  it('closes an open ticket after expiresTicket minutes of silence after our last message, with the inactivity message', async () => {
    await allOff();
    await connection(a, { expires: 60, message: 'Encerramos por inatividade, {{name}}.' });
    const t = await answered(a);
    events.length = 0;
    const run = await timers().runOne('autoClose', later());
    expect(run).toBeGreaterThanOrEqual(1);
    expect(await row(t.id)).toMatchObject({ status: 'closed', user_id: a.admin.id, chatbot: false });
    expect((await row(t.id)).closed_at).not.toBeNull();
    expect(await timeline(t.id)).toEqual([{ kind: 'timer', detail: { timer: 'autoClose', minutes: 60, from: 'open' } }]);
    const [msg] = await app.owner<{ body: string; from_me: boolean; automated: boolean }[]>`select body, from_me, automated from messages where ticket_id = ${t.id} order by id desc limit 1`;
    expect(msg).toEqual({ body: `Encerramos por inatividade, ${t.contact.name}.`, from_me: true, automated: true });
    // The same event a manual close stages: the lists move it from open to closed.
    const e = events.find((x) => x.ticket.id === t.id)!;
    expect(e.ticket.status).toBe('closed');
    expect(e.previous).toEqual({ status: 'open', queueId: null, userId: a.admin.id });
    expect(await app.owner`select 1 from pgboss.job where name = 'message.send' and data->>'companyId' = ${String(a.companyId)}`).not.toHaveLength(0);
  });

  it('leaves a ticket the customer answered after our last message, and one not yet due', async () => {
    await allOff();
    await connection(a, { expires: 60 });
    const replied = await newTicket(a);
    await app.owner`update tickets set status = 'open', user_id = ${a.admin.id}, last_from_me_at = now() - interval '1 minute' where id = ${replied.id}`;
    await a.inbound(replied.contact.number, 'Ainda estou aqui');
    const fresh = await answered(a);
    // Due only 60 minutes after our last message.
    await timers().runOne('autoClose', new Date(Date.now() + 30 * 60_000));
    expect((await row(fresh.id)).status).toBe('open');
    expect(await timers().runOne('autoClose', later())).toBe(1);
    expect((await row(fresh.id)).status).toBe('closed');
    expect((await row(replied.id)).status).toBe('open');
    expect(await timeline(replied.id)).toEqual([]);
  });

  it('never sends an empty inactivity message and fires once (a second run finds nothing)', async () => {
    await allOff();
    await connection(a, { expires: 60 });
    const t = await answered(a);
    const before = await app.owner`select id from messages where ticket_id = ${t.id}`;
    expect(await timers().runOne('autoClose', later())).toBe(1);
    expect(await timers().runOne('autoClose', later())).toBe(0);
    expect(await app.owner`select id from messages where ticket_id = ${t.id}`).toHaveLength(before.length);
    expect(await timeline(t.id)).toHaveLength(1);
  });
});

describe('auto-transfer', () => {
  it('moves a queue-less pending ticket to the transfer queue after timeToTransfer minutes', async () => {
    await allOff();
    const q = await a.addQueue('Triagem');
    await connection(a, { transfer: 60, queueId: q.id });
    const t = await newTicket(a);
    events.length = 0;
    expect(await timers().runOne('autoTransfer', later())).toBe(1);
    expect(await row(t.id)).toMatchObject({ status: 'pending', queue_id: q.id, user_id: null });
    expect(await timeline(t.id)).toEqual([{ kind: 'timer', detail: { timer: 'autoTransfer', minutes: 60, from: 'pending', queueId: q.id } }]);
    const e = events.find((x) => x.ticket.id === t.id)!;
    expect(e.ticket.queue?.id).toBe(q.id);
    expect(e.previous).toEqual({ status: 'pending', queueId: null, userId: null });
    expect(await timers().runOne('autoTransfer', later())).toBe(0);
  });

  it('leaves a ticket an agent accepted a moment before the timer fires', async () => {
    await allOff();
    const q = await a.addQueue();
    await connection(a, { transfer: 60, queueId: q.id });
    const t = await newTicket(a);
    // The bot's turn for the customer's message locks the ticket too: it runs first, not inside
    // the hold below (where it would wait on the row, and the wait for it would never end).
    await botIdle();
    // The agent's accept holds the row while the timer runs: the timer skips it, then it is open.
    const accepting = app.owner.begin(async (tx) => {
      await tx`select id from tickets where id = ${t.id} for update`;
      expect(await timers().runOneNow('autoTransfer', later())).toBe(0);
      await tx`update tickets set status = 'open', user_id = ${a.admin.id} where id = ${t.id}`;
    });
    await accepting;
    expect(await timers().runOne('autoTransfer', later())).toBe(0);
    expect(await row(t.id)).toMatchObject({ status: 'open', queue_id: null, user_id: a.admin.id });
    expect(await timeline(t.id)).toEqual([]);
  });

  it('works in bounded batches: a run moves at most its share, the next the rest', async () => {
    await allOff();
    const q = await a.addQueue();
    await connection(a, { transfer: 60, queueId: q.id });
    const ts = [await newTicket(a), await newTicket(a), await newTicket(a), await newTicket(a), await newTicket(a)];
    const small = timers({ batch: 2, maxPerRun: 3 });
    expect(await small.runOne('autoTransfer', later())).toBe(3);
    expect(await small.runOne('autoTransfer', later())).toBe(2);
    expect(await small.runOne('autoTransfer', later())).toBe(0);
    for (const t of ts) expect((await row(t.id)).queue_id).toBe(q.id);
  });
});

describe('bot timeouts', () => {
  it('hands a ticket that stayed too long with the menu bot to a person', async () => {
    await allOff();
    await connection(a, { bot: 60 });
    const t = await newTicket(a);
    const withAi = await newTicket(a);
    await app.owner`update tickets set status = 'attending', chatbot = true, bot_at = now() where id in ${app.owner([t.id, withAi.id])}`;
    await app.owner`update tickets set use_integration = true where id = ${withAi.id}`;
    events.length = 0;
    expect(await timers().runOne('botTimeout', new Date(Date.now() + 30 * 60_000))).toBe(0);
    expect(await timers().runOne('botTimeout', later())).toBe(1);
    expect(await row(t.id)).toMatchObject({ status: 'pending', chatbot: false, user_id: null });
    expect(await timeline(t.id)).toEqual([{ kind: 'timer', detail: { timer: 'botTimeout', minutes: 60, from: 'attending' } }]);
    expect(events.find((x) => x.ticket.id === t.id)?.previous?.status).toBe('attending');
    // An external flow keeps its own clock.
    expect((await row(withAi.id)).status).toBe('attending');
  });
});

describe('tenants', () => {
  it('applies each company’s connection settings to its own tickets only', async () => {
    await allOff();
    await connection(a, { expires: 60, bot: 60 });
    const q = await a.addQueue();
    // b's transfer timer is on but names no queue: nothing to move to.
    await connection(b, { transfer: 60, queueId: null });
    const mineA = await answered(a);
    const theirsB = await answered(b);
    const pendingA = await newTicket(a);
    const pendingB = await newTicket(b);
    const run = await timers().run(later());
    expect(run.autoClose).toBe(1);
    expect((await row(mineA.id)).status).toBe('closed');
    expect((await row(theirsB.id)).status).toBe('open');
    expect((await row(pendingA.id)).queue_id).toBeNull();
    expect((await row(pendingB.id)).queue_id).toBeNull();
    await connection(a, { transfer: 60, queueId: q.id });
    await timers().run(later());
    expect((await row(pendingA.id)).queue_id).toBe(q.id);
    expect((await row(pendingB.id)).queue_id).toBeNull();
    expect(await timeline(theirsB.id)).toEqual([]);
  });
});

describe('the schedule', () => {
  it('runs every minute as one cron job for the cluster, one run at a time', async () => {
    const [schedule] = await app.owner<{ cron: string; timezone: string }[]>`select cron, timezone from pgboss.schedule where name = 'timers.sweep'`;
    expect(schedule).toEqual({ cron: '* * * * *', timezone: 'UTC' });
    const [queue] = await app.owner<{ policy: string }[]>`select policy from pgboss.queue where name = 'timers.sweep'`;
    expect(queue?.policy).toBe('stately');
  });

  it('fires from the server’s own worker when a tick comes', async () => {
    await allOff();
    await connection(a, { expires: 1 });
    const t = await answered(a);
    // The customer wrote 10 minutes ago, we answered 5 minutes ago: due after 1 minute of silence.
    await app.owner`update messages set created_at = now() - interval '10 minutes' where ticket_id = ${t.id}`;
    await app.owner`update tickets set last_from_me_at = now() - interval '5 minutes' where id = ${t.id}`;
    const closed = new Promise<void>((resolve) => {
      const off = app.bus.on('ticket.updated', (e) => {
        if (e.ticket.id === t.id && e.ticket.status === 'closed') {
          off();
          resolve();
        }
      });
    });
    await jobs.enqueueNow('timers.sweep', {});
    await closed;
    expect(await timeline(t.id)).toEqual([{ kind: 'timer', detail: { timer: 'autoClose', minutes: 1, from: 'open' } }]);
  });
});
