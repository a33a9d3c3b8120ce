import { io, type Socket } from 'socket.io-client';
import { SOCKET_PING_MS, SOCKET_READY, USER_STATUS_HEARTBEAT_MS, wireEvent, type ClientToServer, type TicketDto, type WireChannel, type WireChannels } from '@balcao/shared';
import { apiBaseUrl } from './apiBase';
import { setReachable } from './connectivity';
import { refreshSession } from './http';
import { getToken, useSession } from './session';

type ServerEvents = { [event: string]: (payload?: unknown) => void };
export type AppSocket = Socket<ServerEvents, ClientToServer>;

const TOKEN_ERRORS = new Set(['ERR_INVALID_TOKEN', 'ERR_SESSION_EXPIRED']);
const MAX_TOKEN_RETRIES = 3;
// Events may be stamped by a server whose clock runs ahead of ours; ask for a little more.
const RESYNC_MARGIN_MS = 60_000;

let socket: AppSocket | null = null;
let companyId = 0;
let lastSeen = 0;
let tokenRetries = 0;
let resyncHandler: ((tickets: TicketDto[]) => void) | null = null;
let unsubscribeSession: (() => void) | null = null;
/** True between the server's `ready` and the next disconnect: joins are sent only then. */
let ready = false;
const readyHandlers = new Set<() => void>();
/** The `userStatus` heartbeat while the socket is set up. */
let heartbeat: ReturnType<typeof setInterval> | undefined;

const markSeen = (iso?: string | null): void => {
  const t = iso ? Date.parse(iso) : Date.now();
  if (Number.isFinite(t) && t > lastSeen) lastSeen = t;
};

const reconnectWithFreshToken = async (s: AppSocket): Promise<void> => {
  if (tokenRetries >= MAX_TOKEN_RETRIES) return;
  tokenRetries += 1;
  if (!(await refreshSession()) || socket !== s) return;
  s.io.opts.query = { token: getToken() ?? '' };
  s.connect();
};

const wire = (s: AppSocket): void => {
  let connectedBefore = false;
  s.on('connect', () => {
    tokenRetries = 0;
  });
  // The protocol (decision 0040): joins and resync only after the server set the socket up.
  s.on(SOCKET_READY, () => {
    ready = true;
    setReachable(true);
    s.emit('joinNotification');
    for (const status of ['open', 'pending', 'closed']) s.emit('joinTickets', status);
    if (connectedBefore) {
      const since = new Date((lastSeen || Date.now()) - RESYNC_MARGIN_MS).toISOString();
      s.emit('resync', since, (answer) => {
        if (answer && Array.isArray(answer.tickets)) resyncHandler?.(answer.tickets);
      });
    }
    connectedBefore = true;
    // The online status (attendance.md §9: `userStatus` every 5 minutes; decision 0111).
    clearInterval(heartbeat);
    heartbeat = setInterval(() => s.emit('userStatus'), USER_STATUS_HEARTBEAT_MS);
    markSeen();
    for (const handler of readyHandlers) handler();
  });
  s.on('connect_error', (err) => {
    if (TOKEN_ERRORS.has(err.message)) void reconnectWithFreshToken(s);
    // Not a session refusal: the server could not be reached (socket.io keeps retrying).
    else setReachable(false);
  });
  s.on('disconnect', (reason) => {
    ready = false;
    if (reason !== 'io client disconnect' && reason !== 'io server disconnect') setReachable(false);
    clearInterval(heartbeat);
    markSeen();
    // The server dropped us on purpose (often an expired token): come back with a fresh one.
    if (reason === 'io server disconnect') void reconnectWithFreshToken(s);
  });
};

/** One socket per company and user (attendance.md §4 Real-time): websocket only, token in auth and query. */
export const startSocket = (forCompanyId: number): AppSocket => {
  if (socket && companyId === forCompanyId) return socket;
  stopSocket();
  companyId = forCompanyId;
  const s: AppSocket = io(apiBaseUrl(), {
    path: '/socket.io',
    transports: ['websocket'],
    auth: (cb) => cb({ token: getToken() ?? '' }),
    query: { token: getToken() ?? '' },
    withCredentials: true,
    timeout: SOCKET_PING_MS,
  });
  socket = s;
  wire(s);
  unsubscribeSession = useSession.subscribe((state, prev) => {
    if (state.token !== prev.token && state.token) s.io.opts.query = { token: state.token };
  });
  return s;
};

export const stopSocket = (): void => {
  setReachable(true);
  unsubscribeSession?.();
  unsubscribeSession = null;
  clearInterval(heartbeat);
  socket?.removeAllListeners();
  socket?.disconnect();
  socket = null;
  lastSeen = 0;
  ready = false;
};

export const getSocket = (): AppSocket | null => socket;

/** Tickets changed while we were away (the answer to `resync`) go to this handler. */
export const onResync = (handler: ((tickets: TicketDto[]) => void) | null): void => {
  resyncHandler = handler;
};

/** Listens to `company-<id>-<channel>`; remembers the newest event time for the next resync. */
export const listen = <C extends WireChannel>(channel: C, handler: (payload: WireChannels[C]) => void): (() => void) => {
  const s = socket;
  if (!s) return () => undefined;
  // A plain string for socket.io's listener types; `C` already ties the payload to the channel.
  const name: string = wireEvent(companyId, channel);
  const wrapped = (payload: unknown): void => {
    const p = payload as { ticket?: { updatedAt?: string } };
    markSeen(p?.ticket?.updatedAt);
    handler(payload as WireChannels[C]);
  };
  s.on(name, wrapped);
  return () => {
    s.off(name, wrapped);
  };
};

/**
 * Runs `handler` once the socket is ready (now, if it already is) and again after every
 * reconnect: where a screen sends its joins (e.g. joinChatBox). Returns the unsubscribe.
 */
export const onReady = (handler: () => void): (() => void) => {
  readyHandlers.add(handler);
  if (ready) handler();
  return () => {
    readyHandlers.delete(handler);
  };
};

/**
 * `listen` for a screen: binds once the socket is ready and again when the socket is replaced
 * (another login). A screen's effects run before the shell starts the socket on first load,
 * when a plain `listen` would bind to nothing and the screen would never hear its channel.
 */
export const listenLive = <C extends WireChannel>(channel: C, handler: (payload: WireChannels[C]) => void): (() => void) => {
  let bound: AppSocket | null = null;
  let off = (): void => undefined;
  const offReady = onReady(() => {
    if (bound === socket) return;
    off();
    bound = socket;
    off = listen(channel, handler);
  });
  return () => {
    offReady();
    off();
  };
};

/** Emits now if connected; socket.io buffers it otherwise and sends on connect. */
export const emit = <E extends keyof ClientToServer>(event: E, ...args: Parameters<ClientToServer[E]>): void => {
  socket?.emit(event, ...args);
};
