import { test as base } from '@playwright/test';

/**
 * Playwright's `test` with one automatic fixture: every browser context a test opened itself
 * (`browser.newContext()`: the Simulador's phone, a second agent) is closed when the test ends.
 * Playwright closes only its own `context` fixture; a context left open lived on in the worker's
 * browser for every later spec, its page still polling, ticking and rendering live events
 * (decision 0366). Specs import `test` from here, never from '@playwright/test'.
 */
export const test = base.extend<{ closeOwnContexts: void }>({
  closeOwnContexts: [
    async ({ browser }, use) => {
      const before = new Set(browser.contexts());
      await use();
      const left = browser.contexts().filter((c) => !before.has(c));
      if (process.env.E2E_LOG_CONTEXTS) console.log(`[contexts] ${test.info().title.slice(0, 60)}: ${left.length} left open, ${before.size} before`);
      await Promise.all(left.map((c) => c.close().catch(() => undefined)));
    },
    { auto: true },
  ],
});

export { expect } from '@playwright/test';
