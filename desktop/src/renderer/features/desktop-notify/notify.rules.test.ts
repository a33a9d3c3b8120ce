import { describe, expect, it } from 'vitest';
import type { Actor } from '@balcao/shared';
import { makeMessage, makeTicket } from '../../test/fixtures';
import { announcementOf, chatMessageOf } from './notify.payloads';
import { decide, onScreenOf, type NotifyContext, type NotifyEvent } from './notify.rules';

const t = (key: string, vars?: Record<string, unknown>) => `${key}${vars ? JSON.stringify(vars) : ''}`;

const TICKET = '6f1c1e2a-5b7d-4c1e-9a3b-1d2e3f4a5b6c';
const OTHER = '11111111-2222-4333-8444-555555555555';
const CHAT = '9f1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e5f';

const agent: Actor = { id: 7, profile: 'user', super: false, queueIds: [5], allTicket: 'enabled' };
const noAll: Actor = { ...agent, allTicket: 'disabled' };
const admin: Actor = { id: 1, profile: 'admin', super: false, queueIds: [], allTicket: 'disabled' };

const ctx = (over: Partial<NotifyContext> = {}): NotifyContext => ({ me: agent, onScreen: {}, focused: true, doNotDisturb: false, volume: 0.6, ...over });

const waiting = makeTicket({ uuid: TICKET, status: 'pending', userId: null, queueId: 5, lastMessage: 'Quero um orçamento' });
const mine = makeTicket({ uuid: TICKET, status: 'open', userId: 7 });
const chat = (senderId = 9): NotifyEvent => ({ kind: 'chat', chat: { chat: { uuid: CHAT, title: 'Equipe' }, senderId, senderName: 'Ana', text: 'reunião às 3' } });
const announcement = (priority: number, action: 'create' | 'update' = 'create', active = true): NotifyEvent => ({
  kind: 'announcement',
  announcement: { action, id: 4, title: 'Manutenção', text: 'Hoje às 22h', priority, active },
});

// [case, event, context, expected target (or null: nothing rings)]
const table: [string, NotifyEvent, NotifyContext, string | null][] = [
  ['a new waiting ticket in my queue (allTicket on)', { kind: 'ticket', ticket: waiting, wasWaiting: false }, ctx(), `ticket:${TICKET}`],
  ['a waiting ticket already in the list (an update)', { kind: 'ticket', ticket: waiting, wasWaiting: true }, ctx(), null],
  ['a new waiting ticket, allTicket off (spec §6)', { kind: 'ticket', ticket: waiting, wasWaiting: false }, ctx({ me: noAll }), null],
  ['a new waiting ticket in a queue I am not in', { kind: 'ticket', ticket: { ...waiting, queueId: 8 }, wasWaiting: false }, ctx(), null],
  ['a new waiting ticket without a queue, allTicket on', { kind: 'ticket', ticket: { ...waiting, queueId: null }, wasWaiting: false }, ctx(), `ticket:${TICKET}`],
  ['an admin: every new waiting ticket', { kind: 'ticket', ticket: { ...waiting, queueId: 8 }, wasWaiting: false }, ctx({ me: admin }), `ticket:${TICKET}`],
  ['a ticket someone took', { kind: 'ticket', ticket: { ...waiting, status: 'open', userId: 9 }, wasWaiting: false }, ctx(), null],
  ['a bot-held ticket (attending)', { kind: 'ticket', ticket: { ...waiting, status: 'attending' }, wasWaiting: false }, ctx(), null],
  ['a customer message on my open ticket', { kind: 'message', message: makeMessage({ ticketId: mine.id }), ticket: mine }, ctx(), `ticket:${TICKET}`],
  ['…while that ticket is on screen and focused', { kind: 'message', message: makeMessage(), ticket: mine }, ctx({ onScreen: { ticketUuid: TICKET } }), null],
  ['…on screen but the window is not focused', { kind: 'message', message: makeMessage(), ticket: mine }, ctx({ onScreen: { ticketUuid: TICKET }, focused: false }), `ticket:${TICKET}`],
  ['…while another ticket is on screen', { kind: 'message', message: makeMessage(), ticket: mine }, ctx({ onScreen: { ticketUuid: OTHER } }), `ticket:${TICKET}`],
  ['…during do not disturb', { kind: 'message', message: makeMessage(), ticket: mine }, ctx({ doNotDisturb: true }), null],
  ['my own message', { kind: 'message', message: makeMessage({ fromMe: true }), ticket: mine }, ctx(), null],
  ['the bot’s message', { kind: 'message', message: makeMessage({ automated: true }), ticket: mine }, ctx(), null],
  ['a customer message on a colleague’s ticket', { kind: 'message', message: makeMessage(), ticket: { ...mine, userId: 9 } }, ctx(), null],
  ['a customer message on a closed ticket of mine', { kind: 'message', message: makeMessage(), ticket: { ...mine, status: 'closed' } }, ctx(), null],
  ['an internal chat message from a colleague', chat(), ctx(), `chat:${CHAT}`],
  ['…while that chat is on screen and focused', chat(), ctx({ onScreen: { chatUuid: CHAT } }), null],
  ['…during do not disturb', chat(), ctx({ doNotDisturb: true }), null],
  ['my own chat message', chat(7), ctx(), null],
  ['a new announcement of priority 1', announcement(1), ctx(), 'announcement:4'],
  ['…even with a ticket on screen', announcement(1), ctx({ onScreen: { ticketUuid: TICKET } }), 'announcement:4'],
  ['…during do not disturb', announcement(1), ctx({ doNotDisturb: true }), null],
  ['an announcement of priority 2', announcement(2), ctx(), null],
  ['an announcement of priority 1 edited', announcement(1, 'update'), ctx(), null],
  ['an inactive announcement of priority 1', announcement(1, 'create', false), ctx(), null],
];

