// @vitest-environment happy-dom
import '../../test/dom';
import '../../app/i18n/i18n';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COLLISION_HEARTBEAT_MS, COLLISION_TTL_MS, COLLISION_TYPING_MS, type SessionUserDto, type WireChannels } from '@balcao/shared';
import { makeTicket } from '../../test/fixtures';
import { useSession } from '../../lib/session';
import { CollisionMarker, CollisionNotice } from './Collision';
import { useCollision } from './collision.store';
import { TYPING_THROTTLE_MS, useCollisionFeed } from './collision.socket';

const emitted: unknown[][] = [];
/** A socket stand-in: listen() binds only to a socket that exists, as the real one does. */
const fake = vi.hoisted(() => ({
  socket: {} as object | null,
  ready: true,
  readyHandlers: new Set<() => void>(),
  bound: new Map<string, (p: unknown) => void>(),
}));
vi.mock('../../lib/socket', () => ({
  emit: (...args: unknown[]) => emitted.push(args),
  getSocket: () => fake.socket,
  onReady: (h: () => void) => {
    fake.readyHandlers.add(h);
    if (fake.ready) h();
    return () => fake.readyHandlers.delete(h);
  },
  listen: (channel: string, handler: (p: unknown) => void) => {
    if (!fake.socket) return () => undefined;
    fake.bound.set(channel, handler);
    return () => fake.bound.delete(channel);
  },
}));

const ticket = makeTicket({ id: 9, uuid: '11111111-2222-4333-8444-555555555555', status: 'open' });
const ev = (userId: number, name: string, state: WireChannels['collision']['state'], ticketId = 9): WireChannels['collision'] => ({
  action: 'update',
  ticketId,
  ticketUuid: ticket.uuid,
  user: { id: userId, name },
  state,
});
const apply = (e: WireChannels['collision']) => act(() => useCollision.getState().apply(e));

beforeEach(() => {
  vi.useFakeTimers();
  emitted.length = 0;
  useSession.setState({ user: { id: 1, name: 'Eu' } as SessionUserDto });
});
afterEach(() => {
  cleanup();
  useCollision.getState().clearAll();
  vi.useRealTimers();
});

describe('collision store', () => {
  it("forgets a colleague not heard from within the TTL, and keeps one whose heartbeats arrive", () => {
    useCollision.getState().apply(ev(2, 'Ana', 'viewing'));
    useCollision.getState().apply(ev(3, 'Bruno', 'viewing'));
    vi.advanceTimersByTime(COLLISION_TTL_MS - 1000);
    useCollision.getState().apply(ev(2, 'Ana', 'viewing'));
    vi.advanceTimersByTime(1500);
    expect(Object.keys(useCollision.getState().byTicket[9] ?? {})).toEqual(['2']);
    vi.advanceTimersByTime(COLLISION_TTL_MS);
    expect(useCollision.getState().byTicket[9]).toBeUndefined();
  });

  it("'typing' lasts until its own timer even when a 'viewing' heartbeat comes in between, then falls back to viewing", () => {
    useCollision.getState().apply(ev(2, 'Ana', 'typing'));
    useCollision.getState().apply(ev(2, 'Ana', 'viewing'));
    expect(useCollision.getState().byTicket[9]?.[2]?.state).toBe('typing');
    vi.advanceTimersByTime(COLLISION_TYPING_MS + 1);
    expect(useCollision.getState().byTicket[9]?.[2]?.state).toBe('viewing');
  });

  it("'left' removes the colleague at once", () => {
    useCollision.getState().apply(ev(2, 'Ana', 'typing'));
    useCollision.getState().apply(ev(2, 'Ana', 'left'));
    expect(useCollision.getState().byTicket[9]).toBeUndefined();
    vi.advanceTimersByTime(COLLISION_TTL_MS);
    expect(useCollision.getState().byTicket[9]).toBeUndefined();
  });
});

