import { create } from 'zustand';
import type { MessageDto } from '@balcao/shared';
import type { OutboxItem } from '../../../../common/bridge';
import { setReachable } from '../../../lib/connectivity';
import { ApiError } from '../../../lib/http';
import { getPlatform } from '../../../platform/platform';

export type { OutboxItem };

/** How a flush sends one item and what it does with the answer (the store stays free of the API). */
export interface OutboxSender {
  send: (item: OutboxItem) => Promise<MessageDto>;
  sent: (item: OutboxItem, message: MessageDto) => void;
  /** The server refused it for good (closed ticket, no permission): said once, then dropped. */
  refused: (item: OutboxItem, error: unknown) => void;
}

interface OutboxState {
  /** Oldest first; every user's on this device (only the typist's are sent). */
  items: OutboxItem[];
  loaded: boolean;
  /** Reads what the device kept (electron-store in the app, localStorage in a browser). */
  load: () => Promise<void>;
  add: (item: OutboxItem) => Promise<void>;
  /** Sends the user's items one after another, in order; stops at the first that finds no server. */
  flush: (who: { userId: number; companyId: number }, sender: OutboxSender) => Promise<void>;
}

/** An answer that says nothing reached the server, or it could not take it now: keep it for later. */
const keepForLater = (error: unknown): boolean =>
  !(error instanceof ApiError) || error.status === 0 || error.status === 408 || error.status === 429 || error.status >= 500;

let flushing: Promise<void> | null = null;
// Writes go one after another, so a slow earlier write never overwrites a later list.
let writing: Promise<unknown> = Promise.resolve();

export const useOutbox = create<OutboxState>((set, get) => {
  const persist = () => {
    const items = get().items;
    writing = writing.then(() => getPlatform().setPref('outbox', items)).catch(() => undefined);
    return writing as Promise<void>;
  };
  return {
    items: [],
    loaded: false,
    load: async () => {
      const kept = await getPlatform()
        .getPref('outbox')
        .catch(() => [] as OutboxItem[]);
      // Typed before the load finished: after what was kept.
      set((s) => ({ items: [...kept.filter((k) => !s.items.some((i) => i.clientId === k.clientId)), ...s.items], loaded: true }));
    },
    add: async (item) => {
      set((s) => ({ items: [...s.items.filter((i) => i.clientId !== item.clientId), item] }));
      await persist();
    },
    flush: (who, sender) => {
      flushing ??= (async () => {
        try {
          for (;;) {
            const next = get().items.find((i) => i.userId === who.userId && i.companyId === who.companyId);
            if (!next) return;
            try {
              const message = await sender.send(next);
              sender.sent(next, message);
            } catch (error) {
              if (keepForLater(error)) {
                if (error instanceof ApiError && error.status === 0) setReachable(false);
                return;
              }
              sender.refused(next, error);
            }
            set((s) => ({ items: s.items.filter((i) => i.clientId !== next.clientId) }));
            await persist();
          }
        } finally {
          flushing = null;
        }
      })();
      return flushing;
    },
  };
});

/** The waiting messages of one ticket, for the conversation. */
export const waitingFor = (items: readonly OutboxItem[], ticketId: number): OutboxItem[] => items.filter((i) => i.ticketId === ticketId);
