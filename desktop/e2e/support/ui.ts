import { expect, test, type Locator, type Page } from '@playwright/test';
import type { LoginResponse } from '@balcao/shared';
import type { Credentials } from './api';

export type ListKey = 'open' | 'pending' | 'closed';

/**
 * Resolves once the page's socket.io connection is accepted. The server joins the user's rooms
 * before it accepts the connection, so from then on live events reach the page. Call it before
 * the page logs in (it watches for the websocket as it opens), await it after.
 *
 * `timeout` counts from the await, not from the call: the login's two page loads come between,
 * and on a loaded CI machine they alone took more than a fixed 15 s window from the call.
 */
export const watchRealtime = (page: Page, timeout = 30_000): PromiseLike<void> => {
  let connected = false;
  let arrived: (() => void) | undefined;
  page.on('websocket', (ws) => {
    if (!ws.url().includes('/socket.io/')) return;
    ws.on('framereceived', ({ payload }) => {
      // Engine.io "message" (4) carrying a socket.io CONNECT (0): "40{...sid...}".
      if (typeof payload === 'string' && payload.startsWith('40')) {
        connected = true;
        arrived?.();
      }
    });
  });
  return {
    then: (onDone, onFail) =>
      new Promise<void>((resolve, reject) => {
        if (connected) return resolve();
        const timer = setTimeout(() => reject(new Error(`no socket.io connection within ${timeout} ms of the login`)), timeout);
        arrived = () => {
          clearTimeout(timer);
          resolve();
        };
        page.once('close', () => clearTimeout(timer));
      }).then(onDone, onFail),
  };
};

export const loginInBrowser = async (page: Page, who: Credentials): Promise<void> => {
  await page.goto('/login');
  await page.getByTestId('login-email').fill(who.email);
  await page.getByTestId('login-password').fill(who.password);
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/tickets$/);
};

/**
 * Logged in without the login page, straight on `path`: one page load instead of three (the
 * /login page, the login, /tickets, then the spec's own page). The login through the API sets
 * the refresh cookie in the page's context, as the form's does; the token goes where the app keeps
 * it (localStorage, spec §4 Session), so the app starts by restoring the session, as on a reload.
 * The login page itself is tested through loginInBrowser (attendance, signup, two-factor; decision 0483).
 */
export const signIn = async (page: Page, who: Credentials, path = '/tickets'): Promise<void> => {
  await storeSession(page, who);
  // The app's first call restores the session from the cookie: it must succeed.
  const restored = page.waitForResponse((r) => r.url().endsWith('/auth/refresh_token'));
  await page.goto(path);
  expect((await restored).status()).toBe(200);
};

/** signIn's session without loading the app: the page's next load restores it (the Simulador's phone opens its own page). */
export const storeSession = async (page: Page, who: Credentials): Promise<void> => {
  const res = await page.request.post('/auth/login', { data: { email: who.email, password: who.password } });
  expect(res.status(), `login ${who.email}: ${await res.text()}`).toBe(200);
  const { token, user } = (await res.json()) as LoginResponse;
  // The campaign menu's flag is stored at login (spec §2; auth.actions.ts `enter`).
  const campaigns = user.company.settings.some((s) => s.key === 'campaignsEnabled' && s.value === 'true');
  // Any page of the origin holds its localStorage: /version is one the app does not boot on.
  await page.goto('/version');
  await page.evaluate(
    ([t, c]) => {
      localStorage.setItem('token', JSON.stringify(t));
      if (c) localStorage.setItem('cshow', 'true');
      else localStorage.removeItem('cshow');
    },
    [token, campaigns] as const,
  );
};

export const ticketList = (page: Page, key: ListKey): Locator => page.getByTestId(`ticket-list-${key}`);

/** Brings a list on screen: "Abertas" shows "Atendendo"; "Aguardando" lives inside "Abertas". */
export const showList = async (page: Page, key: ListKey): Promise<Locator> => {
  if (key === 'closed') {
    await page.getByTestId('tab-closed').click();
  } else {
    await page.getByTestId('tab-open').click();
    if (key === 'pending') await page.getByTestId('tab-pending').click();
  }
  const list = ticketList(page, key);
  await expect(list).toBeVisible();
  return list;
};

export const ticketItems = (list: Locator): Locator => list.getByTestId('ticket-item');

export const ticketItem = (list: Locator, ticketId: number | string): Locator =>
  list.locator(`[data-testid="ticket-item"][data-ticket-id="${ticketId}"]`);

export const ticketIdOf = async (item: Locator): Promise<number> => {
  const raw = await item.getAttribute('data-ticket-id');
  const id = Number(raw);
  expect(Number.isInteger(id) && id > 0, `ticket id attribute "${raw}"`).toBe(true);
  return id;
};

export const uuidFromUrl = (page: Page): string => {
  const match = /\/tickets\/([0-9a-f-]{36})$/.exec(new URL(page.url()).pathname);
  expect(match, `a ticket uuid in ${page.url()}`).toBeTruthy();
  return match![1]!;
};

export const UUID_URL = /\/tickets\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Messages and ticket markers of the open conversation, in screen (document) order. */
export const conversationRows = (page: Page): Locator =>
  page.getByTestId('message-list').locator('[data-testid="message"], [data-testid="ticket-marker"]');

/** The agent's message box (the composer's textarea). */
export const composerInput = (page: Page): Locator => page.getByTestId('message-input');

/** The open conversation's messages from the customer / from us. */
export const customerMessages = (page: Page): Locator => page.getByTestId('message-list').locator('[data-testid="message"][data-from-me="false"]');
export const ourMessages = (page: Page): Locator => page.getByTestId('message-list').locator('[data-testid="message"][data-from-me="true"]');

/**
 * A screenshot kept with the test's results (and attached to its report) when SNAPSHOTS=1: the
 * pictures are for a person to look at, nothing compares them, and ~130 of them cost a run
 * minutes. Failures get Playwright's own screenshot either way (`screenshot: 'only-on-failure'`).
 */
export const snapshot = async (page: Page, name: string): Promise<void> => {
  if (process.env.SNAPSHOTS !== '1') return;
  const path = test.info().outputPath(`${name}.png`);
  // Finite CSS animations (a popover's or dialog's zoom) are run to their end first: the picture
  // shows the screen a person would see once it settles, not a frame halfway through a fade.
  await page.screenshot({ path, fullPage: false, animations: 'disabled' });
  await test.info().attach(name, { path, contentType: 'image/png' });
};