describe('CollisionNotice and CollisionMarker', () => {
  it('show "Ana está vendo", then "Ana está digitando…", and nothing once she leaves; never me', () => {
    render(
      <>
        <CollisionNotice ticket={ticket} />
        <CollisionMarker ticketId={9} />
      </>,
    );
    expect(screen.queryByTestId('collision-notice')).toBeNull();
    apply(ev(1, 'Eu', 'viewing'));
    expect(screen.queryByTestId('collision-notice')).toBeNull();
    expect(screen.queryByTestId('collision-marker')).toBeNull();
    apply(ev(2, 'Ana', 'viewing'));
    expect(screen.getByTestId('collision-notice').textContent).toContain('Ana está vendo');
    expect(screen.getByTestId('collision-marker').getAttribute('data-state')).toBe('viewing');
    apply(ev(2, 'Ana', 'typing'));
    expect(screen.getByTestId('collision-notice').textContent).toContain('Ana está digitando…');
    expect(screen.getByTestId('collision-marker').getAttribute('data-state')).toBe('typing');
    apply(ev(3, 'Bruno', 'viewing'));
    expect(screen.getByTestId('collision-notice').textContent).toContain('Ana está digitando… · Bruno está vendo');
    apply(ev(2, 'Ana', 'left'));
    apply(ev(3, 'Bruno', 'left'));
    expect(screen.queryByTestId('collision-notice')).toBeNull();
    expect(screen.queryByTestId('collision-marker')).toBeNull();
  });

  it('a marker shows only on its own ticket', () => {
    render(<CollisionMarker ticketId={10} />);
    apply(ev(2, 'Ana', 'viewing'));
    expect(screen.queryByTestId('collision-marker')).toBeNull();
    apply(ev(2, 'Ana', 'viewing', 10));
    expect(screen.getByTestId('collision-marker')).toBeTruthy();
  });

  it("announces viewing at once and on every heartbeat, typing (throttled) from the conversation's text box, and left on unmount", () => {
    const { unmount } = render(
      <div data-testid="conversation" data-ticket-id="9">
        <CollisionNotice ticket={ticket} />
        <textarea data-testid="box" />
      </div>,
    );
    const sent = () => emitted.map((a) => `${String(a[0])}:${String(a[2])}`);
    expect(sent()).toEqual(['ticketActivity:viewing']);
    vi.advanceTimersByTime(COLLISION_HEARTBEAT_MS);
    expect(sent()).toEqual(['ticketActivity:viewing', 'ticketActivity:viewing']);
    fireEvent.input(screen.getByTestId('box'), { target: { value: 'o' } });
    fireEvent.input(screen.getByTestId('box'), { target: { value: 'ol' } });
    expect(sent().filter((s) => s.endsWith('typing'))).toHaveLength(1);
    vi.advanceTimersByTime(TYPING_THROTTLE_MS);
    fireEvent.input(screen.getByTestId('box'), { target: { value: 'olá' } });
    expect(sent().filter((s) => s.endsWith('typing'))).toHaveLength(2);
    expect(emitted.every((a) => a[1] === ticket.uuid)).toBe(true);
    unmount();
    expect(sent().at(-1)).toBe('ticketActivity:left');
  });
});

describe('useCollisionFeed', () => {
  const Feed = () => {
    useCollisionFeed();
    return <CollisionNotice ticket={ticket} />;
  };

  it('binds once the socket is ready even when the screen mounts before the shell starts the socket', () => {
    fake.socket = null;
    fake.ready = false;
    fake.bound.clear();
    try {
      render(<Feed />);
      expect(fake.bound.has('collision')).toBe(false);
      // The shell starts the socket after its children mounted; it connects.
      fake.socket = {};
      fake.ready = true;
      act(() => {
        for (const h of fake.readyHandlers) h();
      });
      act(() => fake.bound.get('collision')!(ev(2, 'Ana', 'viewing')));
      expect(screen.getByTestId('collision-notice').textContent).toContain('Ana está vendo');
    } finally {
      fake.socket = {};
      fake.ready = true;
    }
  });
});
