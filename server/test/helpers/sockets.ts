import { io, type Socket } from 'socket.io-client';
import type { TestApp } from './build-app';

export interface Received {
  event: string;
  payload: unknown;
}

/** Every event a socket receives from now on, in arrival order. */
export const recordEvents = (socket: Socket): Received[] => {
  const seen: Received[] = [];
  socket.onAny((event: string, payload: unknown) => seen.push({ event, payload }));
  return seen;
};

/** The events recorded so far that mention `needle` in their name or payload (e.g. a uuid). */
export const mentioning = (seen: Received[], needle: string | RegExp): Received[] =>
  seen.filter((r) => {
    const text = `${r.event} ${JSON.stringify(r.payload)}`;
    return typeof needle === 'string' ? text.includes(needle) : needle.test(text);
  });

/** Tries to connect with the given handshake auth; resolves with the refusal's message. */
export const connectRefused = (app: TestApp, auth: Record<string, unknown> | undefined): Promise<string> =>
  new Promise((resolve, reject) => {
    const socket = io(app.url, { transports: ['websocket'], ...(auth ? { auth } : {}), reconnection: false, forceNew: true });
    socket.once('connect', () => {
      socket.disconnect();
      reject(new Error('the server accepted the socket'));
    });
    socket.once('connect_error', (err) => {
      socket.disconnect();
      resolve(err.message);
    });
  });

/** A token with its payload edited (the signature no longer matches). */
export const tamperToken = (token: string, edit: (claims: Record<string, unknown>) => Record<string, unknown>): string => {
  const [header, payload, signature] = token.split('.');
  const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString('utf8')) as Record<string, unknown>;
  return [header, Buffer.from(JSON.stringify(edit(claims))).toString('base64url'), signature].join('.');
};
