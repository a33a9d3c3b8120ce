import { useEffect, useState } from 'react';
import type { SandboxOutboxItem } from '@balcao/shared';
import { simulatorApi } from './simulator.api';

// A developer tool: polling once a second is simpler than a socket here and cheap enough.
const POLL_MS = 1_000;

/** What the simulated customer has received on this connection, refreshed every second. */
export const useOutbox = (whatsappId: number | null, to: string | null): SandboxOutboxItem[] => {
  const [items, setItems] = useState<SandboxOutboxItem[]>([]);
  useEffect(() => {
    setItems([]);
    if (!whatsappId || !to) return;
    let controller: AbortController | null = null;
    const poll = () => {
      controller?.abort();
      controller = new AbortController();
      simulatorApi.outbox(whatsappId, to, controller.signal).then(
        (next) => setItems(Array.isArray(next) ? next : []),
        () => undefined,
      );
    };
    poll();
    const timer = setInterval(poll, POLL_MS);
    return () => {
      clearInterval(timer);
      controller?.abort();
    };
  }, [whatsappId, to]);
  return items;
};
