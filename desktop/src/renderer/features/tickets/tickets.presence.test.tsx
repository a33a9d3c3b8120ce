// @vitest-environment happy-dom
import '../../test/dom';
import '../../app/i18n/i18n';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TicketDto } from '@balcao/shared';
import { makeMessage, makeTicket } from '../../test/fixtures';
import { useConversation } from '../messages';
import { TicketListItem } from './TicketListItem';
import { emptyLists, type Viewer } from './tickets.logic';
import { PRESENCE_TTL_MS, usePresence } from './tickets.presence';
import { ageClockTimers } from './tickets.clock';
import { bindTicketSocket } from './tickets.socket';
import { useTickets } from './tickets.store';

const handlers = new Map<string, (p: unknown) => void>();
vi.mock('../../lib/socket', () => ({
  listen: (channel: string, handler: (p: unknown) => void) => {
    handlers.set(channel, handler);
    return () => handlers.delete(channel);
  },
}));

const agent: Viewer = { id: 7, profile: 'user', super: false, queueIds: [5], allTicket: 'disabled', showAll: false };
const maria = makeTicket({ id: 1, status: 'pending', lastMessage: 'Bom dia' });
const joao = makeTicket({ id: 2, status: 'pending', lastMessage: 'Quanto custa?', contact: { id: 11, name: 'João', number: '5511988887777', profilePicUrl: '' } });

const emit = (channel: string, payload: unknown) => act(() => handlers.get(channel)!(payload));
const presence = (ticketId: number, value: TicketDto['presence']) => emit('presence', { action: 'update', ticketId, presence: value });

/** Presence expiry timers only: the list items' shared age clock (one interval) is not one. */
const presenceTimers = () => vi.getTimerCount() - ageClockTimers();

/** What each rendered ticket shows under its name: the presence text, or 'last' for its last message. */
const previews = () =>
  Object.fromEntries(
    screen.getAllByTestId('ticket-item').map((item) => {
      const id = Number(item.getAttribute('data-ticket-id'));
      const last = [maria, joao].find((t) => t.id === id)!.lastMessage!;
      const live = item.querySelector('[data-testid="ticket-presence"]')?.textContent;
      return [id, live ?? (item.textContent?.includes(last) ? 'last' : 'nothing')];
    }),
  );

const renderList = () =>
  render(
    <>
      {[maria, joao].map((ticket) => (
        <TicketListItem key={ticket.id} ticket={ticket} selected={false} accepting={false} onOpen={vi.fn()} onAccept={vi.fn()} />
      ))}
    </>,
  );

describe('customer presence in the ticket list', () => {
  let unbind: () => void;

  beforeEach(() => {
    vi.useFakeTimers();
    usePresence.getState().clearAll();
    useTickets.setState({ viewer: agent, lists: emptyLists() });
    useTickets.getState().upsert(maria);
    useTickets.getState().upsert(joao);
    useConversation.setState({ ticket: null });
    unbind = bindTicketSocket(vi.fn());
    renderList();
  });

  afterEach(() => {
    cleanup();
    unbind();
    vi.useRealTimers();
  });

  it('shows Digitando... / Gravando... on that ticket only, in place of its last message', () => {
    presence(2, 'composing');
    expect(previews()).toEqual({ 1: 'last', 2: 'Digitando...' });
    expect(screen.queryByText('Quanto custa?')).toBeNull();
    presence(2, 'recording');
    expect(previews()).toEqual({ 1: 'last', 2: 'Gravando...' });
  });

  it('goes back to the last message when the customer stops (null)', () => {
    presence(1, 'composing');
    presence(2, 'recording');
    presence(1, null);
    expect(previews()).toEqual({ 1: 'last', 2: 'Gravando...' });
    expect(screen.getByText('Bom dia')).toBeTruthy();
  });

  it('lapses 15 s after the last refresh', () => {
    presence(1, 'composing');
    act(() => vi.advanceTimersByTime(10_000));
    presence(1, 'composing'); // refreshed: another 15 s from here
    act(() => vi.advanceTimersByTime(PRESENCE_TTL_MS - 1));
    expect(previews()[1]).toBe('Digitando...');
    act(() => vi.advanceTimersByTime(1));
    expect(previews()[1]).toBe('last');
    expect(usePresence.getState().byTicket).toEqual({});
    expect(presenceTimers()).toBe(0);
  });

  it('is cleared by a new message from the customer, not by ours or by an edit', () => {
    presence(1, 'composing');
    presence(2, 'composing');
    emit('appMessage', { action: 'create', message: makeMessage({ ticketId: 1, fromMe: true }), ticket: maria, contact: maria.contact });
    emit('appMessage', { action: 'update', message: makeMessage({ ticketId: 1, fromMe: false }), ticket: maria, contact: maria.contact });
    expect(previews()).toEqual({ 1: 'Digitando...', 2: 'Digitando...' });
    emit('appMessage', { action: 'create', message: makeMessage({ ticketId: 1, fromMe: false }), ticket: maria, contact: maria.contact });
    expect(previews()).toEqual({ 1: 'last', 2: 'Digitando...' });
    expect(presenceTimers()).toBe(1); // ticket 1's expiry went with it
  });

  it('ignores a ticket this screen does not show, unless it is the open conversation', () => {
    presence(99, 'composing');
    expect(usePresence.getState().byTicket).toEqual({});
    expect(presenceTimers()).toBe(0);
    useConversation.setState({ ticket: makeTicket({ id: 99, status: 'closed' }) });
    presence(99, 'recording');
    expect(usePresence.getState().byTicket).toEqual({ 99: 'recording' });
  });

  it('drops the presence of a ticket leaving the list, and everything on unbind', () => {
    presence(1, 'composing');
    presence(2, 'composing');
    emit('ticket', { action: 'removeFromList', ticketId: 1 });
    expect(usePresence.getState().byTicket).toEqual({ 2: 'composing' });
    unbind();
    expect(usePresence.getState().byTicket).toEqual({});
    expect(presenceTimers()).toBe(0);
    expect(handlers.size).toBe(0);
  });
});
