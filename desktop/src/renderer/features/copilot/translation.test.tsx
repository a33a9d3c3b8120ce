// @vitest-environment happy-dom
import '../../test/dom';
import '../../app/i18n/i18n';
import { act, cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CopilotMessageTextDto, CopilotTicketTextsDto, WireChannels } from '@balcao/shared';
import { useCompany } from '../company';
import { copilotApi } from './copilot.api';
import { useCopilotStatus } from './copilot.store';
import { MessageCopilotTexts } from './MessageCopilotTexts';
import { TranslationBar } from './TranslationBar';

const live: { handler?: (p: WireChannels['copilotText']) => void } = {};
vi.mock('../../lib/socket', () => ({
  listenLive: (_channel: string, handler: (p: WireChannels['copilotText']) => void) => {
    live.handler = handler;
    return () => {
      live.handler = undefined;
    };
  },
}));
vi.mock('./copilot.api', () => ({ copilotApi: { status: vi.fn(async () => ({ enabled: true, translate: true, agentLanguage: 'pt' })), translation: vi.fn(), setTranslation: vi.fn() } }));
const api = vi.mocked(copilotApi);
configure({ asyncUtilTimeout: 8000 });
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
  useCopilotStatus.getState().reset();
});

const text = (messageId: number, kind: CopilotMessageTextDto['kind'], t: string): CopilotMessageTextDto => ({ messageId, ticketId: 7, kind, language: kind === 'translation' ? 'pt' : '', text: t });
const state = (over: Partial<CopilotTicketTextsDto> = {}): CopilotTicketTextsDto => ({ language: 'es', agentLanguage: 'pt', translate: true, outgoing: true, texts: [], ...over });

const conversation = () => (
  <>
    <TranslationBar ticketId={7} />
    <div data-testid="m1">
      <MessageCopilotTexts message={{ id: 1, isDeleted: false }} />
    </div>
    <div data-testid="m2">
      <MessageCopilotTexts message={{ id: 2, isDeleted: false }} />
    </div>
  </>
);

describe('translation and transcripts in the conversation', { timeout: 60_000 }, () => {
  it('shows the kept translation under the message, a transcript arriving live, and the languages in the bar', async () => {
    useCompany.setState((s) => ({ flags: { ...s.flags, useCopilot: true } }));
    api.translation.mockResolvedValue(state({ texts: [text(1, 'translation', 'Olá, quanto tempo leva?')] }));
    render(conversation());
    expect((await screen.findByTestId('message-translation')).textContent).toContain('Olá, quanto tempo leva?');
    expect(api.translation).toHaveBeenCalledWith(7);
    const bar = await screen.findByTestId('translation-bar');
    expect(bar.getAttribute('data-outgoing')).toBe('true');
    expect(bar.textContent).toContain('espanhol');
    expect(screen.getByTestId('m2').textContent).toBe('');
    act(() => live.handler?.({ action: 'create', text: text(2, 'transcript', 'Quiero saber del reembolso') }));
    expect(screen.getByTestId('m2').querySelector('[data-testid="message-transcript"]')?.textContent).toContain('Quiero saber del reembolso');
    // Another ticket's text is not this conversation's.
    act(() => live.handler?.({ action: 'create', text: { ...text(1, 'original', 'outro'), ticketId: 99 } }));
    expect(screen.queryByTestId('message-original')).toBeNull();
  });

  it('the switch turns the ticket off; a customer in the agents\' language shows no bar', async () => {
    useCompany.setState((s) => ({ flags: { ...s.flags, useCopilot: true } }));
    api.translation.mockResolvedValue(state());
    api.setTranslation.mockResolvedValue(state({ translate: false, outgoing: false }));
    render(conversation());
    fireEvent.click(await screen.findByTestId('translation-toggle'));
    await waitFor(() => expect(screen.getByTestId('translation-bar').getAttribute('data-outgoing')).toBe('false'));
    expect(api.setTranslation).toHaveBeenCalledWith(7, false);
    expect(screen.getByTestId('translation-bar').textContent).toContain('Tradução desligada');
    cleanup();
    api.translation.mockResolvedValue(state({ language: 'pt', outgoing: false }));
    render(conversation());
    await waitFor(() => expect(api.translation).toHaveBeenCalledTimes(2));
    expect(screen.queryByTestId('translation-bar')).toBeNull();
  });

  it('without the copilot nothing is read', async () => {
    useCompany.setState((s) => ({ flags: { ...s.flags, useCopilot: false } }));
    render(conversation());
    await act(async () => undefined);
    expect(api.translation).not.toHaveBeenCalled();
    expect(screen.queryByTestId('translation-bar')).toBeNull();
    useCompany.setState((s) => ({ flags: { ...s.flags, useCopilot: true } }));
  });
});
