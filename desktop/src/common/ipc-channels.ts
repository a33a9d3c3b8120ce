/**
 * The catalogue of IPC channels between the Electron main process and the renderer, named
 * `namespace:action`. Main, preload and their tests take channel names from here only.
 */

/** Renderer → main request/response channels (`ipcRenderer.invoke` / `ipcMain.handle`). */
export const InvokeChannels = {
  notificationsShow: 'notifications:show',
  traySetCount: 'tray:setCount',
  prefsGet: 'prefs:get',
  prefsSet: 'prefs:set',
  appOpenExternal: 'app:openExternal',
  appGetVersion: 'app:getVersion',
} as const;

/** Main → renderer pushes (`webContents.send` / `ipcRenderer.on`). */
export const PushChannels = {
  /** Payload: the ticket uuid of the notification the user clicked. */
  appFocusTicket: 'app:focusTicket',
} as const;

export type InvokeChannel = (typeof InvokeChannels)[keyof typeof InvokeChannels];
export type PushChannel = (typeof PushChannels)[keyof typeof PushChannels];
