// @vitest-environment happy-dom
import '../../../test/dom';
import '../../../app/i18n/i18n';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionUserDto } from '@balcao/shared';
import { setReachable, useConnectivity } from '../../../lib/connectivity';
import { ApiError, http } from '../../../lib/http';
import { useSession } from '../../../lib/session';
import { bindToastApi } from '../../../lib/toast';
import { makeMessage, makeTicket } from '../../../test/fixtures';
import { Composer } from '../composer/Composer';
import { useConversation } from '../messages.store';
import { OutboxBubbles } from './OutboxBubbles';
import { useOutbox, type OutboxItem, type OutboxSender } from './outbox.store';

vi.mock(import('../../../lib/http'), async (importOriginal) => ({
  ...(await importOriginal()),
  http: { get: vi.fn(), post: vi.fn(), postForm: vi.fn(), put: vi.fn(), delete: vi.fn(), getBlob: vi.fn() },
}));

const api = vi.mocked(http);
const toasts = { success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() };
const ticket = makeTicket({ id: 42, uuid: '6f1c1e2a-5b7d-4c1e-9a3b-1d2e3f4a5b6c', status: 'open', userId: 1 });
const KEPT = 'balcao.pref.outbox';

const item = (n: number, over: Partial<OutboxItem> = {}): OutboxItem => ({
  clientId: `00000000-0000-4000-8000-00000000000${n}`,
  companyId: 1,
  userId: 1,
  ticketId: 42,
  ticketUuid: ticket.uuid,
  body: `mensagem ${n}`,
  quotedMsgId: null,
  createdAt: '2026-11-26T03:00:00.000Z',
  ...over,
});
const kept = (): OutboxItem[] => JSON.parse(localStorage.getItem(KEPT) ?? '[]') as OutboxItem[];
const me = { userId: 1, companyId: 1 };

const show = () => {
  useConversation.setState({ ticket, messages: [], replyTo: null });
  return render(
    <div>
      <OutboxBubbles ticketId={42} />
      <Composer ticket={ticket} />
    </div>,
  );
};
const typeAndSend = (text: string) => {
  const input = screen.getByTestId('message-input');
  fireEvent.change(input, { target: { value: text } });
  fireEvent.keyDown(input, { key: 'Enter' });
};

beforeEach(() => {
  localStorage.clear();
  bindToastApi(toasts);
  useOutbox.setState({ items: [], loaded: true });
  setReachable(true);
  useSession.setState({ token: 't', status: 'authenticated', user: { id: 1, profile: 'user', super: false, companyId: 1, name: 'Ana' } as SessionUserDto });
  api.post.mockImplementation((_path, json) => Promise.resolve(makeMessage({ id: 900, ticketId: 42, fromMe: true, body: (json as { body: string }).body })));
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
  bindToastApi(null);
});

