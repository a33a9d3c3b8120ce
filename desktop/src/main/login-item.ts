import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { app } from './electron-api.js';

/** The argument a login start carries: the app then stays in the tray. */
export const HIDDEN_ARG = '--hidden';

export interface LoginItemEnv {
  platform: NodeJS.Platform;
  /** The program to start: the AppImage file for an AppImage (APPIMAGE), else the executable. */
  executable: string;
  /** XDG config folder (Linux autostart): $XDG_CONFIG_HOME or ~/.config. */
  configDir: string;
}

const AUTOSTART_FILE = 'balcao.desktop';

const quoteExec = (path: string) => `"${path.replace(/(["`$\\])/g, '\\$1')}"`;

/**
 * Start the app with the computer, or not. macOS and Windows through the OS login items;
 * Linux through an XDG autostart entry (Electron has no API there).
 */
export function applyOpenAtLogin(enabled: boolean, env: LoginItemEnv): void {
  if (env.platform === 'linux') {
    const dir = join(env.configDir, 'autostart');
    const file = join(dir, AUTOSTART_FILE);
    if (!enabled) {
      rmSync(file, { force: true });
      return;
    }
    mkdirSync(dir, { recursive: true });
    writeFileSync(
      file,
      [
        '[Desktop Entry]',
        'Type=Application',
        'Name=Balcão',
        `Exec=${quoteExec(env.executable)} ${HIDDEN_ARG}`,
        'X-GNOME-Autostart-enabled=true',
        'Terminal=false',
        '',
      ].join('\n'),
    );
    return;
  }
  app.setLoginItemSettings({
    openAtLogin: enabled,
    // Windows passes these to the executable; macOS reports `wasOpenedAtLogin` instead.
    args: env.platform === 'win32' ? [HIDDEN_ARG] : [],
  });
}

/** Was this start a login start (so the window stays hidden in the tray)? */
export function startedAtLogin(argv: readonly string[], platform: NodeJS.Platform): boolean {
  if (argv.includes(HIDDEN_ARG)) return true;
  return platform === 'darwin' && app.getLoginItemSettings().wasOpenedAtLogin === true;
}
