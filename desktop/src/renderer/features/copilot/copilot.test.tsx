// @vitest-environment happy-dom
import '../../test/dom';
import '../../app/i18n/i18n';
import { cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CopilotSummaryDto, TicketDto } from '@balcao/shared';
import { ApiError } from '../../lib/http';
import { useCompany } from '../company';
import { useCopilotStatus } from './copilot.store';
import { copilotApi } from './copilot.api';
import { SuggestionsButton } from './SuggestionsButton';
import { TicketSummaries } from './TicketSummaries';
import { TransferNotice } from './TransferNotice';
import { RoutingSuggestion } from './RoutingSuggestion';
import { tagsApi } from '../tags';

vi.mock('./copilot.api', () => ({ copilotApi: { status: vi.fn(async () => ({ enabled: true })), suggestions: vi.fn(), summarize: vi.fn(), summaries: vi.fn(), routing: vi.fn(), moveToQueue: vi.fn(async () => ({})) } }));
vi.mock('../tags', () => ({ tagsApi: { sync: vi.fn(async () => ({})) } }));
const api = vi.mocked(copilotApi);
configure({ asyncUtilTimeout: 8000 });
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
  useCopilotStatus.getState().reset();
});

const summary = (id: number, text: string, reason: CopilotSummaryDto['reason'] = 'manual'): CopilotSummaryDto => ({ id, ticketId: 7, reason, summary: text, userId: 1, createdAt: '2026-11-29T10:00:00.000Z', updatedAt: '2026-11-29T10:00:00.000Z' });

describe('SuggestionsButton', { timeout: 60_000 }, () => {
  it('asks on open, shows the drafts with their citations, and inserts one without sending', async () => {
    api.suggestions.mockResolvedValue({
      drafts: [
        { text: 'Entregamos em 2 dias úteis.', citations: [{ kind: 'article', id: 4, title: 'Prazo de entrega' }] },
        { text: 'Posso ajudar em algo mais?', citations: [] },
        { text: 'Acompanhe pelo código de rastreio.', citations: [{ kind: 'help', id: 9, title: 'Rastreio de entregas' }] },
      ],
      passages: [{ kind: 'article', id: 4, title: 'Prazo de entrega' }, { kind: 'help', id: 9, title: 'Rastreio de entregas' }],
    });
    const onInsert = vi.fn();
    render(<SuggestionsButton ticketId={7} onInsert={onInsert} />);
    fireEvent.click(screen.getByTestId('suggestions-button'));
    await waitFor(() => expect(screen.getAllByTestId('suggestion')).toHaveLength(3));
    expect(api.suggestions).toHaveBeenCalledWith(7);
    const cite = screen.getAllByTestId('suggestion-citation');
    expect(cite.map((c) => [c.textContent, c.getAttribute('data-kind'), c.getAttribute('data-id')])).toEqual([['Prazo de entrega', 'article', '4'], ['Rastreio de entregas', 'help', '9']]);
    // Each source says what kind it is: a platform help text is named as such, not as an article.
    expect(cite.map((c) => c.getAttribute('aria-label'))).toEqual(['Artigo: Prazo de entrega', 'Texto de ajuda: Rastreio de entregas']);
    expect(screen.getAllByTestId('suggestion')[1]!.textContent).toContain('Sem fonte da base de conhecimento');
    fireEvent.click(screen.getAllByTestId('suggestion-insert')[0]!);
    expect(onInsert).toHaveBeenCalledWith('Entregamos em 2 dias úteis.');
  });

  it("shows the catalogue's text when the model is down, and tries again on request", async () => {
    api.suggestions.mockRejectedValueOnce(new ApiError(503, { error: 'ERR_COPILOT_UNAVAILABLE' }, 'Service Unavailable'));
    api.suggestions.mockResolvedValueOnce({ drafts: [{ text: 'Olá!', citations: [] }], passages: [] });
    render(<SuggestionsButton ticketId={7} onInsert={vi.fn()} />);
    fireEvent.click(screen.getByTestId('suggestions-button'));
    expect((await screen.findByTestId('suggestions-error')).textContent).toContain('O modelo do copiloto está indisponível agora');
    fireEvent.click(screen.getByTestId('suggestions-retry'));
    await waitFor(() => expect(screen.getAllByTestId('suggestion')).toHaveLength(1));
  });
});

describe('TicketSummaries', { timeout: 60_000 }, () => {
  it('shows the newest summary, the earlier ones folded, and makes a new one on request', async () => {
    api.summaries.mockResolvedValue([summary(2, 'Cliente quer trocar o tamanho.'), summary(1, 'Primeiro contato.', 'transfer')]);
    api.summarize.mockResolvedValue(summary(3, 'Troca aprovada; falta o endereço.'));
    render(<TicketSummaries ticketId={7} />);
    expect((await screen.findByTestId('summary-latest')).textContent).toBe('Cliente quer trocar o tamanho.');
    expect(screen.getByText('Resumos anteriores (1)')).toBeTruthy();
    fireEvent.click(screen.getByTestId('summarize-button'));
    await waitFor(() => expect(screen.getByTestId('summary-latest').textContent).toBe('Troca aprovada; falta o endereço.'));
    expect(screen.getByText('Resumos anteriores (2)')).toBeTruthy();
  });

  it('says there is none yet, and shows why a summary could not be made', async () => {
    api.summaries.mockResolvedValue([]);
    api.summarize.mockRejectedValue(new ApiError(429, { error: 'ERR_COPILOT_TOKEN_CAP' }, 'Too Many Requests'));
    render(<TicketSummaries ticketId={7} />);
    expect(await screen.findByTestId('summary-empty')).toBeTruthy();
    fireEvent.click(screen.getByTestId('summarize-button'));
    expect((await screen.findByTestId('summary-error')).textContent).toContain('limite mensal de tokens');
  });

  it('is not shown while the company has not turned the copilot on', async () => {
    api.status.mockResolvedValueOnce({ enabled: false });
    render(<TicketSummaries ticketId={7} />);
    await waitFor(() => expect(api.status).toHaveBeenCalled());
    await waitFor(() => expect(useCopilotStatus.getState().enabled).toBe(false));
    expect(screen.queryByTestId('ticket-summaries')).toBeNull();
    expect(api.summaries).not.toHaveBeenCalled();
  });

  it('is not shown when the plan has no copilot', () => {
    useCompany.setState({ flags: { ...useCompany.getState().flags, useCopilot: false } });
    render(<TicketSummaries ticketId={7} />);
    expect(screen.queryByTestId('ticket-summaries')).toBeNull();
    expect(api.summaries).not.toHaveBeenCalled();
    useCompany.setState({ flags: { ...useCompany.getState().flags, useCopilot: true } });
  });
});

