/**
 * An open conversation, as the spec's client works it (components/Ticket, MessagesList,
 * MessageInputCustom, TicketActionButtonsCustom, TicketListItemCustom; attendance §2
 * Conversation view, §4 Ticket transitions, §7 Tickets and messages, §4 Real-time).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectWireMessage, expectWireTicket, type SpecClient, type SpecSocket, type WireMessage, type WireTicket } from './client';
import { createStage, uniquePhone, type Stage } from './stage';

let stage: Stage;
let admin: SpecClient;

beforeAll(async () => {
  stage = await createStage();
  admin = await stage.adminTab();
});
afterAll(async () => {
  await stage?.close();
});

type AppMessage = { action: string; message: WireMessage; ticket: WireTicket; contact: { id: number; number: string } };

/** Opens /tickets/{uuid}: the ticket, its messages, and the socket joined to its conversation. */
const openConversation = async (tab: SpecClient, uuid: string) => {
  const ticket = await tab.ticketByUuid(uuid);
  expect(ticket.status).toBe(200);
  const messages = await tab.messages(ticket.data.id, 1);
  expect(messages.status).toBe(200);
  const socket = tab.socket();
  let joined: Promise<unknown> = Promise.resolve();
  socket.whenReady(() => {
    joined = socket.joinChatBox(ticket.data.id);
  });
  await socket.open();
  return { ticket: ticket.data, messages: messages.data, socket, joined: await joined };
};

describe('opening a ticket (GET /tickets/u/{uuid}, GET /messages/{id}?pageNumber=1, joinChatBox "{id}")', () => {
  let socket: SpecSocket | undefined;
  afterAll(() => socket?.close());

  it('loads the ticket and its messages with the fields the view reads, and joins by the numeric id', async () => {
    const phone = uniquePhone();
    const t = await stage.customerWrites(phone, 'Primeira mensagem', 'Cliente Conversa');
    const opened = await openConversation(admin, t.uuid);
    socket = opened.socket;
    expectWireTicket(opened.ticket);
    expect(opened.ticket).toMatchObject({ id: t.id, uuid: t.uuid, contact: { number: phone, name: 'Cliente Conversa' } });
    expect(opened.messages.hasMore).toEqual(expect.any(Boolean));
    expect(opened.messages.messages.map((m) => m.body)).toContain('Primeira mensagem');
    for (const m of opened.messages.messages) expectWireMessage(m);
    expect(opened.joined).toBe(true);
  });

  it('a new message from the customer arrives live in the open conversation (appMessage create, message.ticketId === ticket.id)', async () => {
    const phone = uniquePhone();
    const t = await stage.customerWrites(phone, 'Olá', 'Cliente Ao Vivo');
    const opened = await openConversation(admin, t.uuid);
    try {
      const live = opened.socket.next<AppMessage>(opened.socket.channel('appMessage'), (p) => p.action === 'create' && p.message?.body === 'Ainda está aí?');
      await stage.c.inbound(phone, 'Ainda está aí?');
      const frame = await live;
      expect(frame.message.ticketId).toBe(opened.ticket.id);
      expectWireMessage(frame.message);
      expect(frame.message.fromMe).toBe(false);
      expect(frame.ticket).toMatchObject({ id: t.id, uuid: t.uuid });
      expect(frame.contact).toMatchObject({ id: t.contact.id, number: phone });
    } finally {
      opened.socket.close();
    }
  });
});

