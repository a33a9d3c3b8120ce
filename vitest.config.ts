import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';

// One runner for every tier except the browser end-to-end specs (Playwright, desktop/e2e).
// The projects run side by side (issue 25): the server's files wait on PostgreSQL while the
// renderer's jsdom files keep the CPU busy. Each project's worker count is its share of 2 cores.

/** Desktop test files that declare `// @vitest-environment jsdom` in their first lines. */
const desktopTests = readdirSync('desktop/src', { recursive: true, encoding: 'utf8' })
  .filter((f) => /\.test\.tsx?$/.test(f))
  .map((f) => join('desktop/src', f));
const usesDom = (file: string) => /@vitest-environment jsdom/.test(readFileSync(file, 'utf8').slice(0, 300));
const domTests = desktopTests.filter(usesDom);
const nodeTests = desktopTests.filter((f) => !usesDom(f));

export default defineConfig({
  test: {
    projects: [
      // Pure logic, no per-file isolation (nothing in it keeps state between files).
      { test: { name: 'shared', include: ['shared/src/**/*.test.ts'], isolate: false } },
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
          maxWorkers: 2,
        },
      },
      { test: { name: 'desktop', include: domTests, maxWorkers: 2 } },
    ],
  },
});
