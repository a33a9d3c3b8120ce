/**
 * A campaign of 10,000 contacts at interval 0 through the sandbox, exactly once across a kill -9
 * (issue 13 §5 acceptance):
 *
 *   npx tsx scripts/bench/campaign.ts [--contacts 10000] [--kill-at 0.5]
 *
 * Throwaway embedded cluster with the product's durability settings. The company, its sandbox
 * connection, 10,000 tagged contacts and a campaign due now are written first; then a real server
 * process (`server/test/helpers/campaign-process.ts`) runs the campaign; when about half the
 * numbers are sent it is killed with SIGKILL and a new process started, which finishes it.
 * Prints sends/s (the whole run, and before the kill), the largest pg-boss backlog seen (jobs not
 * finished: campaign sends, and all queues), and ends with `campaign duplicates <n>` (numbers that
 * got a campaign message more than once; must be 0) after checking nobody was missed.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { loadavg, cpus } from 'node:os';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';
import postgres from 'postgres';
import type { WhatsappDto } from '@balcao/shared';
import { withCluster } from './lib/cluster';
import { api, login, startApp, SUPER_EMAIL, SUPER_PASSWORD } from './lib/app';
import { flag } from './lib/stats';

const N = flag('contacts', 10_000);
const KILL_AT = flag('kill-at', 0.5);
const DEADLINE_MS = 30 * 60_000;

const startServer = async (db: { ownerUrl: string; appUrl: string }): Promise<ChildProcessWithoutNullStreams> => {
  const proc = spawn(process.execPath, ['--import', 'tsx', resolve('server/test/helpers/campaign-process.ts')], {
    env: { ...process.env, OWNER_URL: db.ownerUrl, APP_URL: db.appUrl, DATA_DIR: resolve('.bench-data'), STALE_SECONDS: '5', NO_SEED: '1' },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let err = '';
  proc.stderr.on('data', (d: Buffer) => (err += d.toString()).length > 20_000 && (err = err.slice(-10_000)));
  await new Promise<void>((ready, fail) => {
    createInterface({ input: proc.stdout }).on('line', (l) => l.startsWith('READY') && ready());
    proc.once('exit', (code, signal) => fail(new Error(`server process exited (${code ?? signal}): ${err.slice(-2000)}`)));
  });
  return proc;
};

await withCluster('campaign', async (cluster) => {
  console.log(`campaign bench: ${N} contacts, interval 0, kill -9 at ${Math.round(KILL_AT * 100)} %; load ${loadavg().map((l) => l.toFixed(2)).join(' ')} on ${cpus().length} cores`);
  console.log(`postgres (product durability settings): ${await cluster.settings()}`);
  const db = await cluster.database('bench_campaign');
  const owner = postgres(db.ownerUrl, { max: 2, onnotice: () => undefined });
  let server: ChildProcessWithoutNullStreams | undefined;
  try {
    // The platform, a company with a sandbox connection (through the API), then the data.
    const setup = await startApp(db);
    const su = await login(setup.url, SUPER_EMAIL, SUPER_PASSWORD);
    const company = await api(setup.url, su.token).post<{ id: number }>('/companies', { name: 'Campanhas Bench', admin: { name: 'Admin', email: 'admin@campaign.bench', password: 'Secret123' } });
    const admin = await login(setup.url, 'admin@campaign.bench', 'Secret123');
    const wa = await api(setup.url, admin.token).post<WhatsappDto>('/whatsapp', { name: 'Sandbox', provider: 'sandbox' });
    await setup.close();
    const companyId = company.id;
    const numbers = Array.from({ length: N }, (_, i) => `5511${String(900_000_000 + i).padStart(9, '0')}`);
    const [tag] = await owner<{ id: number }[]>`insert into tags (company_id, name, color) values (${companyId}, 'Bench', '#224466') returning id`;
    await owner`insert into contacts (company_id, name, number) select ${companyId}, 'Cliente ' || x, x from unnest(${numbers}::text[]) as x`;
    await owner`insert into contact_tags (company_id, contact_id, tag_id) select company_id, id, ${tag!.id} from contacts where company_id = ${companyId}`;
    await owner`insert into campaign_settings (company_id, key, value) values (${companyId}, 'messageInterval', '0'), (${companyId}, 'longerIntervalAfter', '0')`;
    // Interval 0 measures the pipeline, so the connection's number-health gate (20 a minute by
    // default, a daily cap, a warm-up) is switched off for this run.
    await owner`update whatsapps set gate_rate_per_minute = 0, gate_daily_cap = 0, gate_warmup_days = 0, gate_jitter_ms = 0 where company_id = ${companyId}`;
    const [c] = await owner<{ id: number }[]>`
      insert into campaigns (company_id, name, message1, message2, status, scheduled_at, whatsapp_id, tag_list_id)
      values (${companyId}, 'Bench', 'Olá {nome}, oferta {numero}', 'Oi {nome}, oferta {numero}', 'PROGRAMADA', now(), ${wa.id}, ${tag!.id}) returning id`;
    const campaignId = c!.id;

    let maxSendBacklog = 0;
    let maxBacklog = 0;
    const sample = async () => {
      const [r] = await owner<{ sent: number; sends: number; all: number; status: string }[]>`
        select (select count(*)::int from campaign_shipping where campaign_id = ${campaignId} and status <> 'pending' and status <> 'queued' and status <> 'held') as sent,
               (select count(*)::int from pgboss.job where name = 'campaign.send' and state < 'completed') as sends,
               (select count(*)::int from pgboss.job where state < 'completed') as all,
               (select status from campaigns where id = ${campaignId}) as status`;
      maxSendBacklog = Math.max(maxSendBacklog, r!.sends);
      maxBacklog = Math.max(maxBacklog, r!.all);
      return r!;
    };
    const t0 = Date.now();
    server = await startServer(db);
    console.log(`server process up in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    const tRun = Date.now();
    let lastLog = 0;
    let killedAt: { ms: number; sent: number } | undefined;
    for (;;) {
      const s = await sample();
      if (Date.now() - lastLog > 5000) {
        lastLog = Date.now();
        console.log(`  ${((Date.now() - tRun) / 1000).toFixed(0)} s: ${s.sent}/${N} done, send backlog ${s.sends}, all queues ${s.all}, ${s.status}`);
      }
      if (s.status === 'FINALIZADA') break;
      if (!killedAt && s.sent >= N * KILL_AT) {
        killedAt = { ms: Date.now() - tRun, sent: s.sent };
        const gone = new Promise((r) => server!.once('exit', r));
        server.kill('SIGKILL');
        await gone;
        console.log(`kill -9 at ${s.sent} done (${(killedAt.ms / 1000).toFixed(1)} s); starting another process`);
        server = await startServer(db);
      }
      if (Date.now() - tRun > DEADLINE_MS) throw new Error('the campaign did not finish in 30 minutes');
      await new Promise((r) => setTimeout(r, 200));
    }
    const total = (Date.now() - tRun) / 1000;
    const [dup] = await owner<{ dup: number; missing: number; multi: number }[]>`
      with per as (
        select ct.id, count(m.id)::int as n from contacts ct
          left join messages m on m.company_id = ct.company_id and m.contact_id = ct.id and m.from_me and m.body like 'O% Cliente %, oferta %'
         where ct.company_id = ${companyId} group by ct.id)
      select coalesce(sum(n - 1) filter (where n > 1), 0)::int as dup, (count(*) filter (where n = 0))::int as missing, (count(*) filter (where n > 1))::int as multi from per`;
    const ledger = await owner<{ status: string; n: number }[]>`select status, count(*)::int as n from campaign_shipping where campaign_id = ${campaignId} group by status`;
    console.log(`ledger: ${ledger.map((l) => `${l.status} ${l.n}`).join(', ')}; numbers without a message: ${dup!.missing}`);
    console.log(`sends/s ${(N / total).toFixed(1)} overall (${total.toFixed(1)} s incl. the restart); ${killedAt ? ((killedAt.sent / killedAt.ms) * 1000).toFixed(1) : '-'} before the kill`);
    console.log(`largest pg-boss backlog: ${maxSendBacklog} campaign sends, ${maxBacklog} jobs in all queues`);
    console.log(`load after: ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
    if (dup!.missing > 0) throw new Error(`${dup!.missing} numbers got no message`);
    console.log(`campaign duplicates ${dup!.dup}`);
  } finally {
    if (server && server.exitCode === null && server.signalCode === null) {
      server.kill('SIGTERM');
      await new Promise((r) => setTimeout(r, 3000));
      if (server.exitCode === null) server.kill('SIGKILL');
    }
    await owner.end({ timeout: 5 });
  }
});
