/**
 * Acks through the inbound pipeline: those of a connection handed over in the same turn (a
 * phone's burst of receipts; the sandbox's receipt grid) are stored in one transaction, each
 * applied in order as on its own; a simulated phone reports the acks that come due together in
 * one write.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DomainEvent } from '@balcao/shared';
import { createTestApp, type TestApp } from '../../../../test/helpers/build-app';
import { createCompany, type TestCompany } from '../../../../test/helpers/world';
import type { DataAccess } from '../../../db/tenant';
import { setSent } from '../messages.repository';
import { createInbound, type ConnectionFacts } from './inbound';
import { SandboxChannel } from '../../whatsapp/sandbox/sandbox.channel';
import type { SandboxStore } from '../../whatsapp/sandbox/sandbox.store';

let app: TestApp;
let company: TestCompany;
let facts: ConnectionFacts;
let ticketId: number;
const updated: Extract<DomainEvent, { type: 'message.updated' }>[] = [];

beforeAll(async () => {
  app = await createTestApp();
  company = await createCompany(app);
  facts = { id: company.whatsapp.id, companyId: company.companyId, queueIds: [] };
  await company.inbound('5531988880000', 'Oi');
  const [t] = await app.owner<{ id: number }[]>`select id from tickets where company_id = ${company.companyId} order by id desc limit 1`;
  ticketId = t!.id;
  app.bus.on('message.updated', (e) => void updated.push(e));
});
afterAll(() => app.close());

let n = 0;
/** Our stored messages waiting for their acks (ack 1: the server took them). */
const ours = async (count: number) => {
  const ids = Array.from({ length: count }, () => `ACK${++n}T${Date.now()}`);
  for (const id of ids) {
    await app.owner`insert into messages (company_id, ticket_id, whatsapp_id, wa_message_id, body, from_me, ack, read)
      values (${company.companyId}, ${ticketId}, ${facts.id}, ${id}, 'nossa', true, 1, true)`;
  }
  return ids;
};
const acks = async (ids: string[]) =>
  (await app.owner<{ wa_message_id: string; ack: number }[]>`select wa_message_id, ack from messages where wa_message_id = any(${ids}::text[])`)
    .sort((x, y) => ids.indexOf(x.wa_message_id) - ids.indexOf(y.wa_message_id))
    .map((r) => r.ack);

/** The app's data access, counting its tenant transactions (and failing the next one when told). */
const counted = () => {
  const seen = { transactions: 0, failNext: false };
  const data: DataAccess = {
    ...app.data,
    withTenant: (ctx, fn) => {
      seen.transactions += 1;
      if (seen.failNext) {
        seen.failNext = false;
        return app.data.withTenant(ctx, async (unit) => {
          await fn(unit);
          throw new Error('the database went away');
        });
      }
      return app.data.withTenant(ctx, fn);
    },
  };
  return { data, seen };
};

