// @vitest-environment happy-dom
import '../../test/dom';
import '../../app/i18n/i18n';
import { cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionUserDto } from '@balcao/shared';
import { ApiError } from '../../lib/http';
import { useSession } from '../../lib/session';
import { bindToastApi } from '../../lib/toast';
import { makeMessage, makeTicket } from '../../test/fixtures';
import { messagesApi } from './messages.api';
import { MessageBubble } from './MessageBubble';
import { useConversation } from './messages.store';

vi.mock('./messages.api', () => ({
  messagesApi: { edit: vi.fn(), remove: vi.fn(), react: vi.fn(), markRead: vi.fn() },
}));
const api = vi.mocked(messagesApi);
configure({ asyncUtilTimeout: 8000 });

const toasts = { error: vi.fn(), info: vi.fn(), success: vi.fn(), warning: vi.fn() };
const signIn = (id: number, profile: 'admin' | 'user') =>
  useSession.setState({ token: 't', status: 'authenticated', user: { id, profile, companyId: 1, name: 'Ana', super: false } as SessionUserDto });

const ticket = makeTicket({ id: 1, status: 'open', userId: 1 });
const mine = makeMessage({ id: 11, fromMe: true, userId: 1, body: 'minha mensagem', ack: 3 });
const colleague = makeMessage({ id: 12, fromMe: true, userId: 2, body: 'do colega', ack: 3 });
const customer = makeMessage({ id: 13, fromMe: false, body: 'do cliente' });

const openMenu = async (message = mine) => {
  render(<MessageBubble message={message} />);
  fireEvent.click(screen.getByTestId('message-menu'));
  return screen.findByRole('menu');
};
const labels = (menu: HTMLElement) => within(menu).getAllByRole('menuitem').map((i) => i.textContent);

beforeEach(() => {
  bindToastApi(toasts);
  signIn(1, 'user');
  useConversation.setState({ uuid: ticket.uuid, ticket, messages: [mine, colleague, customer], page: 1, selecting: false, selected: [], replyTo: null });
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
  bindToastApi(null);
});

describe('message menu', { timeout: 60_000 }, () => {
  it('offers edit and delete on the agent’s own message only', async () => {
    expect(labels(await openMenu(mine))).toEqual(['Responder', 'Encaminhar', 'Copiar texto', 'Editar', 'Apagar']);
    cleanup();
    expect(labels(await openMenu(colleague))).toEqual(['Responder', 'Encaminhar', 'Copiar texto']);
    cleanup();
    expect(labels(await openMenu(customer))).toEqual(['Responder', 'Encaminhar', 'Copiar texto']);
  });

  it('an admin may delete a colleague’s outgoing message but not edit it, and never the customer’s', async () => {
    signIn(9, 'admin');
    expect(labels(await openMenu(colleague))).toEqual(['Responder', 'Encaminhar', 'Copiar texto', 'Apagar']);
    cleanup();
    expect(labels(await openMenu(customer))).toEqual(['Responder', 'Encaminhar', 'Copiar texto']);
  });

  it('opens on right-click too', async () => {
    render(<MessageBubble message={customer} />);
    fireEvent.contextMenu(screen.getByTestId('message'));
    expect(await screen.findByRole('menu')).toBeTruthy();
  });

  it('reply puts the message in the composer’s reply-to', async () => {
    fireEvent.click(within(await openMenu(customer)).getByText('Responder'));
    expect(useConversation.getState().replyTo?.id).toBe(13);
  });

  it('forward enters forward mode with this message chosen', async () => {
    fireEvent.click(within(await openMenu(customer)).getByText('Encaminhar'));
    expect(useConversation.getState().selecting).toBe(true);
    expect(useConversation.getState().selected).toEqual([13]);
  });

  it('reacts with a quick emoji, and with any from the full picker', async () => {
    api.react.mockResolvedValue({ ...customer, reactions: [{ emoji: '🙏', fromMe: true, from: '55' }] });
    await openMenu(customer);
    const quick = screen.getAllByTestId('quick-reaction');
    expect(quick.map((b) => b.textContent)).toEqual(['👍', '❤️', '😂', '😮', '😢', '🙏']);
    fireEvent.click(quick[5]!);
    await waitFor(() => expect(api.react).toHaveBeenCalledWith(13, '🙏'));
    cleanup();
    await openMenu(customer);
    fireEvent.click(screen.getByTestId('more-emojis'));
    const grid = await screen.findByTestId('emoji-grid');
    fireEvent.click(within(grid).getByRole('button', { name: '🔥' }));
    await waitFor(() => expect(api.react).toHaveBeenLastCalledWith(13, '🔥'));
  });

  it('edit: the body is required; saving sends it and shows the edited message', async () => {
    api.edit.mockResolvedValue({ ...mine, body: 'corrigida', isEdited: true });
    fireEvent.click(within(await openMenu(mine)).getByText('Editar'));
    const box = await screen.findByTestId('edit-body');
    fireEvent.change(box, { target: { value: '   ' } });
    expect(screen.getByRole('alert').textContent).toBe('A mensagem não pode ficar vazia');
    expect((screen.getByTestId('edit-save') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(box, { target: { value: 'corrigida' } });
    fireEvent.click(screen.getByTestId('edit-save'));
    await waitFor(() => expect(api.edit).toHaveBeenCalledWith(11, 'corrigida'));
    await waitFor(() => expect(useConversation.getState().messages.find((m) => m.id === 11)?.body).toBe('corrigida'));
  });

  it('delete asks first, then revokes; a refusal is a toast from the error catalogue', async () => {
    api.remove.mockRejectedValueOnce(new ApiError(403, { error: 'ERR_NO_PERMISSION' }, 'forbidden'));
    fireEvent.click(within(await openMenu(mine)).getByText('Apagar'));
    expect(api.remove).not.toHaveBeenCalled();
    fireEvent.click(await screen.findByTestId('delete-confirm'));
    await waitFor(() => expect(toasts.error).toHaveBeenCalledTimes(1));
    expect(toasts.error.mock.calls[0]?.[0]).not.toBe('ERR_NO_PERMISSION');
    api.remove.mockResolvedValueOnce({ ...mine, isDeleted: true });
    // The button spins (and takes no click) until the refused call has settled: the toast comes first.
    await waitFor(() => expect(screen.getByTestId('delete-confirm').className).not.toContain('ant-btn-loading'));
    fireEvent.click(screen.getByTestId('delete-confirm'));
    await waitFor(() => expect(api.remove).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(useConversation.getState().messages.find((m) => m.id === 11)?.isDeleted).toBe(true));
  });

  it('copies the text', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    fireEvent.click(within(await openMenu(customer)).getByText('Copiar texto'));
    expect(writeText).toHaveBeenCalledWith('do cliente');
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('Texto copiado', 2));
  });
});
