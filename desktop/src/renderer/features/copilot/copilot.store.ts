import { useEffect } from 'react';
import { create } from 'zustand';
import { useCompany } from '../company';
import { copilotApi } from './copilot.api';

interface CopilotState {
  /** The company's copilot answers (on, with a key); null until read. */
  enabled: boolean | null;
  /** The company translates conversations (decision 0440). */
  translate: boolean;
  loading: boolean;
  load: () => Promise<void>;
  /** After an admin saves the settings, or a new session. */
  reset: () => void;
}

/** Whether the company's copilot answers, read once per session (GET /copilot/status). */
export const useCopilotStatus = create<CopilotState>((set, get) => ({
  enabled: null,
  translate: false,
  loading: false,
  load: async () => {
    if (get().enabled !== null || get().loading) return;
    set({ loading: true });
    try {
      const s = await copilotApi.status();
      set({ enabled: s.enabled, translate: s.translate === true });
    } catch {
      // Not knowing is not offering: the agent never meets a button that cannot answer.
      set({ enabled: false });
    } finally {
      set({ loading: false });
    }
  },
  reset: () => set({ enabled: null, translate: false, loading: false }),
}));

/** The plan has the copilot and the company turned it on: the composer and the drawer offer it then. */
export const useCopilotOn = (): boolean => {
  const plan = useCompany((s) => s.flags.useCopilot);
  const enabled = useCopilotStatus((s) => s.enabled);
  useEffect(() => {
    if (plan) void useCopilotStatus.getState().load();
  }, [plan]);
  return plan && enabled === true;
};
