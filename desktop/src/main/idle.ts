import { PushChannels } from '../common/ipc-channels.js';
import { powerMonitor, type BrowserWindow } from './electron-api.js';

/** No keyboard or mouse on the whole machine for this long: the agent is away (issue 30 §1). */
export const IDLE_AFTER_SECONDS = 5 * 60;
/** How often the system's idle state is read (locking the screen and sleeping are told at once). */
export const IDLE_CHECK_MS = 15_000;

/**
 * The machine's idle state for the page (issue 30 §1: "the desktop app sets away on system
 * idle"): idle after IDLE_AFTER_SECONDS without input anywhere on the desktop, or while the
 * screen is locked or the machine sleeps; active again at the first input. Only changes are
 * pushed (`app:idle`, true/false); a page that (re)loads starts from active and hears the next
 * change. Returns the function that stops watching.
 */
export function startIdleWatch(getWindow: () => BrowserWindow | undefined, opts: { afterSeconds?: number; everyMs?: number } = {}): () => void {
  const afterSeconds = opts.afterSeconds ?? IDLE_AFTER_SECONDS;
  let idle = false;
  const tell = (next: boolean): void => {
    if (next === idle) return;
    idle = next;
    const window = getWindow();
    if (window && !window.isDestroyed()) window.webContents.send(PushChannels.appIdle, idle);
  };
  const check = (): void => {
    const state = powerMonitor.getSystemIdleState(afterSeconds);
    // 'unknown' (some Linux desktops): nothing is claimed either way.
    if (state === 'idle' || state === 'locked') tell(true);
    else if (state === 'active') tell(false);
  };
  const away = (): void => tell(true);
  const timer = setInterval(check, opts.everyMs ?? IDLE_CHECK_MS);
  timer.unref?.();
  powerMonitor.on('lock-screen', away);
  powerMonitor.on('suspend', away);
  powerMonitor.on('unlock-screen', check);
  powerMonitor.on('resume', check);
  return () => {
    clearInterval(timer);
    powerMonitor.removeListener('lock-screen', away);
    powerMonitor.removeListener('suspend', away);
    powerMonitor.removeListener('unlock-screen', check);
    powerMonitor.removeListener('resume', check);
  };
}
