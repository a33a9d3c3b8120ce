import { ExternalUrl } from '../common/ipc-schemas.js';
import {
  shell,
  type HeadersReceivedResponse,
  type IpcMainInvokeEvent,
  type OnHeadersReceivedListenerDetails,
  type Session,
  type WebPreferences,
} from './electron-api.js';

/** The renderer is a web page from a server: it gets no Node, its own JS world, and a sandbox. */
export function secureWebPreferences(preloadPath: string): WebPreferences {
  return {
    preload: preloadPath,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    webviewTag: false,
    navigateOnDragDrop: false,
  };
}

export function originOf(url: string): string | undefined {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

export function isSameOrigin(url: string, appOrigin: string): boolean {
  return originOf(url) === appOrigin;
}

/** Hands http(s)/mailto URLs to the system; anything else is dropped. Returns whether it was opened. */
export function openExternalSafely(url: string): boolean {
  if (!ExternalUrl.safeParse(url).success) return false;
  shell.openExternal(url).catch((error: unknown) => {
    console.error('[security] openExternal failed', error);
  });
  return true;
}

/**
 * IPC is only answered for frames showing the app's own origin: if anything else ever loads in
 * the window (a redirect we did not foresee), it still cannot reach the bridge.
 */
export function isAppSender(appOrigin: string) {
  return (event: Pick<IpcMainInvokeEvent, 'senderFrame'>): boolean => {
    const url = event.senderFrame?.url;
    return url !== undefined && isSameOrigin(url, appOrigin);
  };
}

export function buildContentSecurityPolicy(appOrigin: string): string {
  const socketOrigin = appOrigin.replace(/^http/, 'ws');
  return [
    "default-src 'self'",
    "script-src 'self'",
    // antd's CSS-in-JS inserts <style> elements at runtime.
    "style-src 'self' 'unsafe-inline'",
    // Contact avatars (profilePicUrl) are remote https images.
    "img-src 'self' data: blob: https:",
    "media-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src 'self' ${socketOrigin}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

type HeadersListener = (
  details: Pick<OnHeadersReceivedListenerDetails, 'responseHeaders'>,
  callback: (response: HeadersReceivedResponse) => void,
) => void;

/** Adds our CSP to responses that carry none; a server that sends its own policy keeps it. */
export function contentSecurityPolicyListener(appOrigin: string): HeadersListener {
  const policy = buildContentSecurityPolicy(appOrigin);
  return (details, callback) => {
    const headers = details.responseHeaders ?? {};
    const hasPolicy = Object.keys(headers).some((name) => name.toLowerCase() === 'content-security-policy');
    if (hasPolicy) {
      callback({});
      return;
    }
    callback({ responseHeaders: { ...headers, 'Content-Security-Policy': [policy] } });
  };
}

// Notifications for web code, the microphone for voice messages, copy buttons; nothing else.
const ALLOWED_PERMISSIONS = new Set(['notifications', 'media', 'clipboard-sanitized-write', 'fullscreen']);

export function isPermissionAllowed(permission: string, requestingUrl: string, appOrigin: string): boolean {
  return ALLOWED_PERMISSIONS.has(permission) && isSameOrigin(requestingUrl, appOrigin);
}

/** Must run before the window loads anything: CSP header injection and the permission gate. */
export function hardenSession(session: Session, appOrigin: string): void {
  session.webRequest.onHeadersReceived(contentSecurityPolicyListener(appOrigin));
  session.setPermissionRequestHandler((_contents, permission, callback, details) => {
    callback(isPermissionAllowed(permission, details.requestingUrl, appOrigin));
  });
  session.setPermissionCheckHandler((_contents, permission, requestingOrigin) =>
    isPermissionAllowed(permission, requestingOrigin, appOrigin),
  );
}
