/**
 * One contact identity (issue 29 §5; decisions 0420–0422) on real PostgreSQL: a customer is one
 * contact whether a message names them by phone, by Baileys LID, by Cloud business-scoped user id
 * or by username; what links two existing contacts merges them (every owner's rows moved, one
 * audit row); 50 concurrent arrivals by different identifiers leave one contact; and a company's
 * mapping never touches another company. Messages go through the inbound pipeline as the channels
 * hand them over (`ingest`, and the Baileys `identity` event through `attachChannel`).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/build-app';
import { createCompany, type TestCompany } from '../../../test/helpers/world';
import { createInbound, type ConnectionFacts } from '../messages/inbound/inbound';
import { applyPresence } from '../messages/inbound/inbound-presence';
import { ChannelEmitter, type IdentityKind, type InboundMessage, type SenderIds, type WhatsAppChannel } from '../whatsapp';
import { createIdentityLearner } from './identities.service';

let app: TestApp;
let inbound: ReturnType<typeof createInbound>;
/** The statements the application's connections run in one piece of work's asynchronous context. */
const origin = new AsyncLocalStorage<string[]>();
beforeAll(async () => {
  app = await createTestApp({ onStatement: (q) => void origin.getStore()?.push(q.replace(/\s+/g, ' ').trim().slice(0, 40)) });
  inbound = createInbound(app.data, undefined, undefined, undefined, createIdentityLearner(app.data));
});
afterAll(async () => {
  await app.close();
});

let n = 0;
const seq = () => `${process.pid % 1000}`.padStart(3, '0') + String(++n).padStart(5, '0');
/** One customer's four identifiers, unique in this run. */
const customer = () => {
  const s = seq();
  return { phone: `5561988${s.slice(-6)}`, lid: `2071${s}0000123`, cloudUserId: `BR.1502${s}7731`, username: `cliente.${s}` };
};

const connectionOf = async (c: TestCompany, provider: 'baileys' | 'cloud'): Promise<ConnectionFacts> => {
  const [row] = await app.owner`insert into whatsapps (company_id, name, provider) values (${c.companyId}, ${`${provider} ${seq()}`}, ${provider}) returning id`;
  return { id: row!.id as number, companyId: c.companyId, queueIds: [] };
};

let waId = 0;
const message = (from: string, over: { fromKind?: IdentityKind; identities?: SenderIds; body?: string } = {}): InboundMessage => ({
  id: `ID${process.pid}X${++waId}`,
  from,
  pushName: 'Cliente',
  timestamp: new Date(),
  body: over.body ?? `mensagem ${waId}`,
  isGroup: false,
  fromMe: false,
  ...(over.fromKind ? { fromKind: over.fromKind } : {}),
  ...(over.identities ? { identities: over.identities } : {}),
});

const arrive = async (conn: ConnectionFacts, m: InboundMessage) => {
  const r = await inbound.ingest(conn, m);
  expect(r.outcome).toBe('stored');
  return r as { outcome: 'stored'; messageId: number; ticketId: number };
};

/** The company's contacts any of the customer's identifiers names (as a number or through a mapping). */
const contactsOf = async (companyId: number, ids: Partial<ReturnType<typeof customer>>) => {
  const values = Object.values(ids).filter((v): v is string => !!v);
  const rows = await app.owner`select distinct c.id, c.number from contacts c left join contact_identities i on i.contact_id = c.id
    where c.company_id = ${companyId} and (c.number = any(${values}) or i.value = any(${values})) order by c.id`;
  return rows.map((r) => ({ id: r.id as number, number: r.number as string }));
};
const contactOfMessage = async (messageId: number) => (await app.owner`select contact_id from messages where id = ${messageId}`)[0]!.contact_id as number;
const identitiesOf = async (contactId: number) =>
  (await app.owner`select kind, value from contact_identities where contact_id = ${contactId} order by kind`).map((r) => `${r.kind}:${r.value}`);

