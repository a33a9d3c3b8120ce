/**
 * Decision 0006 builds the ticket DTO in SQL twice: the ticket_dtos view (lists, reads) and
 * balcao_ingest (inbound hot path). For the same ticket both must answer the same DTO, deep-equal:
 * a field added to one and not the other fails here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TicketDto } from '@balcao/shared';
import { createTestApp, type TestApp } from '../helpers/build-app';
import { createCompany, type TestCompany } from '../helpers/world';
import { uniquePhone } from '../helpers/tenants';
import { callIngest, type IngestArgs } from '../../src/modules/messages/inbound/inbound';
import * as ticketsRepo from '../../src/modules/tickets/tickets.repository';

let app: TestApp;
let co: TestCompany;
beforeAll(async () => {
  app = await createTestApp();
  co = await createCompany(app);
});
afterAll(() => app.close());

let n = 0;
const args = (number: string, over: Partial<IngestArgs> = {}): IngestArgs => ({
  companyId: co.companyId,
  whatsappId: co.whatsapp.id,
  number,
  name: 'Cliente Comparado',
  isGroup: false,
  waMessageId: `DTO${process.pid}X${++n}`,
  body: `mensagem ${n}`,
  mediaType: null,
  status: 'pending',
  queueId: null,
  at: new Date(),
  raw: null,
  isForwarded: false,
  quotedWaMessageId: null,
  fromMe: false,
  lastMessage: '',
  ...over,
});

/** The function's DTO and the view's, for the ticket the call touched, read in the same transaction. */
const bothPaths = (a: IngestArgs) =>
  app.data.withTenant({ companyId: co.companyId }, async ({ tx }) => {
    const r = await callIngest.inTransaction(tx, a);
    expect(r.duplicate).toBe(false);
    const fromFunction = ticketsRepo.ticketFromJson(r.ticket!);
    const fromView = (await ticketsRepo.loadDto(tx, co.companyId, fromFunction.id))!;
    return { fromFunction, fromView, created: r.ticketCreated };
  });

describe('the ticket DTO: balcao_ingest and the ticket_dtos view agree', () => {
  it('for a new ticket without queue, user or tags', async () => {
    const { fromFunction, fromView, created } = await bothPaths(args(uniquePhone()));
    expect(created).toBe(true);
    expect(fromFunction).toStrictEqual(fromView);
  });

  it('for a new ticket placed in the connection queue', async () => {
    const { id: queueId } = await co.addQueue();
    const { fromFunction, fromView } = await bothPaths(args(uniquePhone(), { queueId }));
    expect(fromView.queue).not.toBeNull();
    expect(fromFunction).toStrictEqual(fromView);
  });

  it('for an existing ticket with a queue, an agent, tags and a contact picture', async () => {
    const phone = uniquePhone();
    const first = await bothPaths(args(phone));
    const { id: queueId } = await co.addQueue();
    const ticket: TicketDto = first.fromView;
    const tags = await app.owner`insert into tags (company_id, name, color) values (${co.companyId}, 'vip', '#ff0000'), (${co.companyId}, 'atraso', '#00ff00') returning id`;
    for (const t of tags) await app.owner`insert into ticket_tags (company_id, ticket_id, tag_id) values (${co.companyId}, ${ticket.id}, ${t.id})`;
    await app.owner`update tickets set status = 'open', queue_id = ${queueId}, user_id = ${co.admin.id}, accepted_at = now() where id = ${ticket.id}`;
    await app.owner`update contacts set profile_pic_url = 'https://pps.whatsapp.net/p.jpg' where id = ${ticket.contactId}`;

    const { fromFunction, fromView, created } = await bothPaths(args(phone));
    expect(created).toBe(false);
    expect(fromView).toMatchObject({ id: ticket.id, status: 'open', user: { id: co.admin.id }, queue: { id: queueId }, unreadMessages: 2 });
    expect(fromView.tags.map((t) => t.name)).toEqual(['atraso', 'vip']);
    expect(fromFunction).toStrictEqual(fromView);
  });
});
