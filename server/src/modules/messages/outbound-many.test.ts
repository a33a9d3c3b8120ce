/**
 * queueOutboundMany (a timer run's inactivity messages) against real PostgreSQL and pg-boss: the
 * same rows, ticket changes, events and send jobs as one queueOutbound call per item, and all of
 * it or nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DomainEvent } from '@balcao/shared';
import { createTestApp, type TestApp } from '../../../test/helpers/build-app';
import { createCompany, type TestCompany } from '../../../test/helpers/world';
import type { Unit } from '../../db/tenant';
import { Jobs } from '../../infra/jobs';
import * as ticketsRepo from '../tickets/tickets.repository';
import { queueOutbound, queueOutboundMany, type OutboundItem } from './outbound';
import type { MessageRow } from './messages.repository';

let app: TestApp;
let a: TestCompany;
let b: TestCompany;
/** Our own handle, with no worker: its jobs stay queued for the assertions. */
let jobs: Jobs;
let n = 0;

beforeAll(async () => {
  app = await createTestApp();
  a = await createCompany(app);
  b = await createCompany(app);
  jobs = await Jobs.start(app.ownerUrl);
});
afterAll(async () => {
  await jobs?.stop();
  await app?.close();
});

/** A fresh ticket of `c` (its customer has just written). */
const newTicket = async (c: TestCompany) => {
  const from = `55319${String(3_000_000 + ++n).padStart(8, '0')}`;
  await c.inbound(from, 'Oi');
  const [row] = await app.owner<{ id: number }[]>`select t.id from tickets t join contacts ct on ct.id = t.contact_id where t.company_id = ${c.companyId} and ct.number = ${from}`;
  return app.data.withTenant({ companyId: c.companyId }, ({ tx }) => ticketsRepo.get(tx, c.companyId, row!.id)).then((t) => t!);
};

/** Runs `fn` in a tenant transaction of `c` and returns what it staged (not published: no worker is woken). */
const staged = async <T>(c: TestCompany, fn: (unit: Unit) => Promise<T>) => {
  const events: DomainEvent[] = [];
  const result = await app.data.withTenant({ companyId: c.companyId }, ({ tx }) => fn({ tx, stage: (e) => void events.push(e) }));
  return { result, events };
};

/** A row without what differs between two sends of the same content (ids, channel id, times). */
const content = (m: MessageRow) => {
  const { id: _id, waMessageId, createdAt: _c, updatedAt: _u, ...rest } = m;
  expect(waMessageId).toMatch(/^BAL[0-9A-F]{20}$/);
  return rest;
};
const eventShape = (e: DomainEvent) => {
  if (e.type === 'message.created') {
    const { id: _id, waMessageId: _w, createdAt: _c, updatedAt: _u, ...message } = e.message;
    return { type: e.type, companyId: e.companyId, message, ticket: { id: e.ticket.id, lastMessage: e.ticket.lastMessage, unreadMessages: e.ticket.unreadMessages, status: e.ticket.status } };
  }
  if (e.type === 'ticket.updated') return { type: e.type, companyId: e.companyId, ticket: { id: e.ticket.id, lastMessage: e.ticket.lastMessage } };
  return { type: e.type };
};
const jobsOf = async (ids: number[]) =>
  (
    await app.owner<{ data: { companyId: number; messageId: number; composeMs?: number }; retry_limit: number; retry_delay: number; retry_backoff: boolean; expire: string; priority: number }[]>`
      select data, retry_limit, retry_delay, retry_backoff, expire_in::text as expire, priority from pgboss.job
      where name = 'message.send' and (data->>'messageId')::int = any(${ids}::int[])`
  )
    .sort((x, y) => ids.indexOf(x.data.messageId) - ids.indexOf(y.data.messageId))
    .map(({ data, ...job }) => ({ ...job, data: { ...data, messageId: ids.indexOf(data.messageId) } }));
const ticketRow = (id: number) => app.owner<{ last_message: string; unread_messages: number }[]>`select last_message, unread_messages from tickets where id = ${id}`.then((r) => r[0]!);

