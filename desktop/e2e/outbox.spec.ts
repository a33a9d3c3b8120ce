import { type Page, type WebSocketRoute } from '@playwright/test';
import { expect, test } from './support/test';
import type { ListMessagesResponse } from '@balcao/shared';
import { startConversation } from './support/conversation';
import { composerInput, ourMessages, snapshot, UUID_URL } from './support/ui';

/**
 * Issue 16 §4 — the offline outbox, in Chromium against the shared e2e server (decision 0309):
 * the server is made unreachable *for this page only* — its API calls are aborted as a network
 * failure and its socket.io websocket is closed and refused — instead of stopping the server
 * other specs share. The page's own files still load, as they would from the app's disk.
 */
class NetworkSwitch {
  private offline = false;
  private readonly sockets = new Set<{ page: WebSocketRoute; server: WebSocketRoute }>();

  static async install(page: Page): Promise<NetworkSwitch> {
    const net = new NetworkSwitch();
    await page.route('**/*', async (route) => {
      const kind = route.request().resourceType();
      if (net.offline && (kind === 'fetch' || kind === 'xhr')) await route.abort('internetdisconnected');
      else await route.fallback();
    });
    await page.routeWebSocket(/\/socket\.io\//, (ws) => {
      if (net.offline) {
        void ws.close();
        return;
      }
      // Passed through untouched while online.
      const pair = { page: ws, server: ws.connectToServer() };
      net.sockets.add(pair);
      ws.onClose(() => net.sockets.delete(pair));
    });
    return net;
  }

  async down(): Promise<void> {
    this.offline = true;
    for (const pair of [...this.sockets]) {
      this.sockets.delete(pair);
      await pair.server.close().catch(() => undefined);
      await pair.page.close().catch(() => undefined);
    }
  }

  up(): void {
    this.offline = false;
  }
}

const OUTBOX_KEY = 'balcao.pref.outbox';
const keptBodies = (page: Page): Promise<string[]> =>
  page.evaluate((key) => (JSON.parse(localStorage.getItem(key) ?? '[]') as { body: string }[]).map((i) => i.body), OUTBOX_KEY);

test('messages typed while the server is unreachable wait on the device, survive a reload and reach the customer once, in order', async ({ page, browser, request }) => {
  test.setTimeout(180_000);
  const net = await NetworkSwitch.install(page);
  const world = await startConversation({ page, browser, request }, 'Oi, estou sem sinal aí?');
  const { phone, stamp } = world;
  const first = `primeira ${stamp}`;
  const second = `segunda ${stamp}`;
  const banner = page.getByTestId('offline-banner');
  const waiting = page.getByTestId('outbox-item');

  await test.step('the server becomes unreachable: the banner says so', async () => {
    await expect(banner).toBeHidden();
    await net.down();
    await expect(banner).toBeVisible();
    await expect(banner).toContainText('Sem conexão com o servidor');
  });

  await test.step('two messages typed offline wait with a clock, kept on the device', async () => {
    await composerInput(page).fill(first);
    await composerInput(page).press('Enter');
    await composerInput(page).fill(second);
    await composerInput(page).press('Enter');
    await expect(waiting).toHaveCount(2);
    await expect(waiting.nth(0)).toContainText(first);
    await expect(waiting.nth(1)).toContainText(second);
    await expect(waiting.nth(0)).toContainText('Aguardando conexão');
    expect(await keptBodies(page)).toEqual([expect.stringContaining(first), expect.stringContaining(second)]);
    await snapshot(page, 'outbox-waiting-wide');
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(waiting.nth(1)).toBeVisible();
    await snapshot(page, 'outbox-waiting-390');
    await page.getByTestId('theme-toggle').click();
    await snapshot(page, 'outbox-waiting-390-dark');
    await page.getByTestId('theme-toggle').click();
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(phone.receivedWith(first)).toHaveCount(0);
  });

  await test.step('a reload while still offline keeps the session and the two waiting messages', async () => {
    await page.reload();
    await expect(banner).toBeVisible();
    await snapshot(page, 'outbox-reload-offline');
    await expect(page).not.toHaveURL(/\/login/);
    expect(await keptBodies(page)).toHaveLength(2);
  });

  await test.step('reachable again: both reach the Simulador once, in order; the page catches up without F5', async () => {
    net.up();
    await expect(page).toHaveURL(UUID_URL, { timeout: 30_000 });
    await expect(banner).toBeHidden({ timeout: 30_000 });
    await expect(phone.receivedWith(first)).toHaveCount(1, { timeout: 30_000 });
    await expect(phone.receivedWith(second)).toHaveCount(1, { timeout: 30_000 });
    await expect(waiting).toHaveCount(0);
    await expect(ourMessages(page).filter({ hasText: first })).toHaveCount(1);
    await expect(ourMessages(page).filter({ hasText: second })).toHaveCount(1);
    expect(await keptBodies(page)).toEqual([]);
    // In order on the phone, and one stored message each.
    const texts = await phone.received.allTextContents();
    const at = (s: string) => texts.findIndex((x) => x.includes(s));
    expect(at(first)).toBeGreaterThanOrEqual(0);
    expect(at(first)).toBeLessThan(at(second));
    const stored = await world.api.get<ListMessagesResponse>(`/messages/${world.ticket.id}`);
    const bodies = stored.messages.filter((m) => m.body.includes(stamp) && m.fromMe).map((m) => m.body);
    expect(bodies).toEqual([expect.stringContaining(first), expect.stringContaining(second)]);
    await snapshot(page, 'outbox-sent');
  });

  await world.phoneContext.close();
});