describe('one contact whatever a message names the customer by', () => {
  let c: TestCompany;
  let baileys: ConnectionFacts;
  let cloud: ConnectionFacts;
  beforeAll(async () => {
    c = await createCompany(app);
    baileys = await connectionOf(c, 'baileys');
    cloud = await connectionOf(c, 'cloud');
  });

  it('phone first, then LID: the pair a message carries maps the LID, and a message by the LID alone reaches the same contact and ticket', async () => {
    const x = customer();
    const first = await arrive(baileys, message(x.phone));
    await arrive(baileys, message(x.phone, { identities: { phone: x.phone, lid: x.lid } }));
    const byLid = await arrive(baileys, message(x.lid, { fromKind: 'lid' }));
    expect(byLid.ticketId).toBe(first.ticketId);
    const contacts = await contactsOf(c.companyId, x);
    expect(contacts).toEqual([{ id: await contactOfMessage(first.messageId), number: x.phone }]);
    expect(await identitiesOf(contacts[0]!.id)).toEqual([`lid:${x.lid}`]);
  });

  it('LID first, then phone (Baileys learns the pair): the contact known by its LID takes the phone as its number, audited; both names then reach it', async () => {
    const x = customer();
    const first = await arrive(baileys, message(x.lid, { fromKind: 'lid' }));
    const id = await contactOfMessage(first.messageId);
    expect(await contactsOf(c.companyId, x)).toEqual([{ id, number: x.lid }]);

    // lid-mapping.update, as the Baileys adapter hands it over.
    const emitter = new ChannelEmitter();
    const off = inbound.attachChannel(emitter as unknown as WhatsAppChannel, baileys);
    await emitter.emit('identity', { phone: x.phone, lid: x.lid });
    off();
    expect(await contactsOf(c.companyId, x)).toEqual([{ id, number: x.phone }]);
    const [audit] = await app.owner`select user_id, before, after from audit_logs where company_id = ${c.companyId} and entity = 'contact' and entity_id = ${String(id)}`;
    expect([audit!.user_id, audit!.before, audit!.after]).toEqual([null, { number: x.lid }, { number: x.phone }]);

    expect((await arrive(baileys, message(x.phone))).ticketId).toBe(first.ticketId);
    expect((await arrive(baileys, message(x.lid, { fromKind: 'lid' }))).ticketId).toBe(first.ticketId);
    expect(await contactsOf(c.companyId, x)).toEqual([{ id, number: x.phone }]);
  });

  it('Cloud user id with the phone: the phone keys the contact and the user id (and username) map to it; a later message by user id alone or username alone is the same contact', async () => {
    const x = customer();
    const first = await arrive(cloud, message(x.phone, { identities: { phone: x.phone, cloudUserId: x.cloudUserId, username: x.username } }));
    const id = await contactOfMessage(first.messageId);
    expect(await identitiesOf(id)).toEqual([`cloud_user_id:${x.cloudUserId}`, `username:${x.username}`]);
    expect((await arrive(cloud, message(x.cloudUserId, { fromKind: 'cloud_user_id' }))).ticketId).toBe(first.ticketId);
    expect((await arrive(cloud, message(x.username, { fromKind: 'username' }))).ticketId).toBe(first.ticketId);
    expect(await contactsOf(c.companyId, x)).toEqual([{ id, number: x.phone }]);
  });

  it('Cloud user id without the phone: the user id keys a contact of its own until a message names both, then the two are one (the phone holder kept)', async () => {
    const x = customer();
    const byUser = await arrive(cloud, message(x.cloudUserId, { fromKind: 'cloud_user_id' }));
    expect(await contactsOf(c.companyId, x)).toEqual([{ id: await contactOfMessage(byUser.messageId), number: x.cloudUserId }]);
    expect((await arrive(cloud, message(x.cloudUserId, { fromKind: 'cloud_user_id' }))).ticketId).toBe(byUser.ticketId);

    const both = await arrive(cloud, message(x.phone, { identities: { phone: x.phone, cloudUserId: x.cloudUserId } }));
    const keep = await contactOfMessage(both.messageId);
    expect(await contactsOf(c.companyId, x)).toEqual([{ id: keep, number: x.phone }]);
    // Both messages on the one contact; its two live tickets on one connection became one live and one closed as history.
    expect((await app.owner`select count(*)::int as n from messages where contact_id = ${keep}`)[0]!.n).toBe(3);
    expect((await app.owner`select status from tickets where contact_id = ${keep} order by id`).map((t) => t.status).filter((s) => s !== 'closed')).toHaveLength(1);
    expect((await arrive(cloud, message(x.cloudUserId, { fromKind: 'cloud_user_id' }))).ticketId).not.toBe(undefined);
    expect(await contactsOf(c.companyId, x)).toEqual([{ id: keep, number: x.phone }]);
  });

  it('username: a contact known only by its username joins the contact of the user id that names it; a username that changed hands moves without merging', async () => {
    const x = customer();
    const byName = await arrive(cloud, message(x.username, { fromKind: 'username' }));
    const named = await contactOfMessage(byName.messageId);
    await arrive(cloud, message(x.cloudUserId, { fromKind: 'cloud_user_id', identities: { cloudUserId: x.cloudUserId, username: x.username } }));
    expect(await contactsOf(c.companyId, { cloudUserId: x.cloudUserId, username: x.username })).toEqual([{ id: named, number: x.username }]);
    expect(await identitiesOf(named)).toEqual([`cloud_user_id:${x.cloudUserId}`, `username:${x.username}`]);

    // Another person now has that username: it follows them; the first customer stays whole.
    const y = customer();
    const other = await arrive(cloud, message(y.cloudUserId, { fromKind: 'cloud_user_id', identities: { cloudUserId: y.cloudUserId, username: x.username } }));
    const otherId = await contactOfMessage(other.messageId);
    expect(otherId).not.toBe(named);
    expect(await identitiesOf(named)).toEqual([`cloud_user_id:${x.cloudUserId}`]);
    expect(await identitiesOf(otherId)).toEqual([`cloud_user_id:${y.cloudUserId}`, `username:${x.username}`]);
    expect((await app.owner`select count(*)::int as n from contacts where id = ${named}`)[0]!.n).toBe(1);
  });
});

