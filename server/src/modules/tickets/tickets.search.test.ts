import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TICKET_PAGE_SIZE, type ListTicketsResponse, type TicketDto } from '@balcao/shared';
import { createTestApp, type TestApp } from '../../../test/helpers/build-app';
import { api, createCompany, type TestCompany } from '../../../test/helpers/world';

/** GET /tickets?searchParam= and the tag and user filters (issue 10; decisions 0071, 0072). */
let app: TestApp;
let a: TestCompany;
let n = 0;

beforeAll(async () => {
  app = await createTestApp();
  a = await createCompany(app);
});
afterAll(() => app.close());

const admin = () => api(app, a.adminToken);
const phone = () => `55219${String(2_000_000 + ++n).padStart(8, '0')}`;
/** A customer writes (with a name); returns their pending ticket. */
const ticketFrom = async (body: string, name = 'Cliente'): Promise<TicketDto> => {
  const from = phone();
  await a.inbound(from, body, { name });
  return (await a.pendingTickets()).find((t) => t.contact.number === from)!;
};
const search = async (token: string, term: string, extra = ''): Promise<ListTicketsResponse> => {
  const r = await api(app, token).get<ListTicketsResponse>(`/tickets?searchParam=${encodeURIComponent(term)}&showAll=true${extra}`);
  expect(r.status).toBe(200);
  return r.body;
};
const ids = (r: ListTicketsResponse) => r.tickets.map((t) => t.id);

describe('GET /tickets?searchParam=', () => {
  it('finds a word inside any message of the ticket, accents and case aside, also as the start of a word', async () => {
    const t = await ticketFrom('Bom dia');
    await a.inbound(t.contact.number, 'Preciso da AÇÃO de cobrança do mês passado');
    await a.inbound(t.contact.number, 'obrigado');
    const other = await ticketFrom('nada a ver');
    for (const term of ['acao', 'Ação', 'cobranca', 'COBRANÇA', 'cobr', 'acao cobranca', 'Bom dia']) {
      const r = await search(a.adminToken, term);
      expect(ids(r), term).toContain(t.id);
      expect(ids(r), term).not.toContain(other.id);
    }
    // Every word must be there (in one message), not any of them.
    expect(ids(await search(a.adminToken, 'acao inexistente'))).not.toContain(t.id);
    // The first message, not only the last one.
    expect(ids(await search(a.adminToken, 'dia'))).toContain(t.id);
  });

  it('finds by the contact name (any part, accents aside) and by digits of the number', async () => {
    const t = await ticketFrom('oi', 'Conceição Brandão');
    expect(ids(await search(a.adminToken, 'conceicao'))).toContain(t.id);
    expect(ids(await search(a.adminToken, 'ão Bran'))).toContain(t.id);
    expect(ids(await search(a.adminToken, t.contact.number.slice(-7)))).toContain(t.id);
    expect(ids(await search(a.adminToken, `(21) ${t.contact.number.slice(-9, -4)}-${t.contact.number.slice(-4)}`))).toContain(t.id);
    expect(ids(await search(a.adminToken, 'Brandao Conceicao'))).not.toContain(t.id);
  });

  it('lists a ticket found by its contact and by several messages once, and counts it once', async () => {
    const word = `girafa${Date.now()}`;
    const t = await ticketFrom(`${word} uma`, `Loja ${word}`);
    await a.inbound(t.contact.number, `${word} duas`);
    const r = await search(a.adminToken, word);
    expect(ids(r)).toEqual([t.id]);
    expect(r).toMatchObject({ count: 1, hasMore: false });
  });

  it('treats LIKE and tsquery operators as text', async () => {
    const t = await ticketFrom('desconto de 100% & frete!', 'Loja_Teste');
    for (const term of ['100%', '&', '!', ':*', "o'", '\\', '%', '_', '|', 'frete & |']) {
      const r = await api(app, a.adminToken).get<ListTicketsResponse>(`/tickets?searchParam=${encodeURIComponent(term)}&showAll=true`);
      expect(r.status, term).toBe(200);
    }
    expect(ids(await search(a.adminToken, '%'))).not.toContain(-1);
    expect(ids(await search(a.adminToken, 'Loja_T'))).toContain(t.id);
    // '_' is a character, not "any character".
    expect(ids(await search(a.adminToken, 'Loja_X'))).not.toContain(t.id);
    expect(ids(await search(a.adminToken, 'LojaXTeste'))).not.toContain(t.id);
  });

  it('finds only the tickets the user may see, in every status', async () => {
    const q1 = await a.addQueue();
    const q2 = await a.addQueue();
    const { user, token } = await a.addUser({ queueIds: [q1.id] });
    const word = `zebra${Date.now()}`;
    const mine = await ticketFrom(`${word} um`);
    const inMyQueue = await ticketFrom(`${word} dois`);
    const otherQueue = await ticketFrom(`${word} três`);
    const othersOwn = await ticketFrom(`${word} quatro`);
    const closed = await ticketFrom(`${word} cinco`);
    await admin().put(`/tickets/${mine.id}`, { status: 'open', userId: user.id, queueId: q2.id });
    await admin().put(`/tickets/${inMyQueue.id}`, { queueId: q1.id });
    await admin().put(`/tickets/${otherQueue.id}`, { queueId: q2.id });
    await admin().put(`/tickets/${othersOwn.id}`, { status: 'open', userId: a.admin.id, queueId: q1.id });
    await admin().put(`/tickets/${closed.id}`, { status: 'open', userId: user.id, queueId: q1.id });
    await admin().put(`/tickets/${closed.id}`, { status: 'closed' });
    const seen = await search(token, word);
    expect(ids(seen).sort()).toEqual([mine.id, inMyQueue.id, closed.id].sort());
    expect(seen.count).toBe(3);
    // showAll is the admins' (search always sends it): without it the user's answer is the same.
    const plain = await api(app, token).get<ListTicketsResponse>(`/tickets?searchParam=${word}`);
    expect(ids(plain.body).sort()).toEqual(ids(seen).sort());
    expect(ids(await search(a.adminToken, word))).toHaveLength(5);
  });

  it('pages agree with the count: every match once, newest first, hasMore until the last page', async () => {
    const word = `paginas${Date.now()}`;
    const total = TICKET_PAGE_SIZE * 2 + 3;
    const made: number[] = [];
    for (let i = 0; i < total; i += 1) made.push((await ticketFrom(`${word} ${i}`)).id);
    // Tickets updated at distinct instants (the list's order), some with the word twice.
    await app.owner`update tickets set updated_at = now() - (id * interval '1 second') where id = any(${made})`;
    for (const id of made.slice(0, 3)) await app.owner`update messages set body = body || ' ' || ${word} where ticket_id = ${id}`;
    const seen: number[] = [];
    for (let page = 1; ; page += 1) {
      const r = await search(a.adminToken, word, `&pageNumber=${page}`);
      expect(r.count).toBe(total);
      seen.push(...ids(r));
      if (!r.hasMore) break;
      expect(r.tickets).toHaveLength(TICKET_PAGE_SIZE);
    }
    expect(seen).toEqual([...made].sort((x, y) => x - y));
    const beyond = await search(a.adminToken, word, '&pageNumber=9');
    expect(beyond).toMatchObject({ tickets: [], hasMore: false, count: total });
  });
});

