import { test } from '@playwright/test';

// The domain must pass the shared `email` schema (its TLD letters only): "admin@balcao.e2e" was
// seeded fine but rejected by the login form and POST /auth/login (ERR_VALIDATION "Invalid email").
export const E2E_DOMAIN = 'balcao-e2e.test';
/** The seeded owner (ADMIN_EMAIL). Specs use `superUser()`; only login.spec's wrong password is his. */
export const E2E_ADMIN = { email: `admin@${E2E_DOMAIN}`, password: 'Admin123!' };
/** The fake WhatsApp network's control server (server/test/e2e/fake-network.ts). */
export const E2E_CONTROL_PORT = Number(process.env.E2E_CONTROL_PORT ?? 18081);

/**
 * Super users of the platform company, one per parallel worker slot, added by the e2e server
 * (E2E_SUPER_USERS, global-setup.ts). A login ends the user's other sessions (decision 0004):
 * with one shared super user, a worker making a company would log out the other worker's
 * browser open as the super user. More slots than workers is harmless.
 */
export const E2E_SUPER_SLOTS = 4;
export const superEmail = (slot: number): string => `super${slot}@${E2E_DOMAIN}`;

/** This worker's super user (test.info().parallelIndex: two workers running at once never share it). */
export const superUser = (): { email: string; password: string } => {
  const slot = test.info().parallelIndex;
  if (slot >= E2E_SUPER_SLOTS) throw new Error(`worker slot ${slot}: raise E2E_SUPER_SLOTS (support/constants.ts) to run this many workers`);
  return { email: superEmail(slot), password: E2E_ADMIN.password };
};