describe("a LID's typing and calls", () => {
  it("reach the live ticket of the contact the LID is mapped to; an unknown LID's reach nothing", async () => {
    const c = await createCompany(app);
    const conn = await connectionOf(c, 'baileys');
    const x = customer();
    const live = await arrive(conn, message(x.phone, { identities: { phone: x.phone, lid: x.lid } }));
    expect(await applyPresence(app.data, conn, { from: x.lid, fromKind: 'lid', presence: 'composing' })).toBe(true);
    expect(await inbound.handleCall(conn, { id: `CALL${seq()}`, from: x.lid, fromKind: 'lid', isVideo: false, at: new Date() })).toMatchObject({ outcome: 'logged', ticketId: live.ticketId });
    const stranger = customer();
    expect(await applyPresence(app.data, conn, { from: stranger.lid, fromKind: 'lid', presence: 'composing' })).toBe(false);
    expect(await inbound.handleCall(conn, { id: `CALL${seq()}`, from: stranger.lid, fromKind: 'lid', isVideo: false, at: new Date() })).toMatchObject({ outcome: 'ignored' });
  });
});

describe('a mapping that links two existing contacts merges them', () => {
  it('moves tickets, messages, notes and tags to the phone holder, leaves nothing at the dropped one, and writes one audit row', async () => {
    const c = await createCompany(app);
    // Two numbers of the company, so both tickets stay live after the merge (one per connection).
    const conn = await connectionOf(c, 'baileys');
    const second = await connectionOf(c, 'baileys');
    const x = customer();
    const byPhone = await arrive(conn, message(x.phone, { body: 'pelo telefone' }));
    const byLid = await arrive(second, message(x.lid, { fromKind: 'lid', body: 'pelo LID' }));
    const [keep, drop] = [await contactOfMessage(byPhone.messageId), await contactOfMessage(byLid.messageId)];
    expect(keep).not.toBe(drop);
    const [tag] = await app.owner`insert into tags (company_id, name) values (${c.companyId}, ${`VIP ${seq()}`}) returning id`;
    for (const [contactId, ticketId] of [[keep, byPhone.ticketId], [drop, byLid.ticketId]] as const) {
      await app.owner`insert into ticket_notes (company_id, ticket_id, contact_id, note) values (${c.companyId}, ${ticketId}, ${contactId}, ${`nota ${contactId}`})`;
      await app.owner`insert into contact_tags (company_id, contact_id, tag_id) values (${c.companyId}, ${contactId}, ${tag!.id})`;
    }
    const pointing = async (id: number) =>
      (await app.owner`select (select count(*)::int from tickets where contact_id = ${id}) as tickets, (select count(*)::int from messages where contact_id = ${id}) as messages,
        (select count(*)::int from ticket_notes where contact_id = ${id}) as notes, (select count(*)::int from contact_tags where contact_id = ${id}) as tags`)[0];

    await arrive(conn, message(x.phone, { identities: { phone: x.phone, lid: x.lid }, body: 'os dois' }));

    expect(await pointing(drop)).toEqual({ tickets: 0, messages: 0, notes: 0, tags: 0 });
    expect(await pointing(keep)).toEqual({ tickets: 2, messages: 3, notes: 2, tags: 1 });
    expect(await contactsOf(c.companyId, x)).toEqual([{ id: keep, number: x.phone }]);
    expect(await identitiesOf(keep)).toEqual([`lid:${x.lid}`]);
    const audits = await app.owner`select user_id, before, after from audit_logs where company_id = ${c.companyId} and entity = 'contact' and entity_id = ${String(keep)}`;
    expect(audits).toHaveLength(1);
    expect([audits[0]!.user_id, audits[0]!.before.merged, audits[0]!.after.merged]).toEqual([null, { id: drop, name: 'Cliente', number: x.lid }, { id: drop, tickets: 1, closedTickets: [], messages: 1 }]);
  });
});

