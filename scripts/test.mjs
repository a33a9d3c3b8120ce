#!/usr/bin/env node
// `npm test`: typecheck, lint, every vitest project, one renderer build and the Playwright
// end-to-end specs, in three phases one after another (decision 0366, below). Ends with each
// phase's time and how busy the machine was, the 20 slowest test files and the line
// "N passed, N failed" summed over all of them; exits non-zero on any failure.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { cpus } from 'node:os';
import { relative, resolve } from 'node:path';
import { stripVTControlCharacters } from 'node:util';

// Absolute: Playwright resolves its report path against its config's folder.
const out = resolve('.test-results');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const started = Date.now();
/** label → { ms, ok } in the order the phases ended. */
const phases = [];

/** The machine's busy and total CPU ticks so far (/proc/stat; undefined where there is none). */
const cpuTicks = () => {
  try {
    const [, ...f] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).map(Number);
    const idle = f[3] + f[4];
    const total = f.slice(0, 8).reduce((a, b) => a + b, 0);
    return { busy: total - idle, total };
  } catch {
    return undefined;
  }
};
/** How busy the machine's cores were between two cpuTicks() readings, as "73 % of 2 cores". */
const busySince = (t0) => {
  const t1 = cpuTicks();
  if (!t0 || !t1 || t1.total === t0.total) return '';
  return `${Math.round((100 * (t1.busy - t0.busy)) / (t1.total - t0.total))} % of ${cpus().length} cores`;
};

/**
 * One phase as a child process. `live` streams its output (the vitest track, so a hang shows
 * where it is); the others are kept and printed whole when they end, so tracks never interleave.
 */
const run = (label, cmd, args, { env = {}, live = false } = {}) =>
  new Promise((done) => {
    const t0 = Date.now();
    if (live) console.log(`\n=== ${label}: ${cmd} ${args.join(' ')}`);
    const child = spawn(cmd, args, { stdio: live ? 'inherit' : ['ignore', 'pipe', 'pipe'], env: { ...process.env, FORCE_COLOR: '0', ...env } });
    let text = '';
    child.stdout?.on('data', (d) => (text += d));
    child.stderr?.on('data', (d) => (text += d));
    child.on('close', (code) => {
      const ms = Date.now() - t0;
      const ok = code === 0;
      phases.push({ label, ms, ok });
      if (!live) console.log(`\n=== ${label}: ${cmd} ${args.join(' ')}\n${text.trimEnd()}`);
      console.log(`=== ${label}: ${ok ? 'ok' : 'FAILED'} in ${(ms / 1000).toFixed(1)} s`);
      done(ok);
    });
  });

let passed = 0;
let failed = 0;
const check = (ok) => (ok ? (passed += 1) : (failed += 1));
/** Per test file: { file, ms, runner } for the slowest-files table. */
const fileTimes = [];
/** Every failed test as "runner file › title: first line of its error", repeated at the very end
 * so a CI log's tail names them (the phases' own output scrolls far above it). */
const failures = [];
/** Errors vitest caught outside any test: printed before the count, not counted (decision 0359). */
const unhandledErrors = [];
const firstLine = (text = '') => stripVTControlCharacters(text).split('\n').find((l) => l.trim()) ?? '';

