/**
 * Inbound throughput: N customer messages through the real pipeline (sandbox channel →
 * inbound → PostgreSQL → event bus → socket.io) vs the same unit of work as one raw statement.
 *
 *   npx tsx scripts/bench/ingest.ts [--messages 20000] [--customers 200] [--pool 10] [--trial 1000] [--raw-connections 8] [--webhook 1]
 *
 * `--webhook 1`: the company has a webhook subscribed to message.created, ticket.created and
 * ticket.updated, answered 200 by a local receiver, so each message also queues and sends deliveries
 * (decision 0301); the end prints how many arrived.
 *
 * Both runs use one throwaway embedded cluster with the product's durability settings, each in
 * its own freshly migrated database. Prints figures; ends with `ingest ratio <pipeline/raw>`.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Socket } from 'socket.io-client';
import type { TicketDto, UserDto, WhatsappDto } from '@balcao/shared';
import { sql } from 'drizzle-orm';
import { withCluster, type Cluster } from './lib/cluster';
import { api, connectSocket, login, startApp, SUPER_EMAIL, SUPER_PASSWORD } from './lib/app';
import { flag, ms, now, percentile, pool, table } from './lib/stats';
import { cpuMeter, describeCpu, type CpuUse } from './lib/cpu';
import { createRawIngest, seedRawTenant, type RawMessage } from './raw-ingest';

const N = flag('messages', 20_000);
const M = flag('customers', 200);
const POOL = flag('pool', 10);
const TRIAL = Math.min(flag('trial', 1_000), N);
const CONCURRENCIES = [8, 16, 32, 64];
const RAW_CONNECTIONS = flag('raw-connections', 8);
const WEBHOOK = flag('webhook', 0) === 1;

interface Run {
  concurrency: number;
  count: number;
  rate: number;
  p50?: number;
  p99?: number;
  cpu: CpuUse;
}

let webhookHits = 0;

const otherPct = (r: Run) => `${((100 * r.cpu.otherUs) / r.cpu.wallUs).toFixed(0)}%`;

/** Message k comes from customer k mod M, so in-flight messages rarely share a ticket. */
let seq = 0;
const nextMessage = (phase: string): RawMessage => {
  const k = seq++;
  const c = k % M;
  return { from: `5511${String(900000000 + c)}`, name: `Cliente ${c}`, body: `bench ${phase} #${k} olá, preciso de ajuda com meu pedido`, id: `BENCH${phase}${k}` };
};

/** Counts `company-<id>-ticket` events and times each message from receive() to its event. */
class SocketProbe {
  private readonly sentAt = new Map<string, number>();
  private latencies: number[] = [];
  private lastAt = 0;
  private waiter?: { left: number; resolve: () => void };

  constructor(socket: Socket, companyId: number) {
    socket.on(`company-${companyId}-ticket`, (p: { action: string; ticket?: TicketDto }) => {
      const t0 = p.ticket ? this.sentAt.get(p.ticket.lastMessage) : undefined;
      if (t0 === undefined) return;
      this.lastAt = now();
      this.latencies.push(this.lastAt - t0);
      this.sentAt.delete(p.ticket!.lastMessage);
      if (this.waiter && --this.waiter.left === 0) this.waiter.resolve();
    });
  }

  /** Resolves when `count` more matched events arrived; fails after 30 s without progress. */
  start(count: number): Promise<void> {
    this.latencies = [];
    const startedAt = now();
    return new Promise((resolve, reject) => {
      const timer = setInterval(() => {
        if (now() - Math.max(this.lastAt, startedAt) < 30_000) return;
        clearInterval(timer);
        reject(new Error(`socket: ${this.waiter?.left} of ${count} ticket events never arrived`));
      }, 1_000);
      this.waiter = {
        left: count,
        resolve: () => {
          clearInterval(timer);
          resolve();
        },
      };
    });
  }

  sent(body: string): void {
    this.sentAt.set(body, now());
  }

  result() {
    return { lastAt: this.lastAt, p50: percentile(this.latencies, 50), p99: percentile(this.latencies, 99) };
  }
}

