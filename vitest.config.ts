import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';

// One runner for every tier except the browser end-to-end specs (Playwright, desktop/e2e).
// `npm test` runs them in two processes, one after the other (decision 0366): the DOM side
// (shared, desktop-node, desktop) beside the typecheck and lint, then the server's files alone.
// `npx vitest run` runs every project in one process. Vitest wants one worker count for projects
// that run together, so it is set once, here: one more than the cores, since a server file
// spends much of its time waiting.

/** Desktop test files that declare a DOM in their first lines: happy-dom (decision 0485), or jsdom where one needs it. */
const desktopTests = readdirSync('desktop/src', { recursive: true, encoding: 'utf8' })
  .filter((f) => /\.test\.tsx?$/.test(f))
  .map((f) => join('desktop/src', f));
const usesDom = (file: string) => /@vitest-environment (jsdom|happy-dom)/.test(readFileSync(file, 'utf8').slice(0, 300));
const domTests = desktopTests.filter(usesDom);
const nodeTests = desktopTests.filter((f) => !usesDom(f));

export default defineConfig({
  test: {
    maxWorkers: 3,
    projects: [
      // Pure logic, no per-file isolation (nothing in it keeps state between files): shared/ and the scripts' own.
      { test: { name: 'shared', include: ['shared/src/**/*.test.ts', 'scripts/**/*.test.ts'], isolate: false } },
      // Desktop main and the renderer's logic without a DOM (their vi.mock()s need isolated files).
      { test: { name: 'desktop-node', include: nodeTests } },
      {
        test: {
          name: 'server',
          include: ['server/src/**/*.test.ts', 'server/test/**/*.test.ts'],
          globalSetup: ['server/test/global-setup.ts'],
          setupFiles: ['server/test/setup-hash-cost.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
          pool: 'forks',
          // A worker imports the server once for all its files, not once per file (the import
          // was most of a small file's time). Safe here: no server test uses vi.mock, every file
          // makes its own app on its own cloned database, and the server keeps almost no state
          // in modules (the test hash cost, which login-hardening.test.ts puts back).
          isolate: false,
        },
      },
      // 60 s a test at most: antd dialogs in a test DOM take a second alone, but beside Chromium on
      // two cores (npm test runs both at once) one took 30 s. Upper bounds: a passing test ends at once.
      {
        test: {
          name: 'desktop', include: domTests, testTimeout: 60_000, pool: 'vmForks',
          // A VM worker keeps ~40 MB of each file's DOM and modules: by the last file it was near
          // 2 GB and collecting garbage most of the time. Recycled at 700 MB (decision 0485).
          vmMemoryLimit: '700MB',
          // V8 stops at its baseline compiler: a file's code runs for seconds, and optimising it
          // cost more than it saved (six of the slowest files: 56 CPU-s instead of 61–67; decision 0486).
          execArgv: ['--max-opt=1'],
          alias: [{ find: /^@ant-design\/icons$/, replacement: '@ant-design/icons/es' }],
          deps: { optimizer: { client: { enabled: true, include: ['react', 'react-dom', 'react-dom/client', 'react/jsx-runtime', 'react/jsx-dev-runtime', 'antd', '@ant-design/icons/es', 'react-i18next', 'i18next', 'react-router-dom', 'dayjs', 'zustand', '@testing-library/react', '@dnd-kit/core', 'recharts', 'react-virtuoso'] } } },
        },
      },
    ],
  },
});
