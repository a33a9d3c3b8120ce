// @vitest-environment happy-dom
import '../../test/dom';
import '../../app/i18n/i18n';
import { cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act } from '@testing-library/react';
import type { PromptDto, WireChannels } from '@balcao/shared';
import { promptsApi } from './prompts.api';
import { PromptsPage } from './PromptsPage';

vi.mock('./prompts.api', () => ({ promptsApi: { list: vi.fn(), queues: vi.fn(), remove: vi.fn(async () => ({ message: 'ok' })), create: vi.fn(), update: vi.fn() } }));
const live: ((p: WireChannels['prompt']) => void)[] = [];
vi.mock('../../lib/socket', () => ({
  listenLive: (_channel: string, handler: (p: WireChannels['prompt']) => void) => {
    live.push(handler);
    return () => live.splice(live.indexOf(handler), 1);
  },
}));
const api = vi.mocked(promptsApi);
configure({ asyncUtilTimeout: 8000 });

const p = (id: number, name: string): PromptDto =>
  ({ id, name, prompt: 'x'.repeat(60), apiKey: 'sk-…abcd', apiKeyConfigured: true, queueId: 3, queue: { id: 3, name: 'Vendas' }, maxTokens: 120, voice: 'texto' }) as PromptDto;
const rows = () => screen.queryAllByTestId('prompt-row');

beforeEach(() => {
  api.list.mockResolvedValue({ prompts: [p(1, 'Assistente Vendas'), p(2, 'Assistente Suporte')], count: 2, hasMore: false });
  api.queues.mockResolvedValue([]);
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('PromptsPage', { timeout: 60_000 }, () => {
  it('shows the warning box, a skeleton while loading, then name, queue and max tokens', async () => {
    let release!: () => void;
    api.list.mockReturnValueOnce(new Promise((r) => (release = () => r({ prompts: [p(1, 'Assistente Vendas')], count: 1, hasMore: false }))));
    render(<PromptsPage />);
    expect(screen.getByTestId('prompts-warning').textContent).toContain('crédito gratuito');
    expect(screen.getByTestId('prompts-skeleton')).toBeTruthy();
    release();
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(rows()[0]!.textContent).toContain('Assistente Vendas');
    expect(rows()[0]!.textContent).toContain('120');
  });

  it('says there are none when the list is empty', async () => {
    api.list.mockResolvedValueOnce({ prompts: [], count: 0, hasMore: false });
    render(<PromptsPage />);
    expect(await screen.findByText('Nenhum prompt cadastrado.')).toBeTruthy();
  });

  it("merges another admin's changes live: a create on top, an update in place, a delete out", async () => {
    render(<PromptsPage />);
    await waitFor(() => expect(rows()).toHaveLength(2));
    act(() => live.forEach((h) => h({ action: 'create', prompt: p(3, 'Assistente Novo') })));
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(rows()[0]!.textContent).toContain('Assistente Novo');
    act(() => live.forEach((h) => h({ action: 'update', prompt: { ...p(1, 'Assistente Vendas'), maxTokens: 999 } })));
    await waitFor(() => expect(screen.getByText('999')).toBeTruthy());
    act(() => live.forEach((h) => h({ action: 'delete', promptId: 2 })));
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(screen.queryByText('Assistente Suporte')).toBeNull();
  });

  it('deletes after a confirmation titled with the prompt name', async () => {
    render(<PromptsPage />);
    await waitFor(() => expect(rows()).toHaveLength(2));
    fireEvent.click(within(rows()[1]!).getByTestId('prompt-delete'));
    expect(await screen.findByText('Excluir Assistente Suporte?')).toBeTruthy();
    fireEvent.click(await screen.findByTestId('prompt-delete-confirm'));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(api.remove).toHaveBeenCalledWith(2);
  });
});
