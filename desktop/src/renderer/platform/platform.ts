import type { DesktopBridge } from '../../common/bridge';
import { createBrowserBridge } from './browser';

declare global {
  interface Window {
    /** Put there by the Electron preload; absent in a plain browser. */
    readonly desktop?: DesktopBridge;
  }
}

// Replaced by Vite when its config defines it (`define: { __APP_VERSION__: JSON.stringify(v) }`).
declare const __APP_VERSION__: string | undefined;

let platform: DesktopBridge | undefined;

/**
 * The bridge to the machine: the Electron preload's when running in the desktop app, the
 * browser implementation otherwise. Always the same object, so listeners registered through
 * one call hear events raised through another.
 */
export function getPlatform(): DesktopBridge {
  platform ??=
    window.desktop ??
    createBrowserBridge({ version: typeof __APP_VERSION__ === 'string' ? __APP_VERSION__ : 'web' });
  return platform;
}
