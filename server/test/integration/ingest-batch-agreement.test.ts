/**
 * balcao_ingest_many stores a batch with one statement per table (decision 0357); balcao_ingest
 * stores one message. For the same items, in the same database state, the batch must answer what
 * the single calls answer one after another — item by item, deep-equal once ids and clock times
 * are named by their order of appearance — and leave the same rows. The one documented difference:
 * every item's contact shows the name the whole batch leaves.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../helpers/build-app';
import { createCompany, type TestCompany } from '../helpers/world';
import { uniquePhone } from '../helpers/tenants';
import { callIngest, type IngestArgs, type IngestCall } from '../../src/modules/messages/inbound/inbound';

let app: TestApp;
let co: TestCompany;
beforeAll(async () => {
  app = await createTestApp();
  co = await createCompany(app);
});
afterAll(() => app.close());

let n = 0;
const at = new Date('2026-11-20T12:00:00.000Z');
const item = (number: string, over: Partial<IngestArgs> = {}): IngestArgs => ({
  companyId: co.companyId,
  whatsappId: co.whatsapp.id,
  number,
  name: 'Cliente Lote',
  isGroup: false,
  waMessageId: `BATCH${process.pid}X${++n}`,
  body: `mensagem ${n}`,
  mediaType: null,
  status: 'pending',
  queueId: null,
  at: new Date(at.getTime() + n * 1000),
  raw: null,
  isForwarded: false,
  quotedWaMessageId: null,
  fromMe: false,
  lastMessage: '',
  ...over,
});

const itemJson = (a: IngestArgs) => {
  const { companyId: _c, at: when, raw, ...rest } = a;
  return { ...rest, at: when.toISOString(), raw: raw === null ? null : JSON.parse(raw) };
};

class Rollback extends Error {}

/** Runs `body` in a transaction that is always rolled back; returns what it answered and the rows it left. */
const rolledBack = async (body: (tx: Parameters<Parameters<TestApp['data']['withTenant']>[1]>[0]['tx']) => Promise<IngestCall[]>) => {
  let out: { results: IngestCall[]; rows: unknown[] } | undefined;
  await app.data
    .withTenant({ companyId: co.companyId }, async ({ tx }) => {
      const results = await body(tx);
      const rows = await tx.execute(sql`
        select c.number, c.name, t.status, t.unread_messages, t.last_message, m.wa_message_id, m.body, m.from_me, m.ack, m.read, m.quoted_msg_id is not null as quoted
        from messages m join tickets t on t.id = m.ticket_id join contacts c on c.id = m.contact_id
        where m.company_id = ${co.companyId} order by m.id`);
      out = { results, rows: [...rows] };
      throw new Rollback();
    })
    .catch((err: unknown) => {
      if (!(err instanceof Rollback)) throw err;
    });
  return out!;
};

const one = (items: IngestArgs[]) =>
  rolledBack(async (tx) => {
    const results: IngestCall[] = [];
    for (const a of items) results.push(await callIngest.inTransaction(tx, a));
    return results;
  });

const many = (items: IngestArgs[]) =>
  rolledBack(async (tx) => {
    const rows = await tx.execute<{ r: IngestCall[] }>(sql`select balcao_ingest_many(${co.companyId}::int, ${JSON.stringify(items.map(itemJson))}::jsonb) as r`);
    return rows[0]!.r;
  });

const ID_KEYS = new Set(['id', 'ticketId', 'contactId', 'ticket_id', 'contact_id', 'quoted_msg_id', 'whatsapp_id', 'company_id', 'user_id', 'uuid']);
const TIME_KEYS = new Set(['createdAt', 'updatedAt', 'queuedAt', 'acceptedAt', 'closedAt', 'botAt', 'updated_at']);

/**
 * Ids named by their order of appearance per kind (a ticket's `id`, a contact's, a message's), clock
 * times by whether they are set: two runs, whose sequences differ, then compare.
 */
const normalize = (value: unknown) => {
  const names = new Map<string, string>();
  const walk = (v: unknown, key?: string, parent = ''): unknown => {
    if (Array.isArray(v)) return v.map((x) => walk(x, undefined, parent));
    if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x, k, key ?? parent)]));
    if (key && ID_KEYS.has(key) && v !== null) {
      const kind = key === 'id' ? `${parent}.id` : key;
      const k = `${kind}:${String(v)}`;
      if (!names.has(k)) names.set(k, `${kind}#${[...names.keys()].filter((x) => x.startsWith(`${kind}:`)).length}`);
      return names.get(k);
    }
    if (key && TIME_KEYS.has(key)) return v === null ? null : 'time';
    return v;
  };
  return walk(value);
};

const agree = async (items: IngestArgs[]) => {
  const single = await one(items);
  const batch = await many(items);
  expect(normalize(batch.results)).toStrictEqual(normalize(single.results));
  expect(batch.rows).toStrictEqual(single.rows);
  return batch;
};

