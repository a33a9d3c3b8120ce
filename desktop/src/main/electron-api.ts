// The only module that imports 'electron' (and electron-store, which imports it in turn).
// Tests replace this file with test/fake-electron.ts, so keep it a list of re-exports.
export { app, BrowserWindow, Menu, Notification, Tray, ipcMain, nativeImage, powerMonitor, safeStorage, screen, shell } from 'electron';
export type {
  BeforeSendResponse,
  ContextMenuParams,
  Event,
  HeadersReceivedResponse,
  Input,
  IpcMainInvokeEvent,
  MenuItemConstructorOptions,
  OnBeforeSendHeadersListenerDetails,
  OnHeadersReceivedListenerDetails,
  Session,
  WebContents,
  WebPreferences,
} from 'electron';
export { default as ElectronStore } from 'electron-store';
