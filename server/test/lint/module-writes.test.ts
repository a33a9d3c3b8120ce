/**
 * A module writes only its own tables (issue 27 §2): the module whose `*.table.ts` declares a
 * table is the one that inserts into, updates or deletes from it; another asks its door for a verb
 * (a ticket's status, queue or agent only through the tickets module). scripts/module-writes.mjs
 * reads drizzle calls and SQL text; each kind it catches is shown on planted modules.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error a plain .mjs script without types (the same one `node scripts/module-writes.mjs` runs)
import { foreignWrites } from '../../../scripts/module-writes.mjs';

interface Write {
  module: string;
  file: string;
  line: number;
  table: string;
  owner: string;
  how: string;
}
const writes = foreignWrites as (dir?: string) => Write[];

const planted = mkdtempSync(join(tmpdir(), 'module-writes-'));
afterAll(() => rmSync(planted, { recursive: true, force: true }));

/** Two modules as the server has them: tickets declares `tickets`, timers declares nothing. */
const TABLES = {
  'tickets/tickets.table.ts': "import { pgTable, serial, text } from 'drizzle-orm/pg-core';\nexport const tickets = pgTable(\n  'tickets',\n  { id: serial('id'), status: text('status') },\n);\n",
  'tickets/ticket-events.table.ts': "export const ticketEvents = pgTable('ticket_events', {});\n",
};
const plant = (files: Record<string, string>) => {
  const dir = mkdtempSync(join(planted, 'modules-'));
  for (const [path, text] of Object.entries({ ...TABLES, ...files })) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return writes(dir).map((w) => `${w.file}:${w.line} ${w.how} ${w.table}`);
};

describe('module writes', () => {
  it('the server writes no table another module declares', () => {
    expect(writes()).toEqual([]);
  });

  it("rejects a raw `update tickets set status` in another module (the timers' old close)", () => {
    expect(plant({ 'timers/timers.repository.ts': "export const close = (tx) => tx.execute(sql`\n  update tickets set status = 'closed' where id = ${1}`);\n" })).toEqual(['timers/timers.repository.ts:2 sql update tickets']);
  });

  it('rejects each earlier kind: raw insert and delete, a quoted or qualified name, the table interpolated', () => {
    expect(
      plant({
        'schedules/schedules.repository.ts': "export const a = sql`insert into ticket_events (company_id) values (1)`;\n",
        'contacts/contacts.repository.ts': 'export const b = sql`DELETE FROM "tickets" where contact_id = 1`;\nexport const c = sql`update public.tickets set x = 1`;\n',
        'prompts/prompts.repository.ts': 'export const d = sql`update ${tickets} t set prompt_id = null`;\n',
      }),
    ).toEqual(['contacts/contacts.repository.ts:1 sql delete from tickets', 'contacts/contacts.repository.ts:2 sql update tickets', 'prompts/prompts.repository.ts:1 sql update tickets', 'schedules/schedules.repository.ts:1 sql insert into ticket_events']);
  });

  it("rejects drizzle's insert, update and delete of another module's table", () => {
    expect(
      plant({
        'bot/bot.repository.ts': 'export const a = (tx) => tx.insert(ticketEvents).values({});\nexport const b = (tx) => tx.update(tickets).set({ status: "open" });\nexport const c = (tx) => tx.delete(tickets);\n',
      }),
    ).toEqual(['bot/bot.repository.ts:1 drizzle insert ticket_events', 'bot/bot.repository.ts:2 drizzle update tickets', 'bot/bot.repository.ts:3 drizzle delete tickets']);
  });

  it("lets the owner write, and ignores reads, comments and tests", () => {
    expect(
      plant({
        'tickets/tickets.repository.ts': "export const a = (tx) => tx.update(tickets).set({});\nexport const b = sql`update tickets set status = 'open'`;\n",
        'timers/timers.repository.ts': "// the tickets module does: update tickets set status\n/* insert into tickets */\nexport const c = sql`select id from tickets where status = 'open' for update`;\n",
        'timers/timers.test.ts': "await sql`update tickets set status = 'closed'`;\n",
      }),
    ).toEqual([]);
  });
});
