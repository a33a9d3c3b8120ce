/**
 * Inbound throughput: N customer messages through the real pipeline (sandbox channel →
 * inbound → PostgreSQL → event bus → socket.io) vs the same unit of work as one raw statement.
 *
 *   npx tsx scripts/bench/ingest.ts [--messages 20000] [--customers 200] [--pool 10] [--trial 1000] [--raw-connections 8] [--rate 200] [--bare] [--statements] [--copilot]
 *
 * By default the company is configured as a real one runs (lib/ingest-company.ts, issue 26): the
 * bot greets new customers, follow-ups and a campaign's confirmations wait on some tickets, opt-out
 * keywords arrive, and a webhook subscribed to message.created is answered by a local receiver.
 * `--bare`: a company with nothing configured (the skeleton's bench). `--copilot`: the company's
 * copilot on, against a local fake model (lib/fake-model.ts; issue 32).
 *
 * Both runs use one throwaway embedded cluster with the product's durability settings, each in
 * its own freshly migrated database. Prints figures; the lines the issue names:
 * `ingest ratio R`, `socket p99 N ms at 200 msg/s`, `webhooks delivered D/E`, `webhook lag p99 N ms`.
 */
import type { Socket } from 'socket.io-client';
import type { TicketDto, UserDto, WhatsappDto } from '@balcao/shared';
import { withCluster, type Cluster } from './lib/cluster';
import { api, connectSocket, login, startApp, SUPER_EMAIL, SUPER_PASSWORD } from './lib/app';
import { flag, flagText, hasFlag, ms, now, percentile, pool, table } from './lib/stats';
import { cpuMeter, describeCpu, type CpuUse } from './lib/cpu';
import { configureCompany, DEFAULT_MIX, WebhookReceiver, type ConfiguredCompany } from './lib/ingest-company';
import { createRawIngest, seedRawTenant, type RawMessage } from './raw-ingest';
import { statementsProfile } from './lib/statements';
import { cpuProfiler } from './lib/cpu-profile';
import { copilotOn, fakeModel } from './lib/fake-model';

const N = flag('messages', 20_000);
const M = flag('customers', 200);
const POOL = flag('pool', 10);
const TRIAL = Math.min(flag('trial', 1_000), N);
const CONCURRENCIES = [8, 16, 32, 64];
const RAW_CONNECTIONS = flag('raw-connections', 8);
const RATE = flag('rate', 200);
const RATE_SECONDS = flag('rate-seconds', 10);
const BARE = hasFlag('bare');
const COPILOT = hasFlag('copilot');
/** `--statements`: pg_stat_statements over the pipeline's main run, per message (what SQL one message costs). */
const STATEMENTS = hasFlag('statements');
/** `--cpu-prof FILE`: a V8 CPU profile of this process over the pipeline's main run (what node spends per message). */
const CPU_PROF = flagText('cpu-prof');
/** After the last message, deliveries have this long to arrive (issue 26). */
const WEBHOOK_GRACE_MS = 10_000;

interface Run {
  concurrency: number;
  count: number;
  rate: number;
  p50?: number;
  p99?: number;
  cpu: CpuUse;
}

const otherPct = (r: Run) => `${((100 * r.cpu.otherUs) / r.cpu.wallUs).toFixed(0)}%`;

const regular = (c: number) => `5511${String(900000000 + c)}`;
const NUMBERS = Array.from({ length: M }, (_, c) => regular(c));

/**
 * Message k comes from customer k mod M, so in-flight messages rarely share a ticket; unless bare,
 * every `newEvery`-th comes from a customer never seen (the bot greets them) and every
 * `optOutEvery`-th is "SAIR" (not timed: its body is not unique).
 */