describe('the outbox store', () => {
  it('keeps items on the device (through the bridge: localStorage here) and reads them back after a reload', async () => {
    await useOutbox.getState().add(item(1));
    await useOutbox.getState().add(item(2));
    expect(kept().map((i) => i.body)).toEqual(['mensagem 1', 'mensagem 2']);
    // A reload: a fresh store reads what the device kept.
    useOutbox.setState({ items: [], loaded: false });
    await useOutbox.getState().load();
    expect(useOutbox.getState()).toMatchObject({ loaded: true, items: [item(1), item(2)] });
  });

  it('flushes the user’s items in order, once each, with their client ids; another user’s wait', async () => {
    await useOutbox.getState().add(item(1));
    await useOutbox.getState().add(item(2, { userId: 9 }));
    await useOutbox.getState().add(item(3));
    const calls: string[] = [];
    const sender: OutboxSender = {
      send: vi.fn(async (i: OutboxItem) => {
        calls.push(i.clientId);
        return makeMessage({ id: calls.length, body: i.body });
      }),
      sent: vi.fn(),
      refused: vi.fn(),
    };
    await Promise.all([useOutbox.getState().flush(me, sender), useOutbox.getState().flush(me, sender)]);
    expect(calls).toEqual([item(1).clientId, item(3).clientId]);
    expect(useOutbox.getState().items).toEqual([item(2, { userId: 9 })]);
    expect(kept()).toEqual([item(2, { userId: 9 })]);
  });

  it('no server (status 0) or a server in trouble (5xx): stops and keeps everything in order; a refusal is said and dropped', async () => {
    await useOutbox.getState().add(item(1));
    await useOutbox.getState().add(item(2));
    const send = vi.fn().mockRejectedValueOnce(new ApiError(0, undefined, 'Failed to fetch'));
    const sender: OutboxSender = { send, sent: vi.fn(), refused: vi.fn() };
    await useOutbox.getState().flush(me, sender);
    expect(send).toHaveBeenCalledTimes(1);
    expect(useConnectivity.getState().reachable).toBe(false);
    expect(useOutbox.getState().items.map((i) => i.body)).toEqual(['mensagem 1', 'mensagem 2']);

    send.mockRejectedValueOnce(new ApiError(503, undefined, 'unavailable'));
    await useOutbox.getState().flush(me, sender);
    expect(useOutbox.getState().items).toHaveLength(2);

    send.mockRejectedValueOnce(new ApiError(400, { error: 'ERR_INVALID_TRANSITION' }, 'closed')).mockResolvedValueOnce(makeMessage({ id: 7 }));
    await useOutbox.getState().flush(me, sender);
    expect(sender.refused).toHaveBeenCalledWith(item(1), expect.any(ApiError));
    expect(sender.sent).toHaveBeenCalledWith(item(2), expect.objectContaining({ id: 7 }));
    expect(useOutbox.getState().items).toEqual([]);
  });
});

describe('the composer with the outbox', { timeout: 60_000 }, () => {
  it('offline: the typed messages wait on the device with a clock, nothing is posted', async () => {
    setReachable(false);
    show();
    typeAndSend('primeira');
    typeAndSend('segunda');
    await waitFor(() => expect(screen.getAllByTestId('outbox-item')).toHaveLength(2));
    const waiting = screen.getAllByTestId('outbox-item');
    expect(waiting.map((w) => w.textContent)).toEqual(['Ana:\nprimeiraAguardando conexão', 'Ana:\nsegundaAguardando conexão']);
    expect(within(waiting[0]!).getByLabelText('Aguardando conexão')).toBeTruthy();
    expect(api.post).not.toHaveBeenCalled();
    expect(kept().map((i) => [i.ticketId, i.body])).toEqual([
      [42, '*Ana:*\nprimeira'],
      [42, '*Ana:*\nsegunda'],
    ]);
    expect(new Set(kept().map((i) => i.clientId)).size).toBe(2);
  });

  it('a post that gets no answer is kept with the client id it was posted with (the retry cannot send twice)', async () => {
    api.post.mockRejectedValueOnce(new ApiError(0, undefined, 'Failed to fetch'));
    show();
    typeAndSend('sem resposta');
    await screen.findByTestId('outbox-item');
    const posted = (api.post.mock.calls[0]![1] as { clientId: string }).clientId;
    expect(kept()).toEqual([expect.objectContaining({ clientId: posted, body: '*Ana:*\nsem resposta' })]);
    expect(useConnectivity.getState().reachable).toBe(false);
    expect(toasts.error).not.toHaveBeenCalled();
    // Online again but older messages of this ticket still wait: a new one queues behind them.
    setReachable(true);
    typeAndSend('depois');
    await waitFor(() => expect(screen.getAllByTestId('outbox-item')).toHaveLength(2));
    expect(api.post).toHaveBeenCalledTimes(1);
  });

  it('a refusal from the server is still a toast, as before', async () => {
    api.post.mockRejectedValueOnce(new ApiError(400, { error: 'ERR_INVALID_TRANSITION' }, 'closed'));
    show();
    typeAndSend('recusada');
    await waitFor(() => expect(toasts.error).toHaveBeenCalled());
    expect(screen.queryByTestId('outbox-item')).toBeNull();
  });
});
