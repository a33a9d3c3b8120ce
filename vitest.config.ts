import { defineConfig } from 'vitest/config';

// One runner for every tier except the browser end-to-end specs (Playwright, desktop/e2e).
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'shared', include: ['shared/src/**/*.test.ts'], sequence: { groupOrder: 0 } } },
      {
        test: {
          name: 'server',
          include: ['server/src/**/*.test.ts', 'server/test/**/*.test.ts'],
          globalSetup: ['server/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
          pool: 'forks',
          maxWorkers: 2,
          sequence: { groupOrder: 2 },
        },
      },
      {
        test: { name: 'desktop', include: ['desktop/src/**/*.test.ts', 'desktop/src/**/*.test.tsx'], sequence: { groupOrder: 1 } },
      },
    ],
  },
});
