import { create } from 'zustand';

export type ThemeMode = 'light' | 'dark';

// Spec §9: the choice lives in localStorage as preferredTheme; the default follows the system.
const KEY = 'preferredTheme';

const initialMode = (): ThemeMode => {
  const stored = localStorage.getItem(KEY);
  if (stored === 'light' || stored === 'dark') return stored;
  return window.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
};

interface ThemeState {
  mode: ThemeMode;
  toggle: () => void;
}

export const useTheme = create<ThemeState>((set, get) => ({
  mode: initialMode(),
  toggle: () => {
    const mode: ThemeMode = get().mode === 'dark' ? 'light' : 'dark';
    localStorage.setItem(KEY, mode);
    set({ mode });
  },
}));
