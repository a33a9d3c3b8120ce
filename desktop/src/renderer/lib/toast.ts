import { TOAST_MS } from '@balcao/shared';

/** A notification that stays until closed (antd `notification`); the same `key` replaces it. */
export interface Notice {
  key: string;
  type: 'warning' | 'error';
  title: string;
  description: string;
}

interface ToastApi {
  notify?: (n: Notice) => unknown;
  success: (text: string, seconds?: number) => unknown;
  error: (text: string, seconds?: number) => unknown;
  warning: (text: string, seconds?: number) => unknown;
  info: (text: string, seconds?: number) => unknown;
}

// antd's message API only exists inside <App>; code outside React (http, socket) reaches it here.
let api: ToastApi | null = null;

export const bindToastApi = (next: ToastApi | null): void => {
  api = next;
};

const seconds = TOAST_MS / 1000;

export const toast = {
  success: (text: string) => api?.success(text, seconds),
  error: (text: string) => api?.error(text, seconds),
  warning: (text: string, durationSeconds = seconds) => api?.warning(text, durationSeconds),
  info: (text: string) => api?.info(text, seconds),
  notify: (n: Notice) => api?.notify?.(n),
};
