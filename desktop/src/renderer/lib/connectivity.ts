import { create } from 'zustand';

/**
 * Whether the server answers (issue 16 §4): false from a dropped socket or a request that never
 * reached it, true again when the socket is set up again (`ready`). The offline banner shows it;
 * the outbox holds typed messages meanwhile and sends them when it turns true.
 */
export const useConnectivity = create<{ reachable: boolean }>(() => ({ reachable: true }));

export const setReachable = (reachable: boolean): void => {
  if (useConnectivity.getState().reachable !== reachable) useConnectivity.setState({ reachable });
};

export const isReachable = (): boolean => useConnectivity.getState().reachable;

/** A device id for a message (the outbox's `clientId`); `randomUUID` needs a secure context, a LAN server may not be one. */
export const newClientId = (): string => {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
};
