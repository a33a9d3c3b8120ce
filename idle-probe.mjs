// temporary probe (not committed): idle CPU of Chromium with the app open
import { spawn } from 'node:child_process';
import { mkdtempSync, chmodSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
const HZ = 100;
const PORT = 18180, CTL = 18181;
const dataDir = mkdtempSync(join(tmpdir(), 'balcao-idle-')); chmodSync(dataDir, 0o755);
const server = spawn('npx', ['tsx', 'server/test/e2e/fake-whatsapp-main.ts'], { env: { ...process.env, PORT: String(PORT), E2E_CONTROL_PORT: String(CTL), HOST: '127.0.0.1', DATA_DIR: dataDir, WEB_DIR: join(process.cwd(), 'desktop/dist'), ADMIN_EMAIL: 'admin@balcao-e2e.test', ADMIN_PASSWORD: 'Admin123!', DATABASE_URL: '', ALLOW_PRIVATE_HOSTS: '1', LOGIN_RATE_LIMIT: '1000', E2E_SUPER_USERS: 'super0@balcao-e2e.test' }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
let out = '';
await new Promise((res) => server.stdout.on('data', (d) => { out += d; if (out.includes('E2E super users ready')) res(); }));
const procs = () => {
  const m = {};
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const cmd = readFileSync(`/proc/${d}/cmdline`, 'utf8').replace(/\0/g, ' ');
      if (!/chrom|headless_shell/.test(cmd)) continue;
      const s = readFileSync(`/proc/${d}/stat`, 'utf8'); const p = s.slice(s.lastIndexOf(')') + 2).split(' ');
      const type = (/--type=(\S+)/.exec(cmd)?.[1] ?? 'browser') + (/--utility-sub-type=(\S+)/.exec(cmd)?.[1] ? ':' + /--utility-sub-type=(\S+)/.exec(cmd)[1].split('.').pop() : '');
      m[d] = { type, t: Number(p[11]) + Number(p[12]) };
    } catch {}
  }
  return m;
};
const measure = async (label, secs) => {
  const a = procs(); await new Promise((r) => setTimeout(r, secs * 1000)); const b = procs();
  const by = {};
  for (const [pid, v] of Object.entries(b)) { const d = v.t - (a[pid]?.t ?? 0); by[v.type] = (by[v.type] ?? 0) + d; }
  console.log(label, Object.entries(by).map(([k, v]) => `${k} ${(v / HZ / secs * 100).toFixed(1)}%`).join(', '));
};
const args = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', ...(process.env.EXTRA ?? '').split(' ').filter(Boolean)];
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium-headless-shell', args });
const base = `http://127.0.0.1:${PORT}`;
const open = async (path) => {
  const ctx = await browser.newContext({ baseURL: base, viewport: { width: 1280, height: 800 }, reducedMotion: 'reduce' });
  const page = await ctx.newPage();
  const res = await page.request.post('/auth/login', { data: { email: 'super0@balcao-e2e.test', password: 'Admin123!' } });
  const { token } = await res.json();
  await page.goto('/version');
  await page.evaluate((t) => localStorage.setItem('token', JSON.stringify(t)), token);
  await page.goto(path);
  await page.waitForTimeout(6000);
  return page;
};
const cpu = () => Object.values(procs()).reduce((a, v) => a + v.t, 0) / HZ;
const page = await open('/tickets');
for (const path of (process.env.PATHS ?? '/tickets').split(',')) {
  const c0 = cpu(); const t0 = Date.now();
  await page.goto(path); await page.waitForLoadState('networkidle');
  const c1 = cpu();
  console.log(`load ${path}: ${(c1 - c0).toFixed(2)} CPU-s chromium, ${Date.now() - t0} ms`);
}
if (process.env.PROFILE) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  await cdp.send('Profiler.enable'); await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  const m0 = Object.fromEntries((await cdp.send('Performance.getMetrics')).metrics.map((m) => [m.name, m.value]));
  await cdp.send('Profiler.start');
  const c0 = cpu();
  await page.goto(process.env.PROFILE); await page.waitForLoadState('networkidle');
  const { profile } = await cdp.send('Profiler.stop');
  const m1 = Object.fromEntries((await cdp.send('Performance.getMetrics')).metrics.map((m) => [m.name, m.value]));
  console.log('cpu', (cpu() - c0).toFixed(2), Object.keys(m1).filter((k) => /Duration/.test(k)).map((k) => `${k} ${((m1[k] - (m0[k] ?? 0)) * 1000).toFixed(0)}ms`).join(' '));
  const { writeFileSync } = await import('node:fs'); writeFileSync('/tmp/idle/load.cpuprofile', JSON.stringify(profile));
}
{ const c0 = cpu(); await open('/tickets'); console.log(`new context + login + 2 loads + 6 s: ${(cpu() - c0).toFixed(2)} CPU-s`); }
await browser.close();
process.kill(-server.pid, 'SIGTERM');