describe('balcao_ingest_many answers what balcao_ingest answers, item by item', () => {
  it('a new customer writing three times: one ticket, made by the first, unread 1, 2, 3', async () => {
    const phone = uniquePhone();
    const { results } = await agree([item(phone), item(phone), item(phone)]);
    expect(results.map((r) => r.ticketCreated)).toEqual([true, false, false]);
    expect(results.map((r) => r.ticket!.unreadMessages)).toEqual([1, 2, 3]);
    expect(results.map((r) => r.ticket!.lastMessage)).toEqual(results.map((r) => r.message!.body));
  });

  it('customers interleaved, one known before, with a message the company wrote from the phone between', async () => {
    const known = uniquePhone();
    await callIngest.autocommit(app.data, item(known), () => []);
    const fresh = uniquePhone();
    const { results } = await agree([item(known), item(fresh), item(known, { fromMe: true, name: '' }), item(fresh, { lastMessage: '📷 Imagem', mediaType: 'image' }), item(known)]);
    expect(results.map((r) => r.ticket!.unreadMessages)).toEqual([2, 1, 2, 2, 3]);
    expect(results[2]!.message).toMatchObject({ from_me: true, ack: 2, read: true });
    expect(results[2]!.facts ?? null).toBeNull();
  });

  it('a redelivery of a stored message and a second copy of one id in the batch are duplicates', async () => {
    const phone = uniquePhone();
    const stored = item(phone);
    await callIngest.autocommit(app.data, stored, () => []);
    const twice = item(phone);
    const { results } = await agree([item(phone), { ...stored }, twice, { ...twice }]);
    expect(results.map((r) => r.duplicate)).toEqual([false, true, false, true]);
  });

  it('a push name renames the contact unless a person typed its name; a message without one leaves it', async () => {
    const renamed = uniquePhone();
    const typed = uniquePhone();
    await callIngest.autocommit(app.data, item(renamed, { name: 'Nome Antigo' }), () => []);
    await callIngest.autocommit(app.data, item(typed, { name: 'Nome Antigo' }), () => []);
    await app.owner`update contacts set name = 'Digitado', name_edited = true where company_id = ${co.companyId} and number = ${typed}`;
    const { results } = await agree([item(renamed, { name: 'Nome Novo' }), item(typed, { name: 'Outro Nome' }), item(uniquePhone(), { name: '' })]);
    expect(results.map((r) => r.ticket!.contact.name)).toEqual(['Nome Novo', 'Digitado', results[2]!.ticket!.contact.number]);
  });

  it('the listeners’ facts: a follow-up waiting, a campaign confirmation owed, a group has none', async () => {
    const followed = uniquePhone();
    const first = await callIngest.autocommit(app.data, item(followed), () => []);
    await app.owner`insert into schedules (company_id, body, send_at, contact_id, ticket_id, user_id, status, cancel_on_reply)
      values (${co.companyId}, 'Ainda aí?', now() + interval '1 day', ${first.ticket!.contact.id}, ${first.ticket!.id}, ${co.admin.id}, 'PENDENTE', true)`;
    const { results } = await agree([item(followed), item(uniquePhone()), item(`1203630${Date.now() % 100000}${n}-group`, { isGroup: true })]);
    expect(results[0]!.facts).toMatchObject({ followUps: true, confirmation: false });
    expect(results[1]!.facts).toMatchObject({ followUps: false });
    expect(results[2]!.facts ?? null).toBeNull();
  });

  it('a reply quotes a stored message; a reply to a message of the same batch quotes it too', async () => {
    const phone = uniquePhone();
    const earlier = item(phone);
    await callIngest.autocommit(app.data, earlier, () => []);
    const inBatch = item(phone);
    const { results } = await agree([item(phone, { quotedWaMessageId: earlier.waMessageId }), inBatch, item(phone, { quotedWaMessageId: inBatch.waMessageId })]);
    expect(results[0]!.quoted).toMatchObject({ body: earlier.body });
    expect(results[2]!.quoted).toMatchObject({ body: inBatch.body });
  });

  it('an existing ticket with an agent, a queue and tags keeps them in every item', async () => {
    const phone = uniquePhone();
    const first = await callIngest.autocommit(app.data, item(phone), () => []);
    const { id: queueId } = await co.addQueue();
    const [tag] = await app.owner`insert into tags (company_id, name, color) values (${co.companyId}, ${`lote-${n}`}, '#123456') returning id`;
    await app.owner`insert into ticket_tags (company_id, ticket_id, tag_id) values (${co.companyId}, ${first.ticket!.id}, ${tag!.id})`;
    await app.owner`update tickets set status = 'open', queue_id = ${queueId}, user_id = ${co.admin.id}, accepted_at = now() where id = ${first.ticket!.id}`;
    const { results } = await agree([item(phone), item(phone)]);
    for (const r of results) expect(r.ticket).toMatchObject({ status: 'open', queue: { id: queueId }, user: { id: co.admin.id }, tags: [{ id: tag!.id }] });
  });
});

describe('balcao_ingest_many and a concurrent writer', () => {
  it('a message another transaction stores while the batch waits fails the batch as a whole (BLC02), storing nothing of it', async () => {
    const phone = uniquePhone();
    const raced = item(phone);
    const other = item(uniquePhone());
    let batch: Promise<unknown> | undefined;
    await app.owner.begin(async (a) => {
      await a`select set_config('app.company_id', ${String(co.companyId)}, true)`;
      await a`select balcao_ingest(${co.companyId}::int, ${raced.whatsappId}::int, ${raced.number}, ${raced.name}, false, ${raced.waMessageId}, ${raced.body},
        null, 'pending', null, ${raced.at.toISOString()}::timestamptz, null, false, null, false, '')`;
      batch = many([other, { ...raced }]).then(
        () => 'stored',
        // drizzle wraps the driver's error: PostgreSQL's code is on its cause.
        (err: { code?: string; cause?: { code?: string } }) => err.cause?.code ?? err.code,
      );
      // The batch is waiting on the uncommitted message's unique key before this transaction commits.
      for (;;) {
        const [w] = await app.owner`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and query like '%balcao_ingest_many%'`;
        if (w!.n > 0) break;
        await new Promise((r) => setImmediate(r));
      }
    });
    expect(await batch).toBe('BLC02');
    const [left] = await app.owner`select count(*)::int as n from messages where company_id = ${co.companyId} and wa_message_id = ${other.waMessageId}`;
    expect(left!.n).toBe(0);
  });
});
