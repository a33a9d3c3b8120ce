import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MessageDto, TicketDto } from '@balcao/shared';
import { createTestApp, type TestApp } from '../helpers/build-app';
import { api, createCompany, type TestCompany } from '../helpers/world';

/**
 * The desktop outbox (issue 16 §4; decision 0307): a message typed offline is posted with the
 * device's client id, maybe more than once (a lost answer, two reconnects at once). The customer
 * gets it once: one row, one 'message.send' job, the same message in every answer.
 */
let app: TestApp;
let a: TestCompany;
let n = 0;

beforeAll(async () => {
  app = await createTestApp();
  a = await createCompany(app);
});
afterAll(() => app.close());

const admin = () => api(app, a.adminToken);
const acceptedTicket = async (): Promise<TicketDto> => {
  const from = `55219${String(3_000_000 + ++n).padStart(8, '0')}`;
  await a.inbound(from, 'Oi');
  const t = (await a.pendingTickets()).find((x) => x.contact.number === from)!;
  return (await admin().put<TicketDto>(`/tickets/${t.id}`, { status: 'open', userId: a.admin.id })).body;
};

const rowsWith = async (clientId: string) =>
  (await app.owner<{ id: number }[]>`select id from messages where company_id = ${a.companyId} and client_id = ${clientId}`).map((r) => r.id);

const sendJobs = async (messageIds: number[]) =>
  (await app.owner<{ n: number }[]>`select count(*)::int as n from pgboss.job where name = 'message.send' and (data->>'messageId')::int = any(${messageIds}::int[])`)[0]!.n;

const delivered = async (to: string) =>
  (await admin().get<{ body: string; ack: number }[]>(`/sandbox/connections/${a.whatsapp.id}/outbox?to=${to}`)).body;

describe('POST /messages/:ticketId with a client id', () => {
  it('the same client id twice stores one message, queues one send and answers the same message', async () => {
    const t = await acceptedTicket();
    const clientId = randomUUID();
    const first = await admin().post<MessageDto>(`/messages/${t.id}`, { body: 'primeira', clientId });
    const second = await admin().post<MessageDto>(`/messages/${t.id}`, { body: 'primeira', clientId });
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(second.body.id).toBe(first.body.id);
    expect(await rowsWith(clientId)).toEqual([first.body.id]);
    expect(await sendJobs([first.body.id])).toBe(1);
    // Without a client id nothing changes: two posts are two messages.
    const x = await admin().post<MessageDto>(`/messages/${t.id}`, { body: 'sem id' });
    const y = await admin().post<MessageDto>(`/messages/${t.id}`, { body: 'sem id' });
    expect(x.body.id).not.toBe(y.body.id);
  });

  it('concurrent retries with one client id: one row, one send job', async () => {
    const t = await acceptedTicket();
    const clientId = randomUUID();
    const answers = await Promise.all(Array.from({ length: 4 }, () => admin().post<MessageDto>(`/messages/${t.id}`, { body: 'ao mesmo tempo', clientId })));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    const ids = new Set(answers.map((r) => r.body.id));
    expect(ids.size).toBe(1);
    expect(await rowsWith(clientId)).toEqual([...ids]);
    expect(await sendJobs([...ids])).toBe(1);
  });

  it('a lost answer retried after the customer got the message does not send it again', async () => {
    const t = await acceptedTicket();
    const clientId = randomUUID();
    // The answer never reached the device: it only knows it posted.
    await admin().post(`/messages/${t.id}`, { body: 'chegou?', clientId });
    await expect.poll(async () => (await delivered(t.contact.number)).filter((m) => m.body === 'chegou?' && m.ack >= 3).length, { timeout: 10_000 }).toBe(1);
    // Meanwhile the ticket was even closed: the retry still answers the stored message.
    await admin().put(`/tickets/${t.id}`, { status: 'closed' });
    const retry = await admin().post<MessageDto>(`/messages/${t.id}`, { body: 'chegou?', clientId });
    expect(retry.status).toBe(200);
    expect(retry.body).toMatchObject({ body: 'chegou?', fromMe: true, ticketId: t.id });
    expect(await rowsWith(clientId)).toEqual([retry.body.id]);
    expect(await sendJobs([retry.body.id])).toBe(1);
    expect((await delivered(t.contact.number)).filter((m) => m.body === 'chegou?')).toHaveLength(1);
  });

  it('a client id is the company’s: reused on another ticket it is refused; a malformed one is bad input', async () => {
    const t1 = await acceptedTicket();
    const t2 = await acceptedTicket();
    const clientId = randomUUID();
    expect((await admin().post(`/messages/${t1.id}`, { body: 'um', clientId })).status).toBe(200);
    expect((await admin().post(`/messages/${t2.id}`, { body: 'dois', clientId })).body).toMatchObject({ error: 'ERR_VALIDATION' });
    expect((await admin().post(`/messages/${t1.id}`, { body: 'x', clientId: 'not-a-uuid' })).status).toBe(400);
    // Another company may use the same id: it is unique per company only.
    const b = await createCompany(app);
    const from = '5521977770001';
    await b.inbound(from, 'Oi');
    const pending = (await b.pendingTickets()).find((x) => x.contact.number === from)!;
    const open = (await api(app, b.adminToken).put<TicketDto>(`/tickets/${pending.id}`, { status: 'open', userId: b.admin.id })).body;
    expect((await api(app, b.adminToken).post(`/messages/${open.id}`, { body: 'outra empresa', clientId })).status).toBe(200);
  });
});
