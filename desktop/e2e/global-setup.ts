import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { E2E_PORT } from '../playwright.config';
import { E2E_ADMIN, E2E_CONTROL_PORT, E2E_SUPER_SLOTS, superEmail } from './support/constants';

/** The newest modification time under `path` (a file or a folder). */
const newestChange = (path: string): number => {
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(path).reduce((newest, name) => Math.max(newest, newestChange(join(path, name))), stats.mtimeMs);
};

/**
 * The one renderer build (decision 0324): desktop/dist, which the server serves, and its copy
 * desktop/dist-app, which desktop-file.spec.ts opens from files. `npm test` builds it beforehand;
 * a run of its own builds it when it is missing or older than the renderer's sources.
 */
function ensureAppRenderer(root: string): void {
  const index = join(root, 'desktop/dist-app/index.html');
  if (!existsSync(join(root, 'desktop/dist/index.html'))) rmSync(index, { force: true });
  const sources = ['desktop/src/renderer', 'desktop/src/common', 'shared/src', 'desktop/vite.config.ts', 'scripts/electron-renderer.mjs'];
  if (existsSync(index) && statSync(index).mtimeMs >= Math.max(...sources.map((s) => newestChange(join(root, s))))) return;
  const built = spawnSync(process.execPath, ['scripts/desktop.mjs', '--renderer-only'], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) throw new Error('could not build desktop/dist-app (node scripts/desktop.mjs --renderer-only)');
}

/**
 * The product as a user runs it: the built web UI served by a real server on a fresh embedded
 * PostgreSQL with its seeded Sandbox connection. The UI is built by `npm test` beforehand.
 * The entry is server/test/e2e/fake-whatsapp-main.ts: the product's own startServer with a fake
 * WhatsApp network that specs drive on E2E_CONTROL_PORT (support/fake-network.ts).
 */
export default async function globalSetup() {
  const root = resolve(import.meta.dirname, '../..');
  ensureAppRenderer(root);
  const dataDir = mkdtempSync(join(tmpdir(), 'balcao-e2e-'));
  // mkdtemp makes it 0700; as root, embedded PostgreSQL runs as the `postgres` OS user, which
  // must be able to reach DATA_DIR/pg ("initdb: could not access directory ... Permission denied").
  chmodSync(dataDir, 0o755);
  const server: ChildProcess = spawn('npx', ['tsx', 'server/test/e2e/fake-whatsapp-main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(E2E_PORT),
      E2E_CONTROL_PORT: String(E2E_CONTROL_PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIR: join(root, 'desktop/dist'),
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      DATABASE_URL: '',
      // Specs start local fake HTTP services (webhooks, an AI endpoint) on 127.0.0.1 (decision 0195).
      ALLOW_PRIVATE_HOSTS: '1',
      // Two workers log in from 127.0.0.1 (every spec makes users): the production 30 a minute
      // would answer 429 mid-run. server/test/integration/http-infra.test.ts keeps proving the 30.
      LOGIN_RATE_LIMIT: '1000',
      // One super user per worker slot (support/constants.ts superUser()).
      E2E_SUPER_USERS: Array.from({ length: E2E_SUPER_SLOTS }, (_, slot) => superEmail(slot)).join(','),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  server.stdout?.on('data', (d) => (output += String(d)));
  server.stderr?.on('data', (d) => (output += String(d)));
  const started = await new Promise<boolean>((done) => {
    const timer = setTimeout(() => done(false), 120_000);
    server.stdout?.on('data', () => {
      // After "Balcão is running": the workers' super users are in too (fake-whatsapp-main.ts).
      if (output.includes('E2E super users ready')) {
        clearTimeout(timer);
        done(true);
      }
    });
    server.once('exit', () => {
      clearTimeout(timer);
      done(false);
    });
  });
  if (!started) throw new Error(`e2e server did not start:\n${output}`);
  return async () => {
    // The server stops its embedded PostgreSQL on SIGTERM; kill the process group to be sure.
    const exited = new Promise((done) => server.once('exit', done));
    process.kill(-server.pid!, 'SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  };
}
