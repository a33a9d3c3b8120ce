#!/usr/bin/env node
// `npm run desktop`: compile the Electron main process and preload, build the renderer for the
// app (relative paths, opened from files), make sure the Electron binary is there, and start it.
// The server is chosen in the app on the first run; BALCAO_URL pre-selects one (e.g.
// http://localhost:8080 for `npm run dev`'s server). BALCAO_RENDERER_URL=http://localhost:5173
// loads the Vite dev server instead of the built renderer (hot reload; not in packages).
//
//   node scripts/desktop.mjs                  compile, build the renderer, start Electron
//   node scripts/desktop.mjs --skip-renderer  reuse desktop/dist-app as it is
//   node scripts/desktop.mjs --build-only     compile main and preload only
//   node scripts/desktop.mjs --package        compile, build the renderer, write update.json
//                                             (electron-builder's beforeBuild hook)
//   node scripts/desktop.mjs --renderer-only  build the renderer only: desktop/dist (web UI) and its
//                                             copy desktop/dist-app (npm test; the file:// e2e spec)
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { withBaselineCsp } from './electron-renderer.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const desktopDir = join(root, 'desktop');
const require = createRequire(join(desktopDir, 'package.json'));
/** Where main looks for the renderer (desktop/src/main/app-page.ts RENDERER_DIR). */
export const RENDERER_OUT_DIR = join(desktopDir, 'dist-app');
/** The web UI the server serves (config WEB_DIR's default): the same build. */
const WEB_OUT_DIR = join(desktopDir, 'dist');
const OWN_FLAGS = new Set(['--build-only', '--package', '--skip-renderer', '--renderer-only']);

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', cwd: root, ...options });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

function compile() {
  // The compiler is TypeScript 7 under the name typescript-7 (decision 0327); `typescript` is 5.9 for typescript-eslint.
  const tsc = join(dirname(require.resolve('typescript-7/package.json')), 'bin', 'tsc');
  run(process.execPath, [tsc, '-p', 'desktop/tsconfig.main.json']);
  run(process.execPath, [tsc, '-p', 'desktop/tsconfig.preload.json']);
  const cjsDir = join(desktopDir, 'dist-electron', 'cjs');
  // desktop/package.json says "type": "module"; this marks the preload build as CommonJS.
  writeFileSync(join(cjsDir, 'package.json'), '{ "type": "commonjs" }\n');
  assertPreloadSelfContained(join(cjsDir, 'preload', 'index.js'));
}

/**
 * One renderer build serves both shells (decision 0324): relative asset paths (`./assets/…`), so
 * the app opens it from files (the router switches to hash URLs on file:) and the server, which
 * gives the web page `<base href="/">`, serves it for every nested route. The build goes to
 * desktop/dist (the web UI); the app's copy in dist-app gets the baseline CSP.
 */
function buildRenderer() {
  const vite = join(dirname(require.resolve('vite/package.json')), 'bin', 'vite.js');
  run(process.execPath, [vite, 'build', '--config', 'desktop/vite.config.ts', '--base', './', '--outDir', WEB_OUT_DIR, '--emptyOutDir']);
  rmSync(RENDERER_OUT_DIR, { recursive: true, force: true });
  cpSync(WEB_OUT_DIR, RENDERER_OUT_DIR, { recursive: true });
  const index = join(RENDERER_OUT_DIR, 'index.html');
  if (!existsSync(index)) {
    console.error(`[desktop] the renderer build left no ${index}`);
    process.exit(1);
  }
  writeFileSync(index, withBaselineCsp(readFileSync(index, 'utf8')));
}

/** The auto-update URL baked into a package (desktop/src/main/updater.ts); null = updates off. */
function writeUpdateConfig() {
  const url = process.env.BALCAO_UPDATE_URL?.trim() || null;
  writeFileSync(join(desktopDir, 'dist-electron', 'update.json'), `${JSON.stringify({ url })}\n`);
  console.log(url ? `[desktop] auto-update from ${url}` : '[desktop] auto-update off (BALCAO_UPDATE_URL unset)');
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
  const env = { ...process.env };
  // Set by some editors' terminals; it would start Electron as plain Node.
  delete env.ELECTRON_RUN_AS_NODE;
  console.log(env.BALCAO_URL ? `[desktop] starting Electron (server ${env.BALCAO_URL} unless one was chosen)` : '[desktop] starting Electron');
  const args = process.argv.slice(2).filter((arg) => !OWN_FLAGS.has(arg));
  const child = spawn(electronPath, [desktopDir, ...args], { stdio: 'inherit', env });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}

const flags = new Set(process.argv.slice(2));
if (flags.has('--renderer-only')) {
  buildRenderer();
  process.exit(0);
}
compile();
if (flags.has('--package')) {
  buildRenderer();
  writeUpdateConfig();
} else if (!flags.has('--build-only')) {
  if (!flags.has('--skip-renderer') && !process.env.BALCAO_RENDERER_URL) buildRenderer();
  launch(ensureElectronBinary());
}
