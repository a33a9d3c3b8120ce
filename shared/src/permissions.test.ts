import { describe, expect, it } from 'vitest';
import { can, canSeeTicket, type Actor } from './permissions';

const user = (over: Partial<Actor> = {}): Actor => ({ id: 1, profile: 'user', super: false, queueIds: [10], allTicket: 'disabled', ...over });

describe('permissions', () => {
  it('gives admins the spec permissions and nobody else any', () => {
    expect(can('admin', 'tickets-manager:showall')).toBe(true);
    expect(can('user', 'tickets-manager:showall')).toBe(false);
    expect(can('supervisor', 'ticket-options:deleteTicket')).toBe(false);
    expect(can('hacker', 'dashboard:view')).toBe(false);
  });

  it('lets a user see own tickets and unassigned tickets of own queues only', () => {
    expect(canSeeTicket(user(), { status: 'open', userId: 1, queueId: 99 })).toBe(true);
    expect(canSeeTicket(user(), { status: 'pending', userId: null, queueId: 10 })).toBe(true);
    expect(canSeeTicket(user(), { status: 'pending', userId: null, queueId: 11 })).toBe(false);
    expect(canSeeTicket(user(), { status: 'open', userId: 2, queueId: 10 })).toBe(false);
  });

  it('shows queue-less unassigned tickets only with allTicket enabled', () => {
    const t = { status: 'pending' as const, userId: null, queueId: null };
    expect(canSeeTicket(user(), t)).toBe(false);
    expect(canSeeTicket(user({ allTicket: 'enabled' }), t)).toBe(true);
  });

  it('lets supervisors see every ticket of their queues and admins everything', () => {
    expect(canSeeTicket(user({ profile: 'supervisor' }), { status: 'open', userId: 2, queueId: 10 })).toBe(true);
    expect(canSeeTicket(user({ profile: 'supervisor' }), { status: 'open', userId: 2, queueId: 11 })).toBe(false);
    expect(canSeeTicket(user({ profile: 'admin', queueIds: [] }), { status: 'open', userId: 2, queueId: 11 })).toBe(true);
  });
});