describe('RoutingSuggestion', { timeout: 60_000 }, () => {
  const ticket = { id: 7, queueId: 1, tags: [{ id: 3, name: 'VIP' }] } as unknown as TicketDto;

  it('asks, shows the queue, tags and reason, and applies them with one click (the tags added to the ticket’s own)', async () => {
    api.routing.mockResolvedValue({ queue: { id: 5, name: 'Entregas' }, tags: [{ id: 9, name: 'Frete' }, { id: 3, name: 'VIP' }], reason: 'Pergunta sobre entrega.' });
    render(<RoutingSuggestion ticket={ticket} />);
    fireEvent.click(await screen.findByTestId('routing-ask'));
    expect((await screen.findByTestId('routing-queue')).textContent).toBe('Entregas');
    expect(screen.getAllByTestId('routing-tag').map((x) => x.textContent)).toEqual(['Frete', 'VIP']);
    expect(screen.getByText('Pergunta sobre entrega.')).toBeTruthy();
    fireEvent.click(screen.getByTestId('routing-apply'));
    await waitFor(() => expect(api.moveToQueue).toHaveBeenCalledWith(7, 5));
    await waitFor(() => expect(vi.mocked(tagsApi.sync)).toHaveBeenCalledWith(7, [{ id: 3 }, { id: 9 }]));
    await waitFor(() => expect(screen.queryByTestId('routing-apply')).toBeNull());
  });

  it("shows why there is no suggestion (the catalogue's text)", async () => {
    api.routing.mockRejectedValue(new ApiError(409, { error: 'ERR_COPILOT_NO_MESSAGES' }, 'Conflict'));
    render(<RoutingSuggestion ticket={ticket} />);
    fireEvent.click(await screen.findByTestId('routing-ask'));
    expect((await screen.findByTestId('routing-error')).textContent).toContain('ainda não tem mensagens do cliente');
    expect(api.moveToQueue).not.toHaveBeenCalled();
  });
});

describe('TransferNotice', { timeout: 60_000 }, () => {
  afterEach(() => localStorage.clear());

  it('shows the agent a ticket was transferred to the summary stored at the transfer, until they dismiss it', async () => {
    api.summaries.mockResolvedValue([summary(12, 'Cliente quer trocar o tamanho do pedido 123.', 'transfer'), summary(11, 'Antes.', 'manual')]);
    const first = render(<TransferNotice ticketId={7} assignee={5} me={5} />);
    const notice = await screen.findByTestId('transfer-notice');
    expect(api.summaries).toHaveBeenCalledWith(7);
    expect(notice.textContent).toContain('Resumo da transferência');
    expect(notice.textContent).toContain('Cliente quer trocar o tamanho do pedido 123.');
    fireEvent.click(notice.querySelector('.ant-alert-close-icon')!);
    await waitFor(() => expect(screen.queryByTestId('transfer-notice')).toBeNull());
    first.unmount();
    // Opened again: the dismissed summary stays read; a newer transfer's shows.
    render(<TransferNotice ticketId={7} assignee={5} me={5} />);
    await waitFor(() => expect(api.summaries).toHaveBeenCalledTimes(2));
    expect(screen.queryByTestId('transfer-notice')).toBeNull();
    cleanup();
    api.summaries.mockResolvedValue([summary(13, 'Transferido de novo.', 'transfer')]);
    render(<TransferNotice ticketId={7} assignee={5} me={5} />);
    expect((await screen.findByTestId('transfer-notice')).textContent).toContain('Transferido de novo.');
  });

  it('says nothing to anyone but the ticket\'s agent, nor when the newest summary is not the transfer\'s', async () => {
    api.summaries.mockResolvedValue([summary(12, 'Resumo.', 'transfer')]);
    render(<TransferNotice ticketId={7} assignee={5} me={6} />);
    render(<TransferNotice ticketId={7} assignee={null} me={6} />);
    expect(api.summaries).not.toHaveBeenCalled();
    // Ticket 8's newest summary was asked for after the transfer; ticket 9's is the transfer's (the control).
    api.summaries.mockImplementation(async (ticketId: number) => (ticketId === 8 ? [summary(14, 'Pedido pelo agente.', 'manual'), summary(12, 'Resumo.', 'transfer')] : [summary(15, 'Resumo do 9.', 'transfer')]));
    render(<TransferNotice ticketId={8} assignee={6} me={6} />);
    render(<TransferNotice ticketId={9} assignee={6} me={6} />);
    await screen.findByTestId('transfer-notice');
    expect(api.summaries.mock.calls.map(([id]) => id).sort()).toEqual([8, 9]);
    expect(screen.getAllByTestId('transfer-notice').map((n) => n.textContent)).toEqual([expect.stringContaining('Resumo do 9.')]);
  });
});
