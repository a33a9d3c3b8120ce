import { expect, test } from './support/test';
import config from '../playwright.config';
import { E2E_CONTROL_PORT } from './support/constants';
import { seedConversationCompany } from './support/conversation';
import { startDesktopApp } from './support/desktop-app';
import { Phone } from './support/simulator';
import { composerInput, customerMessages, ourMessages, showList, snapshot, ticketItem } from './support/ui';

/**
 * Issue 16's acceptance: the packaged renderer (desktop/dist-app, `node scripts/desktop.mjs
 * --renderer-only`) opened from its files, on the real main process and preload
 * (support/desktop-app.ts, decision 0310), chooses the e2e server on the Servidor screen, logs in,
 * gets live events over socket.io and sends a message that reaches the customer's phone.
 */
const launch = config.use?.launchOptions ?? {};
// Electron lets the app's file:// page load its own files (the module scripts Vite emits);
// Chromium needs this switch for it. It concerns file → file only, never the server.
test.use({ launchOptions: { ...launch, args: [...(launch.args ?? []), '--allow-file-access-from-files'] } });

const SERVER_TEXT = 'Servidor Balcão';
/** Hash routes of the app's page. */
const fileRoute = (route: RegExp) => new RegExp(`^file://.*/dist-app/index\\.html#${route.source}`);

