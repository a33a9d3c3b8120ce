import { create } from 'zustand';
import type { WhatsappDto, WhatsappSessionPayload } from '@balcao/shared';
import { connectionsApi } from './connections.api';
import { applySession, refreshConnection, removeConnection, upsertConnection } from './connections.logic';

interface ConnectionsState {
  list: WhatsappDto[];
  loading: boolean;
  load: () => Promise<void>;
  upsert: (w: WhatsappDto) => void;
  /** A connection fetched again (refreshConnection: never older than what is listed). */
  refresh: (w: WhatsappDto) => void;
  remove: (id: number) => void;
  session: (s: WhatsappSessionPayload) => void;
  reset: () => void;
}

export const useConnections = create<ConnectionsState>((set) => ({
  list: [],
  loading: false,
  load: async () => {
    set({ loading: true });
    try {
      set({ list: await connectionsApi.list() });
    } finally {
      set({ loading: false });
    }
  },
  upsert: (w) => set((s) => ({ list: upsertConnection(s.list, w) })),
  refresh: (w) => set((s) => ({ list: refreshConnection(s.list, w) })),
  remove: (id) => set((s) => ({ list: removeConnection(s.list, id) })),
  session: (payload) => set((s) => ({ list: applySession(s.list, payload) })),
  reset: () => set({ list: [], loading: false }),
}));
