import { InvokeChannels } from '../../common/ipc-channels.js';
import { IpcArgs, type PrefEntry } from '../../common/ipc-schemas.js';
import type { Notifier } from '../notifications.js';
import type { PrefsStore } from '../store.js';
import type { AppTray } from '../tray.js';
import { createHandle, type SenderGuard } from './handle.js';

export interface IpcDeps {
  isTrustedSender: SenderGuard;
  tray: AppTray;
  notifier: Notifier;
  prefs: PrefsStore;
  /** Receives URLs already checked against `ExternalUrl`. */
  openExternal: (url: string) => Promise<void>;
  version: string;
}

export function registerIpcHandlers(deps: IpcDeps): void {
  const handle = createHandle(deps.isTrustedSender);
  const { notificationsShow, traySetCount, prefsGet, prefsSet, appOpenExternal, appGetVersion } = InvokeChannels;

  handle(notificationsShow, IpcArgs[notificationsShow], (notification) => deps.notifier.show(notification));
  handle(traySetCount, IpcArgs[traySetCount], (count) => deps.tray.setCount(count));
  handle(prefsGet, IpcArgs[prefsGet], (key) => deps.prefs.get(key));
  // SetPrefArgs has checked `value` against `key`'s schema; TS cannot correlate the pair itself.
  handle(prefsSet, IpcArgs[prefsSet], (...[key, value]: PrefEntry) => deps.prefs.set(key, value as never));
  handle(appOpenExternal, IpcArgs[appOpenExternal], (url) => deps.openExternal(url));
  handle(appGetVersion, IpcArgs[appGetVersion], () => deps.version);
}
