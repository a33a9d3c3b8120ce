import { expect, test } from './support/test';
import type { QueueDto, WhatsappDto } from '@balcao/shared';
import { Api, uniqueStamp } from './support/api';
import { superUser, E2E_DOMAIN } from './support/constants';
import { snapshot, watchRealtime, signIn } from './support/ui';

/**
 * Issue 12 item 7, "Replay before publishing": a past conversation (stored while the connection
 * had no queue) is replayed from /queues against a queue's current greeting and option tree; the
 * drawer shows what was answered then beside what would be answered now, and the phone got
 * nothing new.
 */
test('an admin replays a queue over a past ticket: side by side, nothing sent', async ({ page, request }) => {
  const stamp = uniqueStamp();
  const admin = { name: 'Admin Replay', email: `replay.${stamp}@${E2E_DOMAIN}`, password: 'Replay12345!' };
  const owner = await Api.login(request, superUser());
  await owner.createCompany(`Empresa Replay ${stamp}`, admin);
  const api = await Api.login(request, admin);
  const w: WhatsappDto = await api.createSandboxConnection();
  const customer = { number: `5511${stamp.slice(-9)}`, name: 'Maria Replay' };
  await api.customerSays(w.id, customer, 'oi');
  await expect.poll(async () => (await api.tickets({ showAll: true })).tickets.some((t) => t.contact.number === customer.number)).toBe(true);
  await api.customerSays(w.id, customer, '1');
  const queue = await api.post<QueueDto>('/queue', { name: 'Suporte', color: '#43a047', greetingMessage: 'Bem-vindo ao Suporte' });
  await api.post('/queue-options', { queueId: queue.id, title: 'Boletos', message: 'Seu boleto segue' });
  await expect.poll(async () => (await api.get<{ messages: unknown[] }>(`/messages/${(await api.liveTicketOf(customer.number)).id}`)).messages.length).toBe(2);
  const sentBefore = (await api.outbox(w.id, customer.number)).length;

  const realtime = watchRealtime(page);
  await signIn(page, admin, '/queues');
  await realtime;
  await page.getByTestId('queue-row').filter({ hasText: 'Suporte' }).getByTestId('queue-replay').click();
  const drawer = page.getByTestId('replay-drawer');
  await expect(drawer.getByTestId('replay-notice')).toBeVisible();
  await drawer.getByTestId('replay-ticket').click();
  await page.keyboard.type('Maria');
  await page.getByText(/· Maria Replay ·/).click();
  await drawer.getByTestId('replay-run').click();
  const rows = drawer.getByTestId('replay-row');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0).getByTestId('replay-inbound')).toContainText('oi');
  await expect(rows.nth(0).getByTestId('replay-actual')).toContainText('Nada foi enviado');
  await expect(rows.nth(0).getByTestId('replay-would')).toContainText('Bem-vindo ao Suporte');
  await expect(rows.nth(0).getByTestId('replay-would')).toContainText('*[ 1 ]* - Boletos');
  await expect(rows.nth(1).getByTestId('replay-would')).toContainText('Seu boleto segue');
  await expect(rows.nth(1).getByTestId('replay-decision')).toHaveText('Para atendimento na fila Suporte (leaf)');
  await snapshot(page, 'replay-wide');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(rows.nth(1).getByTestId('replay-would')).toContainText('O bot responderia agora');
  await snapshot(page, 'replay-390');

  // Nothing went to the phone, nothing was stored.
  expect((await api.outbox(w.id, customer.number)).length).toBe(sentBefore);
  expect((await api.get<{ messages: unknown[] }>(`/messages/${(await api.liveTicketOf(customer.number)).id}`)).messages).toHaveLength(2);
});
