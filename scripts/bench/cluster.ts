/**
 * N processes on one PostgreSQL, measured (issue 31 §4): the local cluster of `npm run cluster`
 * (server processes from the `npm start` bundle, nginx with deploy/nginx.conf) on a throwaway
 * embedded PostgreSQL seeded like the inbox bench (100 companies, each with a sandbox connection).
 *
 *   npx tsx scripts/bench/cluster.ts [--scale 0.1] [--agents 5000] [--rate 100] [--seconds 10] [--clients 16] [--requests 3000]
 *
 * Prints, in this order:
 * - `cluster scaling R`: GET /tickets (first page, the largest company's admin) requests a second
 *   through nginx at `clients` clients on 2 processes over the same on 1 process (target ≥ 1.6);
 * - `cluster agents N`: agent sockets connected across the 2 processes (target 5,000; each
 *   company's admin, spread over the companies, half on each process: nginx's ip_hash would put
 *   every socket of this one client address on one process, so they connect to the processes);
 * - `fanout p99 N ms`: a customer message (the sandbox phone, `rate` a second, open loop) until the
 *   last of its company's agent sockets has it, across processes (target ≤ 250 ms);
 * - `takeover s N`: kill -9 of the process holding the WhatsApp sessions until the other runs
 *   all of them (target ≤ 30 s);
 * - first, in a process of its own (this one): `session rss MB N` and `sessions per GB N`, the
 *   memory `sessions` linked Baileys connections (on the fake socket) add to one server.
 */
import { io, type Socket } from 'socket.io-client';
import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import type { LoginResponse, TicketDto } from '@balcao/shared';
import { withCluster } from './lib/cluster';
import { BENCH_PASSWORD, seedInbox, userEmail } from './lib/inbox-seed';
import { flag, ms, now, percentile } from './lib/stats';
import { startCluster, type Cluster } from '../cluster/run';
import postgres from 'postgres';
import { measureSessionRss } from './lib/session-rss';

const SCALE = flag('scale', 0.1);
const AGENTS = flag('agents', 5000);
const RATE = flag('rate', 100);
const SECONDS = flag('seconds', 10);
const CLIENTS = flag('clients', 16);
const SESSIONS = flag('sessions', 100);
const REQUESTS = flag('requests', 3000);
const COMPANIES = 100;
const PORT = 18480;
const TAKEOVER_LIMIT_MS = 120_000;

