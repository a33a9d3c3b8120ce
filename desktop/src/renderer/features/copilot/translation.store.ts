import { useEffect } from 'react';
import { create } from 'zustand';
import type { CopilotMessageTextDto, CopilotTicketTextsDto } from '@balcao/shared';
import { listenLive } from '../../lib/socket';
import { copilotApi } from './copilot.api';
import { useCopilotOn, useCopilotStatus } from './copilot.store';

/** What the copilot keeps beside one message: its translation, the agent's original, a voice note's words. */
export type MessageTexts = Partial<Record<CopilotMessageTextDto['kind'], CopilotMessageTextDto>>;

interface TranslationState {
  /** The open conversation's ticket, its language and toggle; null before it is read. */
  ticket: (Omit<CopilotTicketTextsDto, 'texts'> & { ticketId: number }) | null;
  byMessage: Record<number, MessageTexts>;
  load: (ticketId: number) => Promise<void>;
  set: (ticketId: number, dto: CopilotTicketTextsDto) => void;
  add: (text: CopilotMessageTextDto) => void;
  clear: () => void;
}

const index = (texts: CopilotMessageTextDto[]) => {
  const by: Record<number, MessageTexts> = {};
  for (const x of texts) by[x.messageId] = { ...by[x.messageId], [x.kind]: x };
  return by;
};

/**
 * The open conversation's kept texts (issue 32 §4–5; decisions 0440–0441): read once when it
 * opens, then live (`company-<id>-copilotText`, only to sockets that joined the conversation).
 * Stored by the server, never computed here.
 */
export const useTicketTranslation = create<TranslationState>((set, get) => ({
  ticket: null,
  byMessage: {},
  load: async (ticketId) => {
    try {
      get().set(ticketId, await copilotApi.translation(ticketId));
    } catch {
      // Without them the conversation is the plain one: nothing to show under the messages.
    }
  },
  set: (ticketId, { texts, ...rest }) => set({ ticket: { ...rest, ticketId }, byMessage: index(texts) }),
  add: (text) => {
    if (get().ticket?.ticketId !== text.ticketId) return;
    set((s) => ({ byMessage: { ...s.byMessage, [text.messageId]: { ...s.byMessage[text.messageId], [text.kind]: text } } }));
  },
  clear: () => set({ ticket: null, byMessage: {} }),
}));

/** Loads and follows the ticket's texts while its conversation is open (only with the copilot on). */
export const useTicketTexts = (ticketId: number) => {
  const on = useCopilotOn();
  useEffect(() => {
    if (!on) return;
    void useTicketTranslation.getState().load(ticketId);
    const off = listenLive('copilotText', (p) => {
      useTicketTranslation.getState().add(p.text);
      // The first customer message detected the language: the composer may now translate.
      if (p.text.kind === 'translation' && !useTicketTranslation.getState().ticket?.outgoing) void useTicketTranslation.getState().load(ticketId);
    });
    return () => {
      off();
      useTicketTranslation.getState().clear();
    };
  }, [on, ticketId]);
};

/** The company translates at all (the composer's toggle is shown only then). */
export const useCompanyTranslates = (): boolean => useCopilotStatus((s) => s.translate === true);
