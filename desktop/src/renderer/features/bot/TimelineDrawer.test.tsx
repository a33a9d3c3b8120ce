// @vitest-environment happy-dom
import '../../test/dom';
import '../../app/i18n/i18n';
import { cleanup, configure, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SessionUserDto } from '@balcao/shared';
import { useSession } from '../../lib/session';
import { toast } from '../../lib/toast';
import { botApi } from './bot.api';
import { TimelineButton } from './TimelineDrawer';
import { i18n } from '../../app/i18n/i18n';

vi.mock('./bot.api', () => ({ botApi: { events: vi.fn() } }));
configure({ asyncUtilTimeout: 8000 });

const as = (profile: 'admin' | 'supervisor' | 'user') =>
  useSession.setState({ token: 't', status: 'authenticated', user: { id: 1, profile, companyId: 1, name: 'Ana', super: false } as SessionUserDto });

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('TimelineButton', { timeout: 60_000 }, () => {
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

  it('names automatic assignment, reassignment and a contact merge in words (issue 30 §2, 28 §5)', async () => {
    as('admin');
    vi.mocked(botApi.events).mockResolvedValue({
      events: [
        { id: 1, ticketId: 5, kind: 'auto-assigned', detail: { userId: 7, policy: 'round_robin', reason: 'returning' }, createdAt: '2026-03-02T15:00:00.000Z' },
        { id: 2, ticketId: 5, kind: 'auto-reassigned', detail: { from: 7, userId: 8, policy: 'balanced', minutes: 5 }, createdAt: '2026-03-02T15:05:00.000Z' },
        { id: 3, ticketId: 5, kind: 'merge', detail: { closed: true, to: 3 }, createdAt: '2026-03-02T15:06:00.000Z' },
      ],
    });
    render(<TimelineButton ticketId={5} />);
    fireEvent.click(screen.getByRole('button', { name: 'Linha do tempo' }));
    const entries = await screen.findAllByTestId('bot-timeline-entry');
    expect(entries.map((e) => e.textContent)).toEqual([
      expect.stringMatching(/Atribuído automaticamente.*Atendente \(id\): 7Regra: RodízioMotivo: Cliente de volta ao último atendente/),
      expect.stringMatching(/Reatribuído \(sem resposta\).*De \(id\): 7Atendente \(id\): 8Regra: EquilibradaMinutos: 5/),
      expect.stringMatching(/Contatos unidos.*Encerrado: SimPara \(id\): 3/),
    ]);
    for (const e of entries) expect(e.textContent).not.toMatch(/auto-|round_robin|balanced|merge/);
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

  it.each([
    ['pt-BR', ['Motivo: Última opção do menu', 'Fila: Suporte', 'Motivo: Limite de tentativas atingido', 'Erro: Endereço da rede interna bloqueado', 'Erro: HTTP 500', 'Temporizador: Fechamento automático', 'Status anterior: No bot', 'Tokens: 42 (prompt 30 + resposta 12)', 'Aviso enviado: Não', 'Avaliação pedida', 'IA pediu um atendente']],
    ['en', ['Reason: Last menu option', 'Queue: Suporte', 'Reason: Attempt limit reached', 'Error: Internal network address blocked', 'Error: HTTP 500', 'Timer: Auto-close', 'Previous status: In the bot', 'Tokens: 42 (prompt 30 + reply 12)', 'Notice sent: No', 'Rating asked', 'AI asked for a person']],
    ['es', ['Motivo: Última opción del menú', 'Cola: Suporte', 'Motivo: Límite de intentos alcanzado', 'Error: Dirección de red interna bloqueada', 'Error: HTTP 500', 'Temporizador: Cierre automático', 'Estado anterior: En el bot', 'Tokens: 42 (prompt 30 + respuesta 12)', 'Aviso enviado: No', 'Calificación solicitada', 'La IA pidió un agente']],
  ])('shows stored codes as words in %s (reasons, errors, statuses, timers, tokens, yes/no)', async (lng, expected) => {
    await i18n.changeLanguage(lng);
    try {
      as('admin');
      vi.mocked(botApi.events).mockResolvedValue({
        events: [
          { id: 1, ticketId: 5, kind: 'handoff', detail: { reason: 'leaf', queueId: 2, queue: 'Suporte' }, createdAt: '2026-03-02T15:00:00.000Z' },
          { id: 2, ticketId: 5, kind: 'handoff', detail: { reason: 'max-uses', queueId: null }, createdAt: '2026-03-02T15:00:01.000Z' },
          { id: 3, ticketId: 5, kind: 'integration', detail: { error: 'blocked-host', host: '10.0.0.5' }, createdAt: '2026-03-02T15:00:02.000Z' },
          { id: 4, ticketId: 5, kind: 'ai', detail: { error: 'http 500', status: 500 }, createdAt: '2026-03-02T15:00:03.000Z' },
          { id: 5, ticketId: 5, kind: 'timer', detail: { timer: 'autoClose', minutes: 30, from: 'attending' }, createdAt: '2026-03-02T15:00:04.000Z' },
          { id: 6, ticketId: 5, kind: 'ai', detail: { tokens: { prompt: 30, completion: 12, total: 42 } }, createdAt: '2026-03-02T15:00:05.000Z' },
          { id: 7, ticketId: 5, kind: 'out-of-hours', detail: { noticeSent: false }, createdAt: '2026-03-02T15:00:06.000Z' },
          { id: 8, ticketId: 5, kind: 'rating-asked', detail: {}, createdAt: '2026-03-02T15:00:07.000Z' },
          { id: 9, ticketId: 5, kind: 'ai.transfer', detail: { queueId: 2 }, createdAt: '2026-03-02T15:00:08.000Z' },
        ],
      });
      render(<TimelineButton ticketId={5} />);
      fireEvent.click(screen.getByTestId('bot-timeline-open'));
      const entries = await screen.findAllByTestId('bot-timeline-entry');
      const text = entries.map((e) => e.textContent).join('\n');
      for (const words of expected) expect(text).toContain(words);
      for (const code of ['leaf', 'max-uses', 'blocked-host', 'autoClose', 'attending', 'false', 'rating-asked']) expect(text).not.toMatch(new RegExp(`: ${code}\\b|^${code}$`, 'm'));
    } finally {
      await i18n.changeLanguage('pt-BR');
    }
  });
});
