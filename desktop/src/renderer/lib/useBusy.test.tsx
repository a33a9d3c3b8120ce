// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toastError } from './reportError';
import { useBusy, useBusyKey } from './useBusy';

vi.mock('./reportError', () => ({ toastError: vi.fn() }));
afterEach(() => vi.clearAllMocks());

describe('useBusy', () => {
  it('is busy while the work runs, then not', async () => {
    const { result } = renderHook(() => useBusy());
    let finish!: () => void;
    let done!: Promise<void>;
    act(() => {
      done = result.current[1](() => new Promise<void>((r) => (finish = r)));
    });
    expect(result.current[0]).toBe(true);
    await act(async () => {
      finish();
      await done;
    });
    expect(result.current[0]).toBe(false);
    expect(toastError).not.toHaveBeenCalled();
  });

  it('a failure is the error toast, and the key is free again', async () => {
    const { result } = renderHook(() => useBusyKey<number>());
    const err = new Error('refused');
    await act(() => result.current[1](() => Promise.reject(err), 7));
    expect(toastError).toHaveBeenCalledWith(err);
    expect(result.current[0]).toBeNull();
  });
});