/** One vitest process over the named projects (vitest.config.ts), its report in `<name>.json`. */
const vitestTrack = async (name, projects) => {
  const json = `${out}/${name}.json`;
  const unhandled = `${out}/${name}-unhandled.json`;
  const filter = projects.flatMap((p) => ['--project', p]);
  const ok = await run(`vitest (${projects.join(', ')})`, 'npx', ['vitest', 'run', ...filter, '--reporter=default', '--reporter=json', '--reporter=./scripts/vitest-unhandled.mjs', `--outputFile.json=${json}`], { live: true, env: { VITEST_UNHANDLED_FILE: unhandled } });
  if (!existsSync(json)) return void (failed += 1);
  // An error thrown outside any test (a late rejection) is named at the end (vitest's exit code
  // cannot be trusted for these). Not yet counted as a failure: two sources seen in clean-clone
  // runs remain (decision 0359), and counting them would fail a run on them at random.
  if (existsSync(unhandled)) {
    for (const e of JSON.parse(readFileSync(unhandled, 'utf8'))) unhandledErrors.push(`vitest     unhandled error${e.file ? ` in ${relative('.', e.file)}` : ''}: ${firstLine(e.message)}`);
  }
  const r = JSON.parse(readFileSync(json, 'utf8'));
  passed += r.numPassedTests;
  failed += r.numFailedTests + (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
  if (!ok && r.numFailedTests === 0) failed += 1; // a crash outside a test still fails the run
  // A run that ran nothing (a refused config is an "unhandled error" with exit 0) is a failure.
  if (r.numTotalTests === 0 || (ok && r.success === false && r.numFailedTests === 0)) failed += 1;
  for (const f of r.testResults) {
    const file = relative('.', f.name);
    fileTimes.push({ file, ms: f.endTime - f.startTime, runner: 'vitest' });
    if (f.status === 'failed' && !f.assertionResults.some((a) => a.status === 'failed')) failures.push(`vitest     ${file}: ${firstLine(f.message)}`);
    for (const a of f.assertionResults) if (a.status === 'failed') failures.push(`vitest     ${file} › ${a.fullName}: ${firstLine(a.failureMessages?.[0])}`);
  }
};

const checksTrack = async () => {
  check(await run('typecheck', 'node', ['node_modules/typescript-7/bin/tsc', '-b']));
  check(await run('lint', 'npx', ['eslint', '.']));
};

/** Playwright's JSON report: a suite per spec file; a file's time is the sum of its tests' runs. */
const specRuns = (suite, file = suite.file) => [
  ...(suite.specs ?? []).flatMap((s) => s.tests.flatMap((t) => t.results.map((res) => ({ file, ms: res.duration, title: s.title, res, expected: t.status === 'expected' })))),
  ...(suite.suites ?? []).flatMap((s) => specRuns(s, file)),
];

const buildTrack = async () => {
  // One renderer build serves the web UI and the desktop app's files (decision 0324).
  const built = await run('build renderer', 'node', ['scripts/desktop.mjs', '--renderer-only']);
  check(built);
  return built;
};

const e2eTrack = async (built) => {
  if (!built) return void (failed += 1);
  const json = `${out}/e2e.json`;
  const ok = await run('end-to-end (Chromium)', 'npx', ['playwright', 'test', '-c', 'desktop/playwright.config.ts'], { env: { PLAYWRIGHT_JSON_OUTPUT_NAME: json } });
  if (!existsSync(json)) return void (failed += 1);
  const r = JSON.parse(readFileSync(json, 'utf8'));
  passed += r.stats.expected;
  failed += r.stats.unexpected + r.stats.flaky + r.stats.skipped;
  if (!ok && r.stats.unexpected === 0) failed += 1;
  const perFile = new Map();
  for (const { file, ms, title, res, expected } of r.suites.flatMap((s) => specRuns(s))) {
    perFile.set(file, (perFile.get(file) ?? 0) + ms);
    if (!expected && res.status !== 'passed') {
      // An e2e message's first line is only "expect(locator).toHaveCount(expected) failed": the
      // locator, the expected and received values and the line follow.
      const error = res.error ?? res.errors?.[0] ?? {};
      const lines = stripVTControlCharacters(error.message ?? '').split('\n').filter((l) => l.trim()).slice(0, 5).map((l) => l.trim());
      const at = error.location ? ` (line ${error.location.line})` : '';
      failures.push(`playwright desktop/e2e/${file} › ${title}${at}: ${res.status} ${lines.join(' · ')}`);
    }
  }
  for (const [file, ms] of perFile) fileTimes.push({ file: `desktop/e2e/${file}`, ms, runner: 'playwright' });
};

// Three phases, one after another, each alone on the machine (decision 0366). The run is CPU-bound
// and every part of it fills both cores by itself: side by side they only took CPU from each other
// (beside Chromium, whose threads run at nice -8 as root, a DOM test that takes 6 s alone took
// 161 s, and two end-to-end specs ran out of their 90 s in stop 38's CI). Alone, nothing waits on another.
// 1. The CPU-bound checks: the renderer build, typecheck then lint, and the DOM-side vitest files.
// 2. The server's vitest files (each on its own database of the one test cluster).
// 3. Playwright, against the build of phase 1.
const phase = async (label, tracks) => {
  const t0 = Date.now();
  const ticks = cpuTicks();
  const results = await Promise.all(tracks);
  busyByPhase.push({ label, ms: Date.now() - t0, busy: busySince(ticks) });
  return results;
};
const busyByPhase = [];
const [built] = await phase('checks and DOM tests', [buildTrack(), checksTrack(), vitestTrack('vitest-dom', ['shared', 'desktop-node', 'desktop'])]);
await phase('server tests', [vitestTrack('vitest-server', ['server'])]);
await phase('end-to-end', [e2eTrack(built)]);

const secs = (ms) => `${(ms / 1000).toFixed(1).padStart(7)} s`;
console.log('\n=== times (wall; within a phase the tracks overlap)');
for (const p of phases) console.log(`${secs(p.ms)}  ${p.label}${p.ok ? '' : '  FAILED'}`);
console.log(`${secs(Date.now() - started)}  npm test, end to end`);
console.log('\n=== phases (one after another), with how busy the machine was during each');
for (const p of busyByPhase) console.log(`${secs(p.ms)}  ${p.label}${p.busy ? `  (${p.busy})` : ''}`);
console.log('\n=== 20 slowest test files');
for (const f of fileTimes.sort((a, b) => b.ms - a.ms).slice(0, 20)) console.log(`${secs(f.ms)}  ${f.runner.padEnd(10)} ${f.file}`);

if (failures.length > 0 || phases.some((p) => !p.ok)) {
  console.log('\n=== failed tests');
  for (const p of phases.filter((x) => !x.ok)) console.log(`phase      ${p.label}: FAILED (its output is above)`);
  for (const f of failures) console.log(f.length > 600 ? `${f.slice(0, 600)}…` : f);
}
if (unhandledErrors.length > 0) {
  console.log('\n=== errors outside any test (named, not counted: decision 0359)');
  for (const e of unhandledErrors) console.log(e.length > 600 ? `${e.slice(0, 600)}…` : e);
}
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
