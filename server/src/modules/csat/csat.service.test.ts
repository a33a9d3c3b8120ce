/**
 * The satisfaction survey on the sandbox channel (issue 30 §4; decision 0396): asked after an
 * agent's ticket closes, answered 1–5 by number and then a comment, both stored on the closed
 * ticket without reopening it or opening another; anything else, or a lapsed survey, is a new
 * conversation as usual; ratings per agent, queue and period.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CsatRatingsDto, TicketDto } from '@balcao/shared';
import { createTestApp, type TestApp } from '../../../test/helpers/build-app';
import { uniquePhone } from '../../../test/helpers/tenants';
import { api, createCompany, type TestCompany } from '../../../test/helpers/world';

let app: TestApp;
let c: TestCompany;

beforeAll(async () => {
  app = await createTestApp();
  c = await createCompany(app);
  expect((await api(app, c.adminToken).put('/settings/csat', { value: 'enabled' })).status).toBe(200);
});
afterAll(() => app.close());

const ticketsOf = (phone: string) =>
  app.owner<{ id: number; status: string }[]>`select t.id, t.status from tickets t join contacts ct on ct.id = t.contact_id where ct.company_id = ${c.companyId} and ct.number = ${phone} order by t.id`;
const messagesOf = (ticketId: number) => app.owner<{ body: string; from_me: boolean; automated: boolean }[]>`select body, from_me, automated from messages where ticket_id = ${ticketId} order by id`;
const surveyOf = (ticketId: number) =>
  app.owner<{ score: number | null; comment: string | null; open: boolean; user_id: number | null }[]>`select score, comment, open_until is not null as open, user_id from csat_ratings where ticket_id = ${ticketId}`;

/** A customer's ticket an agent (the admin) took and closed; resolves once the survey question went out. */
const closedTicket = async (company = c, phone = uniquePhone()): Promise<{ phone: string; ticket: TicketDto }> => {
  const admin = api(app, company.adminToken);
  expect((await company.inbound(phone, 'Olá, preciso de ajuda')).status).toBe(202);
  let ticket: TicketDto | undefined;
  await vi.waitFor(async () => {
    ticket = (await company.pendingTickets()).find((t) => t.contact.number === phone);
    expect(ticket).toBeDefined();
  });
  expect((await admin.put(`/tickets/${ticket!.id}`, { status: 'open', userId: company.admin.id })).status).toBe(200);
  expect((await admin.put(`/tickets/${ticket!.id}`, { status: 'closed' })).status).toBe(200);
  await app.bus.idle();
  return { phone, ticket: ticket! };
};

const writes = async (phone: string, body: string, company = c) => {
  expect((await company.inbound(phone, body)).status).toBe(202);
};

