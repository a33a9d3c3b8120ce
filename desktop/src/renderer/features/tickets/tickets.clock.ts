import { useSyncExternalStore } from 'react';
import { AGE_LABEL_REFRESH_MS } from '@balcao/shared';

// One timer for every list item: the age labels refresh together every 30 s (attendance §2).
let now = Date.now();
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | null = null;

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  if (!timer) {
    now = Date.now();
    timer = setInterval(() => {
      now = Date.now();
      for (const l of listeners) l();
    }, AGE_LABEL_REFRESH_MS);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer) {
      clearInterval(timer);
      timer = null;
    }
  };
};

/** The time the age labels are computed against, moving every AGE_LABEL_REFRESH_MS. */
export const useAgeClock = (): number => useSyncExternalStore(subscribe, () => now);

/** Timers the age clock holds (0 or 1): tests counting other timers leave it out. */
export const ageClockTimers = (): number => (timer ? 1 : 0);
