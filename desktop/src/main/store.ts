import { defaultPrefs, PrefValues, type PrefKey, type Prefs } from '../common/ipc-schemas.js';
import { ElectronStore } from './electron-api.js';

/** Preferences and the to-do list, as the IPC handlers see them. */
export interface PrefsStore {
  get<K extends PrefKey>(key: K): Prefs[K];
  set<K extends PrefKey>(key: K, value: Prefs[K]): void;
}

/** The raw key/value file: electron-store in the app, a Map in tests. */
export interface KeyValueStorage {
  get(key: string): unknown;
  set(key: string, value: unknown): void;
}

export function createPrefsStore(storage: KeyValueStorage): PrefsStore {
  return {
    get(key) {
      // The JSON file is user-editable and may come from an older version: re-validate.
      const parsed = PrefValues[key].safeParse(storage.get(key));
      return (parsed.success ? parsed.data : defaultPrefs()[key]) as Prefs[typeof key];
    },
    set(key, value) {
      storage.set(key, value);
    },
  };
}

/** `preferences.json` in the user-data folder; a corrupt file is reset instead of crashing startup. */
export function openPrefsStore(): PrefsStore {
  return createPrefsStore(new ElectronStore({ name: 'preferences', clearInvalidConfig: true }));
}

export function memoryStorage(initial: Record<string, unknown> = {}): KeyValueStorage {
  const data = new Map(Object.entries(initial));
  return { get: (key) => data.get(key), set: (key, value) => void data.set(key, value) };
}
