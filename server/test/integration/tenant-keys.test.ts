import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../helpers/build-app';

// The database itself refuses a row that points at another company's row: every reference
// between tenant tables is a composite (company_id, id) foreign key. Checked as the owner, so
// row-level security plays no part: only the keys stand in the way.

const FK_VIOLATION = '23503';
let db: Awaited<ReturnType<typeof createTestDatabase>>;
let sql: postgres.Sql;
const A = { company: 0, contact: 0, whatsapp: 0, queue: 0, user: 0, ticket: 0 };
const B = { ...A };

const seed = async (into: typeof A, name: string) => {
  const [plan] = await sql`select id from plans order by id limit 1`;
  const planId = (plan?.id as number | undefined) ?? (await sql`insert into plans (name) values ('keys') returning id`)[0]!.id;
  into.company = (await sql`insert into companies (name, plan_id) values (${name}, ${planId}) returning id`)[0]!.id;
  into.contact = (await sql`insert into contacts (company_id, name, number) values (${into.company}, 'C', ${`55${into.company}9`}) returning id`)[0]!.id;
  into.whatsapp = (await sql`insert into whatsapps (company_id, name) values (${into.company}, 'W') returning id`)[0]!.id;
  into.queue = (await sql`insert into queues (company_id, name, color) values (${into.company}, 'Q', '#000000') returning id`)[0]!.id;
  into.user = (await sql`insert into users (company_id, name, email, password_hash) values (${into.company}, 'U', ${`${name}@keys.test`}, 'x') returning id`)[0]!.id;
  into.ticket = (
    await sql`insert into tickets (company_id, contact_id, whatsapp_id, queue_id, user_id) values (${into.company}, ${into.contact}, ${into.whatsapp}, ${into.queue}, ${into.user}) returning id`
  )[0]!.id;
};

beforeAll(async () => {
  db = await createTestDatabase();
  sql = postgres(db.ownerUrl, { max: 1, onnotice: () => undefined });
  await seed(A, 'Keys A');
  await seed(B, 'Keys B');
});
afterAll(async () => {
  await sql.end();
  await db.drop();
});

const refused = async (query: () => Promise<unknown>) => {
  const err = await query().then(
    () => undefined,
    (e: unknown) => e as { code?: string },
  );
  expect(err?.code).toBe(FK_VIOLATION);
};

describe('composite foreign keys', () => {
  it("refuses a ticket of company A pointing at company B's contact, connection, queue or user", async () => {
    const contact2 = (await sql`insert into contacts (company_id, name, number) values (${A.company}, 'C2', '5500002') returning id`)[0]!.id;
    await refused(() => sql`insert into tickets (company_id, contact_id, whatsapp_id) values (${A.company}, ${B.contact}, ${A.whatsapp})`);
    await refused(() => sql`insert into tickets (company_id, contact_id, whatsapp_id) values (${A.company}, ${contact2}, ${B.whatsapp})`);
    await refused(() => sql`update tickets set queue_id = ${B.queue} where id = ${A.ticket}`);
    await refused(() => sql`update tickets set user_id = ${B.user} where id = ${A.ticket}`);
    // The same statements with A's own rows pass: only the company mismatch is refused.
    await sql`insert into tickets (company_id, contact_id, whatsapp_id, queue_id, user_id) values (${A.company}, ${contact2}, ${A.whatsapp}, ${A.queue}, ${A.user})`;
  });

  it("refuses messages, join rows and tokens that cross companies", async () => {
    await refused(() => sql`insert into messages (company_id, ticket_id, whatsapp_id, wa_message_id) values (${A.company}, ${B.ticket}, ${A.whatsapp}, 'x1')`);
    await refused(() => sql`insert into messages (company_id, ticket_id, whatsapp_id, wa_message_id, contact_id) values (${A.company}, ${A.ticket}, ${A.whatsapp}, 'x2', ${B.contact})`);
    await refused(() => sql`insert into messages (company_id, ticket_id, whatsapp_id, wa_message_id, user_id) values (${A.company}, ${A.ticket}, ${A.whatsapp}, 'x3', ${B.user})`);
    await refused(() => sql`insert into user_queues (company_id, user_id, queue_id) values (${A.company}, ${A.user}, ${B.queue})`);
    await refused(() => sql`insert into whatsapp_queues (company_id, whatsapp_id, queue_id) values (${A.company}, ${A.whatsapp}, ${B.queue})`);
    await refused(() => sql`update whatsapps set transfer_queue_id = ${B.queue} where id = ${A.whatsapp}`);
    await refused(() => sql`update users set whatsapp_id = ${B.whatsapp} where id = ${A.user}`);
    await refused(
      () => sql`insert into refresh_tokens (company_id, user_id, family, token_hash, expires_at) values (${A.company}, ${B.user}, 'f', 'h', now())`,
    );
  });

  it('deleting a referenced user or queue nulls only that column, never company_id', async () => {
    const msg = (
      await sql`insert into messages (company_id, ticket_id, whatsapp_id, wa_message_id, user_id) values (${B.company}, ${B.ticket}, ${B.whatsapp}, 'kept', ${B.user}) returning id`
    )[0]!.id;
    await sql`delete from users where id = ${B.user}`;
    await sql`delete from queues where id = ${B.queue}`;
    const [t] = await sql`select company_id, user_id, queue_id from tickets where id = ${B.ticket}`;
    expect(t).toEqual({ company_id: B.company, user_id: null, queue_id: null });
    const [m] = await sql`select company_id, user_id from messages where id = ${msg}`;
    expect(m).toEqual({ company_id: B.company, user_id: null });
  });
});
