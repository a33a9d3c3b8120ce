// @vitest-environment happy-dom
import '../../test/dom';
import '../../app/i18n/i18n';
import { act, cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionUserDto, WireChannels } from '@balcao/shared';
import { ApiError } from '../../lib/http';
import { useSession } from '../../lib/session';
import { toast } from '../../lib/toast';
import { quickMessagesApi } from './quick-messages.api';
import { makeQuickMessage } from './quick-messages.fixtures';
import { useQuickMessages } from './quick-messages.store';
import { QuickMessagesPage } from './QuickMessagesPage';

vi.mock('./quick-messages.api', () => ({
  quickMessagesApi: { page: vi.fn(), remove: vi.fn(async () => ({})), create: vi.fn(), update: vi.fn(), upload: vi.fn(), removeMedia: vi.fn() },
}));
const socketHandlers: ((p: WireChannels['quickemessage']) => void)[] = [];
vi.mock('../../lib/socket', () => ({
  listenLive: (_channel: string, handler: (p: WireChannels['quickemessage']) => void) => {
    socketHandlers.push(handler);
    return () => socketHandlers.splice(socketHandlers.indexOf(handler), 1);
  },
}));
const api = vi.mocked(quickMessagesApi);
configure({ asyncUtilTimeout: 8000 });

const general = makeQuickMessage({ id: 1, shortcode: 'boasvindas', geral: true, userId: 9, mediaName: 'cartão.png', mediaPath: 'abc-cartao.png', isMedia: true });
const mine = makeQuickMessage({ id: 2, shortcode: 'prazo', userId: 1 });
const others = makeQuickMessage({ id: 3, shortcode: 'zz', userId: 7 });

const asUser = (profile: 'admin' | 'supervisor' | 'user') =>
  useSession.setState({ token: 't', status: 'authenticated', user: { id: 1, profile, companyId: 1, name: 'Ana', super: false } as SessionUserDto });
const rows = () => screen.queryAllByTestId('quick-message-row');
const row = (id: number) => rows().find((r) => r.getAttribute('data-id') === String(id))!;

beforeEach(() => {
  useQuickMessages.getState().reset();
  api.page.mockResolvedValue({ records: [general, mine], count: 2, hasMore: false });
  asUser('user');
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
  vi.restoreAllMocks();
});

