import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/build-app';
import { createCompany, type TestCompany } from '../helpers/world';

let app: TestApp;
let a: TestCompany;

beforeAll(async () => {
  app = await createTestApp();
  a = await createCompany(app);
});
afterAll(() => app.close());

const counts = async (companyId: number, number: string) => {
  const [row] = await app.owner`
    select (select count(*)::int from contacts where company_id = ${companyId} and number = ${number}) as contacts,
           (select count(*)::int from tickets t join contacts c on c.id = t.contact_id where t.company_id = ${companyId} and c.number = ${number}) as tickets,
           (select count(*)::int from messages m join contacts c on c.id = m.contact_id where m.company_id = ${companyId} and c.number = ${number}) as messages,
           (select max(unread_messages)::int from tickets t join contacts c on c.id = t.contact_id where t.company_id = ${companyId} and c.number = ${number}) as unread`;
  return row as { contacts: number; tickets: number; messages: number; unread: number };
};

describe('inbound pipeline', () => {
  it('turns 50 concurrent messages from one new customer into 1 contact, 1 ticket and 50 messages', async () => {
    const from = '5511988887777';
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => a.inbound(from, `mensagem ${i}`)));
    expect(results.every((r) => r.status === 202)).toBe(true);
    expect(await counts(a.companyId, from)).toEqual({ contacts: 1, tickets: 1, messages: 50, unread: 50 });
  });

  it('stores a redelivered message id once and counts it unread once', async () => {
    const from = '5511977776666';
    const first = await a.inbound(from, 'Oi', { id: 'WAID-DUP-1' });
    const again = await Promise.all([a.inbound(from, 'Oi', { id: 'WAID-DUP-1' }), a.inbound(from, 'Oi', { id: 'WAID-DUP-1' })]);
    expect(first.id).toBe('WAID-DUP-1');
    expect(again.map((r) => r.status)).toEqual([202, 202]);
    expect(await counts(a.companyId, from)).toEqual({ contacts: 1, tickets: 1, messages: 1, unread: 1 });
  });

  it('opens a new pending ticket after the earlier one was closed', async () => {
    const from = '5511966665555';
    await a.inbound(from, 'primeiro');
    const [t1] = (await a.pendingTickets()).filter((t) => t.contact.number === from);
    await app.owner`update tickets set status = 'closed', closed_at = now() where id = ${t1!.id}`;
    await a.inbound(from, 'segundo');
    const [t2] = (await a.pendingTickets()).filter((t) => t.contact.number === from);
    expect(t2!.id).not.toBe(t1!.id);
    expect(t2!.status).toBe('pending');
    expect(await counts(a.companyId, from)).toMatchObject({ contacts: 1, tickets: 2, messages: 2 });
  });

  it('keeps the push name until a person edits the contact, and never across companies', async () => {
    const b = await createCompany(app);
    await a.inbound('5511955554444', 'oi', { name: 'Joana' });
    await b.inbound('5511955554444', 'oi', { name: 'Outra Pessoa' });
    const rows = await app.owner`select company_id, name from contacts where number = '5511955554444' order by company_id`;
    expect(rows.map((r) => [r.company_id, r.name])).toEqual([
      [a.companyId, 'Joana'],
      [b.companyId, 'Outra Pessoa'],
    ]);
  });
});
