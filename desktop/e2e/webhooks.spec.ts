import { createHmac } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from './support/test';
import { Api, uniqueStamp } from './support/api';
import { superUser, E2E_DOMAIN } from './support/constants';
import { snapshot, watchRealtime, signIn } from './support/ui';

/**
 * Issue 15 §5's settings section (decision 0304): an admin of a company of its own adds a webhook
 * pointing at a receiver this spec starts, sees the signing secret once (and copies it), sends a
 * test and sees it delivered in the log; the receiver verifies the signature with the secret the
 * screen showed. Screenshots wide, 390 px and dark.
 */

test('an admin adds a webhook, sees the secret once, sends a test and sees it delivered', async ({ page, request }) => {
  test.setTimeout(120_000);
  const received: { raw: string; signature: string; delivery: string }[] = [];
  const receiver = createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      received.push({ raw, signature: String(req.headers['x-balcao-signature']), delivery: String(req.headers['x-balcao-delivery']) });
      res.end('recebido');
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/balcao`;

  try {
    const stamp = uniqueStamp();
    const admin = { name: 'Admin Webhooks', email: `webhooks.${stamp}@${E2E_DOMAIN}`, password: 'Webhooks123!' };
    const owner = await Api.login(request, superUser());
    await owner.createCompany(`Empresa Webhooks ${stamp}`, admin);
    const realtime = watchRealtime(page);
    await signIn(page, admin);
    await realtime;
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);

    await test.step("the 'Webhooks' tab starts empty", async () => {
      await page.goto('/settings');
      await page.getByTestId('settings-tab-webhooks').click();
      await expect(page.getByText('Nenhum webhook cadastrado.')).toBeVisible();
    });

    let secret = '';
    await test.step('add: name, URL, events; the secret is shown once with a copy button', async () => {
      await page.getByTestId('webhooks-add').click();
      await page.getByTestId('webhook-name').fill('ERP da loja');
      await page.getByTestId('webhook-url').fill(url);
      await page.getByTestId('webhook-event-ticket.created').check();
      await snapshot(page, 'webhooks-dialog');
      await page.getByTestId('webhook-save').click();
      const shown = page.getByTestId('webhook-secret');
      await expect(shown).toContainText('whsec_');
      secret = (await shown.innerText()).trim();
      await shown.getByRole('button').click();
      await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
      await snapshot(page, 'webhooks-secret');
      await page.getByTestId('webhook-secret-done').click();
      await expect(shown).toHaveCount(0);
      const row = page.getByTestId('webhook-row').filter({ hasText: 'ERP da loja' });
      await expect(row).toContainText(`Segredo …${secret.slice(-4)}`);
      await expect(page.locator('body')).not.toContainText(secret);
    });

    await test.step('send test: the log shows it delivered; the receiver verifies the signature', async () => {
      await page.getByTestId('webhook-log-open').click();
      await expect(page.getByText('Nenhuma entrega ainda. Use “Enviar teste” para experimentar.')).toBeVisible();
      await page.getByTestId('webhook-send-test').click();
      const status = page.getByTestId('webhook-delivery-status').first();
      await expect(status).toHaveAttribute('data-status', 'delivered', { timeout: 20_000 });
      await expect(page.getByTestId('webhook-delivery-response').first()).toHaveText('200');
      await expect(page.getByTestId('webhook-delivery-attempts').first()).toHaveText('1');
      const ping = received.at(-1)!;
      const [t, v1] = ping.signature.split(',').map((p) => p.split('=')[1]);
      expect(v1).toBe(createHmac('sha256', secret).update(`${t}.${ping.raw}`).digest('hex'));
      expect(JSON.parse(ping.raw)).toMatchObject({ event: 'webhook.ping', id: ping.delivery });
      await snapshot(page, 'webhooks-log');
    });

    await test.step('390 px and dark mode', async () => {
      await page.setViewportSize({ width: 390, height: 800 });
      // The drawer takes the whole width on a phone.
      await expect.poll(async () => (await page.locator('.ant-drawer-content-wrapper').boundingBox())?.width).toBe(390);
      await snapshot(page, 'webhooks-log-390');
      await page.locator('.ant-drawer-close').click();
      await expect(page.getByTestId('webhook-log')).toHaveCount(0);
      await page.getByTestId('theme-toggle').click();
      await expect(page.getByTestId('webhook-row')).toBeVisible();
      await snapshot(page, 'webhooks-list-390-dark');
      await page.getByTestId('webhook-edit').click();
      await expect(page.getByTestId('webhook-name')).toHaveValue('ERP da loja');
      await expect(page.locator('.ant-modal[class*="-appear"], .ant-modal[class*="-enter"]')).toHaveCount(0);
      await snapshot(page, 'webhooks-dialog-390-dark');
      await page.keyboard.press('Escape');
      await page.setViewportSize({ width: 1280, height: 800 });
      await snapshot(page, 'webhooks-list-dark');
    });
  } finally {
    receiver.closeAllConnections();
    receiver.close();
  }
});
