import { describe, expect, it } from 'vitest';
import { readCapped } from './read-capped';

/** A response streamed in the given chunks; `cancelled` turns true when the reader gives up. */
const streamed = (chunks: string[]) => {
  const state = { cancelled: false, pulled: 0 };
  const enc = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    pull(ctl) {
      if (state.pulled < chunks.length) ctl.enqueue(enc.encode(chunks[state.pulled++]!));
      else ctl.close();
    },
    cancel() {
      state.cancelled = true;
    },
  });
  return { res: new Response(body), state };
};

describe('readCapped', () => {
  it('reads a body within the cap whole', async () => {
    const { res, state } = streamed(['ab', 'cd', 'ef']);
    const r = await readCapped(res, 6);
    expect(r.bytes.toString()).toBe('abcdef');
    expect(r.over).toBe(false);
    expect(state.cancelled).toBe(false);
  });

  it('stops at the cap, keeps what fits and cancels the rest', async () => {
    const { res, state } = streamed(['abc', 'def', 'ghi', 'never read']);
    const r = await readCapped(res, 5);
    expect(r.bytes.toString()).toBe('abcde');
    expect(r.over).toBe(true);
    expect(state.cancelled).toBe(true);
    expect(state.pulled).toBeLessThan(4);
  });

  it('an empty or absent body is empty', async () => {
    expect(await readCapped(new Response(null), 10)).toEqual({ bytes: Buffer.alloc(0), over: false });
    expect((await readCapped(new Response(''), 10)).bytes.length).toBe(0);
  });
});
