/**
 * Ticket visibility is one unit (tickets/visibility.ts): for every combination of profile,
 * allTicket, the ticket's queue (the actor's, another, none), its owner (the actor, someone
 * else, nobody) and its status, the predicate, the SQL the lists use and the socket rooms
 * agree on whether the actor sees the ticket. Real PostgreSQL, real rows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor, Profile, TicketStatus } from '@balcao/shared';
import { createTestApp, type TestApp } from '../helpers/build-app';
import { createCompany, type TestCompany } from '../helpers/world';
import { uniquePhone } from '../helpers/tenants';
import * as usersRepo from '../../src/modules/users/users.repository';
import * as ticketsRepo from '../../src/modules/tickets/tickets.repository';
import { actorRooms, canSee, ticketRooms } from '../../src/modules/tickets/visibility';

const profiles: Profile[] = ['admin', 'supervisor', 'user'];
const allTickets = ['enabled', 'disabled'] as const;
const queuesOf = ['mine', 'other', 'none'] as const;
const owners = ['self', 'other', 'none'] as const;
const statuses: TicketStatus[] = ['pending', 'open', 'closed'];

interface Case {
  ticketId: number;
  userId: number | null;
  queueId: number | null;
  status: TicketStatus;
  label: string;
}

let app: TestApp;
let co: TestCompany;
const actors: { actor: Actor; cases: Case[] }[] = [];

beforeAll(async () => {
  app = await createTestApp();
  co = await createCompany(app);
  const mine = (await co.addQueue()).id;
  const other = (await co.addQueue()).id;
  const someoneElse = (await co.addUser({ queueIds: [mine, other] })).user.id;
  const queueId = { mine, other, none: null };
  for (const profile of profiles) {
    for (const allTicket of allTickets) {
      const { user } = await co.addUser({ profile: profile === 'admin' ? 'user' : profile, queueIds: [mine], allTicket });
      // The API makes users and supervisors; an admin with queues is the same row with another profile.
      if (profile === 'admin') await app.owner`update users set profile = 'admin' where id = ${user.id}`;
      const actor = (await app.data.withTenant({ companyId: co.companyId }, ({ tx }) => usersRepo.actorFacts(tx, co.companyId, user.id)))!;
      const cases: Case[] = [];
      for (const q of queuesOf) {
        for (const o of owners) {
          for (const status of statuses) {
            const userId = o === 'self' ? user.id : o === 'other' ? someoneElse : null;
            const [contact] = await app.owner`insert into contacts (company_id, name, number) values (${co.companyId}, 'Cliente', ${uniquePhone()}) returning id`;
            const [t] = await app.owner`
              insert into tickets (company_id, contact_id, whatsapp_id, queue_id, user_id, status)
              values (${co.companyId}, ${contact!.id}, ${co.whatsapp.id}, ${queueId[q]}, ${userId}, ${status}) returning id`;
            cases.push({ ticketId: t!.id as number, userId, queueId: queueId[q], status, label: `${profile}/${allTicket} queue=${q} owner=${o} ${status}` });
          }
        }
      }
      actors.push({ actor, cases });
    }
  }
}, 60_000);
afterAll(() => app.close());

describe('ticket visibility: predicate, SQL and rooms agree', () => {
  it('on every (profile, allTicket, queue, owner, status) combination', async () => {
    const rows: { label: string; predicate: boolean; sql: boolean; rooms: boolean }[] = [];
    for (const { actor, cases } of actors) {
      // The statement the lists and resync run (tickets.repository via visibleSql).
      const listed = await app.data.withTenant({ companyId: co.companyId }, ({ tx }) =>
        ticketsRepo.changedSince(tx, co.companyId, actor, new Date(0)),
      );
      const ids = new Set(listed.map((t) => t.id));
      const joined = new Set(actorRooms(co.companyId, actor));
      for (const c of cases) {
        rows.push({
          label: c.label,
          predicate: canSee(actor, c),
          sql: ids.has(c.ticketId),
          rooms: ticketRooms(co.companyId, c).some((r) => joined.has(r)),
        });
      }
    }
    expect(rows).toHaveLength(profiles.length * allTickets.length * queuesOf.length * owners.length * statuses.length);
    expect(rows.filter((r) => r.predicate !== r.sql || r.predicate !== r.rooms)).toEqual([]);
    // Not vacuous: some combinations are hidden, and which ones is the rule of server-behaviour §3.
    const seen = (label: string) => rows.find((r) => r.label === label)!.predicate;
    expect(seen('user/disabled queue=none owner=none pending')).toBe(false);
    expect(seen('user/enabled queue=none owner=none pending')).toBe(true);
    expect(seen('user/enabled queue=mine owner=other open')).toBe(false);
    expect(seen('supervisor/disabled queue=mine owner=other open')).toBe(true);
    expect(seen('supervisor/disabled queue=other owner=none closed')).toBe(false);
    expect(seen('admin/disabled queue=other owner=other closed')).toBe(true);
  });
});
