/**
 * Campaigns' exactly-once guarantee (issue 13 §5 acceptance): a server process killed with
 * SIGKILL mid-campaign and another started → every number gets exactly one message; two server
 * processes working one campaign, with every send job duplicated while it runs → exactly once.
 */
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import postgres from 'postgres';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { spawnChild, type TestChild } from '../helpers/child';
import { createTestApp, createTestDatabase, type TestApp } from '../helpers/build-app';
import { api, createCompany, type TestCompany } from '../helpers/world';

type Db = Awaited<ReturnType<typeof createTestDatabase>>;
const children: TestChild[] = [];
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of children.splice(0)) c.kill();
});
afterAll(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

/** Contacts tagged for the campaign (fixtures), and the campaign itself, PROGRAMADA for now. */
const seedCampaign = async (owner: postgres.Sql, co: TestCompany, n: number, name: string): Promise<{ campaignId: number; numbers: string[] }> => {
  const [tag] = await owner<{ id: number }[]>`insert into tags (company_id, name, color) values (${co.companyId}, ${name}, '#335577') returning id`;
  const numbers = Array.from({ length: n }, (_, i) => `5531${String(900_000_000 + i).padStart(9, '0')}`);
  await owner`insert into contacts (company_id, name, number) select ${co.companyId}, 'Cliente ' || x, x from unnest(${numbers}::text[]) as x`;
  await owner`insert into contact_tags (company_id, contact_id, tag_id) select company_id, id, ${tag!.id} from contacts where company_id = ${co.companyId} and number = any(${numbers})`;
  await owner`insert into campaign_settings (company_id, key, value) values (${co.companyId}, 'messageInterval', '0'), (${co.companyId}, 'longerIntervalAfter', '0')`;
  // The number-health gate (20 a minute by default) has its own tests; here sends go back to back.
  await owner`update whatsapps set gate_rate_per_minute = 0, gate_daily_cap = 0, gate_warmup_days = 0, gate_jitter_ms = 0 where company_id = ${co.companyId}`;
  const [c] = await owner<{ id: number }[]>`
    insert into campaigns (company_id, name, message1, message2, status, scheduled_at, whatsapp_id, tag_list_id)
    values (${co.companyId}, ${name}, 'Olá {nome}', 'Oi {nome}', 'PROGRAMADA', now(), ${co.whatsapp.id}, ${tag!.id}) returning id`;
  return { campaignId: c!.id, numbers };
};

/**
 * Our outgoing messages per number (campaign texts only), and the ledger's statuses, from one
 * snapshot: read one after another, the last sends could commit between the messages' count and
 * the ledger's, showing a FINALIZADA campaign with numbers that got nothing (seen under load).
 */
const outcome = async (owner: postgres.Sql, companyId: number, campaignId: number) =>
  owner.begin('isolation level repeatable read read only', async (tx) => {
    const perNumber = await tx<{ number: string; n: number }[]>`
      select c.number, count(m.id)::int as n from contacts c
        left join messages m on m.contact_id = c.id and m.from_me and m.body like 'O% Cliente %'
       where c.company_id = ${companyId} group by c.number`;
    const statuses = await tx<{ status: string; n: number }[]>`select status, count(*)::int as n from campaign_shipping where campaign_id = ${campaignId} group by status`;
    const [camp] = await tx<{ status: string }[]>`select status from campaigns where id = ${campaignId}`;
    return { perNumber, statuses: Object.fromEntries(statuses.map((s) => [s.status, s.n])), status: camp!.status };
  });

const waitFor = async <T>(fn: () => Promise<T>, ok: (v: T) => boolean, ms: number): Promise<T> => {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (ok(v)) return v;
    if (Date.now() > end) throw new Error(`timed out; last: ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
};

/** A server process working the campaign's jobs (the campaign tests' helper). */
const startServer = async (db: Db): Promise<ChildProcessWithoutNullStreams> => {
  const child = spawnChild('campaign-process', { OWNER_URL: db.ownerUrl, APP_URL: db.appUrl, STALE_SECONDS: '1' });
  children.push(child);
  await child.next('READY');
  return child.proc;
};

describe('a campaign survives a kill -9', () => {
  it('sends every number exactly once when its server is killed mid-campaign and another starts', async () => {
    const db = await createTestDatabase();
    cleanups.push(() => db.drop());
    // Set up through one app, then leave: only the child processes work the campaign.
    const setup = await createTestApp({ db });
    const co = await createCompany(setup);
    const owner = postgres(db.ownerUrl, { max: 2, onnotice: () => undefined });
    cleanups.push(() => owner.end());
    const N = 200;
    const { campaignId } = await seedCampaign(owner, co, N, 'Kill');
    await setup.close();

    const first = await startServer(db);
    // Killed while it sends: some numbers done, most not.
    await waitFor(async () => (await owner<{ n: number }[]>`select count(*)::int as n from campaign_shipping where campaign_id = ${campaignId} and status = 'sent'`)[0]!.n, (n) => n >= 40, 60_000);
    const gone = new Promise((r) => first.once('exit', r));
    first.kill('SIGKILL');
    await gone;
    const atKill = await outcome(owner, co.companyId, campaignId);
    expect(atKill.status).toBe('EM_ANDAMENTO');
    expect(atKill.statuses.sent ?? 0).toBeLessThan(N);

    const second = await startServer(db);
    const done = await waitFor(() => outcome(owner, co.companyId, campaignId), (o) => o.status === 'FINALIZADA', 90_000);
    expect(done.statuses).toEqual({ sent: N });
    expect(done.perNumber).toHaveLength(N);
    expect(done.perNumber.filter((p) => p.n !== 1)).toEqual([]);
    second.kill('SIGTERM');
    await new Promise((r) => second.once('exit', r));
  }, 180_000);
});

describe('two server processes on one campaign', () => {
  let one: TestApp;
  let two: TestApp;
  it('sends every number exactly once while every send job is duplicated across both', async () => {
    const db = await createTestDatabase();
    cleanups.push(() => db.drop());
    one = await createTestApp({ db });
    two = await createTestApp({ db });
    cleanups.push(async () => {
      await one.close();
      await two.close();
    });
    const co = await createCompany(one);
    await two.sessions.resumeAll();
    const N = 150;
    const { campaignId } = await seedCampaign(one.owner, co, N, 'Dois');
    // Both processes hear about it; the dispatcher writes the ledger and queues windows.
    expect((await api(one, co.adminToken).get(`/campaigns/${campaignId}`)).status).toBe(200);
    // While it runs, each queued row gets two more send jobs: three jobs race for every number.
    let stop = false;
    const doubled = new Set<number>();
    const duplicator = (async () => {
      while (!stop) {
        const queued = await one.owner<{ id: number }[]>`select id from campaign_shipping where campaign_id = ${campaignId} and status = 'queued'`;
        const fresh = queued.map((r) => Number(r.id)).filter((id) => !doubled.has(id));
        fresh.forEach((id) => doubled.add(id));
        if (fresh.length) {
          await one.owner`
            insert into pgboss.job (name, data, retry_limit, expire_in)
            select 'campaign.send', jsonb_build_object('companyId', ${co.companyId}::int, 'campaignId', ${campaignId}::int, 'shippingId', x), 0, interval '60 seconds'
              from unnest(${fresh}::bigint[]) as x, generate_series(1, 2)`;
        }
        await new Promise((r) => setTimeout(r, 50));
      }
    })();
    // Kick the dispatcher now rather than at the next sweep.
    await one.owner`insert into pgboss.job (name, data) values ('campaign.dispatch', ${one.owner.json({ companyId: co.companyId, campaignId })})`;
    const done = await waitFor(() => outcome(one.owner, co.companyId, campaignId), (o) => o.status === 'FINALIZADA', 120_000);
    stop = true;
    await duplicator;
    expect(done.statuses).toEqual({ sent: N });
    expect(done.perNumber.filter((p) => p.n !== 1)).toEqual([]);
    const claimers = await one.owner<{ by: string }[]>`select distinct claimed_by as by from campaign_shipping where campaign_id = ${campaignId}`;
    // Both processes really worked it (the race was real).
    expect(claimers.length).toBe(2);
    // The duplicates really ran against claimed rows (most numbers had three jobs).
    expect(doubled.size).toBeGreaterThan(N / 2);
  }, 180_000);
});
