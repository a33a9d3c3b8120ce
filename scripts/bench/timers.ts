/**
 * The ticket timers must not move request latency (issue 12 §3): GET /tickets p99 while the
 * timers work through 100k due tickets, against its p99 without them, in the same run.
 *
 *   npx tsx scripts/bench/timers.ts [--scale 1] [--requests 1000] [--no-indexes]
 *
 * Throwaway embedded cluster with the product's durability settings, the inbox bench's data set
 * (100 companies, 100k tickets, ~1M messages; lib/inbox-seed.ts), reshaped so that every ticket is
 * due: half open with our last message older than the connection's `expiresTicket` (auto-close,
 * with an inactivity message), half pending without a queue older than `timeToTransfer`
 * (auto-transfer). The partial indexes the timers read come with migration 0014; the bench states
 * them again (`if not exists`, timers-indexes.ts) so an older data set has them too, unless
 * --no-indexes.
 *
 * Phase 1: the timers are off on every connection; one client GETs the largest company's open and
 * pending lists. Phase 2: the timers on, run back to back in the server's process (harsher than
 * the product's one run a minute) for the whole phase, the same requests. Ends with
 * `timers p99 ratio <r>` (phase 2 p99 / phase 1 p99). Target: ≤ 2.
 */
import postgres from 'postgres';
import { withCluster } from './lib/cluster';
import { login, startApp } from './lib/app';
import { BENCH_PASSWORD, seedInbox, userEmail } from './lib/inbox-seed';
import { flag, hasFlag, mean, ms, now, percentile, table } from './lib/stats';
import { cpuMeter } from './lib/cpu';
import { Jobs } from '../../server/src/infra/jobs';
import { systemClock } from '../../server/src/infra/clock';
import { createTimersService, DEFAULT_TIMER_LIMITS } from '../../server/src/modules/timers';
import { ticketsQueries } from '../../server/src/modules/tickets';
import { TIMER_INDEXES } from './timers-indexes';

const SCALE = flag('scale', 1);
const REQUESTS = flag('requests', 1000);
const WARMUP = 50;
const TARGET = 2;


const timedGet = async (url: string, token: string): Promise<number> => {
  const t0 = now();
  const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  await res.text();
  if (res.status !== 200) throw new Error(`GET ${url}: ${res.status}`);
  return now() - t0;
};