describe("the admin's spy eye on a pending ticket (TicketMessagesDialog)", () => {
  it('GET /tickets/{id} and its messages without accepting; a join of "undefined" before the ticket loads is refused harmlessly', async () => {
    const phone = uniquePhone();
    const t = await stage.customerWrites(phone, 'Só olhando', 'Cliente Espiado');
    const ticket = await admin.ticketById(t.id);
    expect(ticket.status).toBe(200);
    expectWireTicket(ticket.data);
    expect(ticket.data).toMatchObject({ id: t.id, status: 'pending', queueId: null, user: null, contact: { number: phone } });
    const messages = await admin.messages(t.id);
    expect(messages.status).toBe(200);
    expect(messages.data.messages.map((m) => m.body)).toContain('Só olhando');
    const socket = await admin.socket().open();
    try {
      expect(await socket.joinChatBoxRaw('undefined')).toBe(false);
      expect(await socket.joinChatBox(t.id)).toBe(true);
      const live = socket.next<AppMessage>(socket.channel('appMessage'), (p) => p.action === 'create' && p.message?.body === 'Alguém aí?');
      await stage.c.inbound(phone, 'Alguém aí?');
      expect((await live).message.ticketId).toBe(t.id);
      expect((await admin.ticketById(t.id)).data.status).toBe('pending');
    } finally {
      socket.close();
    }
  });
});

describe('working the ticket', () => {
  let t: WireTicket;
  let socket: SpecSocket;
  let history: WireMessage[];

  beforeAll(async () => {
    t = await stage.customerWrites(uniquePhone(), 'Quero trocar um produto', 'Cliente Troca');
    const opened = await openConversation(admin, t.uuid);
    socket = opened.socket;
    history = opened.messages.messages;
  });
  afterAll(() => socket?.close());

  it('accept from the list: PUT {status: "open", userId}, then GET /settings/ for sendGreetingAccepted', async () => {
    const updated = socket.next<{ action: string; ticket: WireTicket }>(socket.channel('ticket'), (p) => p.action === 'update' && p.ticket?.id === t.id && p.ticket.status === 'open');
    const { put, settings, setting, greeting } = await admin.acceptFromList(t);
    expect(put.status).toBe(200);
    expect(put.data).toMatchObject({ id: t.id, status: 'open', userId: admin.userId });
    expect(settings.status).toBe(200);
    expect(Array.isArray(settings.data)).toBe(true);
    expect(setting).toMatchObject({ key: 'sendGreetingAccepted', value: expect.stringMatching(/^(enabled|disabled)$/) });
    if (greeting) expect(greeting.status).toBe(200);
    // The open conversation's header follows the ticket's update.
    expect((await updated).ticket.userId).toBe(admin.userId);
    t = put.data;
  });

  it('sends as the composer does: read 1, fromMe, mediaUrl "", signed body, quotedMsg null — and sees it live', async () => {
    const live = socket.next<AppMessage>(socket.channel('appMessage'), (p) => p.action === 'create' && p.message?.fromMe && p.message.body.includes('Claro, posso ajudar'));
    const res = await admin.sendMessage(t.id, '  Claro, posso ajudar  ');
    expect(res.status).toBe(200);
    expectWireMessage(res.data);
    expect(res.data).toMatchObject({ ticketId: t.id, fromMe: true, body: `*${admin.user!.name}:*\nClaro, posso ajudar` });
    const frame = await live;
    expect(frame.message.ticketId).toBe(t.id);
  });

  it('replies with quotedMsg the whole message object it got from GET /messages', async () => {
    const quoted = history.find((m) => m.body === 'Quero trocar um produto')!;
    expect(quoted).toBeDefined();
    const res = await admin.sendMessage(t.id, 'Qual produto?', { quoted });
    expect(res.status).toBe(200);
    expect(res.data.quotedMsg).toMatchObject({ id: quoted.id, body: quoted.body, fromMe: false });
  });

  it('sends unsigned when the sign switch is off', async () => {
    const res = await admin.sendMessage(t.id, 'Sem assinatura', { sign: false });
    expect(res.status).toBe(200);
    expect(res.data.body).toBe('Sem assinatura');
  });

  it("return from the header: PUT {status: 'pending', userId: null}", async () => {
    const res = await admin.returnFromHeader(t);
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({ id: t.id, status: 'pending', userId: null });
    t = res.data;
  });

  it('resolve from the header: PUT {status: "closed", userId, useIntegration: false, promptId: false, integrationId: false}', async () => {
    const accepted = await admin.acceptFromList(t);
    expect(accepted.put.status).toBe(200);
    const res = await admin.closeFromHeader(accepted.put.data);
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({ id: t.id, status: 'closed' });
    t = res.data;
  });

  it('reopen from the list: PUT {status: "open", userId, queueId}', async () => {
    const res = await admin.reopenFromList(t);
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({ id: t.id, status: 'open', userId: admin.userId });
  });
});

