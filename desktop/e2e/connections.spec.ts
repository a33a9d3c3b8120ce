import { type Locator, type Page } from '@playwright/test';
import { expect, test } from './support/test';
import { Api, uniqueStamp } from './support/api';
import { superUser, E2E_DOMAIN } from './support/constants';
import { FakeNetwork } from './support/fake-network';
import { watchRealtime, signIn } from './support/ui';

/**
 * Issue 3's acceptance: the Connections page in Chromium against a fake WhatsApp network
 * (server/test/e2e/fake-network.ts). An admin adds a Baileys connection, asks for a QR code,
 * watches it change live, "scans" it and sees CONNECTED with the phone number without a reload;
 * network drops show TIMEOUT and OPENING; pairing by phone number shows PAIRING and its code;
 * disconnect and delete ask first. At every step the row
 * shows exactly the actions of the status table (administration.md §2) and the menu's '!' badge
 * follows the attention rule (any connection not CONNECTED).
 */

/** The session buttons a row shows, in screen order. */
const actionsOf = (row: Locator): Promise<(string | null)[]> =>
  row.getByTestId('conn-actions').locator('button').evaluateAll((buttons) => buttons.map((b) => b.getAttribute('data-testid')));

const expectRow = async (row: Locator, status: string, actions: string[]) => {
  await expect(row).toHaveAttribute('data-status', status);
  await expect.poll(() => actionsOf(row), { message: `the actions of a ${status} row` }).toEqual(actions);
};

/** The QR the dialog draws: the svg's modules change with the code. */
const qrDrawing = (page: Page): Promise<string> => page.getByTestId('qr-dialog').locator('svg').first().innerHTML();