const targetOf = (d: ReturnType<typeof decide>): string | null =>
  d === null ? null : d.notification.ticketUuid ? `ticket:${d.notification.ticketUuid}` : d.notification.chatUuid ? `chat:${d.notification.chatUuid}` : `announcement:${d.notification.announcementId}`;

describe('the notification rules', () => {
  it.each(table)('%s', (_name, event, context, expected) => {
    expect(targetOf(decide(event, context, t))).toBe(expected);
  });

  it('rings at the chosen volume; at 0 the banner shows without a sound', () => {
    expect(decide(chat(), ctx({ volume: 0.3 }), t)?.volume).toBe(0.3);
    expect(decide(chat(), ctx({ volume: 0 }), t)).toMatchObject({ volume: 0, notification: { chatUuid: CHAT } });
  });

  it('names the contact, the chat and the announcement; the body is the message', () => {
    expect(decide({ kind: 'ticket', ticket: waiting, wasWaiting: false }, ctx(), t)?.notification).toEqual({
      title: 'desktopNotify.pendingTitle{"name":"Maria Souza"}',
      body: 'Quero um orçamento',
      ticketUuid: TICKET,
    });
    expect(decide({ kind: 'message', message: makeMessage({ body: 'tem desconto?' }), ticket: mine }, ctx(), t)?.notification).toEqual({
      title: 'Maria Souza',
      body: 'tem desconto?',
      ticketUuid: TICKET,
    });
    expect(decide(chat(), ctx(), t)?.notification).toEqual({ title: 'desktopNotify.chatTitle{"title":"Equipe","sender":"Ana"}', body: 'reunião às 3', chatUuid: CHAT });
    expect(decide(announcement(1), ctx(), t)?.notification).toMatchObject({ body: 'Hoje às 22h', announcementId: 4 });
  });

  it('media messages use the preview (the list’s words), long texts are clipped', () => {
    const image = makeMessage({ body: '', mediaType: 'image', mediaUrl: 'x.jpg' });
    expect(decide({ kind: 'message', message: image, ticket: mine }, ctx(), t, () => '📷 Imagem')?.notification.body).toBe('📷 Imagem');
    const long = decide({ kind: 'message', message: makeMessage({ body: 'x'.repeat(5000) }), ticket: mine }, ctx(), t);
    expect(long?.notification.body).toHaveLength(1000);
  });

  it('reads what is on screen from the path', () => {
    expect(onScreenOf(`/tickets/${TICKET}`)).toEqual({ ticketUuid: TICKET });
    expect(onScreenOf(`/chats/${CHAT.toUpperCase()}`)).toEqual({ chatUuid: CHAT });
    expect(onScreenOf('/tickets')).toEqual({});
  });
});

describe('the spec payloads', () => {
  it('reads a chat message for a member, and nothing else', () => {
    const payload = { action: 'new-message', record: { id: 3, uuid: CHAT, title: 'Equipe' }, newMessage: { message: 'oi', senderId: 9, sender: { id: 9, name: 'Ana' }, chatId: 3 } };
    expect(chatMessageOf(payload)).toEqual({ chat: { uuid: CHAT, title: 'Equipe' }, senderId: 9, senderName: 'Ana', text: 'oi' });
    expect(chatMessageOf({ ...payload, action: 'update' })).toBeNull();
    expect(chatMessageOf({ ...payload, record: { uuid: 'nope' } })).toBeNull();
    expect(chatMessageOf(null)).toBeNull();
  });

  it('reads an announcement with its priority and status', () => {
    expect(announcementOf({ action: 'create', record: { id: 4, title: 'T', text: 'x', priority: 1, status: true } })).toEqual({
      action: 'create',
      id: 4,
      title: 'T',
      text: 'x',
      priority: 1,
      active: true,
    });
    expect(announcementOf({ action: 'create', record: { id: 4, title: 'T', text: 'x', priority: '1', status: false } })).toMatchObject({ priority: 1, active: false });
    expect(announcementOf({ action: 'delete', id: 4 })).toMatchObject({ action: 'delete', id: 4 });
    expect(announcementOf({ action: 'weird' })).toBeNull();
  });
});