describe('queueOutboundMany', () => {
  it('writes the same rows, ticket changes, events and jobs as one queueOutbound per item, in order', async () => {
    const [t1, t2, t3] = [await newTicket(a), await newTicket(a), await newTicket(a)];
    const items = (): OutboundItem[] => [
      { ticket: t1, body: 'Atendimento encerrado por inatividade.', opts: { automated: true, ticketAnnounced: true, background: true } },
      { ticket: t2, body: 'Veja a foto', opts: { automated: true, media: { type: 'image', name: 'abc-foto.png' }, composeMs: 1500 } },
      { ticket: t3, body: 'De: Ana', opts: { userId: a.admin.id } },
    ];
    const single = await staged(a, async (unit) => {
      const rows: MessageRow[] = [];
      for (const i of items()) rows.push(await queueOutbound(unit, jobs, i.ticket, i.body, i.opts));
      return rows;
    });
    const singleTickets = await Promise.all([t1, t2, t3].map((t) => ticketRow(t.id)));
    await app.owner`update tickets set last_message = 'Oi', unread_messages = 1 where id = any(${[t1.id, t2.id, t3.id]}::int[])`;
    const many = await staged(a, (unit) => queueOutboundMany(unit, jobs, items()));

    expect(many.result.map(content)).toEqual(single.result.map(content));
    expect(many.result.map((m) => m.ticketId)).toEqual([t1.id, t2.id, t3.id]);
    // Ids in the items' order, as N inserts would draw them.
    expect(many.result.map((m) => m.id)).toEqual([...many.result.map((m) => m.id)].sort((x, y) => x - y));
    expect(await Promise.all([t1, t2, t3].map((t) => ticketRow(t.id)))).toEqual(singleTickets);
    expect(singleTickets[1]!.last_message).toBe('📷 Veja a foto');
    expect(many.events.map(eventShape)).toEqual(single.events.map(eventShape));
    expect(many.events.map((e) => e.type)).toEqual(['message.created', 'message.created', 'ticket.updated', 'message.created', 'ticket.updated']);
    expect(await jobsOf(many.result.map((m) => m.id))).toEqual(await jobsOf(single.result.map((m) => m.id)));
    expect((await jobsOf(many.result.map((m) => m.id))).map((j) => j.data)).toEqual([
      { companyId: a.companyId, messageId: 0, background: true },
      { companyId: a.companyId, messageId: 1, composeMs: 1500 },
      { companyId: a.companyId, messageId: 2 },
    ]);
  });

  it('leaves a ticket listed twice with the later message as its last one', async () => {
    const t = await newTicket(a);
    const { result, events } = await staged(a, (unit) =>
      queueOutboundMany(unit, jobs, [
        { ticket: t, body: 'Primeira', opts: { automated: true } },
        { ticket: t, body: 'Segunda', opts: { automated: true } },
      ]),
    );
    expect(result.map((m) => m.body)).toEqual(['Primeira', 'Segunda']);
    expect(await ticketRow(t.id)).toEqual({ last_message: 'Segunda', unread_messages: 0 });
    expect(events.filter((e) => e.type === 'message.created')).toHaveLength(2);
  });

  it('stores and queues nothing when any of the batch fails', async () => {
    const [t1, t2] = [await newTicket(a), await newTicket(a)];
    const sendJobs = () => app.owner`select id from pgboss.job where name = 'message.send' and (data->>'companyId')::int = ${a.companyId}`.then((r) => r.length);
    const before = await sendJobs();
    const clientId = crypto.randomUUID();
    // The second row repeats the first's client id: the one insert fails, and with it everything.
    await expect(
      staged(a, (unit) =>
        queueOutboundMany(unit, jobs, [
          { ticket: t1, body: 'Vai 1', opts: { clientId } },
          { ticket: t2, body: 'Vai 2', opts: { clientId } },
        ]),
      ),
    ).rejects.toThrow();
    expect(await app.owner`select id from messages where ticket_id = any(${[t1.id, t2.id]}::int[]) and from_me`).toHaveLength(0);
    expect(await sendJobs()).toBe(before);
    expect(await ticketRow(t1.id)).toMatchObject({ last_message: 'Oi' });
  });

  it('takes one company per batch and does nothing for an empty one', async () => {
    const [ta, tb] = [await newTicket(a), await newTicket(b)];
    await expect(staged(a, (unit) => queueOutboundMany(unit, jobs, [{ ticket: ta, body: 'x' }, { ticket: tb, body: 'y' }]))).rejects.toThrow(/one company/);
    expect(await app.owner`select id from messages where ticket_id = any(${[ta.id, tb.id]}::int[]) and from_me`).toHaveLength(0);
    expect((await staged(a, (unit) => queueOutboundMany(unit, jobs, []))).events).toEqual([]);
  });
});
