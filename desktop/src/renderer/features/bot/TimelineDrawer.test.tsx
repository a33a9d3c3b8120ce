// @vitest-environment jsdom
import '../../test/dom';
import '../../app/i18n/i18n';
import { cleanup, configure, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SessionUserDto } from '@balcao/shared';
import { useSession } from '../../lib/session';
import { toast } from '../../lib/toast';
import { botApi } from './bot.api';
import { TimelineButton } from './TimelineDrawer';

vi.mock('./bot.api', () => ({ botApi: { events: vi.fn() } }));
configure({ asyncUtilTimeout: 8000 });

const as = (profile: 'admin' | 'supervisor' | 'user') =>
  useSession.setState({ token: 't', status: 'authenticated', user: { id: 1, profile, companyId: 1, name: 'Ana', super: false } as SessionUserDto });

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('TimelineButton', { timeout: 30_000 }, () => {
  it('is not there for a plain user', () => {
    as('user');
    render(<TimelineButton ticketId={5} />);
    expect(screen.queryByTestId('bot-timeline-open')).toBeNull();
  });

  it('shows every decision with its label and details, oldest first', async () => {
    as('supervisor');
    vi.mocked(botApi.events).mockResolvedValue({
      events: [
        { id: 1, ticketId: 5, kind: 'menu', detail: { queueId: null, messageId: 9 }, createdAt: '2026-03-02T15:00:00.000Z' },
        { id: 2, ticketId: 5, kind: 'invalid', detail: { input: '9', uses: 1 }, createdAt: '2026-03-02T15:00:05.000Z' },
        { id: 3, ticketId: 5, kind: 'custom-kind', detail: {}, createdAt: '2026-03-02T15:00:06.000Z' },
      ],
    });
    render(<TimelineButton ticketId={5} />);
    fireEvent.click(screen.getByRole('button', { name: 'Linha do tempo' }));
    const entries = await screen.findAllByTestId('bot-timeline-entry');
    expect(botApi.events).toHaveBeenCalledWith(5);
    expect(entries.map((e) => e.textContent)).toEqual([
      expect.stringContaining('Menu enviado'),
      expect.stringMatching(/Opção inválida.*Resposta: 9Tentativas: 1/),
      expect.stringContaining('custom-kind'),
    ]);
    expect(entries[0]!.textContent).not.toContain('messageId');
  });

  it('says so when there is nothing, and toasts a failure', async () => {
    as('admin');
    vi.mocked(botApi.events).mockResolvedValue({ events: [] });
    render(<TimelineButton ticketId={5} />);
    fireEvent.click(screen.getByTestId('bot-timeline-open'));
    expect((await screen.findByTestId('bot-timeline-empty')).textContent).toContain('Nenhuma decisão do bot neste ticket');
    cleanup();
    const error = vi.spyOn(toast, 'error').mockImplementation(() => undefined as never);
    vi.mocked(botApi.events).mockRejectedValue(new Error('boom'));
    render(<TimelineButton ticketId={6} />);
    fireEvent.click(screen.getByTestId('bot-timeline-open'));
    await screen.findByTestId('bot-timeline-empty');
    expect(error).toHaveBeenCalled();
  });
});
