// @vitest-environment happy-dom
import '../../test/dom';
import '../../app/i18n/i18n';
import { cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WebhookDeliveryDto, WebhookDto } from '@balcao/shared';
import { ApiError } from '../../lib/http';
import { toast } from '../../lib/toast';
import { webhooksApi } from './webhooks.api';
import { WebhooksPane } from './WebhooksPane';

vi.mock('./webhooks.api', () => ({
  webhooksApi: { list: vi.fn(), create: vi.fn(), update: vi.fn(), remove: vi.fn(async () => ({ ok: true })), rotate: vi.fn(), test: vi.fn(), deliveries: vi.fn(), replay: vi.fn() },
}));
const api = vi.mocked(webhooksApi);
configure({ asyncUtilTimeout: 8000 });

const hook: WebhookDto = {
  id: 1,
  name: 'ERP',
  url: 'https://erp.example.com/hook',
  events: ['message.created', 'ticket.created'],
  active: true,
  secretTail: '…abcd',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};
const delivery = (over: Partial<WebhookDeliveryDto>): WebhookDeliveryDto => ({
  id: 10,
  webhookId: 1,
  eventId: '6f1c1c1e-6b8e-4a61-9d07-0c8f5ab0e001',
  event: 'message.created',
  status: 'delivered',
  attempts: 1,
  responseStatus: 200,
  responseBody: 'ok',
  error: null,
  deliveredAt: '2026-01-01T00:00:01.000Z',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:01.000Z',
  ...over,
});
const rows = () => screen.queryAllByTestId('webhook-row');

beforeEach(() => {
  api.list.mockResolvedValue({ webhooks: [hook] });
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
  vi.restoreAllMocks();
});

