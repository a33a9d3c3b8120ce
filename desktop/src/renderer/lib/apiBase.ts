/** The API lives at the page origin unless a build points elsewhere (dev against a remote server). */
export const apiBaseUrl = (): string => {
  const configured = import.meta.env.VITE_API_URL;
  if (configured) return configured.replace(/\/+$/, '');
  return window.location.origin;
};
