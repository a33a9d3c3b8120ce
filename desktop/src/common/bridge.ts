import type { PrefKey, Prefs, ServerCheck, TicketNotification, TrayCounts } from './ipc-schemas.js';

export type { OutboxItem, PrefKey, Prefs, ServerCheck, TicketNotification, TodoItem, TrayCounts } from './ipc-schemas.js';

/**
 * Everything the renderer may ask of the machine it runs on. Two implementations: the Electron
 * preload (`window.desktop`) and the browser shim (`renderer/platform/browser.ts`); features get
 * one from `getPlatform()` and never ask which.
 *
 * Methods returning a promise reject with an `Error` whose message says what was refused
 * (invalid arguments, or the OS call failing); both implementations validate with the schemas
 * in `ipc-schemas.ts`.
 */
export interface DesktopBridge {
  /** True inside the Electron shell. For diagnostics and "download the app" hints only. */
  readonly isDesktop: boolean;

  /**
   * Show `count` (pending tickets + unread messages) on the tray tooltip/title and the
   * dock/launcher badge; in a browser, as a `(count) ` prefix of the tab title. 0 clears it.
   * Integer 0‥99999.
   */
  setBadgeCount(count: number): Promise<void>;

  /**
   * The two numbers apart (pending tickets, unread messages): the tray tooltip names both, the
   * badge/overlay shows their sum, and a rise of `pending` flashes the taskbar while the window
   * is not in front. In a browser, the tab title shows the sum.
   */
  setTrayCounts(counts: TrayCounts): Promise<void>;

  /**
   * A system notification for a ticket (e.g. a new pending one) or an internal chat message
   * (`chatUuid` instead). Clicking it brings the app to the front and fires the `onOpenTicket`
   * (or `onOpenChat`) listeners. A newer one about the same ticket or chat replaces the older.
   * Silent: the caller plays the chosen sound. Resolves without showing anything where
   * notifications are unsupported or not permitted, and during do not disturb.
   */
  showNotification(notification: TicketNotification): Promise<void>;

  /**
   * Ask once for permission to show notifications; call it from a user gesture (a click), as
   * browsers require. The app may always notify ('granted'); a browser answers what the user
   * chose, 'unsupported' without the Notifications API. Asking again answers the first choice.
   */
  requestNotificationPermission(): Promise<'granted' | 'denied' | 'default' | 'unsupported'>;

  /** Whether asking would show the browser's prompt (never in the app). */
  notificationPermissionPending(): boolean;

  /**
   * Listen for notification clicks; the window is already focused when `listener` runs.
   * Returns the function that removes the listener.
   */
  onOpenTicket(listener: (ticketUuid: string) => void): () => void;

  /** Like `onOpenTicket`, for an internal chat (a `balcao://chats/<uuid>` link). */
  onOpenChat(listener: (chatUuid: string) => void): () => void;

  /** A path inside the app to show (the tray's "pending tickets" entry), e.g. `/tickets?tab=pending`. */
  onNavigate(listener: (path: string) => void): () => void;

  /**
   * Listen for the machine going idle (true: no input for minutes, screen locked, asleep) and
   * being used again (false); only changes are told. The app asks the OS; a browser tab can
   * only see input on its own page and its visibility. Returns the function that removes it.
   */
  onIdleChange(listener: (idle: boolean) => void): () => void;

  /** A preference, or its default when unset or unreadable. */
  getPref<K extends PrefKey>(key: K): Promise<Prefs[K]>;

  /** Persist a preference on this machine (electron-store in the app, localStorage in a browser). */
  setPref<K extends PrefKey>(key: K, value: Prefs[K]): Promise<void>;

  /** Open an http(s) or mailto URL in the system browser / mail client. Other schemes are refused. */
  openExternal(url: string): Promise<void>;

  /** The app's version, for the side menu footer. */
  getVersion(): Promise<string>;

  /**
   * The Balcão server the app talks to (canonical `https://host[:port]`), or null when none was
   * chosen yet (the app's first run). The browser build always answers null: it talks to the
   * server that served it.
   */
  getServer(): Promise<string | null>;

  /** Asks `url`'s `GET /version` (from main: no CORS); resolves with what it found, rejects only on invalid input. */
  checkServer(url: string): Promise<ServerCheck>;

  /** Keeps `url` as the server (after checking it) and reloads the app on it. Desktop only. */
  setServer(url: string): Promise<void>;
}
