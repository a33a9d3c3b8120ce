import { InvokeChannels } from '../../common/ipc-channels.js';
import { IpcArgs, type PrefEntry, type ServerCheck } from '../../common/ipc-schemas.js';
import type { Notifier } from '../notifications.js';
import type { PrefsStore } from '../store.js';
import type { AppTray } from '../tray.js';
import { createHandle, type SenderGuard } from './handle.js';

export interface ServerControl {
  get(): string | null;
  check(url: string): Promise<ServerCheck>;
  /** Keep `url` (already canonical) and reload the app on it; rejects when it is not a Balcão server. */
  set(url: string): Promise<void>;
}

export interface IpcDeps {
  isTrustedSender: SenderGuard;
  tray: Pick<AppTray, 'setCount' | 'setCounts'>;
  notifier: Notifier;
  prefs: PrefsStore;
  /** Receives URLs already checked against `ExternalUrl`. */
  openExternal: (url: string) => Promise<void>;
  version: string;
  server: ServerControl;
  /** The renderer listens for focus pushes (see links.ts). */
  onLinksReady: () => void;
  /** After a preference was stored: apply it to the OS (login item) or the tray menu. */
  onPrefChanged: (entry: PrefEntry) => void;
}

export function registerIpcHandlers(deps: IpcDeps): void {
  const handle = createHandle(deps.isTrustedSender);
  const c = InvokeChannels;

  handle(c.notificationsShow, IpcArgs[c.notificationsShow], (notification) => deps.notifier.show(notification));
  handle(c.traySetCount, IpcArgs[c.traySetCount], (count) => deps.tray.setCount(count));
  handle(c.traySetCounts, IpcArgs[c.traySetCounts], (counts) => deps.tray.setCounts(counts));
  handle(c.prefsGet, IpcArgs[c.prefsGet], (key) => deps.prefs.get(key));
  // SetPrefArgs has checked `value` against `key`'s schema; TS cannot correlate the pair itself.
  handle(c.prefsSet, IpcArgs[c.prefsSet], (...entry: PrefEntry) => {
    deps.prefs.set(entry[0], entry[1] as never);
    deps.onPrefChanged(entry);
  });
  handle(c.appOpenExternal, IpcArgs[c.appOpenExternal], (url) => deps.openExternal(url));
  handle(c.appGetVersion, IpcArgs[c.appGetVersion], () => deps.version);
  handle(c.appLinksReady, IpcArgs[c.appLinksReady], () => deps.onLinksReady());
  handle(c.serverGet, IpcArgs[c.serverGet], () => deps.server.get());
  handle(c.serverCheck, IpcArgs[c.serverCheck], (url) => deps.server.check(url));
  handle(c.serverSet, IpcArgs[c.serverSet], (url) => deps.server.set(url));
}
