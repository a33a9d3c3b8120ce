// @vitest-environment jsdom
import '../../test/dom';
import '../../app/i18n/i18n';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeTicket } from '../../test/fixtures';
import { TicketListItem } from './TicketListItem';
import { usePresence } from './tickets.presence';

const setup = (ticket = makeTicket()) => {
  const onOpen = vi.fn();
  const onAccept = vi.fn();
  render(<TicketListItem ticket={ticket} selected={false} accepting={false} onOpen={onOpen} onAccept={onAccept} />);
  return { onOpen, onAccept, item: screen.getByTestId('ticket-item') };
};

describe('TicketListItem', () => {
  afterEach(() => {
    cleanup();
    usePresence.getState().clearAll();
  });

  it('does not open a waiting ticket on click, and accepts it from its button', () => {
    const { onOpen, onAccept, item } = setup(makeTicket({ id: 4, status: 'pending' }));
    fireEvent.click(item);
    expect(onOpen).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('accept-button'));
    expect(onAccept).toHaveBeenCalledWith(expect.objectContaining({ id: 4 }));
    expect(onOpen).not.toHaveBeenCalled();
  });

  it('opens an assigned ticket on click and has no accept button', () => {
    const { onOpen, item } = setup(makeTicket({ id: 5, status: 'open', userId: 7 }));
    fireEvent.click(item);
    expect(onOpen).toHaveBeenCalledWith(expect.objectContaining({ id: 5 }));
    expect(screen.queryByTestId('accept-button')).toBeNull();
  });

  it('exposes id and status, the unread count and SEM FILA for a ticket without queue', () => {
    const { item } = setup(makeTicket({ id: 6, status: 'open', queue: null, queueId: null, unreadMessages: 3 }));
    expect(item.getAttribute('data-ticket-id')).toBe('6');
    expect(item.getAttribute('data-status')).toBe('open');
    expect(screen.getByTestId('unread-count').textContent).toBe('3');
    expect(screen.getByText('SEM FILA')).toBeTruthy();
  });

  it('shows the live presence instead of the last message, and only the live one', () => {
    usePresence.getState().set(8, 'recording');
    setup(makeTicket({ id: 8, lastMessage: 'hidden' }));
    expect(screen.getByTestId('ticket-presence').textContent).toBe('Gravando...');
    expect(screen.queryByText('hidden')).toBeNull();
    cleanup();
    // The DTO's field is never filled by the server; a stale one there must not stick.
    setup(makeTicket({ id: 9, presence: 'composing', lastMessage: 'shown' }));
    expect(screen.queryByTestId('ticket-presence')).toBeNull();
    expect(screen.getByText('shown')).toBeTruthy();
  });
});
