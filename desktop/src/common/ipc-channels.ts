/**
 * The catalogue of IPC channels between the Electron main process and the renderer, named
 * `namespace:action`. Main, preload and their tests take channel names from here only.
 */

/** Renderer → main request/response channels (`ipcRenderer.invoke` / `ipcMain.handle`). */
export const InvokeChannels = {
  notificationsShow: 'notifications:show',
  traySetCount: 'tray:setCount',
  traySetCounts: 'tray:setCounts',
  prefsGet: 'prefs:get',
  prefsSet: 'prefs:set',
  appOpenExternal: 'app:openExternal',
  appGetVersion: 'app:getVersion',
  /** The renderer listens for focus pushes now: main sends a deep link that arrived before. */
  appLinksReady: 'app:linksReady',
  serverGet: 'server:get',
  serverCheck: 'server:check',
  serverSet: 'server:set',
} as const;

/** Main → renderer pushes (`webContents.send` / `ipcRenderer.on`). */
export const PushChannels = {
  /** Payload: the ticket uuid to open (a clicked notification, a `balcao://tickets/…` link, the tray). */
  appFocusTicket: 'app:focusTicket',
  /** Payload: the internal chat uuid to open (a `balcao://chats/…` link). */
  appFocusChat: 'app:focusChat',
  /** Payload: a path inside the app to show, e.g. `/tickets?tab=pending` (the tray menu). */
  appNavigate: 'app:navigate',
  /** Payload: true when the machine went idle (no input for minutes, screen locked, asleep), false when active again. */
  appIdle: 'app:idle',
} as const;

export type InvokeChannel = (typeof InvokeChannels)[keyof typeof InvokeChannels];
export type PushChannel = (typeof PushChannels)[keyof typeof PushChannels];