describe('50 concurrent arrivals of one customer by different identifiers', () => {
  it('leave exactly one contact, holding every message, with every identifier mapped to it', async () => {
    const c = await createCompany(app);
    const baileys = await connectionOf(c, 'baileys');
    const cloud = await connectionOf(c, 'cloud');
    const x = customer();
    const shapes: [ConnectionFacts, () => InboundMessage][] = [
      [baileys, () => message(x.phone)],
      [baileys, () => message(x.lid, { fromKind: 'lid' })],
      [baileys, () => message(x.phone, { identities: { phone: x.phone, lid: x.lid } })],
      [cloud, () => message(x.cloudUserId, { fromKind: 'cloud_user_id' })],
      [cloud, () => message(x.phone, { identities: { phone: x.phone, cloudUserId: x.cloudUserId, username: x.username } })],
      [cloud, () => message(x.username, { fromKind: 'username' })],
      [cloud, () => message(x.cloudUserId, { fromKind: 'cloud_user_id', identities: { cloudUserId: x.cloudUserId, username: x.username } })],
    ];
    // Each shape at least once, and the first ones in the worst order: LID, user id and username alone before any pair.
    const order = [1, 3, 5, ...Array.from({ length: 47 }, (_, i) => (i * 5 + 2) % shapes.length)];
    const results = await Promise.all(order.map((i) => inbound.ingest(shapes[i]![0], shapes[i]![1]())));
    expect(results.every((r) => r.outcome === 'stored')).toBe(true);

    const contacts = await contactsOf(c.companyId, x);
    expect(contacts).toEqual([{ id: contacts[0]!.id, number: x.phone }]);
    const [{ count }] = (await app.owner`select count(*)::int as count from messages where company_id = ${c.companyId} and contact_id = ${contacts[0]!.id}`) as unknown as [{ count: number }];
    expect(count).toBe(50);
    expect((await app.owner`select count(*)::int as n from contacts where company_id = ${c.companyId}`)[0]!.n).toBe(1);
    expect(await identitiesOf(contacts[0]!.id)).toEqual([`cloud_user_id:${x.cloudUserId}`, `lid:${x.lid}`, `username:${x.username}`]);
    // One live ticket per connection.
    expect((await app.owner`select count(*)::int as n from tickets where contact_id = ${contacts[0]!.id} and status <> 'closed'`)[0]!.n).toBe(2);
  });
});

