#!/usr/bin/env node
// `npm run desktop`: compile the Electron main process and preload, make sure the Electron
// binary is there, and start the desktop shell against BALCAO_URL (default http://localhost:8080).
// `node scripts/desktop.mjs --build-only` stops after compiling (used by packaging).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const desktopDir = join(root, 'desktop');
const require = createRequire(join(desktopDir, 'package.json'));
const DEFAULT_APP_URL = 'http://localhost:8080';

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', cwd: root, ...options });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

function compile() {
  const tsc = require.resolve('typescript/bin/tsc');
  run(process.execPath, [tsc, '-p', 'desktop/tsconfig.main.json']);
  run(process.execPath, [tsc, '-p', 'desktop/tsconfig.preload.json']);
  const cjsDir = join(desktopDir, 'dist-electron', 'cjs');
  // desktop/package.json says "type": "module"; this marks the preload build as CommonJS.
  writeFileSync(join(cjsDir, 'package.json'), '{ "type": "commonjs" }\n');
  assertPreloadSelfContained(join(cjsDir, 'preload', 'index.js'));
}

// A sandboxed preload's require() only knows 'electron': a relative require compiles fine and
// then fails at runtime with an empty window.desktop, so refuse to build it.
function assertPreloadSelfContained(file) {
  const required = [...readFileSync(file, 'utf8').matchAll(/require\(["']([^"']+)["']\)/g)].map((m) => m[1]);
  const others = required.filter((name) => name !== 'electron');
  if (others.length > 0) {
    console.error(`[desktop] the preload requires ${others.join(', ')}; only 'electron' works in a sandbox.`);
    console.error("[desktop] import from common/ with 'import type' only.");
    process.exit(1);
  }
}

// npm install skips Electron's download script (allowScripts in the root package.json).
function ensureElectronBinary() {
  const electronDir = dirname(require.resolve('electron/package.json'));
  const pathFile = join(electronDir, 'path.txt');
  if (!existsSync(pathFile)) {
    console.log('[desktop] downloading the Electron binary…');
    run(process.execPath, [join(electronDir, 'install.js')]);
  }
  if (!existsSync(pathFile)) {
    console.error('[desktop] the Electron binary is still missing; check network access to its download host.');
    process.exit(1);
  }
  return join(electronDir, 'dist', readFileSync(pathFile, 'utf8').trim());
}

function launch(electronPath) {
  const env = { ...process.env, BALCAO_URL: process.env.BALCAO_URL || DEFAULT_APP_URL };
  // Set by some editors' terminals; it would start Electron as plain Node.
  delete env.ELECTRON_RUN_AS_NODE;
  console.log(`[desktop] starting Electron on ${env.BALCAO_URL}`);
  const child = spawn(electronPath, [desktopDir, ...process.argv.slice(2)], { stdio: 'inherit', env });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}

const buildOnly = process.argv.includes('--build-only');
compile();
if (!buildOnly) launch(ensureElectronBinary());
