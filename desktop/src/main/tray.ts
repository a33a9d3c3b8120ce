import type { TrayCounts } from '../common/ipc-schemas.js';
import { Menu, Tray, app, nativeImage, type BrowserWindow, type MenuItemConstructorOptions } from './electron-api.js';
import type { Labels } from './labels.js';
import type { PrefsStore } from './store.js';
import { OVERLAY_ICON_DATA_URL, TRAY_ICON_DATA_URL } from './tray-icon.js';

export interface AppTray {
  /** One number (pending + unread), as older renderers send it: counted as pending. */
  setCount(count: number): void;
  /** Tooltip, badge (macOS dock, Linux launcher), taskbar overlay (Windows), flashing. */
  setCounts(counts: TrayCounts): void;
  /** Rebuild the menu after a preference it shows changed elsewhere (the renderer's settings). */
  refreshMenu(): void;
}

export interface TrayOptions {
  labels: Labels;
  platform: NodeJS.Platform;
  prefs: PrefsStore;
  getWindow: () => BrowserWindow | undefined;
  onOpen: () => void;
  /** The tray's "waiting tickets" entry: show the window on the /tickets pending list. */
  onPendingTickets: () => void;
  /** Flip the login item (the preference and the OS setting). */
  onOpenAtLogin: (enabled: boolean) => void;
  onQuit: () => void;
}

/** Keep the returned object referenced (main's IPC handlers do): a collected Tray vanishes from the panel. */
export function createTray(options: TrayOptions): AppTray {
  const { labels, platform, prefs, getWindow } = options;
  const tray = new Tray(nativeImage.createFromDataURL(TRAY_ICON_DATA_URL));
  const overlay = nativeImage.createFromDataURL(OVERLAY_ICON_DATA_URL);
  let counts: TrayCounts = { pending: 0, unread: 0 };

  const buildMenu = (): void => {
    const template: MenuItemConstructorOptions[] = [
      { label: labels.open, click: options.onOpen },
      {
        label: counts.pending > 0 ? `${labels.pendingTickets} (${counts.pending})` : labels.pendingTickets,
        click: options.onPendingTickets,
      },
      { type: 'separator' },
      {
        label: labels.doNotDisturb,
        type: 'checkbox',
        checked: prefs.get('doNotDisturb'),
        click: (item) => {
          prefs.set('doNotDisturb', item.checked);
          if (item.checked) getWindow()?.flashFrame(false);
        },
      },
      {
        label: labels.openAtLogin,
        type: 'checkbox',
        checked: prefs.get('openAtLogin'),
        click: (item) => options.onOpenAtLogin(item.checked),
      },
      { type: 'separator' },
      { label: labels.quit, click: options.onQuit },
    ];
    tray.setContextMenu(Menu.buildFromTemplate(template));
  };

  const flashForNewPending = (): void => {
    const window = getWindow();
    if (!window || window.isDestroyed() || window.isFocused() || prefs.get('doNotDisturb')) return;
    // Hidden in the tray there is no taskbar button to flash: bring one back, minimised and
    // without stealing focus (macOS bounces the dock icon either way).
    if (platform !== 'darwin' && !window.isVisible()) {
      window.showInactive();
      window.minimize();
    }
    window.flashFrame(true);
  };

  const show = (next: TrayCounts): void => {
    const rose = next.pending > counts.pending;
    counts = next;
    const total = Math.min(next.pending + next.unread, 99_999);
    tray.setToolTip(labels.tooltip(next));
    if (platform === 'darwin') tray.setTitle(total > 0 ? String(total) : '');
    if (platform === 'win32') {
      const window = getWindow();
      if (window && !window.isDestroyed()) {
        window.setOverlayIcon(total > 0 ? overlay : null, total > 0 ? labels.overlay(total) : '');
      }
    } else {
      // macOS: the dock badge; Linux: the Unity launcher count (ignored by other desktops).
      app.setBadgeCount(total);
    }
    buildMenu();
    if (rose) flashForNewPending();
  };

  tray.setToolTip(labels.tooltip(counts));
  buildMenu();
  // Windows and most Linux panels open the window on a plain click; macOS shows the menu.
  tray.on('click', options.onOpen);

  return {
    setCount: (count) => show({ pending: count, unread: 0 }),
    setCounts: show,
    refreshMenu: buildMenu,
  };
}
