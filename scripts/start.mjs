#!/usr/bin/env node
// `npm start`: the web UI's build when its sources changed since the last one, the server's bundle
// likewise (scripts/server-bundle.mjs), then the server as plain Node (issue 26: a warm start does
// not rebuild what has not changed; `npm run build:web` always builds the UI).
// The server runs as a child with the terminal's output; Ctrl-C and SIGTERM reach it, and this
// exits with its code.
import { spawn, spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureServerBundle, SERVER_BUNDLE } from './server-bundle.mjs';
import { isStale } from './stale.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const built = join(root, 'desktop', 'dist', 'index.html');
/** What the web build reads: the renderer, the shared package, the build's config and the locked dependencies. */
const inputs = ['desktop/src/renderer', 'desktop/src/common', 'shared/src', 'desktop/vite.config.ts', 'desktop/package.json', 'package-lock.json'];

const stale = isStale(root, built, inputs);
if (stale) {
  const r = spawnSync('npm', ['run', 'build:web'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
} else {
  console.log('[start] the web UI is up to date (desktop/dist); `npm run build:web` rebuilds it');
}

if (await ensureServerBundle()) console.log('[start] the server was bundled (server/dist/main.mjs)');
const server = spawn(process.execPath, [SERVER_BUNDLE], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
