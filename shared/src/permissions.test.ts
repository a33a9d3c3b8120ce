import { describe, expect, it } from 'vitest';
import { can, canEditQuickMessage, canSeeQuickMessage, canSeeTicket, type Actor } from './permissions';

const user = (over: Partial<Actor> = {}): Actor => ({ id: 1, profile: 'user', super: false, queueIds: [10], allTicket: 'disabled', ...over });

describe('permissions', () => {
  it('gives admins the spec permissions and nobody else any', () => {
    expect(can('admin', 'tickets-manager:showall')).toBe(true);
    expect(can('user', 'tickets-manager:showall')).toBe(false);
    expect(can('supervisor', 'ticket-options:deleteTicket')).toBe(false);
    expect(can('hacker', 'dashboard:view')).toBe(false);
  });

  it('keeps the spy eye, the user filter and settings changes to admins', () => {
    for (const p of ['tickets-manager:spy', 'tickets-manager:filterUsers', 'settings:update'] as const) {
      expect({ p, admin: can('admin', p), supervisor: can('supervisor', p), user: can('user', p), superUser: can({ profile: 'user', super: true }, p) }).toEqual({
        p,
        admin: true,
        supervisor: false,
        user: false,
        superUser: false,
      });
    }
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

describe('quick messages (administration.md §6)', () => {
  const mine = { geral: false, userId: 1 };
  const others = { geral: false, userId: 2 };
  const general = { geral: true, userId: 2 };
  const as = (profile: string) => ({ id: 1, profile });

  it('marks general ones for admins only', () => {
    expect(can('admin', 'quickMessages:setGeneral')).toBe(true);
    expect(can('supervisor', 'quickMessages:setGeneral')).toBe(false);
    expect(can('user', 'quickMessages:setGeneral')).toBe(false);
  });

  it('lets admins and supervisors change every one, a user only their own non-general ones', () => {
    for (const q of [mine, others, general]) {
      expect(canEditQuickMessage(as('admin'), q)).toBe(true);
      expect(canEditQuickMessage(as('supervisor'), q)).toBe(true);
    }
    expect(canEditQuickMessage(as('user'), mine)).toBe(true);
    expect(canEditQuickMessage(as('user'), others)).toBe(false);
    expect(canEditQuickMessage(as('user'), general)).toBe(false);
    expect(canEditQuickMessage(as('user'), { geral: true, userId: 1 })).toBe(false);
  });

  it('shows a user the general ones and their own, never another user’s', () => {
    expect(canSeeQuickMessage(as('user'), mine)).toBe(true);
    expect(canSeeQuickMessage(as('user'), general)).toBe(true);
    expect(canSeeQuickMessage(as('user'), others)).toBe(false);
    expect(canSeeQuickMessage(as('supervisor'), others)).toBe(true);
  });
});
