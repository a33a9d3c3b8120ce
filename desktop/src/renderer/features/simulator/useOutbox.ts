import { useEffect, useState } from 'react';
import type { SandboxOutboxItem, SandboxSentItem } from '@balcao/shared';
import { simulatorApi } from './simulator.api';

// A developer tool: polling once a second is simpler than a socket here and cheap enough.
const POLL_MS = 1_000;

export interface PhoneChat {
  /** What the business sent this number. */
  outbox: SandboxOutboxItem[];
  /** What this number sent the business (kept by the server, so a reload shows it too). */
  sent: SandboxSentItem[];
}

const NONE: PhoneChat = { outbox: [], sent: [] };

/** Both sides of the simulated customer's chat on this connection, refreshed every second. */
export const useOutbox = (whatsappId: number | null, to: string | null): PhoneChat => {
  const [chat, setChat] = useState<PhoneChat>(NONE);
  useEffect(() => {
    setChat(NONE);
    if (!whatsappId || !to) return;
    let controller: AbortController | null = null;
    // Most polls bring back what is on screen already: then the chat is not rendered again.
    let last = '';
    const poll = () => {
      controller?.abort();
      controller = new AbortController();
      const { signal } = controller;
      Promise.all([simulatorApi.outbox(whatsappId, to, signal), simulatorApi.sent(whatsappId, to, signal)]).then(([outbox, sent]) => {
        const next = { outbox: Array.isArray(outbox) ? outbox : [], sent: Array.isArray(sent) ? sent : [] };
        const seen = JSON.stringify(next);
        if (seen === last) return;
        last = seen;
        setChat(next);
      }, () => undefined);
    };
    poll();
    const timer = setInterval(poll, POLL_MS);
    return () => {
      clearInterval(timer);
      controller?.abort();
    };
  }, [whatsappId, to]);
  return chat;
};