describe('balcao_search_tickets (the candidates, run as the owner)', () => {
  it("answers only the transaction's company's tickets, and nothing without one", async () => {
    const t = await ticketFrom('girassol amarelo');
    const other = await createCompany(app);
    const call = (company: number | null) =>
      app.owner.begin(async (tx) => {
        if (company !== null) await tx`select set_config('app.company_id', ${String(company)}, true)`;
        return (await tx`select balcao_search_tickets('girassol:*', '%girassol%', '') as id`).map((r) => r.id as number);
      });
    expect(await call(a.companyId)).toContain(t.id);
    expect(await call(other.companyId)).toEqual([]);
    expect(await call(null)).toEqual([]);
  });
});

describe('GET /tickets filters', () => {
  const tag = async (name: string) => (await app.owner`insert into tags (company_id, name) values (${a.companyId}, ${name}) returning id`)[0]!.id as number;
  const tagTicket = (ticketId: number, tagId: number) => app.owner`insert into ticket_tags (company_id, ticket_id, tag_id) values (${a.companyId}, ${ticketId}, ${tagId})`;

  it('tags: tickets carrying every tag asked for, as a JSON array or a list', async () => {
    const [red, blue] = [await tag('Vermelho'), await tag('Azul')];
    const both = await ticketFrom('etiquetas');
    const onlyRed = await ticketFrom('etiquetas');
    const none = await ticketFrom('etiquetas');
    await tagTicket(both.id, red);
    await tagTicket(both.id, blue);
    await tagTicket(onlyRed.id, red);
    const list = async (q: string) => ids((await admin().get<ListTicketsResponse>(`/tickets?showAll=true&${q}`)).body);
    expect((await list(`tags=${encodeURIComponent(JSON.stringify([red]))}`)).sort()).toEqual([both.id, onlyRed.id].sort());
    expect(await list(`tags=${encodeURIComponent(JSON.stringify([red, blue]))}`)).toEqual([both.id]);
    expect(await list(`tags=${red},${blue},${red}`)).toEqual([both.id]);
    expect(await list(`tags=[${blue}]&searchParam=etiquetas`)).toEqual([both.id]);
    expect(await list('tags=[]&searchParam=etiquetas')).toEqual(expect.arrayContaining([both.id, onlyRed.id, none.id]));
  });

  it("users: an admin's filter lists those users' tickets; anyone else's is ignored", async () => {
    const q = await a.addQueue();
    const ana = await a.addUser({ queueIds: [q.id] });
    const bia = await a.addUser({ queueIds: [q.id] });
    const word = `usuarios${Date.now()}`;
    const ofAna = await ticketFrom(word);
    const ofBia = await ticketFrom(word);
    const waiting = await ticketFrom(word);
    await admin().put(`/tickets/${ofAna.id}`, { status: 'open', userId: ana.user.id, queueId: q.id });
    await admin().put(`/tickets/${ofBia.id}`, { status: 'open', userId: bia.user.id, queueId: q.id });
    await admin().put(`/tickets/${waiting.id}`, { queueId: q.id });
    expect(ids(await search(a.adminToken, word, `&users=${encodeURIComponent(JSON.stringify([ana.user.id]))}`))).toEqual([ofAna.id]);
    expect(ids(await search(a.adminToken, word, `&users=[${ana.user.id},${bia.user.id}]`)).sort()).toEqual([ofAna.id, ofBia.id].sort());
    // Bia asking for Ana's tickets gets her usual list (her own and the queue's waiting one).
    expect(ids(await search(bia.token, word, `&users=[${ana.user.id}]`)).sort()).toEqual([ofBia.id, waiting.id].sort());
  });
});
