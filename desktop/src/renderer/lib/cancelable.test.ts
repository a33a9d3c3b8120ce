import { afterEach, describe, expect, it, vi } from 'vitest';
import { cancelable } from './cancelable';
import { toastError } from './reportError';

vi.mock('./reportError', () => ({ toastError: vi.fn() }));
afterEach(() => vi.clearAllMocks());

/** A request the test answers or refuses by hand, which (like fetch) refuses once aborted. */
const pending = <T>() => {
  let answer!: (v: T) => void;
  let refuse!: (e: unknown) => void;
  const send = vi.fn(
    (signal: AbortSignal) =>
      new Promise<T>((resolve, reject) => {
        answer = resolve;
        refuse = reject;
        signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      }),
  );
  return { send, answer: (v: T) => answer(v), refuse: (e: unknown) => refuse(e) };
};
const flush = () => new Promise((r) => setTimeout(r, 0));

describe('cancelable', () => {
  it('hands over the answer, then settles', async () => {
    const r = pending<number>();
    const then = vi.fn();
    const settled = vi.fn();
    cancelable(r.send, { then, settled });
    r.answer(7);
    await flush();
    expect(then).toHaveBeenCalledWith(7);
    expect(settled).toHaveBeenCalledTimes(1);
  });

  it("toasts a failure (or hands it to `failed`), then settles", async () => {
    const r = pending<number>();
    const settled = vi.fn();
    cancelable(r.send, { then: vi.fn(), settled });
    r.refuse(new Error('boom'));
    await flush();
    expect(toastError).toHaveBeenCalledTimes(1);
    expect(settled).toHaveBeenCalledTimes(1);
    const failed = vi.fn();
    const r2 = pending<number>();
    cancelable(r2.send, { then: vi.fn(), failed });
    r2.refuse(new Error('again'));
    await flush();
    expect(failed).toHaveBeenCalledTimes(1);
    expect(toastError).toHaveBeenCalledTimes(1);
  });

  it('drops what a cancelled request brings: no answer, no toast, no settle', async () => {
    const r = pending<number>();
    const then = vi.fn();
    const settled = vi.fn();
    const cancel = cancelable(r.send, { then, settled });
    cancel();
    r.answer(7);
    await flush();
    expect(r.send.mock.calls[0]![0].aborted).toBe(true);
    expect(then).not.toHaveBeenCalled();
    expect(toastError).not.toHaveBeenCalled();
    expect(settled).not.toHaveBeenCalled();
  });
});
