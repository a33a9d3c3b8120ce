// @vitest-environment happy-dom
import '../../../test/dom';
import '../../../app/i18n/i18n';
import { cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ListTemplatesResponse, SessionUserDto, TicketDto, WhatsappTemplateDto } from '@balcao/shared';
import { ApiError, http } from '../../../lib/http';
import { useSession } from '../../../lib/session';
import { bindToastApi } from '../../../lib/toast';
import { makeMessage, makeTicket } from '../../../test/fixtures';
import { pickOption, selectOptions } from '../../../test/select';
import { useConversation } from '../messages.store';
import { Composer } from './Composer';

vi.mock(import('../../../lib/http'), async (importOriginal) => ({
  ...(await importOriginal()),
  http: { get: vi.fn(), post: vi.fn(), postForm: vi.fn(), put: vi.fn(), delete: vi.fn(), getBlob: vi.fn() },
}));
configure({ asyncUtilTimeout: 8000 });

const api = vi.mocked(http);
const toasts = { success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() };
const ticket = makeTicket({ id: 42, whatsappId: 7, status: 'open', userId: 1, contact: { id: 10, name: 'Maria Souza', number: '5511999990000', profilePicUrl: '' } });

const template = (over: Partial<WhatsappTemplateDto>): WhatsappTemplateDto => ({
  name: 'pedido_pronto',
  language: 'pt_BR',
  category: 'UTILITY',
  status: 'APPROVED',
  header: { format: 'TEXT', text: 'Pedido {{1}}' },
  body: 'Olá {{1}}, seu pedido {{2}} está pronto.',
  footer: 'Loja Balcão',
  buttons: ['Obrigado'],
  params: [{ part: 'header', name: '1' }, { part: 'body', name: '1' }, { part: 'body', name: '2' }],
  parameterFormat: 'POSITIONAL',
  ...over,
});
const list: ListTemplatesResponse = {
  syncedAt: '2026-11-29T00:00:00.000Z',
  templates: [
    template({}),
    template({ name: 'promo_foto', header: { format: 'IMAGE' }, body: 'Oi {{nome}}!', footer: null, buttons: [], params: [{ part: 'body', name: 'nome' }], parameterFormat: 'NAMED' }),
    template({ name: 'em_revisao', status: 'PENDING' }),
  ],
};

const show = (window: { open: boolean; closesAt: string | null } | null, t: TicketDto = ticket) => {
  useConversation.setState({ ticket: t, messages: [], replyTo: null, window });
  return render(<Composer ticket={t} />);
};
const openPicker = async () => {
  fireEvent.click(screen.getByTestId('template-open'));
  await waitFor(() => expect(screen.getByTestId('template-select')).toBeTruthy());
  fireEvent.mouseDown(screen.getByTestId('template-select').querySelector('.ant-select-selector') ?? screen.getByTestId('template-select'));
};
const sendButton = () => screen.getByTestId('template-send') as HTMLButtonElement;

beforeEach(() => {
  bindToastApi(toasts);
  useSession.setState({ token: 't', status: 'authenticated', user: { id: 1, profile: 'user', super: false, companyId: 1, name: 'Ana' } as SessionUserDto });
  api.get.mockResolvedValue(list);
  api.post.mockImplementation((_path, json) => Promise.resolve(makeMessage({ id: 950, ticketId: 42, fromMe: true, body: JSON.stringify(json) })));
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
  bindToastApi(null);
  useConversation.setState({ window: null });
});

