import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PRESENCE_REFRESH_MS, TYPING_IDLE_MS, createPresenceReporter, type SimPresence } from './simulator.presence';

let sent: SimPresence[];
beforeEach(() => {
  vi.useFakeTimers();
  sent = [];
});
afterEach(() => vi.useRealTimers());

const reporter = () => createPresenceReporter((p) => sent.push(p));

describe('the simulated phone’s presence', () => {
  it('says typing once per refresh while keys go on, and paused once they stop', () => {
    const r = reporter();
    r.typed('O');
    r.typed('Oi');
    expect(sent).toEqual(['composing']);
    // A key every 3 s: still typing; after 10 s the phone says so again.
    for (let t = 3_000; t < PRESENCE_REFRESH_MS; t += 3_000) {
      vi.advanceTimersByTime(3_000);
      r.typed(`Oi ${t}`);
    }
    expect(sent).toEqual(['composing']);
    vi.advanceTimersByTime(3_000);
    r.typed('Oi! T');
    expect(sent).toEqual(['composing', 'composing']);
    vi.advanceTimersByTime(TYPING_IDLE_MS);
    expect(sent).toEqual(['composing', 'composing', 'paused']);
    vi.advanceTimersByTime(PRESENCE_REFRESH_MS * 3);
    expect(sent).toEqual(['composing', 'composing', 'paused']);
  });

  it('pauses when the box is emptied or the message goes, never twice', () => {
    const r = reporter();
    r.typed('Oi');
    r.typed('');
    r.paused();
    expect(sent).toEqual(['composing', 'paused']);
    r.typed('  ');
    expect(sent).toEqual(['composing', 'paused']);
  });

  it('says recording, refreshed until the voice note ends; typing meanwhile does not interrupt it', () => {
    const r = reporter();
    r.recording();
    r.typed('x');
    vi.advanceTimersByTime(PRESENCE_REFRESH_MS * 2);
    expect(sent).toEqual(['recording', 'recording', 'recording']);
    r.paused();
    vi.advanceTimersByTime(PRESENCE_REFRESH_MS * 2);
    expect(sent).toEqual(['recording', 'recording', 'recording', 'paused']);
  });
});