let seq = 0;
let fresh = 0;
const nextMessage = (phase: string, mixed = !BARE): RawMessage & { timed: boolean } => {
  const k = seq++;
  const id = `BENCH${phase}${k}`;
  if (mixed && k % DEFAULT_MIX.newEvery === DEFAULT_MIX.newEvery - 1) {
    const n = fresh++;
    return { from: `5521${String(900000000 + n)}`, name: `Novo ${n}`, body: `bench ${phase} #${k} oi, primeira vez aqui`, id, timed: true };
  }
  const c = k % M;
  if (mixed && k % DEFAULT_MIX.optOutEvery === DEFAULT_MIX.optOutEvery / 2) return { from: regular(c), name: `Cliente ${c}`, body: 'SAIR', id, timed: false };
  return { from: regular(c), name: `Cliente ${c}`, body: `bench ${phase} #${k} olá, preciso de ajuda com meu pedido`, id, timed: true };
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

interface PipelineResult {
  best: Run;
  trials: Run[];
  paced?: { p50: number; p99: number; count: number };
  webhooks?: { delivered: number; expected: number; duplicates: number; lagP99: number };
  listeners?: string;
}

const pipeline = async (cluster: Cluster): Promise<PipelineResult> => {
  const db = await cluster.database('bench_pipeline');
  const app = await startApp(db, { dbPoolSize: POOL });
  let socket: Socket | undefined;
  const receiver = new WebhookReceiver();
  let company: ConfiguredCompany | undefined;
  const model = COPILOT ? await fakeModel() : undefined;
  try {
    const su = await login(app.url, SUPER_EMAIL, SUPER_PASSWORD);
    const adminEmail = 'admin@ingest.bench';
    const created = await api(app.url, su.token).post<{ id: number }>('/companies', { name: 'Ingest Bench', admin: { name: 'Admin', email: adminEmail, password: 'Secret123' } });
    const session = await login(app.url, adminEmail, 'Secret123');
    const w = await api(app.url, session.token).post<WhatsappDto>('/whatsapp', { name: 'Sandbox', provider: 'sandbox' });
    // Looked up on each use: saving the connection (its queues) restarts its session, a new channel.
    const live = () => {
      const ch = app.sessions.sandbox(w.id, created.id);
      if (!ch) throw new Error('sandbox channel not live');
      return ch;
    };
    live();
    if (model) await copilotOn(app.url, session.token, model);
    socket = await connectSocket(app.url, session.token);
    const probe = new SocketProbe(socket, created.id);
    console.log(`pipeline: company ${created.id} (via API), sandbox connection ${w.id}, admin socket ${(session.user as UserDto).email}; app dbPoolSize=${POOL}, realtimeAdapter=none${model ? `; copilot on (fake model, ${model.url})` : ''}`);

    /** `count` messages, `concurrency` in flight; resolves when every timed one reached the socket. */
    const run = async (phase: string, count: number, concurrency: number): Promise<Run> => {
      const batch = Array.from({ length: count }, () => nextMessage(phase));
      const events = probe.start(batch.filter((m) => m.timed).length);
      events.catch(() => undefined); // awaited below; no unhandled rejection meanwhile
      const cpu = cpuMeter(cluster.dir);
      const t0 = now();
      await pool(count, concurrency, async (i) => {
        const m = batch[i]!;
        if (m.timed) probe.sent(m.body);
        await live().receive(m);
      });
      const tDone = now();
      await events;
      const r = probe.result();
      return { concurrency, count, rate: count / ((Math.max(tDone, r.lastAt) - t0) / 1000), p50: r.p50, p99: r.p99, cpu: cpu.stop() };
    };

    /** Open loop: one message every 1000/rate ms for `seconds`, whatever the answers; message→socket latency. */
    const paced = async (rate: number, seconds: number) => {
      const count = rate * seconds;
      const batch = Array.from({ length: count }, () => nextMessage('S'));
      const events = probe.start(batch.filter((m) => m.timed).length);
      events.catch(() => undefined);
      const t0 = now();
      const inFlight: Promise<unknown>[] = [];
      for (let i = 0; i < count; i += 1) {
        const due = t0 + (i * 1000) / rate;
        const wait = due - now();
        if (wait > 1) await new Promise((r) => setTimeout(r, wait));
        const m = batch[i]!;
        if (m.timed) probe.sent(m.body);
        inFlight.push(live().receive(m));
      }
      await Promise.all(inFlight);
      await events;
      const r = probe.result();
      return { p50: r.p50, p99: r.p99, count };
    };

    if (!BARE) {
      company = await configureCompany({
        url: app.url,
        token: session.token,
        ownerUrl: db.ownerUrl,
        companyId: created.id,
        whatsappId: w.id,
        numbers: NUMBERS,
        receiver,
        // Messages from each regular customer, round by round (the bot's greeting, then the hand-over).
        warm: async (count) => {
          const events = probe.start(count);
          events.catch(() => undefined);
          for (let round = 0; round < count / M; round += 1) {
            await pool(M, 8, async (c) => {
              const body = `bench warm ${round} #${c} olá`;
              probe.sent(body);
              await live().receive({ from: regular(c), name: `Cliente ${c}`, body, id: `BENCHWARM${round}_${c}` });
            });
          }
          await events;
        },
      });
    }

    await run('W', Math.min(500, TRIAL), 8); // warm-up: JIT, prepared statements, first tickets
    const trials: Run[] = [];
    for (const c of CONCURRENCIES) trials.push(await run(`T${c}_`, TRIAL, c));
    const chosen = trials.reduce((a, b) => (b.rate > a.rate ? b : a));
    console.log(`\npipeline trials (${TRIAL} messages each):`);
    console.log(table(['in flight', 'msgs/s', 'p50 ms', 'p99 ms', 'other CPU'], trials.map((t) => [t.concurrency, t.rate.toFixed(0), ms(t.p50!), ms(t.p99!), otherPct(t)])));
    const profile = STATEMENTS ? await statementsProfile(db.ownerUrl) : undefined;
    await profile?.reset();
    const cpuProf = CPU_PROF ? await cpuProfiler() : undefined;
    const best = await run('P', N, chosen.concurrency);
    if (cpuProf) console.log(`\npipeline main run, CPU profile: ${await cpuProf.stop(CPU_PROF!)}`);
    if (profile) {
      console.log(`\npipeline main run, ${await profile.report(N)}`);
      await profile.close();
    }
    const pacedRun = await paced(RATE, RATE_SECONDS);
    const tLast = now();
    let webhooks: PipelineResult['webhooks'];
    if (company) {
      // Deliveries have WEBHOOK_GRACE_MS after the last message; the expected count is re-read (bot replies and campaign sends count too).
      let expected = await company.expectedDeliveries();
      let got = await receiver.stats();
      while (got.delivered < expected && now() - tLast < WEBHOOK_GRACE_MS) {
        await new Promise((r) => setTimeout(r, 100));
        expected = await company.expectedDeliveries();
        got = await receiver.stats();
      }
      webhooks = { delivered: got.delivered, expected, duplicates: got.duplicates, lagP99: got.lagP99 };
    }
    return { best, trials, paced: pacedRun, webhooks, listeners: company ? await company.check() : undefined };
  } finally {
    receiver.close();
    await model?.close();
    socket?.close();
    await company?.close();
    await app.close();
  }
};

const raw = async (cluster: Cluster): Promise<{ main: Run; trials: Run[] }> => {
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
    const chosen = trials.reduce((a, b) => (b.rate > a.rate ? b : a));
    const profile = STATEMENTS ? await statementsProfile(db.ownerUrl) : undefined;
    await profile?.reset();
    const main = await run('R', N, chosen.concurrency);
    if (profile) {
      console.log(`\nraw main run, ${await profile.report(N, 8)}`);
      await profile.close();
    }
    return { main, trials };
  } finally {
    await rawIngest.close();
  }
};

