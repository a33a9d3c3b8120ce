let desktopServer: string | null = null;

/**
 * The desktop app's chosen server (from the platform bridge), set once at start before anything
 * calls the API; the app's page is a file, so its own origin is no server.
 */
export const setDesktopServer = (url: string | null): void => {
  desktopServer = url ? url.replace(/\/+$/, '') : null;
};

/**
 * The API: the desktop app's chosen server; else at the page origin unless a build points
 * elsewhere (dev against a remote server) — the browser build is served by the server itself.
 */
export const apiBaseUrl = (): string => {
  if (desktopServer) return desktopServer;
  const configured = import.meta.env.VITE_API_URL;
  if (configured) return configured.replace(/\/+$/, '');
  return window.location.origin;
};
