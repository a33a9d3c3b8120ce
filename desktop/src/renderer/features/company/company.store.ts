import { create } from 'zustand';
import { allFlagsOn, companyApi, type PlanFlags } from './company.api';

interface CompanyState {
  flags: PlanFlags;
  loadedFor: number | null;
  /** The flags of `loadedFor` have arrived (a gated page waits for them before deciding). */
  ready: boolean;
  loadFlags: (companyId: number) => Promise<void>;
}

export const useCompany = create<CompanyState>((set, get) => ({
  flags: allFlagsOn(),
  loadedFor: null,
  ready: false,
  loadFlags: async (companyId) => {
    if (get().loadedFor === companyId) return;
    set({ loadedFor: companyId, ready: false });
    // Menu gating is a convenience (the server enforces plans): on failure keep everything shown.
    const flags = await companyApi.planFlags(companyId).catch(() => allFlagsOn());
    set({ flags, ready: true });
  },
}));
