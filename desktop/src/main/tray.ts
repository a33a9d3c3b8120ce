import { Menu, Tray, app, nativeImage } from './electron-api.js';
import type { Labels } from './labels.js';
import { TRAY_ICON_DATA_URL } from './tray-icon.js';

export interface AppTray {
  /** Pending tickets + unread messages: tooltip, macOS menu-bar title and dock/launcher badge. */
  setCount(count: number): void;
}

export interface TrayOptions {
  labels: Labels;
  onShow: () => void;
  onQuit: () => void;
}

/** Keep the returned object referenced (main's IPC handlers do): a collected Tray vanishes from the panel. */
export function createTray({ labels, onShow, onQuit }: TrayOptions): AppTray {
  const tray = new Tray(nativeImage.createFromDataURL(TRAY_ICON_DATA_URL));
  tray.setToolTip(labels.tooltip(0));
  tray.setContextMenu(
    Menu.buildFromTemplate([
      { label: labels.show, click: onShow },
      { type: 'separator' },
      { label: labels.quit, click: onQuit },
    ]),
  );
  // Windows and most Linux panels open the window on a plain click; macOS shows the menu.
  tray.on('click', onShow);

  return {
    setCount(count) {
      tray.setToolTip(labels.tooltip(count));
      tray.setTitle(count > 0 ? String(count) : '');
      app.setBadgeCount(count);
    },
  };
}
