// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { emptyLists } from '../features/tickets/tickets.logic';
import { makeTicket } from '../test/fixtures';
import { isAppPath, trayCounts } from './useShellEffects';

describe('the shell and the platform bridge', () => {
  it('gives the tray waiting tickets and unread messages apart', () => {
    const lists = emptyLists();
    lists.pending = { ...lists.pending, count: 3 };
    lists.open = { ...lists.open, tickets: [makeTicket({ id: 1, unreadMessages: 2 }), makeTicket({ id: 2, unreadMessages: 5 })] };
    expect(trayCounts(lists)).toEqual({ pending: 3, unread: 7 });
    expect(trayCounts(emptyLists())).toEqual({ pending: 0, unread: 0 });
  });

  it('follows only in-app paths that main asks for', () => {
    expect(isAppPath('/tickets?tab=pending')).toBe(true);
    expect(isAppPath('//evil.example/x')).toBe(false);
    expect(isAppPath('https://evil.example/')).toBe(false);
    expect(isAppPath('/\\evil.example')).toBe(false);
    expect(isAppPath('tickets')).toBe(false);
  });
});
