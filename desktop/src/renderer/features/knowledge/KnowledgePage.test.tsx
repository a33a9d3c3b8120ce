// @vitest-environment happy-dom
import '../../test/dom';
import '../../app/i18n/i18n';
import { cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CopilotSettingsDto, CopilotUsageDto, KnowledgeArticleDto } from '@balcao/shared';
import { knowledgeApi } from './knowledge.api';
import { KnowledgePage } from './KnowledgePage';
import { useKnowledge } from './knowledge.store';

vi.mock('./knowledge.api', () => ({
  knowledgeApi: { page: vi.fn(), create: vi.fn(), update: vi.fn(), remove: vi.fn(async () => ({ ok: true })), queues: vi.fn(), settings: vi.fn(), saveSettings: vi.fn(), usage: vi.fn() },
}));
const api = vi.mocked(knowledgeApi);
configure({ asyncUtilTimeout: 8000 });

const article = (id: number, title: string, over: Partial<KnowledgeArticleDto> = {}): KnowledgeArticleDto => ({
  id,
  title,
  body: `Texto de ${title}`,
  tags: [],
  queueId: null,
  queue: null,
  companyId: 1,
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
  ...over,
});
const settings = (over: Partial<CopilotSettingsDto> = {}): CopilotSettingsDto => ({ enabled: true, baseUrl: 'http://modelo.local/v1', model: 'qwen', apiKey: 'sk-…abcd', apiKeyConfigured: true, monthlyTokenCap: 0, autoSummary: false, translate: false, agentLanguage: 'pt', transcribe: false, transcriptionModel: '', planTokenCap: 0, ...over });
const usage = (over: Partial<CopilotUsageDto> = {}): CopilotUsageDto => ({
  month: '2026-11',
  features: [
    { feature: 'suggestions', tokens: 1200, calls: 4 },
    { feature: 'summary', tokens: 300, calls: 1 },
  ],
  tokens: 1500,
  calls: 5,
  monthlyTokenCap: 0,
  ...over,
});
const rows = () => screen.queryAllByTestId('article-row');

beforeEach(() => {
  api.page.mockResolvedValue({ records: [article(1, 'Prazo de entrega', { tags: ['frete'] }), article(2, 'Trocas', { queueId: 3, queue: { id: 3, name: 'Vendas' } })], count: 2, hasMore: false });
  api.queues.mockResolvedValue([{ id: 3, name: 'Vendas' } as never]);
  api.settings.mockResolvedValue(settings());
  api.usage.mockResolvedValue(usage());
});
afterEach(() => {
  cleanup();
  useKnowledge.getState().reset();
  vi.clearAllMocks();
});