test('an admin pairs a WhatsApp connection by QR code live, and each status shows its actions', async ({ page, request }) => {
  const stamp = uniqueStamp();
  const admin = { name: 'Admin Conexões', email: `conexoes.${stamp}@${E2E_DOMAIN}`, password: 'Conexoes123!' };
  const name = `Loja ${stamp}`;
  const network = new FakeNetwork(request);
  // A company of its own: the badge rule sees only this test's connections.
  const owner = await Api.login(request, superUser());
  await owner.createCompany(`Empresa Conexões ${stamp}`, admin);

  const realtime = watchRealtime(page);
  await signIn(page, admin);
  await realtime;
  const badge = page.getByTestId('connections-badge');

  await test.step('the menu leads to Conexões: an empty table, no badge', async () => {
    await page.getByTestId('connections-menu-label').click();
    await expect(page).toHaveURL(/\/connections$/);
    await expect(page.getByTestId('connections-table')).toBeVisible();
    await expect(page.getByTestId('connection-row')).toHaveCount(0);
    await expect(badge).toHaveCount(0);
  });

  const row = page.getByTestId('connection-row').filter({ hasText: name });
  const whatsappId = await test.step('add a Baileys connection through the dialog', async () => {
    await page.getByTestId('add-connection').click();
    await expect(page.getByTestId('connection-form')).toBeVisible();
    // Validation before anything is sent.
    await page.getByTestId('connection-name').fill('L');
    await page.getByTestId('connection-save').click();
    await expect(page.getByText('Too Short!')).toBeVisible();
    await page.getByTestId('connection-name').fill(name);
    // The provider offers Baileys; choose it explicitly.
    await page.getByTestId('connection-provider').click();
    await page.locator('.ant-select-item-option[title="baileys"]').click();
    await expect(page.getByTestId('connection-provider')).toContainText('baileys');
    const created = page.waitForResponse((r) => new URL(r.url()).pathname === '/whatsapp' && r.request().method() === 'POST');
    await page.getByTestId('connection-save').click();
    const body = (await (await created).json()) as { id: number; provider: string };
    expect(body.provider).toBe('baileys');
    await expect(page.getByTestId('connection-form')).toBeHidden();
    await expect(row).toHaveAttribute('data-connection-id', String(body.id));
    return body.id;
  });

  await test.step('DISCONNECTED: try again and new QR code; the badge appears', async () => {
    await expectRow(row, 'DISCONNECTED', ['conn-retry', 'conn-newqr']);
    await expect(row).toContainText('DISCONNECTED');
    await expect(row.getByTestId('conn-number')).toHaveText('');
    // The first connection of a company is its default one.
    await expect(row.getByTestId('conn-default')).toBeVisible();
    await expect(badge).toBeVisible();
    await expect(badge).toContainText('!');
  });

  const first = await test.step('new QR code: OPENING shows a disabled connecting button', async () => {
    await row.getByTestId('conn-newqr').click();
    await expectRow(row, 'OPENING', ['conn-connecting']);
    await expect(row.getByTestId('conn-connecting')).toBeDisabled();
    return network.nextSocket(whatsappId);
  });

  const qr1 = `2@first-qr-${stamp},AbCdEf==,GhIjKl==`;
  const qr2 = `2@second-qr-${stamp},MnOpQr==,StUvWx==`;
  await test.step('the network shows a QR code: the row offers it, the dialog draws it', async () => {
    await network.qr(whatsappId, qr1);
    await expectRow(row, 'qrcode', ['conn-qr']);
    await row.getByTestId('conn-qr').click();
    await expect(page.getByTestId('qr-dialog')).toBeVisible();
    await expect(page.getByTestId('qr-text')).toContainText(qr1);
  });

  await test.step('a new QR code replaces it live, without a reload', async () => {
    const before = await qrDrawing(page);
    await network.qr(whatsappId, qr2);
    await expect(page.getByTestId('qr-text')).toContainText(qr2);
    await expect(page.getByTestId('qr-text')).not.toContainText(qr1);
    await expect.poll(() => qrDrawing(page), { message: 'the QR drawing changes with the code' }).not.toBe(before);
    await expect(row).toHaveAttribute('data-status', 'qrcode');
  });

  await test.step('scan: the dialog closes by itself, CONNECTED with the number, only disconnect; no badge', async () => {
    const navigations: string[] = [];
    const onNavigated = (f: { url(): string }) => navigations.push(f.url());
    page.on('framenavigated', onNavigated);
    await network.scan(whatsappId, '551133334444');
    await expect(page.getByTestId('qr-dialog')).toBeHidden();
    await expectRow(row, 'CONNECTED', ['conn-disconnect']);
    await expect(row.getByTestId('conn-number')).toHaveText('+55 (11) 3333-4444');
    await expect(row.getByTestId('conn-updated-at')).toHaveText(/^\d{2}\/\d{2}\/\d{2} \d{2}:\d{2}$/);
    await expect(badge).toHaveCount(0);
    page.off('framenavigated', onNavigated);
    expect(navigations, 'no page load happened').toEqual([]);
  });

  await test.step('the network drops (408): TIMEOUT offers disconnect only; a new socket is scanned again', async () => {
    await network.close(whatsappId, 408);
    await expectRow(row, 'TIMEOUT', ['conn-disconnect']);
    await network.nextSocket(whatsappId, first.seq);
    await network.scan(whatsappId, '551133334444');
    await expectRow(row, 'CONNECTED', ['conn-disconnect']);
  });

  await test.step('WhatsApp asks for a restart (515): OPENING until the fresh socket is open', async () => {
    const current = await network.socket(whatsappId);
    await network.close(whatsappId, 515);
    await expectRow(row, 'OPENING', ['conn-connecting']);
    await network.nextSocket(whatsappId, current!.seq);
    await network.scan(whatsappId, '5511988887777');
    await expectRow(row, 'CONNECTED', ['conn-disconnect']);
    // A 13-digit number (mobile) uses the 5-digit variant.
    await expect(row.getByTestId('conn-number')).toHaveText('+55 (11) 98888-7777');
    // The badge's 2 s re-check settles on "all connected" again before the next step needs it.
    await expect(badge).toHaveCount(0);
  });

  await test.step('disconnect asks first, then DISCONNECTED shows exactly try again and new QR code', async () => {
    await row.getByTestId('conn-disconnect').click();
    await expect(page.getByText(`Desconectar ${name}?`)).toBeVisible();
    await page.locator('.ant-popconfirm').filter({ visible: true }).getByRole('button', { name: 'Cancelar' }).click();
    await expect(page.getByTestId('conn-disconnect-confirm')).toBeHidden();
    await expect(row).toHaveAttribute('data-status', 'CONNECTED');
    await row.getByTestId('conn-disconnect').click();
    await page.getByTestId('conn-disconnect-confirm').click();
    await expectRow(row, 'DISCONNECTED', ['conn-retry', 'conn-newqr']);
    await expect(badge).toBeVisible();
    await expect.poll(async () => (await network.socket(whatsappId)) ?? null, { message: 'no live socket after disconnect' }).toBeNull();
  });

  await test.step('pairing by phone number: PAIRING shows the code in the dialog and offers disconnect only', async () => {
    const before = (await network.socket(whatsappId))?.seq ?? 0;
    await row.getByTestId('conn-newqr').click();
    const qrSocket = await network.nextSocket(whatsappId, before);
    await network.qr(whatsappId, `2@third-qr-${stamp},YzAbCd==,EfGhIj==`);
    await expectRow(row, 'qrcode', ['conn-qr']);
    await row.getByTestId('conn-qr').click();
    await page.getByTestId('qr-use-phone').click();
    await page.getByTestId('pairing-phone').fill('5511977776666');
    await page.getByTestId('pairing-submit').click();
    // The session starts over to pair by code; the network asks again, and the product asks for the code.
    const pairingSocket = await network.nextSocket(whatsappId, qrSocket.seq);
    await network.qr(whatsappId, `2@pairing-qr-${stamp},KlMnOp==,QrStUv==`);
    await expect(page.getByTestId('pairing-code')).toHaveText('K7QM-2XPA');
    await expectRow(row, 'PAIRING', ['conn-disconnect']);
    expect((await network.socket(whatsappId))?.pairingRequests).toEqual(['5511977776666']);
    await network.scan(whatsappId, '5511977776666');
    await expect(page.getByTestId('qr-dialog')).toBeHidden();
    await expectRow(row, 'CONNECTED', ['conn-disconnect']);
    await expect(row.getByTestId('conn-number')).toHaveText('+55 (11) 97777-6666');
    expect((await network.socket(whatsappId))?.seq).toBe(pairingSocket.seq);
  });

  await test.step('delete asks first; confirmed, the row and the badge go', async () => {
    await row.getByTestId('conn-delete').click();
    await expect(page.getByText(`Excluir conexão ${name}?`)).toBeVisible();
    await page.getByTestId('conn-delete-confirm').click();
    await expect(page.getByTestId('connection-row')).toHaveCount(0);
    await expect(badge).toHaveCount(0);
    // Gone on the server too: a fresh load lists nothing.
    const listed = page.waitForResponse((r) => new URL(r.url()).pathname === '/whatsapp' && r.request().method() === 'GET');
    await page.reload();
    expect(await (await listed).json()).toEqual([]);
    await expect(page.getByTestId('connections-table')).toBeVisible();
    await expect(page.getByTestId('connection-row')).toHaveCount(0);
  });
});