describe('acks', () => {
  it('stores the acks handed over in one turn in one transaction, each as on its own, in order', async () => {
    const { data, seen } = counted();
    const inbound = createInbound(data);
    const [m1, m2, m3] = await ours(3);
    updated.length = 0;
    // m1 delivered then read, m2 read, m3 one ack backwards (nothing changes).
    await Promise.all([
      inbound.applyAck(facts, { id: m1!, ack: 3 }),
      inbound.applyAck(facts, { id: m2!, ack: 4 }),
      inbound.applyAck(facts, { id: m1!, ack: 4 }),
      inbound.applyAck(facts, { id: m3!, ack: 0 }),
    ]);
    expect(seen.transactions).toBe(1);
    expect(await acks([m1!, m2!, m3!])).toEqual([4, 4, 1]);
    expect(updated.map((e) => [e.message.waMessageId, e.message.ack])).toEqual([
      [m1, 3],
      [m2, 4],
      [m1, 4],
    ]);
    expect(updated.every((e) => e.ticket.id === ticketId && e.companyId === company.companyId)).toBe(true);
  });

  it('keeps a failed message failed, with its reason, when a positive ack comes after the failure', async () => {
    const inbound = createInbound(counted().data);
    const [m1] = await ours(1);
    await inbound.applyAck(facts, { id: m1!, ack: -1, error: '131026 Message Undeliverable.' });
    updated.length = 0;
    // The send's own answer, stored late: its copy is kept, the failure and its reason stay.
    await app.data.withTenant({ companyId: company.companyId }, ({ tx }) => setSent(tx, company.companyId, facts.id, m1!, { late: true }));
    await inbound.applyAck(facts, { id: m1!, ack: 1 });
    await inbound.applyAck(facts, { id: m1!, ack: 3 });
    expect(await acks([m1!])).toEqual([-1]);
    expect(updated).toEqual([]);
    const [row] = await app.owner<{ error_detail: string | null }[]>`select error_detail from messages where wa_message_id = ${m1!}`;
    expect(row?.error_detail).toBe('131026 Message Undeliverable.');
  });

  it('stores acks of separate turns separately, each resolved once stored', async () => {
    const { data, seen } = counted();
    const inbound = createInbound(data);
    const [m1, m2] = await ours(2);
    await inbound.applyAck(facts, { id: m1!, ack: 3 });
    expect(await acks([m1!, m2!])).toEqual([3, 1]);
    await inbound.applyAck(facts, { id: m2!, ack: 3 });
    expect(await acks([m1!, m2!])).toEqual([3, 3]);
    expect(seen.transactions).toBe(2);
  });

  it('fails every ack of a burst whose transaction fails, and stores none of them', async () => {
    const { data, seen } = counted();
    const inbound = createInbound(data);
    const [m1, m2] = await ours(2);
    updated.length = 0;
    seen.failNext = true;
    const results = await Promise.allSettled([inbound.applyAck(facts, { id: m1!, ack: 3 }), inbound.applyAck(facts, { id: m2!, ack: 3 })]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(await acks([m1!, m2!])).toEqual([1, 1]);
    expect(updated).toEqual([]);
  });
});

describe('the simulated phone', () => {
  it('reports the acks that come due on the same receipt together: one write, then each ack in order', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    try {
      vi.setSystemTime(1_000_000);
      const writes: { id: string; ack: number }[][] = [];
      const store = { received: async () => undefined, setAcks: async (a: { id: string; ack: number }[]) => void writes.push(a) } as unknown as SandboxStore;
      const phone = new SandboxChannel(1, store, { deliveredAfterMs: 5, readAfterMs: 10, receiptsEveryMs: 50 });
      const seen: { id: string; ack: number }[] = [];
      phone.on('ack', async (a) => void seen.push(a));
      for (const id of ['A', 'B', 'C']) await phone.send('5531900000000', { kind: 'text', text: id }, { id });
      await vi.advanceTimersByTimeAsync(49);
      expect(seen).toEqual([]);
      await vi.advanceTimersByTimeAsync(1);
      await vi.waitFor(() => expect(seen).toHaveLength(6));
      expect(writes).toHaveLength(1);
      for (const id of ['A', 'B', 'C']) expect(seen.filter((a) => a.id === id).map((a) => a.ack)).toEqual([3, 4]);
      // Without a grid (tests' timing), each ack on its own time, as before.
      const single = new SandboxChannel(1, store, { deliveredAfterMs: 5, readAfterMs: 10 });
      const alone: number[] = [];
      single.on('ack', async (a) => void alone.push(a.ack));
      writes.length = 0;
      await single.send('5531900000000', { kind: 'text', text: 'D' }, { id: 'D' });
      await vi.advanceTimersByTimeAsync(5);
      await vi.waitFor(() => expect(alone).toEqual([3]));
      await vi.advanceTimersByTimeAsync(5);
      await vi.waitFor(() => expect(alone).toEqual([3, 4]));
      expect(writes).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });
});