describe('KnowledgePage', { timeout: 60_000 }, () => {
  it('shows skeletons, then the articles with their tags and queue, and the month’s usage', async () => {
    let release!: () => void;
    api.page.mockReturnValueOnce(new Promise((r) => (release = () => r({ records: [article(1, 'Prazo de entrega', { tags: ['frete'] })], count: 1, hasMore: false }))));
    render(<KnowledgePage />);
    expect(screen.getByTestId('knowledge-skeleton')).toBeTruthy();
    release();
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(rows()[0]!.textContent).toContain('Prazo de entrega');
    expect(rows()[0]!.textContent).toContain('frete');
    expect((await screen.findByTestId('copilot-usage')).textContent).toContain('1.500 tokens em 5 chamadas');
  });

  it('says what to write when there is no article, and that nothing matched a search', async () => {
    api.page.mockResolvedValue({ records: [], count: 0, hasMore: false });
    render(<KnowledgePage />);
    expect((await screen.findByTestId('knowledge-empty')).textContent).toContain('Nenhum artigo ainda');
    fireEvent.change(screen.getByTestId('knowledge-search'), { target: { value: 'garantia' } });
    await waitFor(() => expect(api.page).toHaveBeenCalledWith('garantia', 1));
    expect((await screen.findByTestId('knowledge-empty')).textContent).toContain('Nenhum artigo com essas palavras');
  });

  it('creates an article with its tags and queue, and shows it in title order', async () => {
    api.create.mockImplementation(async (b) => article(9, b.title!, { tags: b.tags!, queueId: b.queueId ?? null }));
    render(<KnowledgePage />);
    await waitFor(() => expect(rows()).toHaveLength(2));
    fireEvent.click(screen.getByTestId('knowledge-add'));
    fireEvent.change(await screen.findByTestId('article-title'), { target: { value: 'Horário' } });
    fireEvent.change(screen.getByTestId('article-body'), { target: { value: 'Das 8h às 18h.' } });
    fireEvent.click(screen.getByTestId('article-save'));
    await waitFor(() => expect(api.create).toHaveBeenCalledWith({ title: 'Horário', body: 'Das 8h às 18h.', tags: [], queueId: null }));
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(rows().map((r) => r.getAttribute('data-id'))).toEqual(['9', '1', '2']);
  });

  it('refuses an article without a title or content, sending nothing', async () => {
    render(<KnowledgePage />);
    await waitFor(() => expect(rows()).toHaveLength(2));
    fireEvent.click(screen.getByTestId('knowledge-add'));
    await screen.findByTestId('article-title');
    fireEvent.click(screen.getByTestId('article-save'));
    expect(await screen.findAllByText('Obrigatório')).toHaveLength(2);
    expect(api.create).not.toHaveBeenCalled();
  });

  it('edits and deletes an article', async () => {
    api.update.mockImplementation(async (id, b) => article(id, b.title!, { updatedAt: '2026-11-02T10:00:00.000Z' }));
    render(<KnowledgePage />);
    await waitFor(() => expect(rows()).toHaveLength(2));
    fireEvent.click(within(rows()[0]!).getByTestId('article-edit'));
    const title = await screen.findByTestId('article-title');
    await waitFor(() => expect((title as HTMLInputElement).value).toBe('Prazo de entrega'));
    fireEvent.change(title, { target: { value: 'Prazos de entrega' } });
    fireEvent.click(screen.getByTestId('article-save'));
    await waitFor(() => expect(api.update).toHaveBeenCalledWith(1, { title: 'Prazos de entrega', body: 'Texto de Prazo de entrega', tags: ['frete'], queueId: null }));
    await waitFor(() => expect(rows()[0]!.textContent).toContain('Prazos de entrega'));
    fireEvent.click(within(rows()[1]!).getByTestId('article-delete'));
    expect(await screen.findByText('Excluir "Trocas"?')).toBeTruthy();
    fireEvent.click(await screen.findByTestId('article-delete-confirm'));
    await waitFor(() => expect(api.remove).toHaveBeenCalledWith(2));
    await waitFor(() => expect(rows()).toHaveLength(1));
  });

  it('opens the copilot form when no key is set, and saves its settings', async () => {
    api.settings.mockResolvedValue(settings({ enabled: false, apiKey: '', apiKeyConfigured: false }));
    api.saveSettings.mockImplementation(async (b) => settings({ ...b, apiKey: 'sk-…9999', apiKeyConfigured: true }) as CopilotSettingsDto);
    render(<KnowledgePage />);
    const key = await screen.findByTestId('copilot-api-key');
    fireEvent.change(key, { target: { value: 'sk-nova-9999' } });
    fireEvent.click(screen.getByTestId('copilot-enabled'));
    fireEvent.click(screen.getByTestId('copilot-save'));
    await waitFor(() => expect(api.saveSettings).toHaveBeenCalledWith(expect.objectContaining({ enabled: true, apiKey: 'sk-nova-9999', monthlyTokenCap: 0, model: 'qwen', autoSummary: false })));
  });

  it('says beside the transcription switch that it is off by default and that the audio goes out unredacted', async () => {
    api.settings.mockResolvedValue(settings({ enabled: false, apiKey: '', apiKeyConfigured: false }));
    render(<KnowledgePage />);
    const warning = await screen.findByTestId('copilot-transcribe-warning');
    expect(warning.textContent).toContain('Desligado por padrão. O áudio vai inteiro, como foi gravado, para o endereço do modelo configurado acima: uma voz não pode ser anonimizada como um texto.');
    expect(screen.getByTestId('copilot-transcribe').getAttribute('aria-checked')).toBe('false');
  });

  it('shows the cap and how much of it the month has used', async () => {
    api.usage.mockResolvedValue(usage({ tokens: 9000, monthlyTokenCap: 10000 }));
    render(<KnowledgePage />);
    expect((await screen.findByTestId('copilot-usage')).textContent).toContain('9.000 de 10.000 tokens');
    expect(screen.getByTestId('copilot-cap-bar')).toBeTruthy();
  });
});
