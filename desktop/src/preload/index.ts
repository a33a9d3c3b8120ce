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

const bridge: DesktopBridge = {
  isDesktop: true,
  setBadgeCount: (count) => invoke('tray:setCount', count),
  showNotification: (notification) => invoke('notifications:show', notification),
  onOpenTicket(listener) {
    // The IPC event (and its sender) stays here; the page only ever sees the uuid.
    const forward = (_event: IpcRendererEvent, ticketUuid: unknown): void => {
      if (typeof ticketUuid === 'string') listener(ticketUuid);
    };
    ipcRenderer.on(focusTicket, forward);
    return () => {
      ipcRenderer.removeListener(focusTicket, forward);
    };
  },
  getPref: <K extends PrefKey>(key: K) => invoke('prefs:get', key) as Promise<Prefs[K]>,
  setPref: (key, value) => invoke('prefs:set', key, value),
  openExternal: (url) => invoke('app:openExternal', url),
  getVersion: () => invoke('app:getVersion'),
};

contextBridge.exposeInMainWorld('desktop', bridge);
