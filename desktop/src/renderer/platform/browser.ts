import type { z } from 'zod';
import type { DesktopBridge, PrefKey, Prefs } from '../../common/bridge';
import type { InvokeChannel } from '../../common/ipc-channels';
import { defaultPrefs, formatIssues, IpcArgs, PrefValues } from '../../common/ipc-schemas';

const APP_TITLE = 'Balcão';
const BADGE_PREFIX = /^\(\d+\) /;
const PREF_PREFIX = 'balcao.pref.';

export interface BrowserBridgeOptions {
  version: string;
}

/**
 * Validates like main's IPC handlers, with the same schemas and the same error text, so a
 * feature behaves the same in both builds.
 */
function check<C extends InvokeChannel>(channel: C, ...args: unknown[]): z.output<IpcArgs[C]> {
  const parsed = IpcArgs[channel].safeParse(args);
  if (!parsed.success) throw new Error(`${channel}: invalid arguments: ${formatIssues(parsed.error)}`);
  return parsed.data as z.output<IpcArgs[C]>;
}

function readPref<K extends PrefKey>(key: K): Prefs[K] {
  const raw = localStorage.getItem(PREF_PREFIX + key);
  if (raw !== null) {
    try {
      const parsed = PrefValues[key].safeParse(JSON.parse(raw));
      if (parsed.success) return parsed.data as Prefs[K];
    } catch {
      // Not JSON (edited by hand or by an older build): fall back to the default.
    }
  }
  return defaultPrefs()[key];
}

const notificationsAllowed = (): boolean => typeof Notification !== 'undefined' && Notification.permission === 'granted';

/** `DesktopBridge` for the plain browser build: Web Notifications, the tab title, localStorage. */
export function createBrowserBridge({ version }: BrowserBridgeOptions): DesktopBridge {
  const openTicketListeners = new Set<(ticketUuid: string) => void>();
  const openChatListeners = new Set<(chatUuid: string) => void>();
  const subscribe = <T>(set: Set<T>, listener: T) => {
    set.add(listener);
    return () => {
      set.delete(listener);
    };
  };
  const showTitleCount = (n: number) => {
    const title = document.title.replace(BADGE_PREFIX, '') || APP_TITLE;
    document.title = n > 0 ? `(${n}) ${title}` : title;
  };

  return {
    isDesktop: false,

    async setBadgeCount(count) {
      const [n] = check('tray:setCount', count);
      showTitleCount(n);
    },

    async setTrayCounts(counts) {
      const [{ pending, unread }] = check('tray:setCounts', counts);
      showTitleCount(Math.min(pending + unread, 99_999));
    },

    async showNotification(input) {
      const [{ title, body, ticketUuid, chatUuid, announcementId }] = check('notifications:show', input);
      // Never asks here (no user gesture): `requestNotificationPermission` did, from a click.
      if (readPref('doNotDisturb') || !notificationsAllowed()) return;
      // The tag groups: a newer notification about the same ticket or chat replaces the older.
      const tag = ticketUuid ? `ticket:${ticketUuid}` : chatUuid ? `chat:${chatUuid}` : `announcement:${announcementId}`;
      const notification = new Notification(title, { body, tag, silent: true });
      notification.onclick = () => {
        window.focus();
        notification.close();
        if (ticketUuid) for (const listener of openTicketListeners) listener(ticketUuid);
        else if (chatUuid) for (const listener of openChatListeners) listener(chatUuid);
      };
    },

    async requestNotificationPermission() {
      if (typeof Notification === 'undefined') return 'unsupported';
      if (Notification.permission !== 'default') return Notification.permission;
      return Notification.requestPermission();
    },

    notificationPermissionPending: () => typeof Notification !== 'undefined' && Notification.permission === 'default',

    onOpenTicket: (listener) => subscribe(openTicketListeners, listener),
    onOpenChat: (listener) => subscribe(openChatListeners, listener),

    // No tray in a browser: nobody ever asks to navigate.
    onNavigate: () => () => undefined,

    // A tab sees input only on its own page: an agent busy in another tab or program would look
    // idle and be set away by mistake. Only the app, which asks the OS, tells idleness.
    onIdleChange: () => () => undefined,

    async getPref(key) {
      check('prefs:get', key);
      return readPref(key);
    },

    async setPref(key, value) {
      const [checkedKey, checkedValue] = check('prefs:set', key, value);
      localStorage.setItem(PREF_PREFIX + checkedKey, JSON.stringify(checkedValue));
    },

    async openExternal(url) {
      const [checkedUrl] = check('app:openExternal', url);
      window.open(checkedUrl, '_blank', 'noopener,noreferrer');
    },

    async getVersion() {
      return version;
    },

    // The browser build talks to the server that served it.
    async getServer() {
      return null;
    },

    async checkServer(url) {
      check('server:check', url);
      throw new Error('server:check: only the desktop app chooses its server');
    },

    async setServer(url) {
      check('server:set', url);
      throw new Error('server:set: only the desktop app chooses its server');
    },
  };
}
