import { describe, expect, it } from 'vitest';
import { actionFor, canTransition, isLive } from './ticket-status';

describe('ticket transitions', () => {
  it('accepts only waiting tickets and reopens only closed ones', () => {
    expect(canTransition('pending', 'accept')).toBe(true);
    expect(canTransition('attending', 'accept')).toBe(true);
    expect(canTransition('open', 'accept')).toBe(false);
    expect(canTransition('closed', 'reopen')).toBe(true);
    expect(canTransition('open', 'reopen')).toBe(false);
    expect(canTransition('closed', 'close')).toBe(false);
    expect(canTransition('open', 'return')).toBe(true);
    expect(canTransition('pending', 'return')).toBe(false);
  });

  it('reads the spec client bodies as actions', () => {
    expect(actionFor('pending', { status: 'open', userId: 7 }, 7)).toBe('accept');
    expect(actionFor('open', { status: 'pending', userId: null }, 7)).toBe('return');
    expect(actionFor('open', { status: 'closed' }, 7)).toBe('close');
    expect(actionFor('closed', { status: 'open' }, 7)).toBe('reopen');
    expect(actionFor('open', { queueId: 3 }, 7)).toBe('transfer');
    expect(actionFor('open', { queueId: 3, userId: 9, status: 'open' }, 7)).toBe('transfer');
    expect(actionFor('pending', { status: 'pending', userId: null }, 7)).toBe('return');
    expect(actionFor('open', { userId: 9 }, 7)).toBe('transfer');
    expect(actionFor('open', {}, 7)).toBeNull();
  });

  it('treats every status but closed as live', () => {
    expect(['attending', 'pending', 'open', 'closed'].map((s) => isLive(s as never))).toEqual([true, true, true, false]);
  });
});
