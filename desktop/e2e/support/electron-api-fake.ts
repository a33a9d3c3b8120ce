// What desktop/src/main/electron-api.ts exports, taken from the fake electron module
// (desktop/src/main/test/fake-electron.ts) — see fake-electron-hooks.mjs. A dynamic import by
// path: the main process is its own TypeScript project, outside the e2e one.
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

export const FAKE_ELECTRON_URL = pathToFileURL(resolve(import.meta.dirname, '../../src/main/test/fake-electron.ts')).href;

const { fake } = (await import(FAKE_ELECTRON_URL)) as { fake: { module: Record<string, unknown> } };

export const { app, BrowserWindow, Menu, Notification, Tray, ipcMain, nativeImage, powerMonitor, safeStorage, screen, shell, ElectronStore } = fake.module;
