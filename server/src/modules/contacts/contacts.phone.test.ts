/**
 * One customer, one contact, however the number was written (decision 0032): typed by an agent
 * with formatting, then writing in from the old WhatsApp address (without the 9th digit) and
 * from the current one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContactDto } from '@balcao/shared';
import { createTestApp, type TestApp } from '../../../test/helpers/build-app';
import { api, createCompany, type TestCompany } from '../../../test/helpers/world';

let app: TestApp;
let a: TestCompany;
beforeAll(async () => {
  app = await createTestApp();
  a = await createCompany(app);
});
afterAll(() => app.close());

let n = 0;
/** A São Paulo mobile's last 8 digits, unique in this process ("8" + pid + counter). */
const mobile8 = () => `8${String(process.pid % 1000).padStart(3, '0')}${String(++n).padStart(4, '0')}`;

const contactsOf = async (companyId: number, numbers: string[]) =>
  app.owner`select id, number from contacts where company_id = ${companyId} and number in ${app.owner(numbers)}`;

describe('phone numbers', () => {
  it('a typed contact and the same customer writing in, with and without the 9th digit, are one contact with one ticket', async () => {
    const last8 = mobile8();
    const canonical = `55119${last8}`;
    const oldForm = `5511${last8}`;
    const typed = await api(app, a.adminToken).post<ContactDto>('/contacts', { name: 'Cliente Digitado', number: `+55 (11) 9${last8.slice(0, 4)}-${last8.slice(4)}` });
    expect(typed.status).toBe(200);
    expect(typed.body.number).toBe(canonical);

    expect((await a.inbound(oldForm, 'Oi, sou eu (número antigo)')).status).toBeLessThan(300);
    expect((await a.inbound(canonical, 'Oi de novo')).status).toBeLessThan(300);

    expect(await contactsOf(a.companyId, [canonical, oldForm])).toEqual([{ id: typed.body.id, number: canonical }]);
    const tickets = await app.owner`select t.id, count(m.id)::int as messages from tickets t join messages m on m.ticket_id = t.id
      where t.company_id = ${a.companyId} and t.contact_id = ${typed.body.id} group by t.id`;
    expect(tickets.map((t) => t.messages)).toEqual([2]);
  });

  it('the same number typed another way is a duplicate, answered with the existing contact', async () => {
    const last8 = mobile8();
    const first = await api(app, a.adminToken).post<ContactDto>('/contacts', { name: 'Primeiro', number: `(11) 9${last8}` });
    expect(first.body.number).toBe(`55119${last8}`);
    for (const number of [`5511${last8}`, `+55 11 9${last8}`, `011 9${last8}`]) {
      const again = await api(app, a.adminToken).post<{ error: string; details?: { existingContact: ContactDto } }>('/contacts', { name: 'Segundo', number });
      expect({ number, status: again.status, error: again.body.error, id: again.body.details?.existingContact.id }).toEqual({ number, status: 409, error: 'ERR_DUPLICATED_CONTACT', id: first.body.id });
    }
  });
});