await withCluster('ingest', async (cluster) => {
  console.log(`ingest bench: ${N} messages from ${M} customers, in-process sandbox receive() → pipeline → socket.io`);
  console.log(`postgres (product durability settings, throwawayData not set): ${await cluster.settings()}`);
  // The raw unit of work first, on a quiet cluster: run after the pipeline, it would share the
  // machine with what the pipeline left behind (the cluster's checkpoint and vacuum of its tables).
  const r = await raw(cluster);
  await cluster.checkpoint();
  const p = await pipeline(cluster);
  console.log('\nresults');
  if (p.listeners) console.log(p.listeners);
  console.log(`pipeline: ${p.best.count} messages, ${p.best.concurrency} in flight: ${p.best.rate.toFixed(0)} msgs/s, message→socket p50 ${ms(p.best.p50!)} ms, p99 ${ms(p.best.p99!)} ms`);
  console.log(`          ${describeCpu(p.best.cpu)}`);
  const rawBest = r.trials.reduce((a, b) => (b.rate > a.rate ? b : a));
  console.log(`raw:      ${r.main.count} messages, ${r.main.concurrency} in flight: ${r.main.rate.toFixed(0)} msgs/s (best trial: ${rawBest.rate.toFixed(0)} msgs/s at ${rawBest.concurrency} in flight)`);
  console.log(`          ${describeCpu(r.main.cpu)}`);
  console.log(`ingest ratio ${(p.best.rate / r.main.rate).toFixed(2)}`);
  if (p.paced) console.log(`socket p99 ${ms(p.paced.p99)} ms at ${RATE} msg/s (p50 ${ms(p.paced.p50)} ms, ${p.paced.count} messages over ${RATE_SECONDS} s)`);
  if (p.webhooks) {
    console.log(`webhooks delivered ${p.webhooks.delivered}/${p.webhooks.expected} (${WEBHOOK_GRACE_MS / 1000} s after the last message), ${p.webhooks.duplicates} duplicated delivery ids`);
    console.log(`webhook lag p99 ${ms(p.webhooks.lagP99, 0)} ms`);
  }
}, { statements: STATEMENTS });
