import type { ContactDto, TicketDto } from '@balcao/shared';
import type { TestApp } from './build-app';
import { api, createCompany, type TestCompany } from './world';

/** One company with a bit of everything, each record's id at hand. */
export interface Tenant {
  c: TestCompany;
  /** A word in every name this tenant's records carry: another tenant's answers must not contain it. */
  marker: string;
  phone: string;
  queueId: number;
  user: { id: number; token: string };
  contactId: number;
  /** A second contact, created through POST /contacts. */
  contactId2: number;
  /** A pending ticket in `queueId`, with one inbound message. */
  ticket: TicketDto;
  messageId: number;
}

let phones = 0;
/** A phone number no other test in this process uses. */
export const uniquePhone = (): string => `55119${String(process.pid % 1000).padStart(3, '0')}${String(++phones).padStart(5, '0')}`;

/** A company with a queue, a user in it, two contacts, and a pending ticket (in the queue) with a message. */
export const createTenant = async (app: TestApp, marker: string): Promise<Tenant> => {
  const c = await createCompany(app, `Empresa ${marker} ${process.pid}`);
  const admin = api(app, c.adminToken);
  const { id: queueId } = await c.addQueue(`Fila ${marker}`);
  const { user, token } = await c.addUser({ queueIds: [queueId] });
  const phone = uniquePhone();
  await c.inbound(phone, `Olá da ${marker}`, { name: `Cliente ${marker}` });
  const pending = (await c.pendingTickets()).find((t) => t.contact.number === phone)!;
  const moved = await admin.put<TicketDto>(`/tickets/${pending.id}`, { queueId });
  if (moved.status !== 200) throw new Error(`transfer: ${JSON.stringify(moved.body)}`);
  const second = await admin.post<ContactDto>('/contacts', { name: `Contato ${marker}`, number: uniquePhone() });
  if (second.status !== 200) throw new Error(`contact: ${JSON.stringify(second.body)}`);
  const [message] = await app.owner`select id from messages where ticket_id = ${pending.id} order by id limit 1`;
  return {
    c,
    marker,
    phone,
    queueId,
    user: { id: user.id, token },
    contactId: pending.contact.id,
    contactId2: second.body.id,
    ticket: moved.body,
    messageId: message!.id as number,
  };
};

/** A new contact of `c`, for cases that must not collide with a live ticket. */
export const freshContact = async (app: TestApp, c: TestCompany): Promise<number> => {
  const r = await api(app, c.adminToken).post<ContactDto>('/contacts', { name: 'Contato Novo', number: uniquePhone() });
  if (r.status !== 200) throw new Error(`contact: ${JSON.stringify(r.body)}`);
  return r.body.id;
};
