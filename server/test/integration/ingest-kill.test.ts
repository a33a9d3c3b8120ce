/**
 * The inbound pipeline across a kill -9 (issue 26: nothing traded for speed). Customers' texts
 * pour into a server process through its sandbox route; the process is killed with SIGKILL while
 * they do; the phone then delivers every message again to a new process (WhatsApp redelivers what
 * was not acknowledged, and may repeat what was). Every message is stored exactly once — none
 * that was acknowledged is lost, none is doubled — and each customer has one live ticket.
 */
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import postgres from 'postgres';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnChild, type TestChild } from '../helpers/child';
import { createTestApp, createTestDatabase } from '../helpers/build-app';
import { createCompany } from '../helpers/world';

const children: TestChild[] = [];
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of children) c.kill();
  for (const c of cleanups.reverse()) await c();
});

/** A server process (the campaign tests' helper) serving the API; resolves with its URL. */
const startServer = async (db: { ownerUrl: string; appUrl: string }): Promise<{ proc: ChildProcessWithoutNullStreams; url: string }> => {
  const child = spawnChild('campaign-process', { OWNER_URL: db.ownerUrl, APP_URL: db.appUrl, NO_SEED: '1', LISTEN: '1' });
  children.push(child);
  const url = (await child.next('READY')).slice('READY '.length).trim();
  return { proc: child.proc, url };
};

describe('inbound messages across a kill -9', () => {
  it('stores every message exactly once when the server dies mid-burst and the phone delivers everything again', async () => {
    const db = await createTestDatabase();
    cleanups.push(() => db.drop());
    const setup = await createTestApp({ db });
    const co = await createCompany(setup);
    await setup.close();
    const owner = postgres(db.ownerUrl, { max: 2, onnotice: () => undefined });
    cleanups.push(() => owner.end());

    // 600 texts from 30 customers, 20 each, in each customer's order.
    const N = 600;
    const CUSTOMERS = 30;
    const messages = Array.from({ length: N }, (_, i) => ({ id: `KILL${i}`, from: `5511966${String(i % CUSTOMERS).padStart(6, '0')}`, body: `mensagem ${i}` }));
    const send = (url: string, m: (typeof messages)[number]) =>
      fetch(`${url}/sandbox/connections/${co.whatsapp.id}/inbound`, {
        method: 'POST',
        headers: { authorization: `Bearer ${co.adminToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({ from: m.from, name: 'Cliente', body: m.body, id: m.id }),
      }).then((r) => r.status);

    const first = await startServer(db);
    const acknowledged = new Set<string>();
    let next = 0;
    let killed = false;
    const gone = new Promise((r) => first.proc.once('exit', r));
    // 24 at a time; once a third is acknowledged the process is killed, mid-flight.
    await Promise.all(
      Array.from({ length: 24 }, async () => {
        while (!killed && next < N) {
          const m = messages[next++]!;
          const status = await send(first.url, m).catch(() => 0);
          if (status === 202) acknowledged.add(m.id);
          if (!killed && acknowledged.size >= N / 3) {
            killed = true;
            first.proc.kill('SIGKILL');
          }
        }
      }),
    );
    await gone;
    expect(acknowledged.size).toBeGreaterThanOrEqual(N / 3);
    expect(acknowledged.size).toBeLessThan(N);
    // Every acknowledged message was stored before its answer.
    const stored = async () => (await owner<{ id: string }[]>`select wa_message_id as id from messages where company_id = ${co.companyId} and wa_message_id like 'KILL%'`).map((r) => r.id);
    const atKill = new Set(await stored());
    expect([...acknowledged].filter((id) => !atKill.has(id))).toEqual([]);

    // The phone delivers everything again, each customer's in order, to a new process. Until it
    // holds the connection (the dead process's lease goes with its database session), a delivery
    // is refused and the phone tries again.
    const second = await startServer(db);
    const deliver = async (m: (typeof messages)[number]) => {
      for (const until = Date.now() + 20_000; ; ) {
        const status = await send(second.url, m);
        if (status === 202) return;
        if (Date.now() > until) throw new Error(`${m.id}: answered ${status}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    };
    await Promise.all(
      Array.from({ length: CUSTOMERS }, async (_, c) => {
        for (const m of messages.filter((_, i) => i % CUSTOMERS === c)) await deliver(m);
      }),
    );
    const all = await stored();
    expect(all).toHaveLength(N);
    expect(new Set(all).size).toBe(N);
    const [t] = await owner<{ tickets: number; live: number }[]>`
      select count(*)::int as tickets, count(*) filter (where status <> 'closed')::int as live from tickets where company_id = ${co.companyId}`;
    expect(t).toEqual({ tickets: CUSTOMERS, live: CUSTOMERS });
    second.proc.kill('SIGTERM');
    await new Promise((r) => second.proc.once('exit', r));
  }, 180_000);
});