test('the add/edit dialog saves every connection field, keeps the token secret and moves the default', async ({ page, request }) => {
  const stamp = uniqueStamp();
  const admin = { name: 'Admin Diálogo', email: `dialogo.${stamp}@${E2E_DOMAIN}`, password: 'Dialogo123!' };
  const owner = await Api.login(request, superUser());
  await owner.createCompany(`Empresa Diálogo ${stamp}`, admin);
  // Queues first, through the API (a browser login afterwards ends this API session).
  const api = await Api.login(request, admin);
  const sales = await api.post<{ id: number; name: string }>('/queue', { name: 'Vendas', color: '#ff0000' });
  const support = await api.post<{ id: number; name: string }>('/queue', { name: 'Suporte', color: '#00ff00' });

  await signIn(page, admin, '/connections');
  await expect(page.getByTestId('connections-table')).toBeVisible();
  const form = page.getByTestId('connection-form');
  // Options of the dropdown that is open now: a closing one keeps its options in the DOM (and, for
  // the length of its animation, visible), and both selects list the same queues.
  const openDropdown = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
  const option = (title: string) => openDropdown.locator(`.ant-select-item-option[title="${title}"]`);
  const field = (k: string) => page.getByTestId(`connection-${k}`);
  const name = `Atendimento ${stamp}`;

  const saved = await test.step('add with every field; two queues need a greeting', async () => {
    await page.getByTestId('add-connection').click();
    await expect(form).toBeVisible();
    await field('name').fill(name);
    await field('queues').click();
    await option('Vendas').click();
    await option('Suporte').click();
    await field('name').click(); // closes the dropdown
    await expect(openDropdown).toHaveCount(0);
    await field('transferQueue').click();
    await option('Suporte').click();
    await field('complationMessage').fill('Atendimento encerrado.');
    await field('outOfHoursMessage').fill('Estamos fora do horário.');
    await field('ratingMessage').fill('Dê uma nota de 1 a 5.');
    await field('expiresInactiveMessage').fill('Encerrado por inatividade.');
    await field('expiresTicket').fill('30');
    await field('timeUseBotQueues').fill('5');
    await field('maxUseBotQueues').fill('2');
    await field('timeToTransfer').fill('10');
    await field('token').fill(`token-${stamp}`);
    await field('save').click();
    await expect(form.getByText('A mensagem de saudação é obrigatória quando há mais de uma fila.')).toBeVisible();
    await field('greetingMessage').fill('Olá! 1 Vendas, 2 Suporte');
    const created = page.waitForResponse((r) => new URL(r.url()).pathname === '/whatsapp' && r.request().method() === 'POST');
    await field('save').click();
    // What was sent is not readable here (ky streams its request bodies); the unit tests cover the token in the body.
    const body = (await (await created).json()) as Record<string, unknown>;
    await expect(form).toBeHidden();
    return body;
  });

  expect(saved).toMatchObject({
    name,
    provider: 'baileys',
    isDefault: true,
    greetingMessage: 'Olá! 1 Vendas, 2 Suporte',
    complationMessage: 'Atendimento encerrado.',
    outOfHoursMessage: 'Estamos fora do horário.',
    ratingMessage: 'Dê uma nota de 1 a 5.',
    expiresInactiveMessage: 'Encerrado por inatividade.',
    expiresTicket: 30,
    timeUseBotQueues: 5,
    maxUseBotQueues: 2,
    timeToTransfer: 10,
    transferQueueId: support.id,
  });
  expect((saved.queues as { id: number }[]).map((q) => q.id).sort()).toEqual([sales.id, support.id].sort());
  expect(saved, 'the token is never sent back').not.toHaveProperty('token');

  const row = page.getByTestId('connection-row').filter({ hasText: name });
  await test.step('edit shows what was saved (the token stays blank) and saves a rename', async () => {
    await row.getByTestId('conn-edit').click();
    await expect(form).toBeVisible();
    await expect(field('name')).toHaveValue(name);
    await expect(field('greetingMessage')).toHaveValue('Olá! 1 Vendas, 2 Suporte');
    await expect(field('maxUseBotQueues')).toHaveValue('2');
    await expect(field('queues')).toContainText('Vendas');
    await expect(field('queues')).toContainText('Suporte');
    await expect(field('transferQueue')).toContainText('Suporte');
    await expect(field('token')).toHaveValue('');
    await expect(form.getByText('Deixe em branco para manter o token atual')).toBeVisible();
    await field('name').fill(`${name} 2`);
    const updated = page.waitForResponse((r) => new URL(r.url()).pathname === `/whatsapp/${String(saved.id)}` && r.request().method() === 'PUT');
    await field('save').click();
    expect((await updated).ok()).toBe(true);
    await expect(form).toBeHidden();
    await expect(page.getByTestId('connection-row').filter({ hasText: `${name} 2` })).toBeVisible();
  });

  await test.step('a new default connection takes the flag from the old one', async () => {
    await page.getByTestId('add-connection').click();
    await field('name').fill(`Nova padrão ${stamp}`);
    await field('isDefault').check();
    await field('save').click();
    await expect(form).toBeHidden();
    const rows = page.getByTestId('connection-row');
    await expect(rows).toHaveCount(2);
    await expect(rows.filter({ hasText: `Nova padrão ${stamp}` }).getByTestId('conn-default')).toBeVisible();
    await expect(rows.filter({ hasText: `${name} 2` }).getByTestId('conn-default')).toHaveCount(0);
  });
});
