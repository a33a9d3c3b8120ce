// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../lib/toast';
import { bindAuthSocket } from './auth.socket';

const handlers = new Map<string, (p: unknown) => void>();
vi.mock('../../lib/socket', () => ({
  listen: (channel: string, handler: (p: unknown) => void) => {
    handlers.set(channel, handler);
    return () => handlers.delete(channel);
  },
}));
vi.mock('../../lib/toast', () => ({ toast: { warning: vi.fn() } }));
vi.mock('i18next', () => ({ default: { t: (key: string) => key } }));

// The logout itself runs 1 s later (a page reload): not in this test.
beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.clearAllMocks();
  vi.useRealTimers();
});

describe('the "logged in elsewhere" kick (company-<id>-auth, action update)', () => {
  it("warns this user's session, and only this user's", () => {
    const off = bindAuthSocket(7);
    handlers.get('auth')!({ action: 'update', user: { id: 8 } });
    expect(toast.warning).not.toHaveBeenCalled();
    handlers.get('auth')!({ action: 'update', user: { id: 7 } });
    expect(toast.warning).toHaveBeenCalledWith('auth.otherComputer');
    off();
  });
});
