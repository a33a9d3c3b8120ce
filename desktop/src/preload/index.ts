// Runs in the sandboxed renderer, where `require` reaches 'electron' and nothing local: every
// import from common/ must stay `import type` (erased at compile time). Channel names are
// written out and checked against the catalogue's types by the compiler instead.
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import type { DesktopBridge, PrefKey, Prefs } from '../common/bridge';
import type { InvokeChannel, PushChannel } from '../common/ipc-channels';
import type { IpcArgs, IpcResult, IpcReturns } from '../common/ipc-schemas';
import type { input } from 'zod';

async function invoke<C extends InvokeChannel>(channel: C, ...args: input<IpcArgs[C]>): Promise<IpcReturns[C]> {
  const result = (await ipcRenderer.invoke(channel, ...args)) as IpcResult<IpcReturns[C]>;
  if (!result.ok) throw new Error(result.error);
  return result.value;
}

const focusTicket: PushChannel = 'app:focusTicket';
const focusChat: PushChannel = 'app:focusChat';
const navigate: PushChannel = 'app:navigate';
const idle: PushChannel = 'app:idle';

let linksReadySent = false;

/**
 * Subscribe to a push carrying one string. The IPC event (and its sender) stays here; the page
 * only ever sees the string. The first subscription tells main the page listens, so a link
 * that arrived earlier (the app was started by it) is delivered now.
 */
function onPush(channel: PushChannel, listener: (value: string) => void): () => void {
  const forward = (_event: IpcRendererEvent, value: unknown): void => {
    if (typeof value === 'string') listener(value);
  };
  ipcRenderer.on(channel, forward);
  if (!linksReadySent) {
    linksReadySent = true;
    // After the caller's other subscriptions of this same tick (ticket, chat, navigation).
    queueMicrotask(() => {
      invoke('app:linksReady').catch(() => undefined);
    });
  }
  return () => {
    ipcRenderer.removeListener(channel, forward);
  };
}

/** The machine's idle state (a boolean push; it has nothing to do with links, so no linksReady). */
function onIdle(listener: (idle: boolean) => void): () => void {
  const forward = (_event: IpcRendererEvent, value: unknown): void => {
    if (typeof value === 'boolean') listener(value);
  };
  ipcRenderer.on(idle, forward);
  return () => {
    ipcRenderer.removeListener(idle, forward);
  };
}

const bridge: DesktopBridge = {
  isDesktop: true,
  setBadgeCount: (count) => invoke('tray:setCount', count),
  setTrayCounts: (counts) => invoke('tray:setCounts', counts),
  showNotification: (notification) => invoke('notifications:show', notification),
  // The app's notifications need no permission (the OS settings decide).
  requestNotificationPermission: () => Promise.resolve('granted'),
  notificationPermissionPending: () => false,
  onOpenTicket: (listener) => onPush(focusTicket, listener),
  onOpenChat: (listener) => onPush(focusChat, listener),
  onNavigate: (listener) => onPush(navigate, listener),
  onIdleChange: (listener) => onIdle(listener),
  getPref: <K extends PrefKey>(key: K) => invoke('prefs:get', key) as Promise<Prefs[K]>,
  setPref: (key, value) => invoke('prefs:set', key, value),
  openExternal: (url) => invoke('app:openExternal', url),
  getVersion: () => invoke('app:getVersion'),
  getServer: () => invoke('server:get'),
  checkServer: (url) => invoke('server:check', url),
  setServer: (url) => invoke('server:set', url),
};

contextBridge.exposeInMainWorld('desktop', bridge);