describe('QuickMessagesPage', { timeout: 60_000 }, () => {
  it("lists shortcode, the file's name or 'Sem anexo', and the general check", async () => {
    render(<QuickMessagesPage />);
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(row(1).textContent).toContain('/boasvindas');
    expect(row(1).textContent).toContain('cartão.png');
    expect(within(row(1)).queryByTestId('quick-general-check')).toBeTruthy();
    expect(row(2).textContent).toContain('Sem anexo');
    expect(within(row(2)).queryByTestId('quick-general-check')).toBeNull();
  });

  it('lets a user edit and delete only their own non-general replies', async () => {
    render(<QuickMessagesPage />);
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(within(row(1)).queryByTestId('quick-edit')).toBeNull();
    expect(within(row(1)).getByTestId('quick-locked').hasAttribute('disabled')).toBe(true);
    expect(within(row(2)).queryByTestId('quick-edit')).toBeTruthy();
  });

  it('lets a supervisor change every reply', async () => {
    asUser('supervisor');
    api.page.mockResolvedValue({ records: [general, mine, others], count: 3, hasMore: false });
    render(<QuickMessagesPage />);
    await waitFor(() => expect(rows()).toHaveLength(3));
    for (const id of [1, 2, 3]) expect(within(row(id)).queryByTestId('quick-delete')).toBeTruthy();
  });

  it("shows a skeleton while loading and 'Nenhum registro' when there is none", async () => {
    let answer!: (v: { records: never[]; count: number; hasMore: boolean }) => void;
    api.page.mockReturnValue(new Promise((r) => (answer = r)));
    render(<QuickMessagesPage />);
    expect(screen.getByTestId('quick-skeleton')).toBeTruthy();
    await act(async () => answer({ records: [], count: 0, hasMore: false }));
    await waitFor(() => expect(screen.getByTestId('quick-messages-table').textContent).toContain('Nenhum registro'));
    expect(screen.queryByTestId('quick-skeleton')).toBeNull();
  });

  it('searches after the spec’s 500 ms pause, once for what was typed', async () => {
    render(<QuickMessagesPage />);
    await waitFor(() => expect(api.page).toHaveBeenCalledWith('', 1));
    api.page.mockResolvedValue({ records: [mine], count: 1, hasMore: false });
    fireEvent.change(screen.getByTestId('quick-search'), { target: { value: 'pra' } });
    fireEvent.change(screen.getByTestId('quick-search'), { target: { value: 'prazo' } });
    await waitFor(() => expect(api.page).toHaveBeenCalledWith('prazo', 1));
    expect(api.page).not.toHaveBeenCalledWith('pra', 1);
    await waitFor(() => expect(rows()).toHaveLength(1));
  });

  it('deletes after the confirmation', async () => {
    render(<QuickMessagesPage />);
    await waitFor(() => expect(rows()).toHaveLength(2));
    fireEvent.click(within(row(2)).getByTestId('quick-delete'));
    expect(api.remove).not.toHaveBeenCalled();
    fireEvent.click(await screen.findByTestId('quick-delete-confirm'));
    await waitFor(() => expect(api.remove).toHaveBeenCalledWith(2));
    await waitFor(() => expect(rows()).toHaveLength(1));
  });

  it('shows a failed load as a toast and then the empty table, the page still usable', async () => {
    const shown = vi.spyOn(toast, 'error');
    api.page.mockRejectedValue(new ApiError(500, { error: 'ERR_INTERNAL' }, 'boom'));
    render(<QuickMessagesPage />);
    await waitFor(() => expect(shown).toHaveBeenCalledWith('Erro interno do servidor. Tente novamente mais tarde.'));
    await waitFor(() => expect(screen.getByTestId('quick-messages-table').textContent).toContain('Nenhum registro'));
    expect(screen.getByTestId('quick-add')).toBeTruthy();
  });

  it('applies live events: a new reply appears in order, a changed one is replaced, a deleted one leaves', async () => {
    render(<QuickMessagesPage />);
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(socketHandlers).toHaveLength(1);
    act(() => socketHandlers[0]!({ action: 'create', record: makeQuickMessage({ id: 5, shortcode: 'obrigado', userId: 1 }) }));
    expect(rows().map((r) => r.getAttribute('data-id'))).toEqual(['1', '5', '2']);
    act(() => socketHandlers[0]!({ action: 'update', record: { ...mine, mediaName: 'tabela.pdf', updatedAt: '2026-02-01T00:00:00.000Z' } }));
    expect(row(2).textContent).toContain('tabela.pdf');
    act(() => socketHandlers[0]!({ action: 'delete', id: 1 }));
    expect(rows().map((r) => r.getAttribute('data-id'))).toEqual(['5', '2']);
  });

  it('opens the dialog to add', async () => {
    render(<QuickMessagesPage />);
    await waitFor(() => expect(rows()).toHaveLength(2));
    fireEvent.click(screen.getByTestId('quick-add'));
    expect(await screen.findByTestId('quick-form')).toBeTruthy();
    expect(screen.getByText('Adicionar Resposta Rápida')).toBeTruthy();
  });
});

describe('QuickMessagesPage at phone width (390 px)', { timeout: 60_000 }, () => {
  it("puts the file's name under the shortcode instead of its own column", async () => {
    const original = window.matchMedia;
    window.matchMedia = ((query: string) => ({ ...original(query), matches: query.includes('max-width: 575px') })) as typeof window.matchMedia;
    try {
      render(<QuickMessagesPage />);
      await waitFor(() => expect(rows()).toHaveLength(2));
      const headers = [...screen.getByTestId('quick-messages-table').querySelectorAll('th')].map((th) => th.textContent);
      expect(headers).toEqual(['Atalho', 'Geral', 'Ações']);
      expect(row(2).querySelector('td')!.textContent).toBe('/prazoSem anexo');
      expect(row(1).querySelector('td')!.textContent).toBe('/boasvindascartão.png');
    } finally {
      window.matchMedia = original;
    }
  });
});