describe('resolve from the list (pending ticket, queueId left out when there is no queue)', () => {
  it('PUT {status: "closed", userId, useIntegration: false, promptId: null, integrationId: null}', async () => {
    const t = await stage.customerWrites(uniquePhone(), 'Só isso, obrigado', 'Cliente Rápido');
    const res = await admin.closeFromList(t);
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({ id: t.id, status: 'closed' });
  });
});

describe("a user's conversation in their queue", () => {
  it('joins by the numeric id and receives the messages of that ticket only', async () => {
    const { id: queueId } = await stage.c.addQueue();
    const agent = await stage.userTab([queueId]);
    const phone = uniquePhone();
    const t = await stage.customerWrites(phone, 'Oi fila', 'Cliente da Fila');
    expect((await admin.http('PUT', `/tickets/${t.id}`, { data: { queueId } })).status).toBe(200);
    const accepted = await agent.acceptFromList({ ...t, queueId });
    expect(accepted.put.status).toBe(200);
    const opened = await openConversation(agent, t.uuid);
    try {
      expect(opened.joined).toBe(true);
      // Another customer's ticket without a queue is not this user's (allTicket disabled,
      // server-behaviour §3): its message must not reach them; theirs, sent after it, must.
      const otherPhone = uniquePhone();
      const other = await stage.customerWrites(otherPhone, 'Não é da fila', 'Cliente Sem Fila');
      const live = opened.socket.next<AppMessage>(opened.socket.channel('appMessage'), (p) => p.action === 'create' && p.message?.body === 'Para o agente');
      await stage.c.inbound(otherPhone, 'Segredo de outra conversa');
      await stage.c.inbound(phone, 'Para o agente');
      expect((await live).message.ticketId).toBe(t.id);
      const leaked = opened.socket.frames.filter((f) => {
        const text = JSON.stringify(f.payload ?? null);
        return text.includes(otherPhone) || text.includes(`"ticketId":${other.id},`);
      });
      expect(leaked).toEqual([]);
      const sent = await agent.sendMessage(t.id, 'Recebido');
      expect(sent.status).toBe(200);
      expect(sent.data.body).toBe(`*${agent.user!.name}:*\nRecebido`);
    } finally {
      opened.socket.close();
    }
  });
});

describe('accept with sendGreetingAccepted enabled (the client then posts its own greeting)', () => {
  it('the customer gets the greeting once and never the raw {{ms}} / {{name}} (variables in any outbound text, server-behaviour §7)', async () => {
    // No settings page call is replayed here: the company admin turned the setting on.
    await stage.app.owner`insert into settings (company_id, key, value) values (${stage.c.companyId}, 'sendGreetingAccepted', 'enabled')
      on conflict (company_id, key) do update set value = 'enabled'`;
    try {
      const phone = uniquePhone();
      const t = await stage.customerWrites(phone, 'Bom dia!', 'Carla Saudação');
      const { put, setting, greeting } = await admin.acceptFromList(t);
      expect(put.status).toBe(200);
      expect(setting?.value).toBe('enabled');
      expect(greeting?.status).toBe(200);
      // What is sent is the stored outbound row (server-behaviour §7: written first, then the job sends it).
      const sent = await admin.messages(t.id);
      expect(sent.status).toBe(200);
      const texts = sent.data.messages.filter((m) => m.fromMe).map((m) => m.body);
      // The server greets on accept (server-behaviour §4) and the client posts the same greeting:
      // the customer gets it once.
      expect(texts.filter((b) => b.includes('Carla Saudação') && b.includes(admin.user!.name))).toHaveLength(1);
      expect(texts.filter((b) => b.includes('{{'))).toEqual([]);
    } finally {
      await stage.app.owner`update settings set value = 'disabled' where company_id = ${stage.c.companyId} and key = 'sendGreetingAccepted'`;
    }
  });
});
