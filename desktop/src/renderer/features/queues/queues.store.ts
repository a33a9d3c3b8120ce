import { create } from 'zustand';
import type { QueueDto } from '@balcao/shared';
import { queuesApi } from './queues.api';
import { removeQueue, sortQueues, upsertQueue } from './queues.logic';

interface QueuesState {
  records: QueueDto[];
  loaded: boolean;
  /** The company's `scheduleType` is `queue`: queues have their own hours. */
  hoursPerQueue: boolean;
  load(): Promise<void>;
  upsert(q: QueueDto): void;
  remove(id: number): void;
  reset(): void;
}

/** The /queues table (every queue of the company, a short list) and the setting its modal needs. */
export const useQueues = create<QueuesState>((set) => ({
  records: [],
  loaded: false,
  hoursPerQueue: false,
  load: async () => {
    const [records, settings] = await Promise.all([queuesApi.list(), queuesApi.settings()]);
    set({ records: sortQueues(records), loaded: true, hoursPerQueue: settings.find((s) => s.key === 'scheduleType')?.value === 'queue' });
  },
  upsert: (q) => set((s) => ({ records: upsertQueue(s.records, q) })),
  remove: (id) => set((s) => ({ records: removeQueue(s.records, id) })),
  reset: () => set({ records: [], loaded: false, hoursPerQueue: false }),
}));
