import { create } from 'zustand';
import type { CompanyScheduleDay, SettingDto } from '@balcao/shared';
import { settingsApi } from './settings.api';
import { toMap, type SettingsMap } from './settings.logic';

interface SettingsState {
  settings: SettingsMap;
  loaded: boolean;
  /** The company's hours as last read or heard (null: not read yet). */
  schedules: CompanyScheduleDay[] | null;
  load: () => Promise<void>;
  loadSchedules: (companyId: number) => Promise<void>;
  /** One setting changed (our PUT's answer, or another admin's, heard on the socket). */
  apply: (s: SettingDto) => void;
  setSchedules: (s: CompanyScheduleDay[]) => void;
  reset: () => void;
}

export const useSettings = create<SettingsState>((set) => ({
  settings: {},
  loaded: false,
  schedules: null,
  load: async () => {
    const list = await settingsApi.list();
    set({ settings: toMap(list), loaded: true });
  },
  loadSchedules: async (companyId) => {
    const company = await settingsApi.company(companyId);
    set({ schedules: company.schedules });
  },
  apply: (s) => set((st) => ({ settings: { ...st.settings, [s.key]: s } })),
  setSchedules: (schedules) => set({ schedules }),
  reset: () => set({ settings: {}, loaded: false, schedules: null }),
}));