await withCluster('timers', async (cluster) => {
  console.log(`timers bench: scale ${SCALE}; postgres (product durability settings): ${await cluster.settings()}`);
  const db = await cluster.database('bench_timers');
  const seed = await seedInbox(db.ownerUrl, SCALE);
  const owner = postgres(db.ownerUrl, { max: 1, onnotice: () => undefined });
  // Every ticket due: even ids open (our last message after the customer's, hours ago), odd ids
  // pending without a queue or a person, queued hours ago.
  await owner`
    update tickets set
      status = case when id % 2 = 0 then 'open' else 'pending' end,
      user_id = case when id % 2 = 0 then coalesce(user_id, case when company_id = 1 then 2 else 40 + (company_id - 2) * 5 + 2 end) end,
      queue_id = case when id % 2 = 0 then queue_id end,
      closed_at = null,
      last_from_me_at = case when id % 2 = 0 then updated_at + interval '1 minute' end,
      queued_at = updated_at - interval '1 hour'
    where updated_at < now() - interval '2 hours'`;
  await owner`update whatsapps set expires_ticket = 0, time_to_transfer = 0, transfer_queue_id = null`;
  if (!hasFlag('no-indexes')) for (const ddl of TIMER_INDEXES) await owner.unsafe(ddl);
  await owner`vacuum (analyze) tickets`;
  const [due] = await owner<{ close: number; transfer: number }[]>`
    select count(*) filter (where status = 'open' and last_from_me_at < now() - interval '60 minutes')::int as close,
           count(*) filter (where status = 'pending' and queue_id is null and user_id is null)::int as transfer from tickets`;
  console.log(`seeded in ${seed.seconds.toFixed(1)} s: ${seed.tickets} tickets, ${seed.messages} messages; due: ${due!.close} auto-close, ${due!.transfer} auto-transfer; timer indexes: ${hasFlag('no-indexes') ? 'none' : 'created'}`);

  const app = await startApp(db, { seed: false });
  // The reshaping above appended a count delta per ticket moved: folded, as the server's minute job would.
  await app.data.withSystem('tickets:counts', ({ tx }) => ticketsQueries.foldCounts(tx));
  // The lists' counts (decision 0322) must be the tickets', before the run and after it.
  const countsAgree = async (when: string) => {
    const [off] = await owner<{ n: number }[]>`
      select count(*)::int as n from (select company_id, status, count(*)::int as n from tickets group by 1, 2) t
      full join (select company_id, status, sum(n)::int as n from ticket_counts group by 1, 2 having sum(n) <> 0) k using (company_id, status)
      where t.n is distinct from k.n`;
    if (off!.n > 0) throw new Error(`${when}: the kept ticket counts disagree with the tickets in ${off!.n} (company, status) pairs`);
  };
  await countsAgree('after seeding');
  const jobs = await Jobs.start(db.ownerUrl);
  const timers = createTimersService({ data: app.data, jobs, clock: systemClock });
  let result: string[] | undefined;
  try {
    const admin = await login(app.url, userEmail(1, 1), BENCH_PASSWORD);
    const urls = [`${app.url}/tickets?status=open&showAll=true`, `${app.url}/tickets?status=pending&showAll=true`];
    const measure = async (count: number) => {
      const lat: number[] = [];
      for (let i = 0; i < count; i += 1) lat.push(await timedGet(urls[i % 2]!, admin.token));
      return lat;
    };
    await measure(WARMUP);

    const rows: (string | number)[][] = [];
    const cpu1 = cpuMeter(cluster.dir);
    const t1 = now();
    const without = await measure(REQUESTS);
    const use1 = cpu1.stop();
    const s1 = (now() - t1) / 1000;
    const pct = (x: number, wall: number) => `${((100 * x) / wall).toFixed(0)}%`;
    rows.push(['without timers', without.length, ms(percentile(without, 50)), ms(percentile(without, 95)), ms(percentile(without, 99)), ms(mean(without)), '-', '-', pct(use1.nodeUs, use1.wallUs), pct(use1.pgUs, use1.wallUs), pct(use1.otherUs, use1.wallUs)]);

    // Timers on: every connection closes after 60 minutes (with a message) and transfers to its first queue.
    await owner`update whatsapps w set expires_ticket = 60, expires_inactive_message = 'Atendimento encerrado por inatividade.', time_to_transfer = 60,
      transfer_queue_id = (select min(q.id) from queues q where q.company_id = w.company_id)`;
    let running = true;
    const runs: { ms: number; moved: number }[] = [];
    const loop = (async () => {
      while (running) {
        const t0 = now();
        const r = await timers.run();
        runs.push({ ms: now() - t0, moved: r.autoClose + r.autoTransfer + r.botTimeout });
      }
    })();
    // The first run under way before the clock starts.
    while (runs.length === 0 && (await owner`select 1 from ticket_events limit 1`).length === 0) await new Promise((r) => setTimeout(r, 20));
    const cpu2 = cpuMeter(cluster.dir);
    const t2 = now();
    const withTimers = await measure(REQUESTS);
    const use2 = cpu2.stop();
    const s2 = (now() - t2) / 1000;
    running = false;
    await loop;
    await countsAgree('after the timers');
    const [fired] = await owner<{ n: number }[]>`select count(*)::int as n from ticket_events where kind = 'timer'`;
    const moved = runs.reduce((a, r) => a + r.moved, 0);
    const runMs = runs.map((r) => r.ms);
    rows.push(['timers running', withTimers.length, ms(percentile(withTimers, 50)), ms(percentile(withTimers, 95)), ms(percentile(withTimers, 99)), ms(mean(withTimers)), runs.length, moved, pct(use2.nodeUs, use2.wallUs), pct(use2.pgUs, use2.wallUs), pct(use2.otherUs, use2.wallUs)]);

    const out = [
      `\nGET /tickets?status=open|pending&showAll=true (alternating), company 1 admin, one client, ${WARMUP} warm-up requests; phases ${s1.toFixed(1)} s and ${s2.toFixed(1)} s`,
      table(['phase', 'requests', 'p50 ms', 'p95 ms', 'p99 ms', 'mean ms', 'timer runs', 'tickets moved', 'node CPU', 'pg CPU', 'other CPU'], rows),
      '(CPU columns: share of one core during the phase; "other" = processes outside this bench, e.g. other test runs)',
      `timer runs (back to back, limits ${DEFAULT_TIMER_LIMITS.batch}/batch, ${DEFAULT_TIMER_LIMITS.maxPerRun}/timer/run): run p50 ${ms(percentile(runMs, 50))} ms, max ${ms(Math.max(...runMs))} ms; ` +
        `${moved} tickets moved by the loop (${(moved / s2).toFixed(0)}/s), ${fired!.n} timeline rows (with the server's own cron runs)`,
    ];
    const ratio = percentile(withTimers, 99) / percentile(without, 99);
    out.push(`\ntarget p99 ratio ≤ ${TARGET}: ${ratio <= TARGET ? 'met' : 'MISSED'}`, `timers p99 ratio ${ratio.toFixed(2)}`);
    // Timers off again; the inactivity messages already queued are sent before the server stops
    // (bounded), so nothing is printed after the result.
    await owner`update whatsapps set expires_ticket = 0, time_to_transfer = 0`;
    for (let waited = 0; waited < 60_000; waited += 250) {
      const [left] = await owner<{ n: number }[]>`select count(*)::int as n from pgboss.job where state < 'completed' and (name = 'message.send' or name like 'whatsapp.c%')`;
      if (left!.n === 0) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    await new Promise((r) => setTimeout(r, 2_000));
    result = out;
  } finally {
    await jobs.stop();
    await app.close();
    await owner.end({ timeout: 5 });
  }
  for (const line of result ?? []) console.log(line);
});