describe('WebhooksPane', { timeout: 60_000 }, () => {
  it('shows a skeleton while loading, then the list; the empty text when there is none', async () => {
    let release: (v: { webhooks: WebhookDto[] }) => void = () => undefined;
    api.list.mockReturnValueOnce(new Promise((r) => (release = r)));
    render(<WebhooksPane />);
    expect(screen.getByTestId('webhooks-skeleton')).toBeTruthy();
    release({ webhooks: [] });
    await waitFor(() => expect(screen.getByText('Nenhum webhook cadastrado.')).toBeTruthy());
    cleanup();
    render(<WebhooksPane />);
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(within(rows()[0]!).getByText('ERP')).toBeTruthy();
    expect(within(rows()[0]!).getByText('Segredo …abcd')).toBeTruthy();
    expect(within(rows()[0]!).getByText('Mensagem criada')).toBeTruthy();
  });

  it('adds a webhook and shows its secret once, with a copy button', async () => {
    const made = { ...hook, id: 2, name: 'CRM', url: 'https://crm.example.com/in' };
    api.create.mockResolvedValue({ webhook: made, secret: 'whsec_segredo-mostrado-uma-vez' });
    render(<WebhooksPane />);
    await waitFor(() => expect(rows()).toHaveLength(1));
    fireEvent.click(screen.getByTestId('webhooks-add'));
    fireEvent.change(await screen.findByTestId('webhook-name'), { target: { value: 'CRM' } });
    fireEvent.change(screen.getByTestId('webhook-url'), { target: { value: 'https://crm.example.com/in' } });
    fireEvent.click(screen.getByTestId('webhook-event-contact.created'));
    fireEvent.click(screen.getByTestId('webhook-save'));
    await waitFor(() => expect(api.create).toHaveBeenCalledWith({ name: 'CRM', url: 'https://crm.example.com/in', events: ['message.created', 'contact.created'], active: true }));
    const secret = await screen.findByTestId('webhook-secret');
    expect(secret.textContent).toContain('whsec_segredo-mostrado-uma-vez');
    expect(within(secret).getByRole('button')).toBeTruthy();
    await waitFor(() => expect(rows()).toHaveLength(2));
    fireEvent.click(screen.getByTestId('webhook-secret-done'));
    await waitFor(() => expect(screen.queryByTestId('webhook-secret')).toBeNull());
    // The list never shows the secret, only its tail.
    expect(document.body.textContent).not.toContain('whsec_segredo-mostrado-uma-vez');
  });

  it('refuses a URL that is not http(s) and an empty event list before calling the server', async () => {
    render(<WebhooksPane />);
    await waitFor(() => expect(rows()).toHaveLength(1));
    fireEvent.click(screen.getByTestId('webhooks-add'));
    fireEvent.change(await screen.findByTestId('webhook-name'), { target: { value: 'X' } });
    fireEvent.change(screen.getByTestId('webhook-url'), { target: { value: 'ftp://x' } });
    fireEvent.click(screen.getByTestId('webhook-event-message.created'));
    fireEvent.click(screen.getByTestId('webhook-save'));
    await waitFor(() => expect(screen.getByText('Informe uma URL http:// ou https://')).toBeTruthy());
    expect(screen.getByText('Escolha pelo menos um evento')).toBeTruthy();
    expect(api.create).not.toHaveBeenCalled();
  });

  it("shows the server's refusal as a toast", async () => {
    api.create.mockRejectedValue(new ApiError(400, { error: 'ERR_WEBHOOK_URL_REFUSED' }, 'refused'));
    const error = vi.spyOn(toast, 'error');
    render(<WebhooksPane />);
    await waitFor(() => expect(rows()).toHaveLength(1));
    fireEvent.click(screen.getByTestId('webhooks-add'));
    fireEvent.change(await screen.findByTestId('webhook-name'), { target: { value: 'Local' } });
    fireEvent.change(screen.getByTestId('webhook-url'), { target: { value: 'http://10.0.0.1/x' } });
    fireEvent.click(screen.getByTestId('webhook-save'));
    await waitFor(() => expect(error).toHaveBeenCalledWith('O servidor não pode chamar este endereço (uma rede privada ou local).'));
  });

  it('rotates the secret after confirmation and shows the new one; deletes after confirmation', async () => {
    api.rotate.mockResolvedValue({ webhook: { ...hook, secretTail: '…wxyz' }, secret: 'whsec_novo-segredo-wxyz' });
    render(<WebhooksPane />);
    await waitFor(() => expect(rows()).toHaveLength(1));
    fireEvent.click(screen.getByTestId('webhook-rotate'));
    fireEvent.click(await screen.findByTestId('webhook-rotate-confirm'));
    expect((await screen.findByTestId('webhook-secret')).textContent).toContain('whsec_novo-segredo-wxyz');
    expect(api.rotate).toHaveBeenCalledWith(1);
    fireEvent.click(screen.getByTestId('webhook-secret-done'));
    await waitFor(() => expect(screen.getByText('Segredo …wxyz')).toBeTruthy());

    const success = vi.spyOn(toast, 'success');
    fireEvent.click(screen.getByTestId('webhook-delete'));
    fireEvent.click(await screen.findByTestId('webhook-delete-confirm'));
    await waitFor(() => expect(api.remove).toHaveBeenCalledWith(1));
    await waitFor(() => expect(rows()).toHaveLength(0));
    expect(success).toHaveBeenCalledWith('Webhook excluído');
  });

  it('opens the delivery log: status, attempts, response code; replays a failed delivery and sends a test', async () => {
    api.deliveries.mockResolvedValue({
      deliveries: [delivery({}), delivery({ id: 11, status: 'failed', attempts: 6, responseStatus: 500, responseBody: 'boom', error: 'HTTP 500', deliveredAt: null })],
      count: 2,
      hasMore: false,
    });
    api.replay.mockResolvedValue(delivery({ id: 11, status: 'pending', attempts: 6, responseStatus: 500, error: null, deliveredAt: null }));
    api.test.mockResolvedValue(delivery({ id: 12, event: 'webhook.ping', status: 'pending', attempts: 0, responseStatus: null, responseBody: null, deliveredAt: null }));
    render(<WebhooksPane />);
    await waitFor(() => expect(rows()).toHaveLength(1));
    fireEvent.click(screen.getByTestId('webhook-log-open'));
    await waitFor(() => expect(screen.getAllByTestId('webhook-delivery-row')).toHaveLength(2));
    expect(api.deliveries).toHaveBeenCalledWith(1, 1);
    const [ok, failed] = screen.getAllByTestId('webhook-delivery-row');
    expect(within(ok!).getByText('Entregue')).toBeTruthy();
    expect(within(failed!).getByText('Falhou')).toBeTruthy();
    expect(within(failed!).getByTestId('webhook-delivery-attempts').textContent).toBe('6');
    expect(within(failed!).getByTestId('webhook-delivery-response').textContent).toBe('500');

    fireEvent.click(within(failed!).getByTestId('webhook-delivery-replay'));
    await waitFor(() => expect(api.replay).toHaveBeenCalledWith(1, 11));
    await waitFor(() => expect(within(screen.getAllByTestId('webhook-delivery-row')[1]!).getByText('Pendente')).toBeTruthy());

    fireEvent.click(screen.getByTestId('webhook-send-test'));
    await waitFor(() => expect(api.test).toHaveBeenCalledWith(1));
    await waitFor(() => expect(screen.getAllByTestId('webhook-delivery-row')).toHaveLength(3));
    expect(within(screen.getAllByTestId('webhook-delivery-row')[0]!).getByText('Teste')).toBeTruthy();
  });

  it('shows the empty log text', async () => {
    api.deliveries.mockResolvedValue({ deliveries: [], count: 0, hasMore: false });
    render(<WebhooksPane />);
    await waitFor(() => expect(rows()).toHaveLength(1));
    fireEvent.click(screen.getByTestId('webhook-log-open'));
    await waitFor(() => expect(screen.getByText('Nenhuma entrega ainda. Use “Enviar teste” para experimentar.')).toBeTruthy());
  });
});