const post = async <T>(url: string, body: unknown, token?: string): Promise<{ status: number; body: T }> => {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as T };
};
const login = async (base: string, email: string): Promise<string> => {
  const r = await post<LoginResponse>(`${base}/auth/login`, { email, password: BENCH_PASSWORD });
  if (r.status !== 200) throw new Error(`login ${email}: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.token;
};

/** One process's own gauge (GET /metrics straight to it: this machine, no proxy). */
const gauge = async (port: number, name: string): Promise<number> => {
  const text = await fetch(`http://127.0.0.1:${port}/metrics`).then((r) => r.text());
  const m = new RegExp(`^${name} (\\d+)`, 'm').exec(text);
  return m ? Number(m[1]) : 0;
};

/** `requests` GETs of the inbox's first page at `clients` at once, through the cluster's nginx: requests a second. */
const inboxRate = async (cluster: Cluster): Promise<number> => {
  const token = await login(cluster.url, userEmail(1, 1));
  const get = () => fetch(`${cluster.url}/tickets?status=open&showAll=true`, { headers: { authorization: `Bearer ${token}` } }).then(async (r) => {
    await r.arrayBuffer();
    if (r.status !== 200) throw new Error(`GET /tickets: ${r.status}`);
  });
  const run = async (count: number) => {
    let next = 0;
    const t0 = now();
    await Promise.all(
      Array.from({ length: CLIENTS }, async () => {
        while (next < count) {
          next += 1;
          await get();
        }
      }),
    );
    return count / ((now() - t0) / 1000);
  };
  await run(Math.min(300, REQUESTS)); // warm-up: plans, pools, JIT
  return run(REQUESTS);
};

const env = { LOG_LEVEL: 'warn', LOGIN_RATE_LIMIT: '1000000' };

await withCluster('cluster', async (pg) => {
  const sdb = await pg.database('bench_sessions');
  const owner = postgres(sdb.ownerUrl, { max: 1, onnotice: () => undefined });
  try {
    const m = await measureSessionRss(sdb, (q) => owner(q), SESSIONS);
    const mb = m.perSession / 2 ** 20;
    console.log(`sessions: ${m.count} linked Baileys connections (fake socket) in one server: RSS ${(m.before / 2 ** 20).toFixed(0)} → ${(m.after / 2 ** 20).toFixed(0)} MB`);
    console.log(`session rss MB ${mb.toFixed(2)}`);
    console.log(`sessions per GB ${Math.floor(1024 / Math.max(mb, 0.01))}`);
  } finally {
    await owner.end();
  }
  const db = await pg.database('bench_cluster');
  const seed = await seedInbox(db.ownerUrl, SCALE);
  console.log(`cluster bench: ${seed.companies} companies, ${seed.tickets} tickets, ${seed.messages} messages (scale ${SCALE}); ${CLIENTS} clients, ${AGENTS} agent sockets, ${RATE} msg/s`);
  const dataDir = mkdtempSync(join(tmpdir(), 'balcao-bench-cluster-'));
  try {
    // 1 process, then 2, on the same database: the same requests through the same nginx file.
    const one = await startCluster({ processes: 1, port: PORT, dataDir, databaseUrl: db.ownerUrl, env, quiet: true });
    let rateOne: number;
    try {
      rateOne = await inboxRate(one);
    } finally {
      await one.stop();
    }
    const two = await startCluster({ processes: 2, port: PORT, dataDir, databaseUrl: db.ownerUrl, env, quiet: true });
    const sockets: Socket[] = [];
    try {
      const rateTwo = await inboxRate(two);
      console.log(`GET /tickets through nginx, ${CLIENTS} clients: 1 process ${rateOne.toFixed(0)} req/s, 2 processes ${rateTwo.toFixed(0)} req/s`);
      console.log(`cluster scaling ${(rateTwo / rateOne).toFixed(2)}`);

      // Agents: each company's admin, AGENTS / COMPANIES sockets each, alternating processes.
      const tokens = new Map<number, string>();
      for (let c = 1; c <= COMPANIES; c += 1) tokens.set(c, await login(two.url, userEmail(c, 1)));
      const perCompany = Math.max(1, Math.floor(AGENTS / COMPANIES));
      const got = new Map<string, { sentAt: number; left: number; doneAt?: number }>();
      const t0 = now();
      for (let c = 1; c <= COMPANIES; c += 1) {
        await Promise.all(
          Array.from({ length: perCompany }, (_, i) => {
            const port = two.processes[(c * perCompany + i) % two.processes.length]!.port;
            return new Promise<void>((resolve, reject) => {
              const s = io(`http://127.0.0.1:${port}`, { transports: ['websocket'], auth: { token: tokens.get(c) }, reconnection: false, forceNew: true });
              s.once('ready', () => resolve());
              s.once('connect_error', reject);
              s.on(`company-${c}-ticket`, (p: { ticket?: TicketDto }) => {
                const g = p.ticket ? got.get(p.ticket.lastMessage) : undefined;
                if (!g || g.doneAt !== undefined) return;
                g.left -= 1;
                if (g.left === 0) g.doneAt = now();
              });
              sockets.push(s);
            });
          }),
        );
      }
      const connected = sockets.filter((s) => s.connected).length;
      console.log(`agents connected in ${((now() - t0) / 1000).toFixed(1)} s (${perCompany} sockets for each of ${COMPANIES} admins, ${two.processes.map((p) => p.port).join(' and ')})`);
      console.log(`cluster agents ${connected}`);

      // Fan-out: RATE messages a second, open loop, each from a new customer of a random company.
      const holder = async (c: number) => {
        for (const p of two.processes) {
          const r = await post<{ id?: string }>(`http://127.0.0.1:${p.port}/sandbox/connections/${c}/inbound`, { from: `55119${String(70000000 + c)}`, name: 'Cliente', body: 'ping' }, tokens.get(c));
          if (r.status === 202) return p.port;
        }
        throw new Error(`no process runs company ${c}'s sandbox connection`);
      };
      const entry = await holder(1);
      const total = RATE * SECONDS;
      const sends: Promise<unknown>[] = [];
      /** Each inbound POST's own time (the message stored, its events published): the floor of the fan-out's. */
      const postTimes: number[] = [];
      const start = now();
      for (let k = 0; k < total; k += 1) {
        const due = start + (k * 1000) / RATE;
        const wait = due - now();
        if (wait > 1) await new Promise((r) => setTimeout(r, wait));
        const c = 1 + (k % COMPANIES);
        const body = `fanout ${k} olá`;
        got.set(body, { sentAt: now(), left: perCompany });
        const posted = now();
        sends.push(post(`http://127.0.0.1:${entry}/sandbox/connections/${c}/inbound`, { from: `55118${String(10000000 + k)}`, name: `Cliente ${k}`, body }, tokens.get(c)).then(() => postTimes.push(now() - posted)));
      }
      await Promise.all(sends);
      const until = now() + 30_000;
      while ([...got.values()].some((g) => g.doneAt === undefined) && now() < until) await new Promise((r) => setTimeout(r, 50));
      const latencies = [...got.values()].filter((g) => g.doneAt !== undefined).map((g) => g.doneAt! - g.sentAt);
      const missed = got.size - latencies.length;
      console.log(`fan-out: ${total} messages at ${RATE} msg/s to ${perCompany} agent sockets each; p50 ${ms(percentile(latencies, 50))} ms${missed ? `; ${missed} never reached all of their agents` : ''}; the inbound POST itself p50 ${ms(percentile(postTimes, 50))} ms, p99 ${ms(percentile(postTimes, 99))} ms`);
      console.log(`fanout p99 ${ms(percentile(latencies, 99))} ms`);
      for (const s of sockets) s.close();

      // Takeover: kill -9 of the process holding the sessions; the other runs them all after it.
      const live = await Promise.all(two.processes.map((p) => gauge(p.port, 'balcao_sessions_live')));
      const sessions = live.reduce((a, b) => a + b, 0);
      const victim = two.processes[live.indexOf(Math.max(...live))]!;
      const survivor = two.processes.find((p) => p !== victim)!;
      // Customers keep writing through the survivor's simulated phones all along: every message it
      // accepts (202) must be stored exactly once, whoever runs the session at that moment.
      let writing = true;
      let accepted = 0;
      let refused = 0;
      const writer = (async () => {
        for (let k = 0; writing; k += 1) {
          const c = 1 + (k % COMPANIES);
          const r = await post(`http://127.0.0.1:${survivor.port}/sandbox/connections/${c}/inbound`, { from: `55117${String(10000000 + k)}`, name: 'Cliente', body: `takeover ${k}` }, tokens.get(c)).catch(() => ({ status: 0 }));
          if (r.status === 202) accepted += 1;
          else refused += 1;
          await new Promise((r2) => setTimeout(r2, 1000 / 50));
        }
      })();
      await new Promise((r) => setTimeout(r, 1000));
      const killedAt = now();
      victim.child.kill('SIGKILL');
      let taken = await gauge(survivor.port, 'balcao_sessions_live');
      while (taken < sessions && now() - killedAt < TAKEOVER_LIMIT_MS) {
        await new Promise((r) => setTimeout(r, 100));
        taken = await gauge(survivor.port, 'balcao_sessions_live');
      }
      const takeoverSeconds = (now() - killedAt) / 1000;
      await new Promise((r) => setTimeout(r, 2000));
      writing = false;
      await writer;
      // Stored: settled once the survivor has drained what it accepted.
      const ownerSql = postgres(db.ownerUrl, { max: 1, onnotice: () => undefined });
      let stored = { rows: -1, distinct: -1 };
      for (let i = 0; i < 100; i += 1) {
        const [row] = await ownerSql<{ rows: number; distinct: number }[]>`select count(*)::int as rows, count(distinct body)::int as distinct from messages where body like 'takeover %'`;
        stored = row!;
        if (stored.distinct >= accepted) break;
        await new Promise((r) => setTimeout(r, 200));
      }
      await ownerSql.end();
      console.log(`takeover: ${sessions} sessions (${live.join(' + ')}), ${taken} live on the survivor after the kill -9; customers wrote ${accepted + refused} messages meanwhile, ${accepted} accepted, ${refused} refused (not accepted, the customer's phone keeps them), ${stored.rows} stored`);
      console.log(`takeover s ${takeoverSeconds.toFixed(1)}`);
      console.log(`cluster lost ${Math.max(0, accepted - stored.distinct)}`);
      console.log(`cluster duplicates ${stored.rows - stored.distinct}`);
    } finally {
      for (const s of sockets) s.close();
      await two.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});