test('the app opened from its files chooses the server, logs in, gets live events and reaches the customer', async ({ page, browser, request, baseURL }) => {
  test.setTimeout(180_000);
  const server = new URL(baseURL!).origin;
  const { stamp, agent, phoneUser, customer, api, agentId, queueId } = await seedConversationCompany(request);

  const app = await startDesktopApp(page, server);

  await test.step('first run: the page is a file, and the Servidor screen keeps the e2e server', async () => {
    expect(app.url).toMatch(/^file:\/\/.*\/desktop\/dist-app\/index\.html#\/$/);
    await expect(page.getByTestId('server-address')).toBeVisible();
    // main's policy on the page: its files, and no server yet.
    expect(app.documentCsp.at(-1)).toContain("connect-src 'self';");
    await page.getByTestId('server-address').fill(server);
    await page.getByTestId('server-check').click();
    await expect(page.getByTestId('server-result')).toContainText(SERVER_TEXT);
    await expect(page.getByTestId('server-save')).toBeEnabled();
    await snapshot(page, 'desktop-file-server');
    await page.getByTestId('server-save').click();
    await expect(page.getByTestId('login-email')).toBeVisible();
    expect(await app.storedServer()).toEqual({ ok: true, value: server });
    expect(app.documentCsp.at(-1)).toContain(`connect-src 'self' ${server} ${server.replace(/^http/, 'ws')};`);
    expect(page.url()).toMatch(/^file:/);
  });

  await test.step('logs in through the form; the socket connects with main\'s headers', async () => {
    const connected = app.socketConnected();
    await page.getByTestId('login-email').fill(agent.email);
    await page.getByTestId('login-password').fill(agent.password);
    await page.getByTestId('login-submit').click();
    await expect(page).toHaveURL(fileRoute(/\/tickets$/));
    await connected;
    const login = app.requests.find((r) => r.url.endsWith('/auth/login'));
    // The page's requests carry Origin: file:// (as in Electron); main presented the server's
    // origin instead and opened the answer to the page.
    expect(await app.pageOrigin()).toBe('file://');
    expect(login?.sent.Origin ?? login?.sent.origin).toBe(server);
    expect(login?.received['Access-Control-Allow-Origin']).toEqual(['file://']);
    // The refresh cookie stayed with main's jar, never in the answer the page saw.
    expect(Object.keys(login?.received ?? {}).map((k) => k.toLowerCase())).not.toContain('set-cookie');
  });

  const phoneContext = await browser.newContext({ baseURL });
  const phonePage = await phoneContext.newPage();
  await phonePage.goto('/login');
  await phonePage.getByTestId('login-email').fill(phoneUser.email);
  await phonePage.getByTestId('login-password').fill(phoneUser.password);
  await phonePage.getByTestId('login-submit').click();
  await expect(phonePage).toHaveURL(/\/tickets$/);
  const phone = new Phone(phonePage);
  await phone.open(customer);

  const first = `Olá do arquivo ${stamp}`;
  const second = `Ainda aí? ${stamp}`;
  const reply = `Estou sim, ${stamp}`;

  await test.step('live: the customer\'s first words show as a waiting ticket, without a reload', async () => {
    await phone.say(first);
    const pending = await showList(page, 'pending');
    await expect(pending.getByTestId('ticket-item').filter({ hasText: customer.name })).toBeVisible();
  });

  const ticket = await api.liveTicketOf(customer.number);
  await test.step('the ticket handed to the agent opens; the next message arrives live in the conversation', async () => {
    await api.put(`/tickets/${ticket.id}`, { status: 'open', userId: agentId, queueId });
    const open = await showList(page, 'open');
    await ticketItem(open, ticket.id).click();
    await expect(page).toHaveURL(fileRoute(/\/tickets\/[0-9a-f-]{36}$/));
    await expect(customerMessages(page).filter({ hasText: first })).toBeVisible();
    await phone.say(second);
    await expect(customerMessages(page).filter({ hasText: second })).toBeVisible();
  });

  await test.step('a message from the composer reaches the customer once', async () => {
    await composerInput(page).fill(reply);
    await composerInput(page).press('Enter');
    await expect(phone.receivedWith(reply)).toHaveCount(1, { timeout: 30_000 });
    await expect(ourMessages(page).filter({ hasText: reply })).toHaveCount(1);
    await snapshot(page, 'desktop-file');
  });

  await test.step('a reload keeps the session through main\'s cookie jar', async () => {
    const before = app.requests.length;
    await page.reload();
    await expect(customerMessages(page).filter({ hasText: second })).toBeVisible();
    expect(page.url()).toMatch(fileRoute(/\/tickets\/[0-9a-f-]{36}$/));
    const refresh = app.requests.slice(before).find((r) => r.url.endsWith('/auth/refresh_token'));
    expect(refresh?.status).toBe(200);
    expect(refresh?.sent.Cookie).toMatch(/(^|; )jrt=/);
  });

  await test.step('nothing was loosened: main cancelled nothing, the page may reach no other origin, preflights are main\'s', async () => {
    expect(app.cancelled).toEqual([]);
    // Another local server (the control server): main's Content-Security-Policy stops the call.
    const elsewhere = `http://127.0.0.1:${E2E_CONTROL_PORT}/`;
    // The page records every violation from before the call; the refused fetch is awaited, then
    // the report is waited for (it is queued as its own task), with expect's timeout, not a sleep.
    const outcome = await page.evaluate(async (url) => {
      const seen: { directive: string; blocked: string }[] = [];
      (window as unknown as { cspSeen: typeof seen }).cspSeen = seen;
      document.addEventListener('securitypolicyviolation', (e) => seen.push({ directive: e.effectiveDirective, blocked: e.blockedURI }));
      return fetch(url).then(() => 'reached', () => 'refused');
    }, elsewhere);
    expect(outcome).toBe('refused');
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { cspSeen: { directive: string; blocked: string }[] }).cspSeen), { message: 'the CSP report of the refused call' })
      .toEqual([{ directive: 'connect-src', blocked: expect.stringContaining(`127.0.0.1:${E2E_CONTROL_PORT}`) }]);
    const preflight = await app.preflight('/auth/login', 'POST', 'content-type');
    expect(preflight.status).toBe(204);
    expect(preflight.headers['Access-Control-Allow-Origin']).toEqual(['file://']);
    expect(preflight.headers['Access-Control-Allow-Headers']?.[0]).toContain('Content-Type');
  });

  await phoneContext.close();
});
