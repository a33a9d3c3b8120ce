// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** A socket.io client stand-in: records what the app emits and lets a test play the server. */
class FakeSocket {
  handlers = new Map<string, Set<(...a: unknown[]) => void>>();
  emitted: unknown[][] = [];
  io = { opts: { query: {} as Record<string, string> } };
  on(event: string, h: (...a: unknown[]) => void) {
    if (!this.handlers.has(event)) this.handlers.set(event, new Set());
    this.handlers.get(event)!.add(h);
    return this;
  }
  off(event: string, h: (...a: unknown[]) => void) {
    this.handlers.get(event)?.delete(h);
    return this;
  }
  emit(...args: unknown[]) {
    this.emitted.push(args);
    return this;
  }
  removeAllListeners() {
    this.handlers.clear();
    return this;
  }
  disconnect() {
    return this;
  }
  connect() {
    return this;
  }
  /** The server sends `event`. */
  hear(event: string, ...args: unknown[]) {
    for (const h of [...(this.handlers.get(event) ?? [])]) h(...args);
  }
  names() {
    return this.emitted.map((a) => (a[0] === 'joinTickets' ? `joinTickets:${String(a[1])}` : String(a[0])));
  }
}

let fake: FakeSocket;
vi.mock('socket.io-client', () => ({ io: () => fake }));
vi.mock('./http', () => ({ refreshSession: () => Promise.resolve(false) }));

const { onReady, startSocket, stopSocket } = await import('./socket');
const { useConnectivity } = await import('./connectivity');
const reachable = () => useConnectivity.getState().reachable;

beforeEach(() => {
  fake = new FakeSocket();
  startSocket(1);
});
afterEach(() => stopSocket());

describe('the server reachable or not (issue 16 §4): what the offline banner and the outbox follow', () => {
  it('a dropped socket or one that cannot connect means unreachable; ready means reachable again', () => {
    fake.hear('connect');
    fake.hear('ready');
    expect(reachable()).toBe(true);
    fake.hear('disconnect', 'transport close');
    expect(reachable()).toBe(false);
    fake.hear('ready');
    expect(reachable()).toBe(true);
    fake.hear('connect_error', new Error('websocket error'));
    expect(reachable()).toBe(false);
    fake.hear('ready');
    expect(reachable()).toBe(true);
  });

  it('a session refusal, our own disconnect or a logout are not "offline"', () => {
    fake.hear('ready');
    fake.hear('connect_error', new Error('ERR_SESSION_EXPIRED'));
    fake.hear('disconnect', 'io client disconnect');
    fake.hear('disconnect', 'io server disconnect');
    expect(reachable()).toBe(true);
    fake.hear('disconnect', 'ping timeout');
    expect(reachable()).toBe(false);
    stopSocket();
    expect(reachable()).toBe(true);
  });
});

describe('the socket protocol (decision 0040): joins only after the server says ready', () => {
  it('sends the list joins on ready, not on connect', () => {
    fake.hear('connect');
    expect(fake.names()).toEqual([]);
    fake.hear('ready');
    expect(fake.names()).toEqual(['joinNotification', 'joinTickets:open', 'joinTickets:pending', 'joinTickets:closed']);
  });

  it("runs a screen's join on ready, at once when already ready, and again after a reconnect", () => {
    const join = vi.fn();
    const off = onReady(join);
    fake.hear('connect');
    expect(join).not.toHaveBeenCalled();
    fake.hear('ready');
    expect(join).toHaveBeenCalledTimes(1);

    const late = vi.fn();
    onReady(late);
    expect(late).toHaveBeenCalledTimes(1);

    fake.hear('disconnect', 'transport close');
    const whileDown = vi.fn();
    onReady(whileDown);
    fake.hear('connect');
    expect(whileDown).not.toHaveBeenCalled();
    fake.hear('ready');
    expect([join.mock.calls.length, late.mock.calls.length, whileDown.mock.calls.length]).toEqual([2, 2, 1]);
    // A reconnect also asks for what changed meanwhile, after ready like the joins.
    expect(fake.names()).toContain('resync');

    off();
    fake.hear('ready');
    expect(join).toHaveBeenCalledTimes(2);
  });
});