describe('a LID learned from Baileys while the customer writes by phone and by LID at once', () => {
  it('ends with one contact keyed by the phone, every message on it (the phone taken by a concurrent arrival is learned again)', async () => {
    for (let round = 0; round < 3; round++) {
      const c = await createCompany(app);
      const conn = await connectionOf(c, 'baileys');
      const x = customer();
      // The customer is known by LID only, then everything happens together: 24 by LID, 24 by phone, Baileys' lid-mapping.update.
      await arrive(conn, message(x.lid, { fromKind: 'lid' }));
      const emitter = new ChannelEmitter();
      const off = inbound.attachChannel(emitter as unknown as WhatsAppChannel, conn);
      const work: Promise<unknown>[] = [];
      for (let i = 0; i < 49; i++) {
        if (i === 12) work.push(emitter.emit('identity', { phone: x.phone, lid: x.lid }));
        else work.push(arrive(conn, i % 2 ? message(x.phone) : message(x.lid, { fromKind: 'lid' })));
      }
      await Promise.all(work);
      off();
      const contacts = await contactsOf(c.companyId, x);
      expect(contacts).toEqual([{ id: contacts[0]!.id, number: x.phone }]);
      expect((await app.owner`select count(*)::int as n from messages where company_id = ${c.companyId} and contact_id = ${contacts[0]!.id}`)[0]!.n).toBe(49);
      // The LID now reaches the phone's contact.
      expect(await contactOfMessage((await arrive(conn, message(x.lid, { fromKind: 'lid' }))).messageId)).toBe(contacts[0]!.id);
    }
  });
});

describe('isolation', () => {
  it("a mapping in company A never touches company B: B's contacts with the same phone, LID and user id stay B's own and apart", async () => {
    const [a, b] = [await createCompany(app), await createCompany(app)];
    const [ca, cb] = [await connectionOf(a, 'baileys'), await connectionOf(b, 'baileys')];
    const x = customer();
    const bPhone = await contactOfMessage((await arrive(cb, message(x.phone))).messageId);
    const bLid = await contactOfMessage((await arrive(cb, message(x.lid, { fromKind: 'lid' }))).messageId);
    await arrive(ca, message(x.lid, { fromKind: 'lid' }));
    await arrive(ca, message(x.phone, { identities: { phone: x.phone, lid: x.lid, cloudUserId: x.cloudUserId } }));

    expect(await contactsOf(a.companyId, x)).toHaveLength(1);
    expect(await contactsOf(b.companyId, x)).toEqual([
      { id: bPhone, number: x.phone },
      { id: bLid, number: x.lid },
    ]);
    expect((await app.owner`select count(*)::int as n from contact_identities where company_id = ${b.companyId}`)[0]!.n).toBe(0);
    // B's LID message still goes to B's own LID contact, not through A's mapping.
    expect(await contactOfMessage((await arrive(cb, message(x.lid, { fromKind: 'lid' }))).messageId)).toBe(bLid);
    expect((await app.owner`select count(*)::int as n from audit_logs where company_id = ${b.companyId} and entity = 'contact'`)[0]!.n).toBe(0);
  });
});

describe('the cost on the hot path (decision 0422)', () => {
  const counted = async (work: () => Promise<unknown>) => {
    const statements: string[] = [];
    await origin.run(statements, work);
    return statements;
  };

  it("a customer's first pair costs one learning transaction; their next messages by phone with it, or by LID alone, one statement each", async () => {
    const c = await createCompany(app);
    const conn = await connectionOf(c, 'baileys');
    const x = customer();
    await arrive(conn, message(x.phone));
    const pair = { identities: { phone: x.phone, lid: x.lid } };
    const first = await counted(() => arrive(conn, message(x.phone, pair)));
    expect(first[0]).toMatch(/^select balcao_ingest\(/);
    expect(first.length).toBeGreaterThan(1);
    expect(await counted(() => arrive(conn, message(x.phone, pair)))).toEqual([expect.stringMatching(/^select balcao_ingest\(/)]);
    expect(await counted(() => arrive(conn, message(x.lid, { fromKind: 'lid' })))).toEqual([expect.stringMatching(/^select balcao_ingest_many_as\(/)]);
    expect(await counted(() => arrive(conn, message(x.phone)))).toEqual([expect.stringMatching(/^select balcao_ingest\(/)]);
  });
});
