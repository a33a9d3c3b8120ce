// @vitest-environment happy-dom
import '../../test/dom';
import '../../app/i18n/i18n';
import { act, cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReplayResponse, SessionUserDto, TicketDto } from '@balcao/shared';
import { useSession } from '../../lib/session';
import { toast } from '../../lib/toast';
import { botApi } from './bot.api';
import { ReplayButton } from './ReplayDrawer';

vi.mock('./bot.api', () => ({ botApi: { events: vi.fn(), replay: vi.fn(), searchTickets: vi.fn(), ticket: vi.fn() } }));
configure({ asyncUtilTimeout: 8000 });

const as = (profile: 'admin' | 'supervisor' | 'user') =>
  useSession.setState({ token: 't', status: 'authenticated', user: { id: 1, profile, companyId: 1, name: 'Ana', super: false } as SessionUserDto });

const ticket = (id: number, name: string) => ({ id, contact: { name, number: '5511999990000' }, updatedAt: '2026-03-02T15:00:00.000Z' }) as unknown as TicketDto;

const result: ReplayResponse = {
  ticketId: 42,
  target: { kind: 'queue', id: 3, name: 'Suporte' },
  inboundTotal: 60,
  limit: 50,
  truncated: true,
  budgetExceeded: false,
  durationMs: 12,
  rows: [
    {
      messageId: 1,
      at: '2026-03-02T15:00:00.000Z',
      inbound: { body: 'oi', mediaType: null },
      actual: [{ body: 'Menu antigo', mediaType: null, mediaName: null, voice: null }],
      replay: [
        { body: '', mediaType: 'image', mediaName: 'boas-vindas.png', voice: null },
        { body: 'Menu novo', mediaType: null, mediaName: null, voice: null },
      ],
      decision: { status: 'attending', queueId: null, queueName: null, userId: null, handoff: null, withPerson: false },
      events: [{ kind: 'menu', detail: {} }],
      error: null,
      skipped: false,
    },
    {
      messageId: 2,
      at: '2026-03-02T15:01:00.000Z',
      inbound: { body: '1', mediaType: null },
      actual: [],
      replay: [],
      decision: { status: 'pending', queueId: 3, queueName: 'Suporte', userId: null, handoff: 'responder-stop', withPerson: false },
      events: [],
      error: 'integration: http (500)',
      skipped: false,
    },
  ],
};

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const pickTicket = async () => {
  const select = screen.getByTestId('replay-ticket');
  fireEvent.mouseDown(within(select).getByRole('combobox'));
  fireEvent.click(await screen.findByText(/#42 · Maria/));
};

describe('ReplayButton / ReplayDrawer', { timeout: 60_000 }, () => {
  it('is not there for a plain user', () => {
    as('user');
    render(<ReplayButton target={{ kind: 'queue', id: 3, name: 'Suporte' }} testId="queue-replay" />);
    expect(screen.queryByTestId('queue-replay')).toBeNull();
  });

  it('picks a past ticket, runs the replay and shows each customer message beside what was sent then and what would be sent now', async () => {
    as('supervisor');
    vi.mocked(botApi.searchTickets).mockResolvedValue({ tickets: [ticket(42, 'Maria')], count: 1, hasMore: false });
    vi.mocked(botApi.replay).mockResolvedValue(result);
    render(<ReplayButton target={{ kind: 'queue', id: 3, name: 'Suporte' }} testId="queue-replay" />);
    fireEvent.click(screen.getByTestId('queue-replay'));
    expect(await screen.findByTestId('replay-notice')).toBeTruthy();
    expect((screen.getByTestId('replay-run') as HTMLButtonElement).disabled).toBe(true);
    await pickTicket();
    await act(async () => {
      fireEvent.click(screen.getByTestId('replay-run'));
    });
    expect(botApi.replay).toHaveBeenCalledWith({ ticketId: 42, queueId: 3 });
    const rows = await screen.findAllByTestId('replay-row');
    expect(rows).toHaveLength(2);
    const first = rows[0]!;
    expect(within(first).getByTestId('replay-inbound').textContent).toContain('oi');
    expect(within(first).getByTestId('replay-actual').textContent).toContain('Menu antigo');
    expect(within(first).getByTestId('replay-would').textContent).toContain('Menu novo');
    expect(within(first).getByTestId('replay-would').textContent).toContain('image: boas-vindas.png');
    expect(within(first).getByTestId('replay-decision').textContent).toBe('Continua no bot');
    const second = rows[1]!;
    expect(within(second).getByTestId('replay-actual').textContent).toContain('Nada foi enviado');
    expect(within(second).getByTestId('replay-decision').textContent).toBe('Para atendimento na fila Suporte (responder-stop)');
    expect(within(second).getByTestId('replay-error').textContent).toContain('integration: http (500)');
    expect(screen.getByTestId('replay-truncated').textContent).toContain('50');
    expect(screen.getByTestId('replay-summary').textContent).toContain('2 de 60');
  });

  it('sends the target as its own field (integration, prompt), finds a ticket by #number, and toasts a failure', async () => {
    as('admin');
    vi.mocked(botApi.searchTickets).mockResolvedValue({ tickets: [], count: 0, hasMore: false });
    vi.mocked(botApi.ticket).mockResolvedValue(ticket(42, 'Maria'));
    const error = vi.spyOn(toast, 'error').mockImplementation(() => undefined as never);
    vi.mocked(botApi.replay).mockRejectedValue(new Error('boom'));
    render(<ReplayButton target={{ kind: 'prompt', id: 8, name: 'Assistente' }} testId="prompt-replay" />);
    fireEvent.click(screen.getByTestId('prompt-replay'));
    const combo = within(await screen.findByTestId('replay-ticket')).getByRole('combobox');
    fireEvent.mouseDown(combo);
    fireEvent.change(combo, { target: { value: '#42' } });
    await waitFor(() => expect(botApi.ticket).toHaveBeenCalledWith(42));
    fireEvent.click(await screen.findByText(/#42 · Maria/));
    await act(async () => {
      fireEvent.click(screen.getByTestId('replay-run'));
    });
    expect(botApi.replay).toHaveBeenCalledWith({ ticketId: 42, promptId: 8 });
    await waitFor(() => expect(error).toHaveBeenCalled());
    expect(screen.queryByTestId('replay-row')).toBeNull();
    expect(screen.getByTestId('replay-hint')).toBeTruthy();
  });

  it('says so when the ticket has no customer messages', async () => {
    as('admin');
    vi.mocked(botApi.searchTickets).mockResolvedValue({ tickets: [ticket(42, 'Maria')], count: 1, hasMore: false });
    vi.mocked(botApi.replay).mockResolvedValue({ ...result, rows: [], inboundTotal: 0, truncated: false });
    render(<ReplayButton target={{ kind: 'integration', id: 5, name: 'Gancho' }} testId="integration-replay" />);
    fireEvent.click(screen.getByTestId('integration-replay'));
    await screen.findByTestId('replay-ticket');
    await pickTicket();
    await act(async () => {
      fireEvent.click(screen.getByTestId('replay-run'));
    });
    expect(botApi.replay).toHaveBeenCalledWith({ ticketId: 42, integrationId: 5 });
    expect((await screen.findByTestId('replay-empty')).textContent).toContain('Este ticket não tem mensagens do cliente');
  });
});
