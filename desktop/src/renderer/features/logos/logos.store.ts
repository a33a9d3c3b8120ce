import { useEffect } from 'react';
import { create } from 'zustand';
import type { LogoDestination, LogosResponse } from '@balcao/shared';
import { apiBaseUrl } from '../../lib/apiBase';
import { http } from '../../lib/http';

interface LogosState {
  /** Versioned addresses (`/public/logotipos/login.png?v=…`); null until loaded. */
  urls: LogosResponse | null;
}

export const useLogos = create<LogosState>(() => ({ urls: null }));

let loading: Promise<void> | null = null;

/** GET /logos once per page load (public: the login page needs it); a failure leaves the defaults. */
export const loadLogos = (force = false): Promise<void> => {
  if (loading && !force) return loading;
  loading = http
    .get<LogosResponse>('/logos')
    .then((urls) => useLogos.setState({ urls }))
    .catch((err: unknown) => console.warn('logos', err));
  return loading;
};

/** After an upload: the new address at once (its version differs, so no cached copy is shown). */
export const setLogoUrl = (dest: LogoDestination, url: string): void =>
  useLogos.setState((s) => ({ urls: { ...(s.urls ?? { login: '/public/logotipos/login.png', interno: '/public/logotipos/interno.png', favicon: '' }), [dest]: url } }));

/** The absolute address of a destination's logo, or '' while unknown (or no favicon uploaded). */
export const useLogoSrc = (dest: LogoDestination): string => {
  const path = useLogos((s) => s.urls?.[dest] ?? '');
  useEffect(() => {
    void loadLogos();
  }, []);
  return path ? `${apiBaseUrl()}${path}` : '';
};

/** Keeps the page's favicon on the uploaded one (administration.md Logo: destination favicon). */
export const useFavicon = (): void => {
  const src = useLogoSrc('favicon');
  useEffect(() => {
    if (!src) return;
    let link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
    if (!link) {
      link = document.createElement('link');
      link.rel = 'icon';
      document.head.appendChild(link);
    }
    link.href = src;
  }, [src]);
};