describe('Composer on a Cloud API ticket whose 24-hour window is closed', { timeout: 60_000 }, () => {
  it('shows why instead of the text input; an open window (or another connection) keeps the input', () => {
    const { unmount } = show({ open: true, closesAt: '2026-11-30T10:00:00.000Z' });
    expect(screen.getByTestId('message-input')).toBeTruthy();
    expect(screen.queryByTestId('window-closed')).toBeNull();
    unmount();
    show({ open: false, closesAt: '2026-11-28T10:00:00.000Z' });
    expect(screen.getByTestId('window-closed').textContent).toContain('24 horas');
    expect(screen.queryByTestId('message-input')).toBeNull();
  });

  it("lists the connection's approved templates, fills the variables, previews the customer's text and sends the template", async () => {
    show({ open: false, closesAt: null });
    await openPicker();
    expect(api.get).toHaveBeenCalledWith('/whatsapp/7/templates', undefined);
    await waitFor(() => expect(selectOptions()).toEqual(['pedido_pronto · pt_BR', 'promo_foto · pt_BR']));
    await pickOption('pedido_pronto · pt_BR');
    await waitFor(() => expect(screen.getByTestId('template-preview').textContent).toBe('Pedido {{1}}\n\nOlá {{1}}, seu pedido {{2}} está pronto.\n\nLoja Balcão'));
    expect(sendButton().disabled).toBe(true);
    fireEvent.change(screen.getByTestId('template-var-0'), { target: { value: '#42' } });
    fireEvent.change(screen.getByTestId('template-var-1'), { target: { value: 'Maria' } });
    expect(sendButton().disabled).toBe(true);
    fireEvent.change(screen.getByTestId('template-var-2'), { target: { value: '42' } });
    expect(screen.getByTestId('template-preview').textContent).toBe('Pedido #42\n\nOlá Maria, seu pedido 42 está pronto.\n\nLoja Balcão');
    // The header is bold on the customer's phone, as in the preview.
    expect(within(screen.getByTestId('template-preview')).getByText('Pedido #42').tagName).toBe('STRONG');
    fireEvent.click(sendButton());
    await waitFor(() => expect(api.post).toHaveBeenCalledWith('/messages/42', { template: { name: 'pedido_pronto', language: 'pt_BR', variables: ['#42', 'Maria', '42'] } }));
    await waitFor(() => expect(useConversation.getState().messages.map((m) => m.id)).toEqual([950]));
    await waitFor(() => expect(screen.queryByTestId('template-form')).toBeNull());
  });

  it("a media header needs its https link, sent as headerMediaUrl", async () => {
    show({ open: false, closesAt: null });
    await openPicker();
    await pickOption('promo_foto · pt_BR');
    fireEvent.change(await screen.findByTestId('template-var-0'), { target: { value: 'Maria' } });
    expect(sendButton().disabled).toBe(true);
    fireEvent.change(screen.getByTestId('template-header-url'), { target: { value: 'http://cdn.example.com/p.jpg' } });
    expect(sendButton().disabled).toBe(true);
    fireEvent.change(screen.getByTestId('template-header-url'), { target: { value: 'https://cdn.example.com/p.jpg' } });
    fireEvent.click(sendButton());
    await waitFor(() =>
      expect(api.post).toHaveBeenCalledWith('/messages/42', { template: { name: 'promo_foto', language: 'pt_BR', variables: ['Maria'], headerMediaUrl: 'https://cdn.example.com/p.jpg' } }),
    );
  });

  it('a text the server refuses with ERR_WINDOW_CLOSED turns the composer to templates; the customer writing again brings the input back', async () => {
    api.post.mockRejectedValueOnce(new ApiError(409, { error: 'ERR_WINDOW_CLOSED' }, 'closed'));
    show({ open: true, closesAt: '2026-11-28T10:00:00.000Z' });
    fireEvent.change(screen.getByTestId('message-input'), { target: { value: 'Ainda precisa de ajuda?' } });
    fireEvent.keyDown(screen.getByTestId('message-input'), { key: 'Enter' });
    await waitFor(() => expect(screen.getByTestId('window-closed')).toBeTruthy());
    expect(toasts.error).toHaveBeenCalled();
    useConversation.getState().applyMessage(makeMessage({ id: 951, ticketId: 42, fromMe: false, body: 'Preciso sim', createdAt: '2026-11-29T12:00:00.000Z' }));
    await waitFor(() => expect(screen.getByTestId('message-input')).toBeTruthy());
    expect(useConversation.getState().window).toEqual({ open: true, closesAt: '2026-11-30T12:00:00.000Z' });
    // What was typed is still there.
    expect((screen.getByTestId('message-input') as HTMLTextAreaElement).value).toBe('Ainda precisa de ajuda?');
  });

  it('says so when the number has no approved template', async () => {
    api.get.mockResolvedValue({ syncedAt: '', templates: [template({ status: 'REJECTED' })] });
    show({ open: false, closesAt: null });
    fireEvent.click(screen.getByTestId('template-open'));
    await waitFor(() => expect(document.body.textContent).toContain('Nenhum modelo aprovado neste número.'));
  });
});
