#!/usr/bin/env node
// `npm test`: typecheck, lint, every vitest tier, then the Playwright end-to-end specs.
// Ends with the line "N passed, N failed" summed over all of them; exits non-zero on any failure.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';

// Absolute: Playwright resolves its report path against its config's folder.
const out = resolve('.test-results');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

let passed = 0;
let failed = 0;
const run = (label, cmd, args, env = {}) => {
  console.log(`\n=== ${label}: ${cmd} ${args.join(' ')}`);
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  return r.status === 0;
};
const check = (label, ok) => {
  if (ok) passed += 1;
  else failed += 1;
  console.log(`${label}: ${ok ? 'ok' : 'FAILED'}`);
};

check('typecheck', run('typecheck', 'npx', ['tsc', '-b']));
check('lint', run('lint', 'npx', ['eslint', '.']));

const vitestOk = run('unit + integration', 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${out}/vitest.json`]);
if (existsSync(`${out}/vitest.json`)) {
  const r = JSON.parse(readFileSync(`${out}/vitest.json`, 'utf8'));
  passed += r.numPassedTests;
  failed += r.numFailedTests + (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
  if (!vitestOk && r.numFailedTests === 0) failed += 1; // a crash outside a test still fails the run
} else failed += 1;

check('build web UI', run('build web UI', 'npm', ['run', 'build:web', '--silent']));
// The same renderer for the desktop app, opened from files by desktop/e2e/desktop-file.spec.ts.
check('build app renderer', run('build app renderer', 'node', ['scripts/desktop.mjs', '--renderer-only']));
const e2eOk = run('end-to-end (Chromium)', 'npx', ['playwright', 'test', '-c', 'desktop/playwright.config.ts'], {
  PLAYWRIGHT_JSON_OUTPUT_NAME: `${out}/e2e.json`,
});
if (existsSync(`${out}/e2e.json`)) {
  const r = JSON.parse(readFileSync(`${out}/e2e.json`, 'utf8'));
  passed += r.stats.expected;
  failed += r.stats.unexpected + r.stats.flaky + r.stats.skipped;
  if (!e2eOk && r.stats.unexpected === 0) failed += 1;
} else failed += 1;

console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
