import { afterEach, describe, expect, it, vi } from 'vitest';
import { deleter } from './deleter';
import { toastError } from './reportError';

vi.mock('./reportError', () => ({ toastError: vi.fn() }));
afterEach(() => vi.clearAllMocks());

describe('deleter', () => {
  it('removes by id, then tells what was deleted', async () => {
    const remove = vi.fn(() => Promise.resolve());
    const deleted = vi.fn();
    await deleter(remove, deleted)({ id: 7 });
    expect(remove).toHaveBeenCalledWith(7);
    expect(deleted).toHaveBeenCalledWith({ id: 7 });
    expect(toastError).not.toHaveBeenCalled();
  });

  it('a refusal is the error toast, or what the screen says, and nothing is dropped', async () => {
    const err = new Error('in use');
    const deleted = vi.fn();
    await deleter(() => Promise.reject(err), deleted)({ id: 7 });
    expect(toastError).toHaveBeenCalledWith(err);
    const failed = vi.fn();
    await deleter(() => Promise.reject(err), deleted, failed)({ id: 8 });
    expect(failed).toHaveBeenCalledWith(err);
    expect(deleted).not.toHaveBeenCalled();
  });
});
