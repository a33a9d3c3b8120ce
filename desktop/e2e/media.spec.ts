import { expect, test } from './support/test';
import { Api, uniqueCustomer, uniqueStamp } from './support/api';
import { superUser, E2E_DOMAIN } from './support/constants';
import { signIn } from './support/ui';

/** A 2×1 PNG: small enough for a request body, real enough for the browser to decode. */
const PNG_2x1 = 'iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAYAAAD0In+KAAAADklEQVR4nGP4z8DwHwQBEPgD/U6VwW8AAAAASUVORK5CYII=';

/**
 * A customer's picture and location travel the whole way: sandbox phone → pipeline → download at
 * receipt → media store → GET /messages/:id/media with the session's token → a blob the
 * browser decodes in the conversation.
 */
test("a customer's picture and location show in the conversation", async ({ page, request }) => {
  const stamp = uniqueStamp();
  const admin = { name: 'Admin Mídia', email: `midia.${stamp}@${E2E_DOMAIN}`, password: 'Midia1234!' };
  const phone = { name: 'Telefone', email: `fone.${stamp}@${E2E_DOMAIN}`, password: 'Fone12345!', profile: 'admin' as const };
  const customer = uniqueCustomer('Cliente Mídia');

  const { api, sandboxId } = await test.step('setup: a company, the customer played through a second admin', async () => {
    const owner = await Api.login(request, superUser());
    await owner.createCompany(`Empresa Mídia ${stamp}`, admin);
    const first = await Api.login(request, admin);
    await first.createUser(phone);
    // The browser logs in as `admin` (ending `first`'s session); the customer is played by `phone`.
    const api = await Api.login(request, phone);
    return { api, sandboxId: (await api.createSandboxConnection()).id };
  });

  await test.step('the customer sends a picture with a caption and a location', async () => {
    const inbound = (data: Record<string, unknown>) =>
      request.post(`/sandbox/connections/${sandboxId}/inbound`, { headers: { Authorization: `Bearer ${api.token}` }, data: { from: customer.number, name: customer.name, ...data } });
    expect((await inbound({ kind: 'image', body: 'comprovante', media: { data: PNG_2x1, mimetype: 'image/png', fileName: 'comprovante.png' } })).status()).toBe(202);
    expect((await inbound({ kind: 'location', latitude: -15.7939, longitude: -47.8828, body: 'Loja Centro' })).status()).toBe(202);
  });

  const ticket = await api.liveTicketOf(customer.number);
  await api.updateTicket(ticket.id, { status: 'open', userId: api.user.id });

  await signIn(page, admin, `/tickets/${ticket.uuid}`);
  const picture = page.getByTestId('message-media').filter({ has: page.locator('img') });
  await expect(picture).toHaveAttribute('data-kind', 'image');
  const img = picture.locator('img').first();
  await expect(img).toHaveAttribute('src', /^blob:/);
  // Decoded by the browser: the bytes that reached it are the customer's picture.
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => `${el.naturalWidth}x${el.naturalHeight}`)).toBe('2x1');
  await expect(page.getByText('comprovante', { exact: true })).toBeVisible();
  await expect(page.getByTestId('message-location-link')).toHaveAttribute('href', /maps\.google\.com\/maps\?q=-15\.7939%2C-47\.8828/);
  await expect(page.getByTestId('message-location')).toContainText('Loja Centro');
});