const pipeline = async (cluster: Cluster): Promise<{ best: Run; trials: Run[] }> => {
  const db = await cluster.database('bench_pipeline');
  const app = await startApp(db, { dbPoolSize: POOL });
  let socket: Socket | undefined;
  let receiver: ReturnType<typeof createServer> | undefined;
  try {
    const su = await login(app.url, SUPER_EMAIL, SUPER_PASSWORD);
    const adminEmail = 'admin@ingest.bench';
    const company = await api(app.url, su.token).post<{ id: number }>('/companies', { name: 'Ingest Bench', admin: { name: 'Admin', email: adminEmail, password: 'Secret123' } });
    const session = await login(app.url, adminEmail, 'Secret123');
    const w = await api(app.url, session.token).post<WhatsappDto>('/whatsapp', { name: 'Sandbox', provider: 'sandbox' });
    if (WEBHOOK) {
      receiver = createServer((req, res) => {
        req.resume();
        req.on('end', () => {
          webhookHits++;
          res.end('ok');
        });
      });
      await new Promise<void>((r) => receiver!.listen(0, '127.0.0.1', r));
      const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
      await api(app.url, session.token).post('/webhooks', { name: 'Bench', url, events: ['message.created', 'ticket.created', 'ticket.updated'] });
      console.log(`webhook subscribed: ${url} (message.created, ticket.created, ticket.updated)`);
    }
    const channel = app.sessions.sandbox(w.id, company.id);
    if (!channel) throw new Error('sandbox channel not live');
    socket = await connectSocket(app.url, session.token);
    const probe = new SocketProbe(socket, company.id);
    console.log(`pipeline: company ${company.id} (via API), sandbox connection ${w.id}, admin socket ${(session.user as UserDto).email}; app dbPoolSize=${POOL}, realtimeAdapter=none`);

    const run = async (phase: string, count: number, concurrency: number): Promise<Run> => {
      const events = probe.start(count);
      events.catch(() => undefined); // awaited below; no unhandled rejection meanwhile
      const cpu = cpuMeter(cluster.dir);
      const t0 = now();
      await pool(count, concurrency, async () => {
        const m = nextMessage(phase);
        probe.sent(m.body);
        await channel.receive(m);
      });
      const tDone = now();
      await events;
      const r = probe.result();
      return { concurrency, count, rate: count / ((Math.max(tDone, r.lastAt) - t0) / 1000), p50: r.p50, p99: r.p99, cpu: cpu.stop() };
    };

    await run('W', Math.min(500, TRIAL), 8); // warm-up: JIT, prepared statements, first tickets
    const trials: Run[] = [];
    for (const c of CONCURRENCIES) trials.push(await run(`T${c}_`, TRIAL, c));
    const chosen = trials.reduce((a, b) => (b.rate > a.rate ? b : a));
    console.log(`\npipeline trials (${TRIAL} messages each):`);
    console.log(table(['in flight', 'msgs/s', 'p50 ms', 'p99 ms', 'other CPU'], trials.map((t) => [t.concurrency, t.rate.toFixed(0), ms(t.p50!), ms(t.p99!), otherPct(t)])));
    const best = await run('P', N, chosen.concurrency);
    if (WEBHOOK) {
      const [row] = await app.data.withSystem('test:fixtures', ({ tx }) => tx.execute<{ n: number; pending: number }>(sql`select count(*)::int as n, count(*) filter (where status = 'pending')::int as pending from webhook_deliveries`));
      console.log(`webhook deliveries: ${row?.n} queued, ${row?.pending} still pending at the end, ${webhookHits} received so far`);
    }
    return { best, trials };
  } finally {
    receiver?.closeAllConnections();
    receiver?.close();
    socket?.close();
    await app.close();
  }
};

const raw = async (cluster: Cluster, concurrency: number): Promise<{ main: Run; trials: Run[] }> => {
  const db = await cluster.database('bench_raw');
  const facts = { ...(await seedRawTenant(db.ownerUrl)), queueId: null };
  const rawIngest = createRawIngest(db.appUrl, facts, { max: RAW_CONNECTIONS });
  try {
    const run = async (phase: string, count: number, c: number): Promise<Run> => {
      const cpu = cpuMeter(cluster.dir);
      const t0 = now();
      await pool(count, c, async () => {
        await rawIngest.ingest(nextMessage(phase));
      });
      return { concurrency: c, count, rate: count / ((now() - t0) / 1000), cpu: cpu.stop() };
    };
    await run('RW', Math.min(500, TRIAL), 8);
    const trials: Run[] = [];
    for (const c of CONCURRENCIES) trials.push(await run(`RT${c}_`, TRIAL, c));
    console.log(`\nraw trials (${TRIAL} messages each, postgres.js, ${RAW_CONNECTIONS} connections, app role + RLS):`);
    console.log(table(['in flight', 'msgs/s', 'other CPU'], trials.map((t) => [t.concurrency, t.rate.toFixed(0), otherPct(t)])));
    const main = await run('R', N, concurrency);
    return { main, trials };
  } finally {
    await rawIngest.close();
  }
};

await withCluster('ingest', async (cluster) => {
  console.log(`ingest bench: ${N} messages from ${M} customers, in-process sandbox receive() → pipeline → socket.io`);
  console.log(`postgres (product durability settings, throwawayData not set): ${await cluster.settings()}`);
  const p = await pipeline(cluster);
  const r = await raw(cluster, p.best.concurrency);
  console.log('\nresults');
  console.log(`pipeline: ${p.best.count} messages, ${p.best.concurrency} in flight: ${p.best.rate.toFixed(0)} msgs/s, message→socket p50 ${ms(p.best.p50!)} ms, p99 ${ms(p.best.p99!)} ms`);
  console.log(`          ${describeCpu(p.best.cpu)}`);
  const rawBest = r.trials.reduce((a, b) => (b.rate > a.rate ? b : a));
  console.log(`raw:      ${r.main.count} messages, ${r.main.concurrency} in flight: ${r.main.rate.toFixed(0)} msgs/s (best trial: ${rawBest.rate.toFixed(0)} msgs/s at ${rawBest.concurrency} in flight)`);
  console.log(`          ${describeCpu(r.main.cpu)}`);
  console.log(`ingest ratio ${(p.best.rate / r.main.rate).toFixed(2)}`);
});