describe('CSAT on WhatsApp (issue 30 §4)', () => {
  it('asks after close; the score and the comment land on the closed ticket, which stays closed, and no ticket opens', async () => {
    const { phone, ticket } = await closedTicket();
    expect(await surveyOf(ticket.id)).toEqual([{ score: null, comment: null, open: true, user_id: c.admin.id }]);
    expect((await messagesOf(ticket.id)).at(-1)).toMatchObject({ from_me: true, automated: true, body: expect.stringContaining('de 1 a 5') });

    await writes(phone, ' 5 ');
    await vi.waitFor(async () => expect((await surveyOf(ticket.id))[0]?.score).toBe(5));
    // The customer reads the thanks, then comments.
    await vi.waitFor(async () => expect((await messagesOf(ticket.id)).at(-1)?.body).toBe('Obrigado pela sua avaliação! Se quiser, escreva um comentário.'));
    await writes(phone, 'Atendimento excelente, obrigado!');
    await vi.waitFor(async () => expect((await surveyOf(ticket.id))[0]).toMatchObject({ comment: 'Atendimento excelente, obrigado!', open: false }));
    await app.bus.idle();

    expect(await ticketsOf(phone)).toEqual([{ id: ticket.id, status: 'closed' }]);
    const bodies = (await messagesOf(ticket.id)).map((m) => (m.from_me ? `> ${m.body.split('\n')[0]}` : m.body));
    expect(bodies.slice(-5)).toEqual([
      '> Como você avalia o nosso atendimento? Responda com um número de 1 a 5:',
      ' 5 ',
      '> Obrigado pela sua avaliação! Se quiser, escreva um comentário.',
      'Atendimento excelente, obrigado!',
      '> Obrigado pelo seu comentário!',
    ]);

    // The survey is over: the next message is a new conversation.
    await writes(phone, 'Oi de novo');
    await vi.waitFor(async () => expect(await ticketsOf(phone)).toHaveLength(2));
    expect((await ticketsOf(phone))[1]!.status).toBe('pending');
  });

  it('takes anything but a lone 1–5 as a new conversation, and closes the survey unrated', async () => {
    const { phone, ticket } = await closedTicket();
    await writes(phone, '10');
    await vi.waitFor(async () => expect(await ticketsOf(phone)).toHaveLength(2));
    expect(await surveyOf(ticket.id)).toEqual([{ score: null, comment: null, open: false, user_id: c.admin.id }]);
    // A digit after that is an ordinary message of the new ticket.
    await writes(phone, '4');
    await vi.waitFor(async () => expect((await messagesOf((await ticketsOf(phone))[1]!.id)).map((m) => m.body)).toEqual(['10', '4']));
    expect((await surveyOf(ticket.id))[0]!.score).toBeNull();
  });

  it('outside its window the answer opens a new ticket (the survey lapsed)', async () => {
    const { phone, ticket } = await closedTicket();
    await app.owner`update csat_ratings set open_until = now() - interval '1 minute' where ticket_id = ${ticket.id}`;
    await writes(phone, '3');
    await vi.waitFor(async () => expect(await ticketsOf(phone)).toHaveLength(2));
    expect(await surveyOf(ticket.id)).toEqual([{ score: null, comment: null, open: false, user_id: c.admin.id }]);
  });

  it('answers of several customers arriving together each land on their own closed ticket', async () => {
    const a = await closedTicket();
    const b = await closedTicket();
    await Promise.all([writes(a.phone, '2'), writes(b.phone, '4')]);
    // Waited for up to 10 s: on a loaded machine the two answers' listeners take longer than the default second.
    await vi.waitFor(async () => expect([(await surveyOf(a.ticket.id))[0]?.score, (await surveyOf(b.ticket.id))[0]?.score]).toEqual([2, 4]), { timeout: 10_000, interval: 50 });
    expect(await ticketsOf(a.phone)).toHaveLength(1);
    expect(await ticketsOf(b.phone)).toHaveLength(1);
  });

  it('asks nothing when the company has not enabled it, or while the spec’s own rating asks', async () => {
    const other = await createCompany(app);
    const off = await closedTicket(other);
    expect(await surveyOf(off.ticket.id)).toEqual([]);
    const admin = api(app, other.adminToken);
    await admin.put('/settings/csat', { value: 'enabled' });
    await admin.put('/settings/userRating', { value: 'enabled' });
    const spec = await closedTicket(other);
    expect(await surveyOf(spec.ticket.id)).toEqual([]);
  });

  it('reads the ratings per agent, queue and period; only for who sees the dashboard', async () => {
    const d = await createCompany(app);
    const admin = api(app, d.adminToken);
    await admin.put('/settings/csat', { value: 'enabled' });
    for (const score of ['5', '3']) {
      const { phone, ticket } = await closedTicket(d);
      await writes(phone, score, d);
      await vi.waitFor(async () => expect((await surveyOf(ticket.id))[0]?.score).toBe(Number(score)));
    }
    const r = await admin.get<CsatRatingsDto>('/csat/ratings');
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ count: 2, average: 4, distribution: [0, 0, 1, 0, 1], byAgent: [{ userId: d.admin.id, count: 2, average: 4 }], byQueue: [{ queueId: null, count: 2, average: 4 }] });
    expect((await admin.get<CsatRatingsDto>(`/csat/ratings?userId=${d.admin.id + 100000}`)).body.count).toBe(0);
    expect((await admin.get<CsatRatingsDto>('/csat/ratings?from=2020-01-01&to=2020-01-31')).body.count).toBe(0);
    const { token } = await d.addUser({ profile: 'user' });
    expect((await api(app, token).get('/csat/ratings')).status).toBe(403);
  });
});
