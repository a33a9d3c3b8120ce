import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';

export const E2E_PORT = Number(process.env.E2E_PORT ?? 18080);

// Debian's Chromium (installed by .ci/run), never a downloaded browser build: its headless shell
// when installed (the same engine without the desktop browser's UI and compositor: about 7 % less
// CPU for the suite, decision 0327), else the full browser.
const chromium = process.env.CHROMIUM_PATH ?? ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((path) => existsSync(path));
// Two workers against the one server (e2e/README.md): files are shared out, a file's tests keep
// their order; each spec works on its own company and its worker's own super user.
export default defineConfig({
  testDir: './e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: 2,
  retries: 0,
  // Two workers share two cores (often with other work): a page boot or a decoded image took
  // over 10 s at times (lists, media). Upper bounds only: a wait ends once the state shows.
  timeout: 90_000,
  expect: { timeout: 20_000 },
  forbidOnly: true,
  reporter: [['list'], ['json']],
  globalSetup: './e2e/global-setup.ts',
  outputDir: '../test-results/e2e',
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    viewport: { width: 1280, height: 800 },
    // Looping animations (skeletons, spinners) play once under reduced motion (index.html).
    reducedMotion: 'reduce',
    launchOptions: {
      executablePath: chromium,
      args: [
        '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync',
        // A microphone without hardware or a permission prompt: the composer's and the Simulador's voice notes.
        '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream',
        // V8 stops at its baseline compiler: a spec's pages live seconds, and optimising their
        // code cost more than it saved (desk.spec alone: the page renderers' CPU 31–35 s instead of 41–48 s).
        '--js-flags=--max-opt=1',
      ],
    },
    // A failed test keeps its trace of actions, console and network, and its screenshot. Without
    // the screencast (a third of the suite's CPU, decision 0327) nor the DOM snapshots taken
    // around every action of every passing test (decision 0486).
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: false, sources: false },
    screenshot: 'only-on-failure',
  },
});
