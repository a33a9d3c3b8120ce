import { resolve } from 'node:path';
import { PushChannels } from '../common/ipc-channels.js';
import { DEEP_LINK_SCHEME, type DeepLinkTarget } from '../common/deep-links.js';
import { app, type BrowserWindow } from './electron-api.js';

/**
 * Delivers what the user asked to open — a deep link, a clicked notification, the tray's
 * "waiting tickets" — to the renderer. A link can arrive before the page listens (the app was
 * started by the link, or the page is reloading): it waits, and the latest one is sent when the
 * renderer says it listens (`app:linksReady`).
 */
export interface LinkRouter {
  open(target: DeepLinkTarget): void;
  navigate(path: string): void;
  /** The renderer listens now (it registered its listeners). */
  rendererReady(): void;
  /** The page is (re)loading: hold links until it listens again. */
  rendererGone(): void;
}

type Pending = { channel: string; payload: string };

export function createLinkRouter(getWindow: () => BrowserWindow | undefined, reveal: (window: BrowserWindow) => void): LinkRouter {
  let listening = false;
  let pending: Pending | undefined;

  const deliver = (next: Pending): void => {
    const window = getWindow();
    if (window && !window.isDestroyed()) reveal(window);
    if (listening && window && !window.isDestroyed()) window.webContents.send(next.channel, next.payload);
    else pending = next;
  };

  return {
    open(target) {
      deliver({ channel: target.kind === 'ticket' ? PushChannels.appFocusTicket : PushChannels.appFocusChat, payload: target.uuid });
    },
    navigate(path) {
      deliver({ channel: PushChannels.appNavigate, payload: path });
    },
    rendererReady() {
      listening = true;
      const next = pending;
      pending = undefined;
      if (next) deliver(next);
    },
    rendererGone() {
      listening = false;
    },
  };
}

/**
 * Make `balcao://` open this app. Run from source (`electron desktop`), Electron must be told
 * which app folder to start, or the OS would launch a bare Electron.
 */
export function registerProtocolClient(process: Pick<NodeJS.Process, 'defaultApp' | 'execPath' | 'argv'>): boolean {
  if (process.defaultApp && process.argv[1]) {
    return app.setAsDefaultProtocolClient(DEEP_LINK_SCHEME, process.execPath, [resolve(process.argv[1])]);
  }
  return app.setAsDefaultProtocolClient(DEEP_LINK_SCHEME);
}
