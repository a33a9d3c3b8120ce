import { beforeEach, describe, expect, it, vi } from 'vitest';

const fake = await vi.hoisted(async () => (await import('./test/fake-electron.js')).fake);
vi.mock('./electron-api.js', () => fake.module);

const { createPrefsStore, memoryStorage, openPrefsStore } = await import('./store.js');

describe('prefs store', () => {
  beforeEach(() => fake.reset());

  it('round-trips values and answers defaults for unset keys', () => {
    const store = createPrefsStore(memoryStorage());
    expect(store.get('language')).toBe('pt-BR');
    store.set('language', 'es');
    store.set('preferredTheme', 'dark');
    expect(store.get('language')).toBe('es');
    expect(store.get('preferredTheme')).toBe('dark');
  });

  it('replaces values that no longer match their schema with the default', () => {
    const store = createPrefsStore(memoryStorage({ volume: 7, todos: 'not a list', signOption: false }));
    expect(store.get('volume')).toBe(1);
    expect(store.get('todos')).toEqual([]);
    expect(store.get('signOption')).toBe(false);
  });

  it('hands out a fresh default to-do list each time', () => {
    const store = createPrefsStore(memoryStorage());
    store.get('todos').push({ id: 'x', text: 'leak', updatedAt: '2025-01-01T00:00:00.000Z' });
    expect(store.get('todos')).toEqual([]);
  });

  it('persists in the electron-store file "preferences" across app starts', () => {
    openPrefsStore().set('volume', 0.3);
    expect(fake.record.storeFiles.get('preferences')?.get('volume')).toBe('0.3');
    expect(openPrefsStore().get('volume')).toBe(0.3);
  });
});
