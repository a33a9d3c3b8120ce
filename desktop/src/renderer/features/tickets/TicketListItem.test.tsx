// @vitest-environment happy-dom
import '../../test/dom';
import '../../app/i18n/i18n';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { AGE_LABEL_REFRESH_MS } from '@balcao/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeTicket } from '../../test/fixtures';
import { TicketListItem } from './TicketListItem';
import { usePresence } from './tickets.presence';

const setup = (ticket = makeTicket(), onSpy?: (t: typeof ticket) => void) => {
  const onOpen = vi.fn();
  const onAccept = vi.fn();
  render(<TicketListItem ticket={ticket} selected={false} accepting={false} onOpen={onOpen} onAccept={onAccept} onSpy={onSpy} />);
  return { onOpen, onAccept, item: screen.getByTestId('ticket-item') };
};

describe('TicketListItem', () => {
  afterEach(() => {
    cleanup();
    usePresence.getState().clearAll();
    vi.useRealTimers();
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

  it("shows the contact's tags, then the ticket's it lacks, each once", () => {
    const vip = { id: 1, name: 'VIP', color: '#722ed1' };
    setup(makeTicket({ contact: { ...makeTicket().contact, tags: [vip] }, tags: [vip, { id: 2, name: 'Urgente', color: '#ff0000' }] }));
    expect(screen.getAllByTestId('ticket-contact-tag').map((e) => e.textContent)).toEqual(['VIP']);
    expect(screen.getAllByTestId('ticket-tag').map((e) => e.textContent)).toEqual(['Urgente']);
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

  it('shows the time as HH:mm today and dd/MM/yyyy before, and the chatbot icon only while a bot holds it', () => {
    const today = new Date();
    today.setHours(9, 5, 0, 0);
    setup(makeTicket({ updatedAt: today.toISOString(), chatbot: true }));
    expect(screen.getByTestId('ticket-time').textContent).toBe('09:05');
    expect(screen.getByTestId('ticket-chatbot')).toBeTruthy();
    cleanup();
    setup(makeTicket({ updatedAt: '2025-03-10T12:00:00.000Z', chatbot: false }));
    expect(screen.getByTestId('ticket-time').textContent).toMatch(/^(09|10)\/03\/2025$/);
    expect(screen.queryByTestId('ticket-chatbot')).toBeNull();
  });

  it('ages every 30 s: green minutes, then orange, then red hours; none for a resolved ticket', () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    const start = Date.parse('2025-03-10T12:00:00.000Z');
    vi.setSystemTime(start);
    setup(makeTicket({ status: 'open', userId: 7, updatedAt: new Date(start - 9.5 * 60_000).toISOString() }));
    expect(screen.getByTestId('ticket-age').textContent).toBe('9 min');
    expect(screen.getByTestId('ticket-age').getAttribute('data-tone')).toBe('green');
    act(() => vi.advanceTimersByTime(AGE_LABEL_REFRESH_MS));
    expect(screen.getByTestId('ticket-age').textContent).toBe('10 min');
    act(() => vi.advanceTimersByTime(2 * AGE_LABEL_REFRESH_MS));
    expect(screen.queryByTestId('ticket-age')).toBeNull();
    act(() => vi.advanceTimersByTime(40 * AGE_LABEL_REFRESH_MS));
    expect(screen.getByTestId('ticket-age').getAttribute('data-tone')).toBe('orange');
    act(() => vi.advanceTimersByTime(60 * AGE_LABEL_REFRESH_MS));
    expect(screen.getByTestId('ticket-age').textContent).toBe('1 h');
    expect(screen.getByTestId('ticket-age').getAttribute('data-tone')).toBe('red');
    cleanup();
    setup(makeTicket({ status: 'closed', updatedAt: new Date(start - 5 * 60_000).toISOString() }));
    expect(screen.queryByTestId('ticket-age')).toBeNull();
  });

  it('has the spy eye only when given, which spies without opening or accepting', () => {
    const onSpy = vi.fn();
    const { onOpen, onAccept } = setup(makeTicket({ id: 12, status: 'pending' }), onSpy);
    fireEvent.click(screen.getByTestId('spy-button'));
    expect(onSpy).toHaveBeenCalledWith(expect.objectContaining({ id: 12 }));
    expect(onOpen).not.toHaveBeenCalled();
    expect(onAccept).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Espiar Conversa')).toBeTruthy();
    cleanup();
    setup(makeTicket({ id: 13 }));
    expect(screen.queryByTestId('spy-button')).toBeNull();
  });

  it('shows the SLA time left: neutral, amber in the last fifth, red once past; nothing without a running clock (issue 30 §3)', () => {
    vi.useFakeTimers({ now: Date.parse('2026-12-01T12:10:00Z'), toFake: ['Date', 'setInterval', 'clearInterval'] });
    const clock = { startedAt: '2026-12-01T12:00:00.000Z', dueAt: '2026-12-01T12:30:00.000Z', warnAt: '2026-12-01T12:24:00.000Z', warnedAt: null, breachedAt: null, metAt: null, stoppedAt: null };
    const sla = { firstResponse: clock, nextResponse: null, resolution: null, nextResponseBreaches: 0, awaitingReply: true };
    setup(makeTicket({ id: 20, status: 'pending', sla }));
    const badge = () => screen.getByTestId('sla-badge');
    expect(badge().textContent).toBe('20 min');
    expect(badge().dataset.level).toBe('ok');
    act(() => vi.advanceTimersByTime(15 * 60_000));
    expect(badge().dataset.level).toBe('warn');
    expect(badge().textContent).toBe('5 min');
    act(() => vi.advanceTimersByTime(10 * 60_000));
    expect(badge().dataset.level).toBe('breach');
    expect(badge().textContent).toBe('atrasado 5 min');
    cleanup();
    setup(makeTicket({ id: 21, sla: { ...sla, firstResponse: { ...clock, metAt: '2026-12-01T12:05:00.000Z' } } }));
    expect(screen.queryByTestId('sla-badge')).toBeNull();
  });
});
